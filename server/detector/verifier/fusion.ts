/**
 * The fusion of the embedded detector's calibrated probability with the verifier's: a logistic
 * model over both logits, with its own weights for calls with and without evidence (without it
 * the detector's ranking does not carry to unseen text, so the verifier leads). Fitted on the
 * calibration split by `deno task calibrate:verifier` into a file beside the model, one per
 * verifier model; until that file exists (for this model and this detector) the shipped defaults serve, marked uncalibrated:
 * `verifier-fusion-defaults.json` in the model folder, fitted by
 * `deno task calibrate:verifier-defaults`, which names in it the data they were fitted on.
 */
import { z } from "zod";
import { UNCALIBRATED_PREFIX } from "../../../shared/contract.ts";
import { sigmoid } from "../learners/linear.ts";
import { bestF1Threshold } from "../learners/metrics.ts";
import {
  contentVersion,
  DEFAULT_MODEL_DIR,
  modelFolder,
  parseModelJson,
} from "../inference/model_files.ts";

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

const perGroup = <T extends z.ZodType>(schema: T) => z.record(z.enum(EVIDENCE_GROUPS), schema);

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
  weights: perGroup(FusionWeights),
  /** Per group: fitted on its own rows, or pooled (too few rows of that group). */
  fittedOn: perGroup(z.enum(["group", "pooled"])),
  rows: perGroup(z.number().int().nonnegative()),
  /** Fused p at which `flag` is set: the best F1 on the calibration rows. */
  threshold: z.number(),
});
export type FusionFile = z.infer<typeof FusionFile>;

export const FUSION_DEFAULTS_FORMAT = "hd-verifier-fusion-defaults-1";
export const FUSION_DEFAULTS_FILE = "verifier-fusion-defaults.json";

/** The defaults before calibration, fitted on the project's data (see the README, verifier). */
export const FusionDefaultsFile = z.object({
  format: z.literal(FUSION_DEFAULTS_FORMAT),
  weights: perGroup(FusionWeights),
  /** Fused p at which `flag` is set: the best F1 on the fitting rows. */
  threshold: z.number(),
  /** Per group: whether the detector's logit is in the fit (else the verifier carries the call). */
  detectorWeighted: perGroup(z.boolean()),
  /** The detector's AUROC per group within each set (and part), which decides the choice above. */
  detectorAuroc: perGroup(z.object({
    /** On the fitting rows: other rows of the sets it was trained on. */
    calibration: z.number(),
    /** On sets it never trained on (eval-only licences): measured there, never fitted on. */
    unseenSets: z.number(),
  })),
  /** Below this AUROC on unseen sets the detector is left out of a group's fit. */
  minUnseenAuroc: z.number(),
  fittedOn: z.object({
    data: z.string(),
    sets: z.array(z.string()),
    rows: perGroup(z.number().int().nonnegative()),
    unseenSets: z.array(z.string()),
    unseenRows: perGroup(z.number().int().nonnegative()),
    verifier: z.string(),
    modelVersion: z.string(),
    calibratorVersion: z.string(),
  }),
});
export type FusionDefaultsFile = z.infer<typeof FusionDefaultsFile>;

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

/**
 * Logistic regression on [logit pD, logit pV, 1] by Newton steps, a small ridge for stability;
 * without the detector its weight stays 0 (the ridge alone holds that coordinate).
 */
export function fitWeights(
  rows: readonly FusionRow[],
  { withDetector = true }: { withDetector?: boolean } = {},
): FusionWeights {
  const x = rows.map((r) => [withDetector ? logit(r.pDetector) : 0, logit(r.pVerifier), 1]);
  const w = [withDetector ? 1 : 0, 1, 0];
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
    readonly defaults: FusionDefaultsFile,
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
    const { weights, threshold } = calibrated ? this.file! : this.defaults;
    const p = fusedProbability(weights[group], base.p_hallucination, pVerifier);
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

/** The file's bytes, or undefined when there is none. */
async function readIfThere(path: string): Promise<Uint8Array | undefined> {
  try {
    return await Deno.readFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

export function fusionDefaultsPath(modelDir: string): string {
  return `${modelFolder(modelDir)}${FUSION_DEFAULTS_FILE}`;
}

/**
 * The defaults of `modelDir`, else the shipped model's (a freshly trained folder has none; the
 * shipped ones still say where the detector can lead).
 */
export async function loadFusionDefaults(modelDir: string): Promise<FusionDefaultsFile> {
  for (const dir of [modelDir, DEFAULT_MODEL_DIR]) {
    const path = fusionDefaultsPath(dir);
    const bytes = await readIfThere(path);
    if (bytes) return parseModelJson(path, FusionDefaultsFile, bytes);
  }
  throw new Error(`${FUSION_DEFAULTS_FILE} is missing from ${DEFAULT_MODEL_DIR}`);
}

/** The fusion for `verifierModel` from `modelDir` (the defaults when no file was written). */
export async function loadFusion(modelDir: string, verifierModel: string): Promise<Fusion> {
  const defaults = await loadFusionDefaults(modelDir);
  const path = fusionPath(modelDir, verifierModel);
  const bytes = await readIfThere(path);
  if (!bytes) return new Fusion(verifierModel, undefined, undefined, defaults);
  const file = parseModelJson(path, FusionFile, bytes);
  return new Fusion(verifierModel, file, await contentVersion("vf-", [bytes]), defaults);
}

export async function writeFusion(modelDir: string, file: FusionFile): Promise<string> {
  const path = fusionPath(modelDir, file.verifierModel);
  await Deno.writeTextFile(path, JSON.stringify(file, null, 2) + "\n");
  return path;
}

export async function writeFusionDefaults(
  modelDir: string,
  file: FusionDefaultsFile,
): Promise<string> {
  const path = fusionDefaultsPath(modelDir);
  await Deno.writeTextFile(path, JSON.stringify(file, null, 2) + "\n");
  return path;
}
