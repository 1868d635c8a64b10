/**
 * gemini.google.com: Angular components `<user-query>` and `<model-response>`; the reply text is
 * in `<message-content>`. A finished reply gets its `<message-actions>` toolbar, and the last one
 * streams while the composer shows a stop button.
 */
import { pairTurns, textWithin } from "./dom.ts";
import type { SiteAdapter } from "./types.ts";

const STOP_BUTTON = 'button[aria-label*="Stop"]';

export const geminiAdapter: SiteAdapter = {
  name: "gemini",
  matches: (hostname) => hostname === "gemini.google.com",
  turns(root) {
    const generating = root.querySelector(STOP_BUTTON) !== null;
    return pairTurns({
      root,
      promptSelector: "user-query",
      replySelector: "model-response",
      isFinished: (reply, isLast) =>
        reply.querySelector("message-actions") !== null && !(generating && isLast),
      replyText: (reply) => textWithin(reply, "message-content"),
      promptText: (prompt) => textWithin(prompt, ".query-text"),
    });
  },
};
