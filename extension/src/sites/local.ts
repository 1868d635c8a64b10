/**
 * Test and demo adapter for pages served from the loopback address. Its markup is the
 * extension's own convention: `data-hd-role="user"` / `data-hd-role="assistant"`, and
 * `data-hd-state="done"` (or `"streaming"`) on a reply; a reply without the attribute is judged
 * by its text settling.
 */
import { pairTurns } from "./dom.ts";
import type { SiteAdapter } from "./types.ts";

export const localAdapter: SiteAdapter = {
  name: "local",
  label: "Local test pages",
  matches: (hostname) => hostname === "127.0.0.1" || hostname === "localhost",
  turns: (root) =>
    pairTurns({
      root,
      promptSelector: '[data-hd-role="user"]',
      replySelector: '[data-hd-role="assistant"]',
      isFinished: (reply) => {
        const state = reply.getAttribute("data-hd-state");
        return state === "done" ? true : state === "streaming" ? false : undefined;
      },
    }),
};
