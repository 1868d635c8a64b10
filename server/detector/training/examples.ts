/**
 * Turns corpus rows into per-mode training examples: a row counts once per input mode it is
 * meaningful for; `ro` examples never see the prompt.
 */
import type { InputMode } from "../../../shared/regimes.ts";
import type { CorpusRow } from "../corpus/types.ts";
import type { Semantics } from "../signals/alignment.ts";
import { denseFeatures } from "../signals/grounding.ts";
import { fnv1a } from "../../../shared/fnv1a.ts";
import { type SparseVector, vectorize, type VectorizerConfig } from "../signals/vectorize.ts";

export interface Example {
  row: CorpusRow;
  mode: InputMode;
  dense: Float32Array;
}

/** Examples of one mode, dense features computed once per row and mode. */
export function examplesFor(
  rows: readonly CorpusRow[],
  mode: InputMode,
  semantics: Semantics,
): Example[] {
  return rows.filter((r) => r.modes.includes(mode)).map((row) => ({
    row,
    mode,
    dense: denseFeatures(mode === "pr" ? row.prompt : undefined, row.response, semantics),
  }));
}

/** Fold 0 or 1 by a hash of the row's first group key: rows sharing a source stay together. */
export function groupFold(example: Example): number {
  return fnv1a(example.row.groups[0], 7) % 2;
}

export function vectorizeExamples(
  config: VectorizerConfig,
  examples: readonly Example[],
): SparseVector[] {
  return examples.map((e) => vectorize(config, e.row.prompt, e.row.response, e.mode, e.dense));
}

/** Per-row weight n_set^-exponent: at 0.5 a set's total weight grows with sqrt(size). */
export const SET_WEIGHT_EXPONENT = 0.5;

/**
 * The shipped within-set class balance (`setBalancedWeights`): the strength of those compared in
 * `class_balance.ts` with the best cross-fitted mean per-set balanced accuracy at the flag.
 */
export const CLASS_BALANCE = 0.75;

/**
 * Sample weights that keep large sets from dominating, normalised to mean 1. With
 * `classBalance` b > 0, each class of a set is also weighted by (twice its share of the set)^-b:
 * at 1 every set with both classes counts as half consistent, half hallucinated (its total
 * weight unchanged), so a set's base rate is no cue to the label and the model spends itself
 * on telling answers apart within a set.
 */
export function setBalancedWeights(
  examples: readonly Example[],
  exponent = SET_WEIGHT_EXPONENT,
  classBalance = 0,
): number[] {
  const counts = new Map<string, number>(), positives = new Map<string, number>();
  for (const { row } of examples) {
    counts.set(row.set, (counts.get(row.set) ?? 0) + 1);
    if (row.hallucinated) positives.set(row.set, (positives.get(row.set) ?? 0) + 1);
  }
  const classFactor = ({ row }: Example) => {
    const n = counts.get(row.set)!, pos = positives.get(row.set) ?? 0;
    if (classBalance === 0 || pos === 0 || pos === n) return 1;
    return ((2 * (row.hallucinated ? pos : n - pos)) / n) ** -classBalance;
  };
  const raw = examples.map((e) =>
    (e.row.weight ?? 1) * counts.get(e.row.set)! ** -exponent * classFactor(e)
  );
  const mean = raw.reduce((a, b) => a + b, 0) / Math.max(raw.length, 1);
  return raw.map((w) => w / mean);
}
