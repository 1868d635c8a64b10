/**
 * The toolbar button's badge for one tab: at a glance, whether the page has a flagged answer. A
 * red count of flagged answers; a green check mark when answers were checked and none is
 * flagged; nothing before any answer is checked.
 */
import browser from "../browser.ts";

const FLAGGED_COLOUR = "#cf222e";
const CLEAR_COLOUR = "#1a7f37";

export async function showPageFlags(tabId: number, checked: number, flagged: number) {
  const text = flagged > 0 ? String(flagged) : checked > 0 ? "✓" : "";
  const title = flagged > 0
    ? `Hallucination check: ${flagged} flagged answer${flagged === 1 ? "" : "s"} on this page`
    : checked > 0
    ? "Hallucination check: no flagged answer on this page"
    : "Hallucination check";
  await browser.action.setBadgeBackgroundColor({
    tabId,
    color: flagged > 0 ? FLAGGED_COLOUR : CLEAR_COLOUR,
  });
  await browser.action.setBadgeText({ tabId, text });
  await browser.action.setTitle({ tabId, title });
}
