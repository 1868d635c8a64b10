/** Trains the heads of one input mode: the binary head and the regime head. */
import type { RawRegime } from "../../../shared/regimes.ts";
import { RAW_REGIMES } from "../../../shared/regimes.ts";
import type { SparseVector } from "../signals/vectorize.ts";
import {
  DEFAULT_TRAIN,
  type LinearHead,
  linearLogits,
  trainLinear,
  type TrainOptions,
} from "../learners/linear.ts";
import {
  type BoostOptions,
  DEFAULT_BOOST,
  trainTrees,
  type TreeEnsemble,
} from "../learners/trees.ts";
import {
  CLASS_BALANCE,
  type Example,
  groupFold,
  SET_WEIGHT_EXPONENT,
  setBalancedWeights,
} from "./examples.ts";

/** The regime head's classes: every raw regime except NORMAL. */
export const REGIME_CLASSES: RawRegime[] = RAW_REGIMES.filter((r) => r !== "NORMAL");

export interface ModeHeads {
  binary: LinearHead;
  regime: LinearHead;
  trees?: TreeEnsemble;
}

/** Inverse-frequency class weights (capped), so rare regimes such as FALSE_REFUSAL are heard. */
function classWeights(labels: readonly number[], classes: number): number[] {
  const counts = new Array(classes).fill(0);
  for (const l of labels) counts[l]++;
  const n = labels.length;
  return counts.map((c) => (c === 0 ? 0 : Math.min(20, n / (classes * c))));
}

export function trainRegimeHead(
  examples: readonly Example[],
  xs: readonly SparseVector[],
  dim: number,
): LinearHead {
  const idx = examples.map((e, i) => [e, i] as const).filter(([e]) => e.row.hallucinated);
  const labels = idx.map(([e]) => REGIME_CLASSES.indexOf(e.row.regime));
  const perClass = classWeights(labels, REGIME_CLASSES.length);
  const base = setBalancedWeights(idx.map(([e]) => e));
  const weights = labels.map((l, k) => perClass[l] * base[k]);
  return trainLinear(idx.map(([, i]) => xs[i]), labels, weights, REGIME_CLASSES.length, dim, {
    ...DEFAULT_TRAIN,
    epochs: 3,
  });
}

/** Settings of the binary scorer (defaults are the shipped ones; experiments vary them). */
export interface ScorerOptions {
  setWeightExponent: number;
  /** Within-set class balancing of the sample weights (`setBalancedWeights`). */
  classBalance: number;
  linear: TrainOptions;
  boost: BoostOptions;
}
export const DEFAULT_SCORER: ScorerOptions = {
  setWeightExponent: SET_WEIGHT_EXPONENT,
  classBalance: CLASS_BALANCE,
  linear: DEFAULT_TRAIN,
  boost: DEFAULT_BOOST,
};

export function trainBinaryHead(
  examples: readonly Example[],
  xs: readonly SparseVector[],
  dim: number,
  options: ScorerOptions = DEFAULT_SCORER,
): LinearHead {
  const labels = examples.map((e) => (e.row.hallucinated ? 1 : 0));
  const weights = setBalancedWeights(examples, options.setWeightExponent, options.classBalance);
  return trainLinear(xs, labels, weights, 1, dim, options.linear);
}

/** Tree inputs: dense features then the linear logit. */
export function treeInputs(dense: Float32Array, logit: number): number[] {
  return [...dense, logit];
}

/**
 * Stacked trees: the linear logit they see must be out-of-fold, or the trees would learn to
 * trust an over-fitted score. Two folds by group (`groupFold`).
 */
export function trainStackedTrees(
  examples: readonly Example[],
  xs: readonly SparseVector[],
  dim: number,
  options: ScorerOptions = DEFAULT_SCORER,
): TreeEnsemble {
  const fold = examples.map(groupFold);
  const oof = new Array<number>(examples.length);
  for (const f of [0, 1]) {
    const fitIdx = examples.map((_, i) => i).filter((i) => fold[i] !== f);
    const head = trainBinaryHead(
      fitIdx.map((i) => examples[i]),
      fitIdx.map((i) => xs[i]),
      dim,
      options,
    );
    examples.forEach((_, i) => {
      if (fold[i] === f) oof[i] = linearLogits(head, xs[i])[0];
    });
  }
  const rows = xs.map((x, i) => treeInputs(x.dense, oof[i]));
  const labels = examples.map((e) => e.row.hallucinated);
  return trainTrees(
    rows,
    labels,
    setBalancedWeights(examples, options.setWeightExponent, options.classBalance),
    options.boost,
  );
}
