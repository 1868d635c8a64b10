/**
 * Simulated verifier verdicts, for where no LLM can run: each row's verdict is drawn from its label
 * at a known AUROC (binormal: a score s ~ N(mu * label, 1)) and stated as a calibrated verdict
 * (the probability is the sigmoid of the log-likelihood ratio, at even odds). Seeded, so the same
 * rows get the same verdicts. Used to fit the fusion's shipped defaults and to check them.
 */
import { sigmoid } from "../learners/linear.ts";
import { seededRandom } from "../learners/random.ts";
import { verdictProbability } from "./client.ts";

/** Standard normal CDF (Abramowitz-Stegun 7.1.26 erf, |error| < 1.5e-7). */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2, t = 1 / (1 + 0.3275911 * z);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 +
            t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Separation of a binormal verifier with this AUROC: AUROC = Phi(mu / sqrt 2), by bisection. */
function separationFor(target: number): number {
  let lo = 0, hi = 10;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid / Math.SQRT2) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** One simulated verdict per label: the probability of hallucination it states. */
export function simulatedVerdicts(
  labels: readonly boolean[],
  targetAuroc: number,
  seed: number,
): number[] {
  const mu = separationFor(targetAuroc), rand = seededRandom(seed);
  return labels.map((hallucinated) => {
    const gaussian = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
    const s = gaussian + (hallucinated ? mu : 0);
    const p = sigmoid(mu * s - (mu * mu) / 2);
    return verdictProbability({ hallucinated: p >= 0.5, confidence: p >= 0.5 ? p : 1 - p });
  });
}
