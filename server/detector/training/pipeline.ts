/** The training run: corpus -> split -> features -> heads -> quantised model -> calibration. */
import { INPUT_MODES, type InputMode } from "../../../shared/regimes.ts";
import { buildCorpus, type BuiltRow, type Corpus } from "../corpus/corpus.ts";
import { type Split, splitCorpus } from "../corpus/split.ts";
import {
  featureCount,
  type FeatureGroups,
  fitStandardisation,
  type SparseVector,
  type VectorizerConfig,
} from "../signals/vectorize.ts";
import type { Semantics } from "../signals/alignment.ts";
import { Lexicon, type LexiconFile } from "../signals/lexicon.ts";
import { decodeWordVectors } from "../signals/word_vectors.ts";
import type { CalibratorFile } from "../inference/model_files.ts";
import { type AssembledModel, assembleModel } from "./assemble.ts";
import { calibrateCells, type CellReport } from "./cell_calibration.ts";
import type { LinearHead } from "../learners/linear.ts";
import type { TreeEnsemble } from "../learners/trees.ts";
import { type Example, examplesFor, vectorizeExamples } from "./examples.ts";
import { perturbedRows } from "./perturb.ts";
import { buildLexicon, buildWordVectors } from "./semantic_resources.ts";
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
  /** Whether the pr binary scorer also trains on the perturbed rows (perturb.ts). */
  perturbed?: boolean;
}

export interface PreparedData {
  corpus: Corpus;
  splits: Record<Split, BuiltRow[]>;
  /** Trainable rows only, per split and mode. */
  examples: Record<"train" | "calibration", Record<InputMode, Example[]>>;
  /** Edited training-split rows (pr only); never in calibration or test. */
  perturbed: Example[];
  denseMean: number[];
  denseStd: number[];
  semantics: Semantics;
  /** The semantic resources as the model files store them. */
  vectorBytes: Uint8Array;
  lexicon: LexiconFile;
}

export type Log = (message: string) => void;

export async function prepareData(dataDir: string, log: Log): Promise<PreparedData> {
  const corpus = await buildCorpus(dataDir, { onProgress: log });
  const splits = splitCorpus(corpus.rows);
  log(
    `split: train ${splits.train.length}, calibration ${splits.calibration.length}, test ${splits.test.length} rows`,
  );
  const [vectorBytes, lexicon] = await Promise.all([buildWordVectors(), buildLexicon()]);
  const semantics = {
    vectors: decodeWordVectors(vectorBytes),
    lexicon: new Lexicon(lexicon),
  };
  log(
    `semantic resources: ${semantics.vectors.words.length} word vectors, ${lexicon.synsets.length} synsets, ${lexicon.antonyms.length} antonym pairs`,
  );
  const started = performance.now();
  const perMode = (rows: BuiltRow[]) => {
    const trainable = rows.filter((r) => r.trainable);
    return {
      pr: examplesFor(trainable, "pr", semantics),
      ro: examplesFor(trainable, "ro", semantics),
    };
  };
  const examples = { train: perMode(splits.train), calibration: perMode(splits.calibration) };
  const perturbed = examplesFor(
    perturbedRows(splits.train.filter((r) => r.trainable), semantics, SEED),
    "pr",
    semantics,
  );
  log(`perturbed: ${perturbed.length} edited training rows`);
  const { mean, std } = fitStandardisation(
    [...examples.train.pr, ...examples.train.ro].map((e) => e.dense),
  );
  log(`dense features in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return {
    corpus,
    splits,
    examples,
    perturbed,
    denseMean: mean,
    denseStd: std,
    semantics,
    vectorBytes,
    lexicon,
  };
}

export function vectorizerFor(data: PreparedData, groups: FeatureGroups): VectorizerConfig {
  return {
    hashBits: HASH_BITS,
    groups,
    denseMean: data.denseMean,
    denseStd: data.denseStd,
    semantics: data.semantics,
  };
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
