/** The training run: corpus -> split -> features -> heads -> quantised model -> calibration. */
import { INPUT_MODES, type InputMode } from "../../../shared/regimes.ts";
import { buildCorpus, type Corpus } from "../corpus/corpus.ts";
import { type Split, splitCorpus } from "../corpus/split.ts";
import type { CorpusRow } from "../corpus/types.ts";
import {
  featureCount,
  type FeatureGroups,
  fitStandardisation,
  type SparseVector,
  type VectorizerConfig,
} from "../features/vectorize.ts";
import type { CalibratorFile } from "../model_files.ts";
import { type AssembledModel, assembleModel } from "./assemble.ts";
import { calibrateCells, type CellReport } from "./calibrate.ts";
import type { LinearHead } from "../linear.ts";
import type { TreeEnsemble } from "../trees.ts";
import { type Example, examplesFor, vectorizeExamples } from "./examples.ts";
import {
  DEFAULT_SCORER,
  type ModeHeads,
  type ScorerOptions,
  trainBinaryHead,
  trainRegimeHead,
  trainStackedTrees,
} from "./heads.ts";

export const HASH_BITS = 18;
export const SEED = 17;

export type Family = "linear" | "linear+trees";

export interface ModelRecipe {
  family: Family;
  groups: FeatureGroups;
}

export interface PreparedData {
  corpus: Corpus;
  splits: Record<Split, CorpusRow[]>;
  /** Trainable rows only, per split and mode. */
  examples: Record<"train" | "calibration", Record<InputMode, Example[]>>;
  denseMean: number[];
  denseStd: number[];
}

export type Log = (message: string) => void;

export async function prepareData(dataDir: string, log: Log): Promise<PreparedData> {
  const corpus = await buildCorpus(dataDir, { onProgress: log });
  const splits = splitCorpus(corpus.rows);
  log(
    `split: train ${splits.train.length}, calibration ${splits.calibration.length}, test ${splits.test.length} rows`,
  );
  const started = performance.now();
  const perMode = (rows: CorpusRow[]) => {
    const trainable = rows.filter((r) => (r as { trainable?: boolean }).trainable !== false);
    return { pr: examplesFor(trainable, "pr"), ro: examplesFor(trainable, "ro") };
  };
  const examples = { train: perMode(splits.train), calibration: perMode(splits.calibration) };
  const { mean, std } = fitStandardisation(
    [...examples.train.pr, ...examples.train.ro].map((e) => e.dense),
  );
  log(`dense features in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { corpus, splits, examples, denseMean: mean, denseStd: std };
}

export function vectorizerFor(data: PreparedData, groups: FeatureGroups): VectorizerConfig {
  return { hashBits: HASH_BITS, groups, denseMean: data.denseMean, denseStd: data.denseStd };
}

/** The binary scorer of one mode: the linear head, re-scored by trees in `linear+trees`. */
export interface BinaryScorer {
  binary: LinearHead;
  trees?: TreeEnsemble;
}

export function trainScorer(
  examples: readonly Example[],
  xs: readonly SparseVector[],
  dim: number,
  family: Family,
  options: ScorerOptions = DEFAULT_SCORER,
): BinaryScorer {
  const binary = trainBinaryHead(examples, xs, dim, options);
  return family === "linear+trees"
    ? { binary, trees: trainStackedTrees(examples, xs, dim, options) }
    : { binary };
}

/** Completes the heads of every mode: the given binary scorers plus a regime head. */
export function trainHeads(
  data: PreparedData,
  recipe: ModelRecipe,
  scorers: Record<InputMode, BinaryScorer>,
  log: Log,
): { config: VectorizerConfig; heads: Record<InputMode, ModeHeads> } {
  const config = vectorizerFor(data, recipe.groups);
  const dim = featureCount(config);
  const heads = {} as Record<InputMode, ModeHeads>;
  for (const mode of INPUT_MODES) {
    const started = performance.now();
    const examples = data.examples.train[mode];
    const regime = trainRegimeHead(examples, vectorizeExamples(config, examples), dim);
    heads[mode] = { ...scorers[mode], regime };
    log(
      `${mode}: regime head on ${examples.length} rows in ${
        ((performance.now() - started) / 1000).toFixed(1)
      } s`,
    );
  }
  return { config, heads };
}

export interface TrainedModel extends AssembledModel {
  calibration: CalibratorFile;
  cellReports: CellReport[];
}

export function trainModel(
  data: PreparedData,
  recipe: ModelRecipe,
  scorers: Record<InputMode, BinaryScorer>,
  log: Log,
): TrainedModel {
  const { config, heads } = trainHeads(data, recipe, scorers, log);
  const assembled = assembleModel(config, heads);
  const { file, reports } = calibrateCells(assembled.core, data.examples.calibration, SEED);
  log(
    `calibrated: ${
      reports.map((r) => `${r.cell} ${r.method} t=${r.threshold.toFixed(3)}`).join(", ")
    }`,
  );
  return { ...assembled, calibration: file, cellReports: reports };
}
