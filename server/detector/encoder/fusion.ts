/**
 * The answer-level model re-stacked on the cross-encoder: for a call with evidence, a logistic
 * regression over the detector's logit (exact checks applied) and the claims' entailment (the
 * worst claim's logit, the mean probability of not being supported) gives p_hallucination, and
 * its own threshold (the rule of the model's cells: the best mean per-set balanced accuracy on the
 * calibration split) gives the flag. The regression weighs each set and class alike, as that
 * threshold does (pooled, the sets with most rows and their base rates set the weights), and is
 * then rescaled on the rows unweighted (Platt), so that p stays calibrated. A claim is fused the
 * same way, alone. Fitted by `deno task calibrate:encoder` into `encoder-fusion.json`, stamped
 * with the model, calibrator, exact-fusion and encoder it was fitted on; a stale or missing file
 * leaves p as it was.
 */
import { z } from "zod";
import { sigmoid } from "../learners/linear.ts";
import { fitLogistic } from "../learners/newton.ts";
import { bestMacroBalancedAccuracyThreshold } from "../learners/metrics.ts";
import { modelFolder, readStampedModelJson } from "../inference/model_files.ts";
import { logit } from "../checks/fusion.ts";

export const ENCODER_FUSION_FILE = "encoder-fusion.json";
export const ENCODER_FUSION_FORMAT = "hd-encoder-fusion-1";
export const FUSION_FEATURES = ["intercept", "detector logit", "worst claim logit", "mean p"];

const Stamp = z.object({
  modelVersion: z.string(),
  calibratorVersion: z.string(),
  /** The exact fusion the detector's p went through ("none": no fitted exact fusion). */
  exactFusionVersion: z.string(),
  encoderVersion: z.string(),
});
export type FusionStamp = z.infer<typeof Stamp>;

export const EncoderFusionFile = Stamp.extend({
  format: z.literal(ENCODER_FUSION_FORMAT),
  /** One weight per FUSION_FEATURES entry. */
  weights: z.array(z.number()).length(FUSION_FEATURES.length),
  threshold: z.number().min(0).max(1),
  rows: z.object({ n: z.number().int(), positive: z.number().int() }),
  fittedOn: z.string(),
});
export type EncoderFusionFile = z.infer<typeof EncoderFusionFile>;

/** Logits past this are as sure as it: one extreme claim must not swamp the detector. */
const LOGIT_CLIP = 8;
const clip = (v: number) => Math.max(-LOGIT_CLIP, Math.min(LOGIT_CLIP, v));

function features(p: number, logits: readonly number[]): number[] {
  const clipped = logits.map(clip);
  const mean = clipped.reduce((s, v) => s + sigmoid(v), 0) / clipped.length;
  return [1, logit(p), Math.max(...clipped), mean];
}

/** p of a call (or a claim) from the detector's p and its claims' logits. */
export function fusedProbability(
  file: EncoderFusionFile,
  p: number,
  logits: readonly number[],
): number {
  const x = features(p, logits);
  return sigmoid(x.reduce((s, v, i) => s + v * file.weights[i], 0));
}

export interface EncoderFusionRow {
  pDetector: number;
  logits: number[];
  hallucinated: boolean;
  set: string;
}

/**
 * Weights giving each (set, class) the same total, rows on average 1. Not the model's
 * `setBalancedWeights`: that gives a one-class set a whole set's weight, and the 2 one-class
 * coconot rows of the calibration split then pulled the fit enough to cost WiCE 0.033 and
 * XSumFaith 0.029 of BAcc at the flag (measured with `deno task eval`).
 */
function setAndClassWeights(rows: readonly EncoderFusionRow[]): number[] {
  const key = (r: EncoderFusionRow) => `${r.set}\u0000${r.hallucinated}`;
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  const raw = rows.map((r) => 1 / counts.get(key(r))!);
  const scale = rows.length / raw.reduce((s, v) => s + v, 0);
  return raw.map((v) => v * scale);
}

export function fitEncoderFusion(
  rows: readonly EncoderFusionRow[],
  stamp: FusionStamp,
  fittedOn: string,
): EncoderFusionFile {
  if (rows.length === 0) throw new Error("no rows with evidence to fit the encoder fusion on");
  const y = rows.map((r) => r.hallucinated);
  const x = rows.map((r) => features(r.pDetector, r.logits));
  const balanced = fitLogistic({ x, y, weight: setAndClassWeights(rows) });
  const score = x.map((xi) => xi.reduce((s, v, i) => s + v * balanced[i], 0));
  const [a, b] = fitLogistic({ x: score.map((v) => [1, v]), y });
  // sigmoid(a + b · (w · x)): the rescaling folded into the weights (x[0] is the intercept's 1).
  const weights = balanced.map((w, i) => b * w + (i === 0 ? a : 0));
  const file = {
    format: ENCODER_FUSION_FORMAT,
    ...stamp,
    weights,
    threshold: 0.5,
    rows: { n: rows.length, positive: y.filter(Boolean).length },
    fittedOn,
  } as const;
  const p = rows.map((r) => fusedProbability(file, r.pDetector, r.logits));
  return { ...file, threshold: bestMacroBalancedAccuracyThreshold(p, y, rows.map((r) => r.set)) };
}

/** The fusion file fitted for exactly this stamp, or undefined (missing or stale). */
export async function readEncoderFusion(
  modelDir: string,
  stamp: FusionStamp,
): Promise<EncoderFusionFile | undefined> {
  return await readStampedModelJson(
    modelFolder(modelDir) + ENCODER_FUSION_FILE,
    EncoderFusionFile,
    stamp,
  );
}
