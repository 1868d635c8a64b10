/** Loads the committed model files and scores calls: pure TypeScript, deterministic. */
import {
  BINARY_REGIME,
  collapseRegimeScores,
  type InputMode,
  type RegimeScore,
  sortRegimeScores,
} from "../../../shared/regimes.ts";
import { applyCalibrator } from "../learners/calibrators.ts";
import type { Semantics } from "../signals/alignment.ts";
import { splitClaims } from "../signals/claims.ts";
import { DENSE_FEATURES } from "../signals/grounding.ts";
import { Lexicon, LexiconFile } from "../signals/lexicon.ts";
import { usesAlignment, vectorize, type VectorizerConfig } from "../signals/vectorize.ts";
import { decodeWordVectors } from "../signals/word_vectors.ts";
import { dotMany, softmax } from "../learners/linear.ts";
import {
  CALIBRATOR_FILE,
  CalibratorFile,
  type CellCalibration,
  contentVersion,
  decodeModelWeights,
  DEFAULT_MODEL_DIR,
  fromModelFile,
  LEXICON_FILE,
  MODEL_FILE,
  ModelFile,
  modelFolder,
  parseModelJson,
  type StoredModeHeads,
  type StoredVector,
  VECTORS_FILE,
  WEIGHTS_FILE,
} from "./model_files.ts";
import { predictTrees } from "../learners/trees.ts";
import type { DetectInput } from "../../../shared/detect_request.ts";
import type { ClaimRisk } from "../../../shared/claims.ts";
import type { ClaimsInput, Detector, ScoreOutput } from "./types.ts";

/** The raw (uncalibrated) outputs of one call. */
export interface RawScores {
  /** Logit of "hallucinated" from the binary head. */
  binaryLogit: number;
  /** Logits of the regime head, in the order of `regimeClasses`. */
  regimeLogits: number[];
}

/** The model without calibration: features and heads. */
export class ModelCore {
  readonly vectorizer: VectorizerConfig;
  /** Per input mode, the weight offsets of [binary, ...regime] (fixed at load, read per call). */
  private readonly offsets: Record<InputMode, number[]>;
  constructor(
    readonly file: ModelFile,
    private readonly weights: Int16Array,
    semantics: Semantics,
  ) {
    if (file.denseFeatures.join() !== DENSE_FEATURES.join()) {
      throw new Error("model was trained with other dense features");
    }
    this.vectorizer = {
      hashBits: file.hashBits,
      groups: file.groups,
      denseMean: file.denseMean,
      denseStd: file.denseStd,
      semantics,
    };
    const offsetsOf = ({ binary, regime }: StoredModeHeads) =>
      [binary, ...regime].map((v) => v.offset);
    this.offsets = { pr: offsetsOf(file.heads.pr), ro: offsetsOf(file.heads.ro) };
  }

  raw(prompt: string | undefined, response: string, mode: InputMode): RawScores {
    const x = vectorize(this.vectorizer, prompt, response, mode);
    const heads = this.file.heads[mode];
    const sums = dotMany(this.weights, this.offsets[mode], x);
    const scaled = (v: StoredVector, h: number) => v.bias + v.scale * sums[h];
    const linearLogit = scaled(heads.binary, 0);
    const regimeLogits = heads.regime.map((v, k) => scaled(v, k + 1));
    const binaryLogit = heads.trees
      ? predictTrees(heads.trees, [...x.dense, linearLogit])
      : linearLogit;
    return { binaryLogit, regimeLogits };
  }
}

/** Public regime scores of a multiclass call: NORMAL = 1 - p, the rest share p by the regime head. */
export function multiclassScores(
  core: ModelCore,
  pHallucination: number,
  regimeLogits: readonly number[],
  temperature: number,
): RegimeScore[] {
  const q = softmax(regimeLogits.map((z) => z / temperature));
  const raw: RegimeScore[] = [{ regime: "NORMAL", p: 1 - pHallucination }];
  core.file.regimeClasses.forEach((regime, k) => raw.push({ regime, p: pHallucination * q[k] }));
  return collapseRegimeScores(raw);
}

function binaryOutput(cell: CellCalibration, raw: RawScores): { p: number; scores: RegimeScore[] } {
  const p = applyCalibrator(cell.calibrator, raw.binaryLogit);
  return { p, scores: [{ regime: BINARY_REGIME, p }] };
}

/**
 * Per-regime exponents and offsets (log space: slope * log p + bias) on public regime scores,
 * renormalised to sum 1.
 */
export function biasRegimeScores(
  scores: readonly RegimeScore[],
  bias: Record<string, number>,
  slope: Record<string, number> = {},
): RegimeScore[] {
  const adjusted = scores.map(({ regime, p }) => ({
    regime,
    p: p ** (slope[regime] ?? 1) * Math.exp(bias[regime] ?? 0),
  }));
  const total = adjusted.reduce((n, s) => n + s.p, 0);
  return sortRegimeScores(adjusted.map(({ regime, p }) => ({ regime, p: p / total })));
}

/**
 * Multiclass output of one cell: p_hallucination is the cell's calibrated binary probability;
 * the regime scores split it by the regime head, then the cell's per-regime exponents and offsets
 * tune them so that top_regime (their arg-max) does not always favour the frequent regimes.
 */
export function multiclassOutput(
  core: ModelCore,
  cell: CellCalibration,
  raw: RawScores,
): { p: number; scores: RegimeScore[] } {
  const pBinary = applyCalibrator(cell.calibrator, raw.binaryLogit);
  const split = multiclassScores(core, pBinary, raw.regimeLogits, cell.regimeTemperature ?? 1);
  return {
    p: pBinary,
    scores: cell.regimeBias ? biasRegimeScores(split, cell.regimeBias, cell.regimeSlope) : split,
  };
}

/**
 * The served detector: the model's heads (linear heads, the binary logit re-scored by boosted
 * trees when the model has them) behind each task/input-mode cell's calibrator and threshold.
 */
export class CalibratedDetector implements Detector {
  constructor(
    readonly core: ModelCore,
    readonly calibration: CalibratorFile,
    readonly modelVersion: string,
    readonly calibratorVersion: string,
  ) {}

  score(input: DetectInput): Promise<ScoreOutput> {
    return Promise.resolve(this.scoreNow(input));
  }

  /** The model's answer, computed at once (nothing here waits). */
  scoreNow(input: DetectInput): ScoreOutput {
    const { task, inputMode } = input;
    const cell = this.calibration.cells[`${task}/${inputMode}`];
    const raw = this.core.raw(input.prompt, input.response, inputMode);
    const { p, scores } = task === "binary"
      ? binaryOutput(cell, raw)
      : multiclassOutput(this.core, cell, raw);
    const output: ScoreOutput = {
      p_hallucination: p,
      flag: p >= cell.threshold,
      top_regime: scores[0].regime,
      regime_scores: scores,
      input_mode_used: inputMode,
      task_used: task,
      model_version: this.modelVersion,
      calibrator_version: this.calibratorVersion,
      warnings: [],
    };
    return input.claims ? { ...output, claims: this.claimRisks(input) } : output;
  }

  /** The same model behind another calibrator (the knowledge base's, fitted on retrieval). */
  withCalibration(calibration: CalibratorFile, calibratorVersion: string): CalibratedDetector {
    return new CalibratedDetector(this.core, calibration, this.modelVersion, calibratorVersion);
  }

  /**
   * Each claim of the response scored on its own against the same prompt, with the binary
   * calibrator and threshold of the call's input mode: which sentence of an answer carries the
   * risk.
   */
  scoreClaims(input: ClaimsInput): Promise<ClaimRisk[]> {
    return Promise.resolve(this.claimRisks(input));
  }

  /** The claims' risks by the model alone, computed at once. */
  claimRisks(input: ClaimsInput): ClaimRisk[] {
    const cell = this.calibration.cells[`binary/${input.inputMode}`];
    return splitClaims(input.response).map(({ text, start, end }) => {
      const raw = this.core.raw(input.prompt, text, input.inputMode);
      const p = applyCalibrator(cell.calibrator, raw.binaryLogit);
      return { start, end, p_hallucination: p, flag: p >= cell.threshold, findings: [] };
    });
  }
}

/** The word vectors and lexicon from the bytes of their files in the model folder `dir`. */
function decodeSemantics(
  dir: string,
  vectorBytes: Uint8Array,
  lexiconBytes: Uint8Array,
): Semantics {
  return {
    vectors: fromModelFile(dir + VECTORS_FILE, () => decodeWordVectors(vectorBytes)),
    lexicon: new Lexicon(parseModelJson(dir + LEXICON_FILE, LexiconFile, lexiconBytes)),
  };
}

/** The word vectors and lexicon of a model directory. */
export async function readSemantics(modelDir: string = DEFAULT_MODEL_DIR): Promise<Semantics> {
  const dir = modelFolder(modelDir);
  return decodeSemantics(
    dir,
    await Deno.readFile(dir + VECTORS_FILE),
    await Deno.readFile(dir + LEXICON_FILE),
  );
}

export async function loadDetector(
  modelDir: string = DEFAULT_MODEL_DIR,
): Promise<CalibratedDetector> {
  const dir = modelFolder(modelDir);
  const [modelBytes, weightBytes, calibratorBytes, vectorBytes, lexiconBytes] = await Promise.all(
    [MODEL_FILE, WEIGHTS_FILE, CALIBRATOR_FILE, VECTORS_FILE, LEXICON_FILE].map((f) =>
      Deno.readFile(dir + f)
    ),
  );
  const file = parseModelJson(dir + MODEL_FILE, ModelFile, modelBytes);
  const calibration = parseModelJson(dir + CALIBRATOR_FILE, CalibratorFile, calibratorBytes);
  const weights = fromModelFile(dir + WEIGHTS_FILE, () => decodeModelWeights(file, weightBytes));
  const semantics = decodeSemantics(dir, vectorBytes, lexiconBytes);
  if (usesAlignment(file.groups)) {
    semantics.vectors.prepare();
    semantics.lexicon.prepare();
  }
  const core = new ModelCore(file, weights, semantics);
  const detector = new CalibratedDetector(
    core,
    calibration,
    await contentVersion("hd-", [modelBytes, weightBytes, vectorBytes, lexiconBytes]),
    await contentVersion("cal-", [calibratorBytes]),
  );
  warmUp(detector);
  return detector;
}

/** A few calls before serving, so the first real call does not pay for the JIT. */
function warmUp(detector: CalibratedDetector) {
  const response = "Warm-up text with 12 words, a Name and a date: 3 May 2001.";
  for (let i = 0; i < 20; i++) {
    detector.scoreNow({ prompt: response, response, task: "multiclass", inputMode: "pr" });
    detector.scoreNow({ response, task: "binary", inputMode: "ro" });
  }
}
