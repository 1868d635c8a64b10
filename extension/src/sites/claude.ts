/**
 * claude.ai, two layouts:
 * - current: a reply's container carries `data-is-streaming` ("true" while it streams) and opens
 *   with a visually hidden "Claude responded:" heading; its text is in `.standard-markdown`
 *   (`.progressive-markdown` while it streams), and its action bar shows a `<time>` stamp.
 * - legacy: the same `data-is-streaming` container around `.font-claude-message`.
 * User turns are `[data-testid="user-message"]` in both.
 */
import { pairTurns } from "./dom.ts";
import type { SiteAdapter } from "./types.ts";

const SKIP = "[data-testid='message-timestamp']";

export const claudeAdapter: SiteAdapter = {
  name: "claude",
  label: "Claude",
  matches: (hostname) => hostname === "claude.ai",
  turns: (root) =>
    pairTurns({
      root,
      promptSelector: '[data-testid="user-message"]',
      replySelector: "[data-is-streaming]",
      contentSelector:
        ".standard-markdown, .progressive-markdown, .font-claude-response, .font-claude-message",
      isFinished: (reply) => reply.getAttribute("data-is-streaming") === "false",
      skip: SKIP,
    }),
};
