/**
 * chatgpt.com: every message carries `data-message-author-role`; the reply text sits in a
 * `.markdown` block. A reply is streaming while it has `.result-streaming` or, for the last one,
 * while the composer shows its stop button.
 */
import { pairTurns, textWithin } from "./dom.ts";
import type { SiteAdapter } from "./types.ts";

const STOP_BUTTON = '[data-testid="stop-button"]';

export const chatgptAdapter: SiteAdapter = {
  name: "chatgpt",
  matches: (hostname) => hostname === "chatgpt.com" || hostname.endsWith(".chatgpt.com"),
  turns(root) {
    const generating = root.querySelector(STOP_BUTTON) !== null;
    return pairTurns({
      root,
      promptSelector: '[data-message-author-role="user"]',
      replySelector: '[data-message-author-role="assistant"]',
      isFinished: (reply, isLast) =>
        !reply.classList.contains("result-streaming") &&
        reply.querySelector(".result-streaming") === null && !(generating && isLast),
      replyText: (reply) => textWithin(reply, ".markdown"),
    });
  },
};
