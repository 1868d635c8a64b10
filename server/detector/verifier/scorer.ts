/**
 * The verified scoring step: wraps a base scorer (the embedded detector, or detector + evidence)
 * and fuses its calibrated probability with the verifier's verdict. The verifier is asked while
 * the base scores, behind a circuit breaker; when it fails the base output is served with
 * `verifier_unavailable`, and the failure is logged by its reason only (never any call text; the
 * calls an open breaker answers are not logged one by one, the breaker logs its opening). The
 * whole public breakdown is rescaled to the fused p and passed on whole; the caller's top-k cut
 * comes at the boundary.
 */
import { BINARY_REGIME, type RegimeScore, sortRegimeScores } from "../../../shared/regimes.ts";
import type { ScoreOutput, Scorer } from "../inference/types.ts";
import { BREAKER_OPEN, withBreaker } from "./breaker.ts";
import { createVerifier, type Verifier } from "./client.ts";
import { type EvidenceGroup, type Fusion, loadFusion } from "./fusion.ts";
import type { VerifierSettings } from "./settings.ts";

/** Regime scores for the fused p: NORMAL is 1 - p, the other regimes keep their shares of p. */
function rescaledRegimes(output: ScoreOutput, p: number): RegimeScore[] {
  if (output.task_used === "binary") return [{ regime: BINARY_REGIME, p }];
  const others = output.regime_scores.filter((s) => s.regime !== "NORMAL");
  const mass = others.reduce((n, s) => n + s.p, 0);
  return sortRegimeScores([
    { regime: "NORMAL", p: 1 - p },
    ...others.map((s) => ({
      regime: s.regime,
      p: mass > 0 ? (p * s.p) / mass : p / others.length,
    })),
  ]);
}

export function evidenceGroupOf(output: ScoreOutput): EvidenceGroup {
  return output.warnings.includes("no_evidence") ? "no_evidence" : "evidence";
}

export function withVerifier(
  base: Scorer,
  verifier: Verifier,
  fusion: Fusion,
  log: (line: string) => void = console.error,
): Scorer {
  return async (input) => {
    // Asked first, so the verifier's wait overlaps the base's scoring.
    const verdict = verifier.verify(input.prompt, input.response);
    const output = await base(input);
    const result = await verdict;
    if (!result.ok) {
      if (result.reason !== BREAKER_OPEN) {
        log(`detector: verifier unavailable (${result.reason}); serving the embedded score`);
      }
      return { ...output, warnings: [...output.warnings, "verifier_unavailable"] };
    }
    const fused = fusion.fuse(output, result.p, evidenceGroupOf(output));
    const regimes = rescaledRegimes(output, fused.p);
    return {
      ...output,
      p_hallucination: fused.p,
      flag: fused.flag,
      top_regime: regimes[0].regime,
      regime_scores: regimes,
      calibrator_version: fused.calibratorVersion,
      warnings: fused.calibrated ? output.warnings : [
        ...output.warnings,
        "calibration_uncalibrated",
      ],
    };
  };
}

/**
 * The verifier step configured by `VERIFIER_*` for the model in `modelDir`: the identity when no
 * verifier is configured (nothing changes then).
 */
export async function verifierStep(
  settings: VerifierSettings | undefined,
  modelDir: string,
  log: (line: string) => void = console.error,
): Promise<(base: Scorer) => Scorer> {
  if (!settings) return (base) => base;
  const verifier = withBreaker(createVerifier(settings), settings.breaker, log);
  const fusion = await loadFusion(modelDir, settings.model);
  log(
    `detector: verifier ${settings.model} at ${settings.url}, ${settings.samples} sample(s), ` +
      (fusion.fitted ? "fusion fitted" : "fusion not fitted yet (calibration_uncalibrated)"),
  );
  return (base) => withVerifier(base, verifier, fusion, log);
}
