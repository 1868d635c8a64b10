/**
 * www.perplexity.ai: the question is the thread's `<h1>` query (`.group\/query`); the answer is in
 * `[id^="markdown-content-"]`, with inline citation chips (`.citation`) after sentences. While an
 * answer streams its block has `.streaming` (older builds: none), and the composer shows a
 * "Stop" button; a finished answer gets its action bar with the "Copy" button.
 */
import { pairTurns } from "./dom.ts";
import type { SiteAdapter } from "./types.ts";

const STOP_BUTTON =
  'button[aria-label="Stop"], button[data-testid="stop-generating-response-button"]';
/** Inline citation chips after sentences. */
const SKIP = ".citation";

export const perplexityAdapter: SiteAdapter = {
  name: "perplexity",
  label: "Perplexity",
  matches: (hostname) => hostname === "www.perplexity.ai" || hostname === "perplexity.ai",
  turns: (root) =>
    pairTurns({
      root,
      promptSelector: String.raw`.group\/query`,
      replySelector: '[id^="markdown-content-"]',
      stopSelector: STOP_BUTTON,
      isFinished: (reply) => {
        if (reply.querySelector(".streaming")) return false;
        // The action bar is a sibling further down the same answer section.
        const section = reply.closest("[data-answer-section]");
        return section?.querySelector('button[aria-label="Copy"]') ? true : undefined;
      },
      skip: SKIP,
    }),
};
