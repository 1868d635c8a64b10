/**
 * The context-menu check of selected text on any page: the selection is split like an answer,
 * each part checked (with the prompt when the page's adapter knows it), and the verdict shown in
 * a small panel near the selection: drawn by the page's content script on a chatbot page, else
 * injected (activeTab grants the page for this one click).
 */
import { shownRisk } from "../../../shared/regimes.ts";
import browser from "../browser.ts";
import {
  failureView,
  FLAG_EXPLANATION,
  NOT_VERIFIABLE,
  percent,
  regimeLabel,
  SOURCE_FREE_REGIMES,
  usageText,
  warningText,
} from "../../../shared/ui/display.ts";
import { waitingOutRateLimits } from "../rate_limit.ts";
import { promptField, splitAnswer } from "../split.ts";
import { isVerdict, verdictOf } from "../../../shared/ui/verdict.ts";
import { sendToPage } from "../protocol.ts";
import { detect, signInUrl } from "./handlers.ts";
import { type PanelView, renderSelectionPanel } from "../selection_panel.ts";

export const SELECTION_MENU_ID = "hd-check-selection";

async function show(tabId: number, frameId: number, view: PanelView): Promise<void> {
  try {
    // A chatbot page's content script draws the panel itself.
    await sendToPage(tabId, { type: "selection.panel", view }, frameId);
    return;
  } catch {
    // No content script on this page: inject the panel (the menu click's activeTab grant).
  }
  await browser.scripting.executeScript({
    target: { tabId, frameIds: [frameId] },
    func: renderSelectionPanel,
    args: [view],
  });
}

/**
 * The question of the chat turn the selection is in, from the page's content script if any, cut
 * to a detect field like the badge's.
 */
async function promptOf(tabId: number, frameId: number): Promise<string | undefined> {
  try {
    const { prompt } = await sendToPage(tabId, { type: "selection.prompt" }, frameId);
    return promptField(prompt);
  } catch {
    // No content script on this page: the selection is checked without a prompt.
    return undefined;
  }
}

export async function checkSelection(tabId: number, frameId: number, text: string): Promise<void> {
  const parts = splitAnswer(text).map((chunk) => chunk.text);
  if (parts.length === 0) return;
  await show(tabId, frameId, { state: "pending", title: "Checking the selection…", lines: [] });
  const prompt = await promptOf(tabId, frameId);
  const results = [];
  for (const part of parts) {
    results.push(
      await waitingOutRateLimits(
        () => detect({ response: part, prompt }),
        (failure) =>
          void show(tabId, frameId, {
            state: "error",
            title: failureView(failure).text,
            lines: [],
          }),
      ),
    );
  }
  await show(tabId, frameId, await panelView(verdictOf(results)));
}

async function panelView(outcome: ReturnType<typeof verdictOf>): Promise<PanelView> {
  if (!isVerdict(outcome)) {
    const { text, action } = failureView(outcome);
    const link = action?.kind === "link"
      ? { label: action.label, url: action.url }
      : action?.kind === "signin"
      ? { label: "Sign in", url: await signInUrl() }
      : undefined;
    return { state: "error", title: text, lines: [], link };
  }
  const { riskiest, notVerifiable, warnings, calls, units } = outcome;
  const risk = shownRisk(riskiest.p_hallucination);
  // Without sources only the source-free regimes were measured: the others are not shown.
  const cues = riskiest.regime_scores
    .filter((s) => !notVerifiable || SOURCE_FREE_REGIMES.includes(s.regime))
    .slice(0, 3)
    .map((s) => `${regimeLabel(s.regime)}: ${percent(s.p)}`);
  return {
    state: notVerifiable ? "muted" : risk.bucket,
    title: notVerifiable
      ? NOT_VERIFIABLE
      : `${risk.bucket} ${risk.percent}%${riskiest.flag ? ` · ${FLAG_EXPLANATION}` : ""}`,
    lines: [
      ...cues,
      ...warnings.map(warningText),
      usageText(calls, units),
    ],
  };
}
