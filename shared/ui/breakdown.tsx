/**
 * The breakdown of one checked answer: its regimes with bars, its warnings, the flag's meaning,
 * the calls and units it took and how it was scored. Shared by the extension's badge and the
 * dashboard's "Try it" page, so both say the same thing the same way; styled by BREAKDOWN_CSS.
 */
import { MAX_FIELD_CHARS } from "../text.ts";
import { FLAG_EXPLANATION, percent, regimeLabel, usageText, warningText } from "./display.ts";
import type { Verdict } from "./verdict.ts";

export interface BreakdownProps {
  verdict: Verdict;
  /** The riskiest part's text, when the answer was checked in several parts (shown, never kept). */
  riskiestPart?: string;
  parts?: number;
  underlined?: number;
  promptCut?: boolean;
}

/** The first words of a part, to tell which one the breakdown is about. */
const excerpt = (text: string) => {
  const chars = Array.from(text.replace(/\s+/g, " "));
  return chars.length <= 90 ? chars.join("") : `${chars.slice(0, 90).join("").trimEnd()}…`;
};

export function Breakdown(
  { verdict, riskiestPart, parts = 1, underlined = 0, promptCut = false }: BreakdownProps,
) {
  const { riskiest } = verdict;
  return (
    <>
      <h3>{verdict.notVerifiable ? "Regime cues" : "Regime breakdown"}</h3>
      {riskiestPart && (
        <p class="excerpt" data-testid="riskiest-part">
          {`Riskiest part: “${excerpt(riskiestPart)}”`}
        </p>
      )}
      {riskiest.regime_scores.map((score) => (
        <div class="regime" key={score.regime} data-regime={score.regime}>
          <span>{regimeLabel(score.regime)}</span>
          <span class="value">{percent(score.p)}</span>
          <div class="bar">
            <span style={{ width: percent(Math.min(1, Math.max(0, score.p))) }} />
          </div>
        </div>
      ))}
      {verdict.warnings.length > 0 && (
        <ul class="warnings">
          {verdict.warnings.map((code) => (
            <li key={code} data-warning={code}>{warningText(code)}</li>
          ))}
        </ul>
      )}
      <div class="note">
        {riskiest.flag && <div data-testid="flag-explanation">{FLAG_EXPLANATION}.</div>}
        <div data-testid="usage-line">
          {`${usageText(verdict.calls, verdict.units)} billed`}
          {parts > 1 && ` · ${underlined} of ${parts} parts underlined`}
        </div>
        {riskiest.input_mode_used === "pr"
          ? "Scored with the prompt."
          : "Scored without the prompt."}
        {promptCut &&
          ` The prompt was cut to its first ${MAX_FIELD_CHARS.toLocaleString("en")} characters.`}
        {` Model ${riskiest.model_version}.`}
      </div>
    </>
  );
}
