/**
 * Within-set class balance of the training weights (`setBalancedWeights`), compared on the
 * calibration split for the shipped recipe: each strength's held-out mean per-set AUROC and,
 * calibrated and thresholded as shipped (two-fold cross-fitted by group), its balanced accuracy
 * at the flag, per set and pooled, and its ECE. The shipped `CLASS_BALANCE` is the strength with
 * the best mean per-set balanced accuracy, averaged over the pr and ro cells.
 */
import { INPUT_MODES, type InputMode } from "../../../shared/regimes.ts";
import { auroc } from "../learners/metrics.ts";
import type { SparseVector } from "../signals/vectorize.ts";
import { calibrateBinary } from "./cell_calibration.ts";
import { CLASS_BALANCE } from "./examples.ts";
import { DEFAULT_SCORER } from "./heads.ts";
import { type Log, type PreparedData, SEED } from "./pipeline.ts";
import { heldOut, meanOf, perSetAuroc, type VariantResult } from "./selection.ts";
import { crossFittedFlagAccuracy, SHIPPED_THRESHOLD_RULE } from "./threshold_rules.ts";

const CLASS_BALANCE_STRENGTHS = [0, 0.5, 0.75, 1];

interface ClassBalanceCell {
  meanPerSetAuroc: number;
  pooledAuroc: number;
  /** Balanced accuracy at the cross-fitted flag: mean of the sets', and pooled. */
  meanPerSetBalancedAccuracy: number;
  pooledBalancedAccuracy: number;
  /** Cross-fitted ECE of the calibrator the rule picks. */
  ece: number;
}

export interface ClassBalanceResult {
  strength: number;
  shipped: boolean;
  cells: Record<InputMode, ClassBalanceCell>;
}

/** `shipped` is the variant trained at `CLASS_BALANCE`: its held-out scores are not recomputed. */
export function compareClassBalance(
  data: PreparedData,
  shipped: VariantResult,
  log: Log,
): ClassBalanceResult[] {
  const cache = new Map<string, SparseVector[][]>();
  return CLASS_BALANCE_STRENGTHS.map((strength) => {
    const started = performance.now();
    const cells = Object.fromEntries(INPUT_MODES.map((mode) => {
      const held = data.examples.calibration[mode];
      const scores = strength === CLASS_BALANCE
        ? shipped.heldScores[mode]
        : heldOut(data, shipped.recipe, mode, cache, undefined, {
          ...DEFAULT_SCORER,
          classBalance: strength,
        }).scores;
      const { choice, probs, labels, sets, folds } = calibrateBinary(scores, held, SEED);
      const flag = crossFittedFlagAccuracy(SHIPPED_THRESHOLD_RULE, probs, labels, sets, folds);
      return [mode, {
        meanPerSetAuroc: meanOf(perSetAuroc(held, scores)),
        pooledAuroc: auroc(scores, labels),
        meanPerSetBalancedAccuracy: flag.meanPerSet,
        pooledBalancedAccuracy: flag.pooled,
        ece: choice.crossFittedEce[choice.calibrator.method],
      }];
    })) as Record<InputMode, ClassBalanceCell>;
    log(
      `class balance ${strength}: mean per-set bal. acc pr ${
        cells.pr.meanPerSetBalancedAccuracy.toFixed(3)
      }, ro ${cells.ro.meanPerSetBalancedAccuracy.toFixed(3)} (${
        ((performance.now() - started) / 1000).toFixed(1)
      } s)`,
    );
    return { strength, shipped: strength === CLASS_BALANCE, cells };
  });
}
