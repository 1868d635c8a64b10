/**
 * chatgpt.com and chat.openai.com, two layouts:
 * - current (2026, `/c/<uuid>`): each turn is an `<article data-turn="user|assistant">` opened by
 *   a visually hidden "You said:" / "ChatGPT said:" heading; the reply text is in `.markdown`. A
 *   reply is finished once its turn shows the copy button, and streams while its markdown has
 *   `.streaming-animation` or, for the newest one, while the composer shows its stop button.
 * - legacy: every message carries `data-message-author-role`; a reply streams while it has
 *   `.result-streaming` or, for the newest one, while the stop button is shown.
 */
import { pairTurns } from "./dom.ts";
import type { SiteAdapter } from "./types.ts";

const STOP_BUTTON = '[data-testid="stop-button"]';
const COPY_BUTTON = '[data-testid="copy-turn-action-button"]';

export const chatgptAdapter: SiteAdapter = {
  name: "chatgpt",
  label: "ChatGPT",
  matches: (hostname) =>
    hostname === "chatgpt.com" || hostname.endsWith(".chatgpt.com") ||
    hostname === "chat.openai.com",
  turns(root) {
    if (root.querySelector("article[data-turn]")) {
      return pairTurns({
        root,
        promptSelector: 'article[data-turn="user"]',
        replySelector: 'article[data-turn="assistant"]',
        contentSelector: ".markdown",
        promptContentSelector: ".whitespace-pre-wrap",
        stopSelector: STOP_BUTTON,
        isFinished: (reply) => {
          if (reply.querySelector(".streaming-animation")) return false;
          return reply.querySelector(COPY_BUTTON) !== null ? true : undefined;
        },
      });
    }
    return pairTurns({
      root,
      promptSelector: '[data-message-author-role="user"]',
      replySelector: '[data-message-author-role="assistant"]',
      contentSelector: ".markdown",
      stopSelector: STOP_BUTTON,
      isFinished: (reply) =>
        !reply.matches(".result-streaming") && reply.querySelector(".result-streaming") === null,
    });
  },
};
