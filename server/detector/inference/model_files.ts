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
 * - `vectors.bin` (features/word_vectors.ts) and `lexicon.json` (features/lexicon.ts): the word
 *   vectors and WordNet relations the claim-alignment features use, written by training.
 *
 * model_version is `hd-` + the first 12 hex digits of SHA-256 over model.json, weights.bin,
 * vectors.bin and lexicon.json;
 * calibrator_version is `cal-` + the same over calibrator.json.
 */
import type { InputMode, RawRegime, Task } from "../../../shared/regimes.ts";
import type { Calibrator } from "../learners/calibration.ts";
import type { FeatureGroups } from "../features/vectorize.ts";
import type { TreeEnsemble } from "../learners/trees.ts";

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

export interface StoredVector {
  offset: number;
  scale: number;
  bias: number;
}

export interface StoredModeHeads {
  binary: StoredVector;
  /** One vector per entry of `regimeClasses`. */
  regime: StoredVector[];
  /** Trees over [dense features..., binary linear logit]; their output replaces the logit. */
  trees?: TreeEnsemble;
}

export interface ModelFile {
  format: typeof MODEL_FORMAT;
  hashBits: number;
  groups: FeatureGroups;
  denseFeatures: string[];
  denseMean: number[];
  denseStd: number[];
  regimeClasses: RawRegime[];
  heads: Record<InputMode, StoredModeHeads>;
}

export type CellName = `${Task}/${InputMode}`;

export interface CellCalibration {
  /** Calibrates the binary logit (binary: p_hallucination; multiclass: the regime split's input). */
  calibrator: Calibrator;
  threshold: number;
  /** Multiclass only: softmax temperature of the regime head. */
  regimeTemperature?: number;
  /**
   * Multiclass only: per public regime a log-space offset added to its score before
   * renormalising, fitted for macro-F1 of top_regime, so that a rare regime the head ranks well
   * (FALSE_REFUSAL) is not always outvoted by NORMAL. p_hallucination stays the calibrated
   * binary probability.
   */
  regimeBias?: Record<string, number>;
  /**
   * Multiclass only: per public regime an exponent applied to its score before the offset
   * (absent or missing regime: 1), so a regime's scores can be sharpened or flattened, not only
   * shifted; fitted with `regimeBias`.
   */
  regimeSlope?: Record<string, number>;
}

export interface CalibratorFile {
  format: typeof CALIBRATOR_FORMAT;
  /** How each cell's calibrator and threshold were chosen (documentation for the card). */
  rule: string;
  cells: Record<CellName, CellCalibration>;
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

export function decodeWeights(bytes: Uint8Array): Int16Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Int16Array(bytes.byteLength / 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true);
  return out;
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
