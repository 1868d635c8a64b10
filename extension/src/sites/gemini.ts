/**
 * gemini.google.com: Angular components `<user-query>` and `<model-response>`. The prompt is in
 * `.query-text`, after a visually hidden "You said" label; the reply text is in
 * `<message-content>`. A finished reply gets its `<message-actions>` toolbar, and the newest one
 * streams while its content is `aria-busy` or the composer shows a stop button.
 */
import { pairTurns } from "./dom.ts";
import type { SiteAdapter } from "./types.ts";

const STOP_BUTTON = 'button[aria-label*="Stop"]';
/** Source chips at the end of a grounded answer. */
const SKIP = "sources-carousel-inline, source-footnote";

export const geminiAdapter: SiteAdapter = {
  name: "gemini",
  label: "Gemini",
  matches: (hostname) => hostname === "gemini.google.com",
  turns: (root) =>
    pairTurns({
      root,
      promptSelector: "user-query",
      replySelector: "model-response",
      contentSelector: "message-content",
      promptContentSelector: ".query-text",
      stopSelector: STOP_BUTTON,
      isFinished: (reply) =>
        reply.querySelector('[aria-busy="true"]') === null &&
        reply.querySelector("message-actions") !== null,
      skip: SKIP,
    }),
};
