/**
 * The detector with its exact checks (run.ts) on every call: the model scores the call as before;
 * when the checks find something, the call's p_hallucination goes through the fitted rule of its
 * group (fusion.ts) and its flag through the cell's threshold, and a contradiction names the
 * regime (FABRICATED; CF_AUTH for identifiers and answers the model reads as citations; the
 * model's NEAR_FALSE kept). A call with nothing checkable, or a model with no
 * fusion fitted for it, gets the model's answer unchanged. Per-claim scores carry each claim's
 * findings and are fused the same way. A CalibratedDetector itself, so that everything that
 * takes the detector (the evaluation, the knowledge base's calibrator) takes this one.
 */
import type { ClaimRisk } from "../../../shared/claims.ts";
import type { DetectInput } from "../../../shared/detect_request.ts";
import { BINARY_REGIME, type RegimeScore, sortRegimeScores } from "../../../shared/regimes.ts";
import { CalibratedDetector } from "../inference/model.ts";
import type { CalibratorFile } from "../inference/model_files.ts";
import type { ClaimsInput, ScoreOutput } from "../inference/types.ts";
import { type ExactFinding, regimeOf } from "./finding.ts";
import { type ExactFusionFile, findingEvidence, fusedProbability } from "./fusion.ts";
import { type ClaimFindings, exactFindings } from "./run.ts";

/** How a call's findings are read: run.ts's checks, or a stand-in in tests. */
export type FindingsReader = typeof exactFindings;

export class CheckedDetector extends CalibratedDetector {
  constructor(
    base: CalibratedDetector,
    readonly fusion: ExactFusionFile | undefined,
    protected readonly now: () => Date = () => new Date(),
    private readonly read: FindingsReader = exactFindings,
  ) {
    super(base.core, base.calibration, base.modelVersion, base.calibratorVersion);
  }

  override withCalibration(calibration: CalibratorFile, version: string): CalibratedDetector {
    return new CheckedDetector(
      super.withCalibration(calibration, version),
      this.fusion,
      this.now,
      this.read,
    );
  }

  /**
   * The findings of a call, per claim: against the prompt only when the call reads it. A check
   * that fails on some text is a bug to fix, but it must not fail the call: the call is then
   * scored as if nothing were checkable, and the failure is logged by where it happened (never
   * the text).
   */
  findings(input: ClaimsInput): ClaimFindings[] {
    const evidence = input.inputMode === "pr" ? input.prompt : undefined;
    try {
      return this.read(input.response, evidence, this.now());
    } catch (error) {
      const at = error instanceof Error ? error.stack?.split("\n")[1]?.trim() : undefined;
      console.error(
        `[checks] failed (${error instanceof Error ? error.name : "error"} ${at ?? ""})`,
      );
      return [];
    }
  }

  /** The model's answer alone, as if nothing were checked: what the fusion is fitted on. */
  scoreUnchecked(input: DetectInput): ScoreOutput {
    return super.scoreNow(input);
  }

  override scoreNow(input: DetectInput): ScoreOutput {
    // The findings are read once, for the call and for its claims.
    const claims = this.findings(input);
    const output = super.scoreNow({ ...input, claims: false });
    const checked = this.checkedOutput(input, output, claims);
    return input.claims ? { ...checked, claims: this.claimsWith(input, claims) } : checked;
  }

  override claimRisks(input: ClaimsInput): ClaimRisk[] {
    return this.claimsWith(input, this.findings(input));
  }

  /** The model's answer through the fitted rule of the call's findings, when one applies. */
  private checkedOutput(
    input: DetectInput,
    output: ScoreOutput,
    claims: readonly ClaimFindings[],
  ): ScoreOutput {
    const fused = this.fused(output.p_hallucination, claims);
    if (fused === undefined) return output;
    const findings = claims.flatMap((c) => c.findings);
    const threshold = this.calibration.cells[`${input.task}/${input.inputMode}`].threshold;
    const scores = input.task === "binary"
      ? [{ regime: BINARY_REGIME, p: fused }]
      : rescaled(output.regime_scores, fused, contradictedRegime(findings, output.regime_scores));
    return {
      ...output,
      p_hallucination: fused,
      flag: fused >= threshold,
      top_regime: scores[0].regime,
      regime_scores: scores,
    };
  }

  /** Each claim scored by the model, with its own findings and fused as the call is. */
  private claimsWith(input: ClaimsInput, findings: readonly ClaimFindings[]): ClaimRisk[] {
    const threshold = this.calibration.cells[`binary/${input.inputMode}`].threshold;
    return super.claimRisks(input).map((claim) => {
      const own = findings.find((f) => f.start === claim.start) ??
        { start: claim.start, end: claim.end, checkable: false, findings: [] };
      const fused = this.fused(claim.p_hallucination, [own]);
      return fused === undefined
        ? { ...claim, findings: own.findings }
        : { ...claim, p_hallucination: fused, flag: fused >= threshold, findings: own.findings };
    });
  }

  /** The fused probability, or undefined when nothing counts or no rule fits this model. */
  private fused(p: number, claims: readonly ClaimFindings[]): number | undefined {
    const evidence = findingEvidence(claims);
    return evidence && this.fusion ? fusedProbability(this.fusion, evidence, p) : undefined;
  }
}

/**
 * The regime contradictions point to: CF_AUTH when one is an identifier's; else FABRICATED, unless
 * the model already reads the answer as a fake citation (a citation with a wrong year is still
 * one) or as a near-copy with one fact changed (NEAR_FALSE: a wrong number is such a change).
 */
function contradictedRegime(
  findings: readonly ExactFinding[],
  scores: readonly RegimeScore[],
): string | undefined {
  const regimes = findings.filter((f) => f.verdict === "contradicted").map((f) => regimeOf(f.kind));
  if (regimes.length === 0) return undefined;
  if (regimes.includes("CF_AUTH")) return "CF_AUTH";
  const modelTop = scores.find((s) => s.regime !== "NORMAL")?.regime;
  return modelTop === "CF_AUTH" || modelTop === "NEAR_FALSE" ? modelTop : "FABRICATED";
}

/**
 * The public breakdown at a new p: NORMAL takes 1 - p, the other regimes share p as they shared
 * the old; a contradiction's regime takes the largest share (swapped with the regime that held it).
 */
export function rescaled(
  scores: readonly RegimeScore[],
  p: number,
  regime?: string,
): RegimeScore[] {
  const rest = scores.filter((s) => s.regime !== "NORMAL");
  const total = rest.reduce((n, s) => n + s.p, 0);
  const shares = rest.map((s) => ({
    regime: s.regime,
    p: total > 0 ? (p * s.p) / total : p / rest.length,
  }));
  const named = shares.find((s) => s.regime === regime);
  if (named) {
    const top = shares.reduce((a, b) => (b.p > a.p ? b : a));
    [named.p, top.p] = [top.p, named.p];
  }
  return sortRegimeScores([{ regime: "NORMAL", p: 1 - p }, ...shares]);
}
