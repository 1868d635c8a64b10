/**
 * The fusion of the embedded detector's calibrated probability with the verifier's: a logistic
 * model over both logits, with its own weights for calls with and without evidence (with evidence
 * the grounding check leads, without it the verifier leads). Fitted on the calibration split by
 * `deno task calibrate:verifier` into a file beside the model, one per verifier model; until that
 * file exists (for this model and this detector) the default weights serve, marked uncalibrated.
 */
import { z } from "zod";
import { UNCALIBRATED_PREFIX } from "../../../shared/contract.ts";
import { sigmoid } from "../learners/linear.ts";
import { bestF1Threshold } from "../learners/metrics.ts";
import { contentVersion, modelFolder, parseModelJson } from "../inference/model_files.ts";

export const FUSION_FORMAT = "hd-verifier-fusion-1";
export const EVIDENCE_GROUPS = ["evidence", "no_evidence"] as const;
export type EvidenceGroup = typeof EVIDENCE_GROUPS[number];

/** p = sigmoid(detector * logit(p_detector) + verifier * logit(p_verifier) + bias). */
export const FusionWeights = z.object({
  detector: z.number(),
  verifier: z.number(),
  bias: z.number(),
});
export type FusionWeights = z.infer<typeof FusionWeights>;

/** Before calibration: each side's logit at full weight where it leads, at half elsewhere. */
export const DEFAULT_WEIGHTS: Record<EvidenceGroup, FusionWeights> = {
  evidence: { detector: 1, verifier: 0.5, bias: 0 },
  no_evidence: { detector: 0.5, verifier: 1, bias: 0 },
};
const DEFAULT_THRESHOLD = 0.5;

/** Fewest calibration rows (with both labels) for a group's own fit; else the pooled fit. */
export const MIN_GROUP_ROWS = 100;

export const FusionFile = z.object({
  format: z.literal(FUSION_FORMAT),
  verifierModel: z.string(),
  verifierSamples: z.number().int().positive(),
  /** The detector it was fitted on: another model or calibrator makes the file stale. */
  modelVersion: z.string(),
  calibratorVersion: z.string(),
  /**
   * The same model's calibrator for retrieved evidence (`retrieval-calibrator.json`), when there
   * is one: its probabilities are calibrated too, so the fusion serves those calls as well.
   */
  retrievalCalibratorVersion: z.string().optional(),
  weights: z.record(z.enum(EVIDENCE_GROUPS), FusionWeights),
  /** Per group: fitted on its own rows, or pooled (too few rows of that group). */
  fittedOn: z.record(z.enum(EVIDENCE_GROUPS), z.enum(["group", "pooled"])),
  rows: z.record(z.enum(EVIDENCE_GROUPS), z.number().int().nonnegative()),
  /** Fused p at which `flag` is set: the best F1 on the calibration rows. */
  threshold: z.number(),
});
export type FusionFile = z.infer<typeof FusionFile>;

export interface FusionRow {
  pDetector: number;
  pVerifier: number;
  group: EvidenceGroup;
  hallucinated: boolean;
}

const EPS = 1e-6;
const logit = (p: number) => {
  const q = Math.min(Math.max(p, EPS), 1 - EPS);
  return Math.log(q / (1 - q));
};

export function fusedProbability(w: FusionWeights, pDetector: number, pVerifier: number): number {
  return sigmoid(w.detector * logit(pDetector) + w.verifier * logit(pVerifier) + w.bias);
}

/** Logistic regression on [logit pD, logit pV, 1] by Newton steps, a small ridge for stability. */
export function fitWeights(rows: readonly FusionRow[]): FusionWeights {
  const x = rows.map((r) => [logit(r.pDetector), logit(r.pVerifier), 1]);
  const w = [1, 1, 0];
  const ridge = 1e-3;
  for (let iter = 0; iter < 50; iter++) {
    const g = [ridge * w[0], ridge * w[1], 0];
    const h = [[ridge, 0, 0], [0, ridge, 0], [0, 0, 1e-9]];
    rows.forEach((r, i) => {
      const p = sigmoid(x[i][0] * w[0] + x[i][1] * w[1] + w[2]);
      const d = p - (r.hallucinated ? 1 : 0), s = Math.max(p * (1 - p), 1e-12);
      for (let a = 0; a < 3; a++) {
        g[a] += d * x[i][a];
        for (let b = 0; b < 3; b++) h[a][b] += s * x[i][a] * x[i][b];
      }
    });
    const step = solve3(h, g);
    for (let a = 0; a < 3; a++) w[a] -= step[a];
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return { detector: w[0], verifier: w[1], bias: w[2] };
}

/** Solves the 3x3 system h * s = g (Cramer's rule; h is positive definite here). */
function solve3(h: number[][], g: number[]): number[] {
  const det = (m: number[][]) =>
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
    m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
    m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  const d = det(h);
  return [0, 1, 2].map((col) =>
    det(h.map((row, i) => row.map((v, j) => (j === col ? g[i] : v)))) / d
  );
}

const hasBothLabels = (rows: readonly FusionRow[]) =>
  rows.some((r) => r.hallucinated) && rows.some((r) => !r.hallucinated);

/** Fits the fusion on labelled calibration rows (both labels needed overall). */
export function fitFusion(
  rows: readonly FusionRow[],
  about: Pick<
    FusionFile,
    | "verifierModel"
    | "verifierSamples"
    | "modelVersion"
    | "calibratorVersion"
    | "retrievalCalibratorVersion"
  >,
): FusionFile {
  if (!hasBothLabels(rows)) throw new Error("fusion: the calibration rows need both labels");
  const pooled = fitWeights(rows);
  const weights = {} as FusionFile["weights"];
  const fittedOn = {} as FusionFile["fittedOn"];
  const counts = {} as FusionFile["rows"];
  for (const group of EVIDENCE_GROUPS) {
    const own = rows.filter((r) => r.group === group);
    const enough = own.length >= MIN_GROUP_ROWS && hasBothLabels(own);
    weights[group] = enough ? fitWeights(own) : pooled;
    fittedOn[group] = enough ? "group" : "pooled";
    counts[group] = own.length;
  }
  const fused = rows.map((r) => fusedProbability(weights[r.group], r.pDetector, r.pVerifier));
  return {
    format: FUSION_FORMAT,
    ...about,
    weights,
    fittedOn,
    rows: counts,
    threshold: bestF1Threshold(fused, rows.map((r) => r.hallucinated)),
  };
}

/** The fusion file's name for a verifier model (any model name is a safe, distinct file name). */
export function fusionFileName(verifierModel: string): string {
  return `verifier-calibrator.${encodeURIComponent(verifierModel)}.json`;
}

export function fusionPath(modelDir: string, verifierModel: string): string {
  return `${modelFolder(modelDir)}${fusionFileName(verifierModel)}`;
}

export interface FusedScore {
  p: number;
  flag: boolean;
  calibratorVersion: string;
  calibrated: boolean;
}

/** The fusion the detector serves for one verifier model: fitted, or the defaults. */
export class Fusion {
  constructor(
    readonly verifierModel: string,
    private readonly file: FusionFile | undefined,
    /** `vf-` + content hash of the file: part of the served calibrator_version. */
    private readonly fileVersion: string | undefined,
  ) {}

  /** A fitted file exists for this verifier model (it may still be stale for the detector). */
  get fitted(): boolean {
    return this.file !== undefined;
  }

  /** Fitted for this verifier and for the detector that produced `base`. */
  calibratedFor(base: { model_version: string; calibrator_version: string }): boolean {
    return this.file !== undefined && this.file.verifierModel === this.verifierModel &&
      this.file.modelVersion === base.model_version &&
      [this.file.calibratorVersion, this.file.retrievalCalibratorVersion].includes(
        base.calibrator_version,
      );
  }

  fuse(
    base: { p_hallucination: number; model_version: string; calibrator_version: string },
    pVerifier: number,
    group: EvidenceGroup,
  ): FusedScore {
    const calibrated = this.calibratedFor(base);
    const weights = calibrated ? this.file!.weights[group] : DEFAULT_WEIGHTS[group];
    const p = fusedProbability(weights, base.p_hallucination, pVerifier);
    const threshold = calibrated ? this.file!.threshold : DEFAULT_THRESHOLD;
    return {
      p,
      flag: p >= threshold,
      calibrated,
      calibratorVersion: calibrated
        ? `${base.calibrator_version}+${this.fileVersion}:${this.verifierModel}`
        : `${UNCALIBRATED_PREFIX}${base.calibrator_version}+verifier:${this.verifierModel}`,
    };
  }
}

/** The fusion for `verifierModel` from `modelDir` (the defaults when no file was written). */
export async function loadFusion(modelDir: string, verifierModel: string): Promise<Fusion> {
  const path = fusionPath(modelDir, verifierModel);
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      return new Fusion(verifierModel, undefined, undefined);
    }
    throw error;
  }
  const file = parseModelJson(path, FusionFile, bytes);
  return new Fusion(verifierModel, file, await contentVersion("vf-", [bytes]));
}

export async function writeFusion(modelDir: string, file: FusionFile): Promise<string> {
  const path = fusionPath(modelDir, file.verifierModel);
  await Deno.writeTextFile(path, JSON.stringify(file, null, 2) + "\n");
  return path;
}
