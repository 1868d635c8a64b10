/**
 * copilot.microsoft.com: user and assistant messages are `[data-content="user-message"]` and
 * `[data-content="ai-message"]`, each opened by a visually hidden "You said" / "Copilot said"
 * label. Citation pills (`[data-testid="citation"]`) sit inside the text. The composer shows an
 * "Interrupt message" button while the newest reply streams; a finished reply gets its
 * `[data-testid="message-actions"]` bar.
 */
import { pairTurns } from "./dom.ts";
import type { SiteAdapter } from "./types.ts";

const STOP_BUTTON = 'button[data-testid="stop-button"], button[aria-label="Interrupt message"]';
const SKIP = '[data-testid="citation"], [data-testid="message-actions"]';

export const copilotAdapter: SiteAdapter = {
  name: "copilot",
  label: "Copilot",
  matches: (hostname) => hostname === "copilot.microsoft.com",
  turns: (root) =>
    pairTurns({
      root,
      promptSelector: '[data-content="user-message"]',
      replySelector: '[data-content="ai-message"]',
      stopSelector: STOP_BUTTON,
      isFinished: (reply) =>
        reply.querySelector('[data-testid="message-actions"]') !== null ? true : undefined,
      skip: SKIP,
    }),
};
