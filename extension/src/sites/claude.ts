/**
 * claude.ai: a reply's container carries `data-is-streaming` ("true" while it streams); its text
 * is in `.font-claude-response` (older markup: `.font-claude-message`). User turns are
 * `[data-testid="user-message"]`.
 */
import { pairTurns, textWithin } from "./dom.ts";
import type { SiteAdapter } from "./types.ts";

export const claudeAdapter: SiteAdapter = {
  name: "claude",
  matches: (hostname) => hostname === "claude.ai",
  turns: (root) =>
    pairTurns({
      root,
      promptSelector: '[data-testid="user-message"]',
      replySelector: "[data-is-streaming]",
      isFinished: (reply) => reply.getAttribute("data-is-streaming") === "false",
      replyText: (reply) => textWithin(reply, ".font-claude-response, .font-claude-message"),
    }),
};
