/**
 * The breakdown of one checked answer: its regimes with bars, the exact checks' findings, its
 * warnings, the flag's meaning, the calls and units it took and how it was scored. Shared by the
 * extension's badge and the dashboard's "Try it" page, so both say the same thing the same way;
 * styled by BREAKDOWN_CSS. An answer no source covers shows only what is measured without sources
 * (refusal, citation form, internal consistency): the regimes that need sources are not bars then.
 */
import { MAX_FIELD_CHARS } from "../text.ts";
import {
  FLAG_EXPLANATION,
  percent,
  regimeLabel,
  SOURCE_FREE_REGIMES,
  usageText,
  warningText,
} from "./display.ts";
import type { Verdict } from "./verdict.ts";

export interface BreakdownProps {
  verdict: Verdict;
  /** How many claims the server scored, and how many of them are underlined on the page. */
  claims?: number;
  underlined?: number;
  /** Why exact checks find claims wrong (e.g. "40 °C is 104 °F, not 140 °F"). */
  findings?: readonly string[];
  promptCut?: boolean;
}

export function Breakdown(
  { verdict, claims = 0, underlined = 0, findings = [], promptCut = false }: BreakdownProps,
) {
  const { riskiest } = verdict;
  const scores = verdict.notVerifiable
    ? riskiest.regime_scores.filter((s) => SOURCE_FREE_REGIMES.includes(s.regime))
    : riskiest.regime_scores;
  return (
    <>
      <h3>{verdict.notVerifiable ? "Measured without sources" : "Regime breakdown"}</h3>
      {scores.map((score) => (
        <div class="regime" key={score.regime} data-regime={score.regime}>
          <span>{regimeLabel(score.regime)}</span>
          <span class="value">{percent(score.p)}</span>
          <div class="bar">
            <span style={{ width: percent(Math.min(1, Math.max(0, score.p))) }} />
          </div>
        </div>
      ))}
      {verdict.notVerifiable && (
        <p class="excerpt" data-testid="not-measured">
          {scores.length === 0
            ? "Nothing here can be measured without sources: no claim could be checked."
            : "Invented or misleading facts need sources to be measured: not scored."}
        </p>
      )}
      {findings.length > 0 && (
        <ul class="findings" data-testid="findings">
          {findings.map((reason) => <li key={reason}>{reason}</li>)}
        </ul>
      )}
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
          {claims > 1 && ` · ${underlined} of ${claims} claims underlined`}
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
