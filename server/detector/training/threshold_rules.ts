/**
 * What the flag means across domains: the candidate rules for a cell's threshold, and their
 * comparison on the calibration split by two-fold cross-fitting (fitted on one group fold,
 * applied to the other), scored by pooled balanced accuracy and by the mean of the per-set
 * balanced accuracies. The shipped rule won that comparison (see CALIBRATION_RULE).
 */
import {
  balancedAccuracy,
  bestF1Threshold,
  bestMacroBalancedAccuracyThreshold,
  countsAt,
} from "../learners/metrics.ts";

type Rule = (
  probs: readonly number[],
  labels: readonly boolean[],
  sets: readonly string[],
) => number;

export const THRESHOLD_RULES = {
  "max F1, pooled": (p, y) => bestF1Threshold(p, y),
  "max balanced accuracy, pooled": (p, y, s) =>
    bestMacroBalancedAccuracyThreshold(p, y, s.map(() => "")),
  "max mean per-set balanced accuracy": bestMacroBalancedAccuracyThreshold,
} satisfies Record<string, Rule>;
export type ThresholdRule = keyof typeof THRESHOLD_RULES;
export const SHIPPED_THRESHOLD_RULE: ThresholdRule = "max mean per-set balanced accuracy";

/** Pooled and mean per-set balanced accuracy of flags p >= threshold (one threshold per row). */
export function flagAccuracy(
  probs: readonly number[],
  labels: readonly boolean[],
  sets: readonly string[],
  thresholds: readonly number[],
): { pooled: number; meanPerSet: number } {
  const flags = probs.map((p, i) => p >= thresholds[i] ? 1 : 0);
  const pooled = balancedAccuracy(countsAt(flags, labels, 1));
  const perSet = [...new Set(sets)].map((set) => {
    const idx = sets.flatMap((s, i) => s === set ? [i] : []);
    return balancedAccuracy(countsAt(idx.map((i) => flags[i]), idx.map((i) => labels[i]), 1));
  });
  return { pooled, meanPerSet: perSet.reduce((a, b) => a + b, 0) / perSet.length };
}

export interface ThresholdRuleResult {
  rule: ThresholdRule;
  crossFittedPooled: number;
  crossFittedMeanPerSet: number;
}

/** A rule fitted on one fold (0/1 per row) and applied to the other, scored on all rows. */
export function crossFittedFlagAccuracy(
  rule: ThresholdRule,
  probs: readonly number[],
  labels: readonly boolean[],
  sets: readonly string[],
  folds: readonly number[],
): { pooled: number; meanPerSet: number } {
  const fitted = [0, 1].map((f) => {
    const idx = folds.flatMap((g, i) => g !== f ? [i] : []);
    return THRESHOLD_RULES[rule](
      idx.map((i) => probs[i]),
      idx.map((i) => labels[i]),
      idx.map((i) => sets[i]),
    );
  });
  return flagAccuracy(probs, labels, sets, folds.map((f) => fitted[f]));
}

export function compareThresholdRules(
  probs: readonly number[],
  labels: readonly boolean[],
  sets: readonly string[],
  folds: readonly number[],
): ThresholdRuleResult[] {
  return (Object.keys(THRESHOLD_RULES) as ThresholdRule[]).map((rule) => {
    const scored = crossFittedFlagAccuracy(rule, probs, labels, sets, folds);
    return { rule, crossFittedPooled: scored.pooled, crossFittedMeanPerSet: scored.meanPerSet };
  });
}
