/**
 * chat.deepseek.com: each message is a `.ds-message`; a user's text is its `.fbb737a4` child, a
 * reply's its `.ds-markdown` child. A reasoning model's thoughts (`.ds-think-content`, with a
 * markdown block of their own nested deeper) are not the answer. While a reply streams the
 * composer's send button is a stop button (`.ds-stop-button`); a finished reply gets
 * `.ds-message-actions` with its copy button.
 */
import { pairTurns } from "./dom.ts";
import type { SiteAdapter } from "./types.ts";

export const deepseekAdapter: SiteAdapter = {
  name: "deepseek",
  label: "DeepSeek",
  matches: (hostname) => hostname === "chat.deepseek.com",
  turns: (root) =>
    pairTurns({
      root,
      promptSelector: ".ds-message > .fbb737a4",
      replySelector: ".ds-message > .ds-markdown",
      stopSelector: ".ds-stop-button",
      isFinished: (reply) =>
        reply.parentElement?.querySelector(".ds-message-actions") ? true : undefined,
    }),
};
