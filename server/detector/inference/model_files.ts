/**
 * The committed model files and their layout.
 *
 * - `model.json`: format, vectorizer settings (hash bits, feature groups, dense standardisation),
 *   the regime classes of the regime head, and per input mode the heads: for each weight vector
 *   its `offset` (in elements) into `weights.bin`, its `scale` and `bias`; optionally a tree
 *   ensemble that re-scores the binary logit with the dense features.
 * - `weights.bin`: little-endian int16 weights, each vector `featureCount` long; a weight is
 *   `int16 * scale`. featureCount = 2^hashBits + number of dense features.
 * - `calibrator.json`: per cell (`binary/pr`, `binary/ro`, `multiclass/pr`, `multiclass/ro`)
 *   the calibrator of the binary logit, the decision threshold, and for multiclass the
 *   temperature of the regime head and the per-regime offsets and (optional) exponents.
 *
 * - `vectors.bin` (signals/word_vectors.ts) and `lexicon.json` (signals/lexicon.ts): the word
 *   vectors and WordNet relations the claim-alignment features use, written by training.
 *
 * model_version is `hd-` + the first 12 hex digits of SHA-256 over model.json, weights.bin,
 * vectors.bin and lexicon.json;
 * calibrator_version is `cal-` + the same over calibrator.json.
 */
import { z } from "zod";
import {
  INPUT_MODES,
  type InputMode,
  RAW_REGIMES,
  type Task,
  TASKS,
} from "../../../shared/regimes.ts";
import { Calibrator } from "../learners/calibrators.ts";
import { FeatureGroups } from "../signals/vectorize.ts";
import { TreeEnsemble } from "../learners/trees.ts";

export const MODEL_FORMAT = "hd-linear-2";
export const CALIBRATOR_FORMAT = "hd-calibrator-1";
export const MODEL_FILE = "model.json";
export const WEIGHTS_FILE = "weights.bin";
export const CALIBRATOR_FILE = "calibrator.json";
export const VECTORS_FILE = "vectors.bin";
export const LEXICON_FILE = "lexicon.json";
/** WordNet's licence asks for its notice on every copy of the database, lexicon.json included. */
export const WORDNET_LICENSE_FILE = "wordnet-LICENSE.txt";
/** Corpus, selection and calibration summary for the model card; not read at inference. */
export const TRAINING_REPORT_FILE = "training-report.json";
export const DEFAULT_MODEL_DIR = new URL("../model/", import.meta.url).pathname;

/** A model folder as given (`--model`, `MODEL_DIR`), with the trailing slash file names follow. */
export function modelFolder(dir: string): string {
  return dir.endsWith("/") ? dir : `${dir}/`;
}

export const StoredVector = z.object({
  offset: z.number().int().nonnegative(),
  scale: z.number(),
  bias: z.number(),
});
export type StoredVector = z.infer<typeof StoredVector>;

export const StoredModeHeads = z.object({
  binary: StoredVector,
  /** One vector per entry of `regimeClasses`. */
  regime: z.array(StoredVector),
  /** Trees over [dense features..., binary linear logit]; their output replaces the logit. */
  trees: TreeEnsemble.optional(),
});
export type StoredModeHeads = z.infer<typeof StoredModeHeads>;

export const ModelFile = z.object({
  format: z.literal(MODEL_FORMAT),
  hashBits: z.number().int().min(1).max(30),
  groups: FeatureGroups,
  denseFeatures: z.array(z.string()),
  denseMean: z.array(z.number()),
  denseStd: z.array(z.number()),
  regimeClasses: z.array(z.enum(RAW_REGIMES)),
  heads: z.record(z.enum(INPUT_MODES), StoredModeHeads),
}).superRefine((file, ctx) => {
  for (const field of ["denseMean", "denseStd"] as const) {
    if (file[field].length !== file.denseFeatures.length) {
      ctx.addIssue({ code: "custom", path: [field], message: "one value per dense feature" });
    }
  }
  for (const mode of INPUT_MODES) {
    if (file.heads[mode].regime.length !== file.regimeClasses.length) {
      ctx.addIssue({
        code: "custom",
        path: ["heads", mode, "regime"],
        message: "one vector per entry of regimeClasses",
      });
    }
  }
});
export type ModelFile = z.infer<typeof ModelFile>;

export type CellName = `${Task}/${InputMode}`;
const CELL_NAMES = TASKS.flatMap((task) => INPUT_MODES.map((mode): CellName => `${task}/${mode}`));

export const CellCalibration = z.object({
  /** Calibrates the binary logit (binary: p_hallucination; multiclass: the regime split's input). */
  calibrator: Calibrator,
  threshold: z.number(),
  /** Multiclass only: softmax temperature of the regime head. */
  regimeTemperature: z.number().optional(),
  /**
   * Multiclass only: per public regime a log-space offset added to its score before
   * renormalising, fitted for macro-F1 of top_regime, so that a rare regime the head ranks well
   * (FALSE_REFUSAL) is not always outvoted by NORMAL. p_hallucination stays the calibrated
   * binary probability.
   */
  regimeBias: z.record(z.string(), z.number()).optional(),
  /**
   * Multiclass only: per public regime an exponent applied to its score before the offset
   * (absent or missing regime: 1), so a regime's scores can be sharpened or flattened, not only
   * shifted; fitted with `regimeBias`.
   */
  regimeSlope: z.record(z.string(), z.number()).optional(),
});
export type CellCalibration = z.infer<typeof CellCalibration>;

export const CalibratorFile = z.object({
  format: z.literal(CALIBRATOR_FORMAT),
  /** How each cell's calibrator and threshold were chosen (documentation for the card). */
  rule: z.string(),
  cells: z.record(z.enum(CELL_NAMES), CellCalibration),
});
export type CalibratorFile = z.infer<typeof CalibratorFile>;

/**
 * Runs `read` over one model file's content: any failure names the file, and a schema failure
 * the field, so a hand-edited or truncated file is found at start-up, not mid-call.
 */
export function fromModelFile<T>(path: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    const reason = error instanceof z.ZodError ? z.prettifyError(error) : (error as Error).message;
    throw new Error(`model file ${path} is invalid: ${reason}`);
  }
}

/** A model file's JSON, checked against its schema. */
export function parseModelJson<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  bytes: Uint8Array,
): z.output<Schema> {
  return fromModelFile(path, () => schema.parse(JSON.parse(new TextDecoder().decode(bytes))));
}

/**
 * A fitted file beside the model (a fusion), or undefined when it is missing or was fitted on
 * other files than `stamp` names: every key of `stamp` must match the file's.
 */
export async function readStampedModelJson<Schema extends z.ZodType<Record<string, unknown>>>(
  path: string,
  schema: Schema,
  stamp: Record<string, string>,
): Promise<z.output<Schema> | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  const file = parseModelJson(path, schema, bytes);
  return Object.entries(stamp).every(([k, v]) => file[k] === v) ? file : undefined;
}

export async function contentVersion(
  prefix: string,
  parts: readonly Uint8Array[],
): Promise<string> {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const joined = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    joined.set(p, at);
    at += p.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", joined));
  return prefix + [...digest.slice(0, 6)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function encodeWeights(vectors: readonly Int16Array[]): Uint8Array {
  const length = vectors.reduce((n, v) => n + v.length, 0);
  const bytes = new Uint8Array(length * 2);
  const view = new DataView(bytes.buffer);
  let at = 0;
  for (const v of vectors) {
    for (let i = 0; i < v.length; i++, at += 2) view.setInt16(at, v[i], true);
  }
  return bytes;
}

function decodeWeights(bytes: Uint8Array): Int16Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Int16Array(bytes.byteLength / 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

/**
 * `weights.bin` checked against its `model.json`: whole int16 vectors of 2^hashBits + dense
 * features each, every stored vector inside the file.
 */
export function decodeModelWeights(file: ModelFile, bytes: Uint8Array): Int16Array {
  const vectorLength = (1 << file.hashBits) + file.denseFeatures.length;
  if (bytes.byteLength % (2 * vectorLength) !== 0) {
    throw new Error(
      `${bytes.byteLength} bytes is not a whole number of int16 vectors of ${vectorLength} ` +
        `(hashBits ${file.hashBits}, ${file.denseFeatures.length} dense features)`,
    );
  }
  const weights = decodeWeights(bytes);
  for (const mode of INPUT_MODES) {
    const { binary, regime } = file.heads[mode];
    for (const vector of [binary, ...regime]) {
      if (vector.offset + vectorLength > weights.length) {
        throw new Error(`heads.${mode}: a vector at offset ${vector.offset} runs past the end`);
      }
    }
  }
  return weights;
}

/** Symmetric int16 quantisation: weight ~ q * scale. */
export function quantise(weights: Float32Array): { q: Int16Array; scale: number } {
  let max = 0;
  for (const w of weights) max = Math.max(max, Math.abs(w));
  const scale = max === 0 ? 1 : max / 32767;
  const q = new Int16Array(weights.length);
  for (let i = 0; i < weights.length; i++) q[i] = Math.round(weights[i] / scale);
  return { q, scale };
}
