/**
 * Fits each cell's calibrators and threshold on the calibration split (never seen by training);
 * the rule is CALIBRATION_RULE below.
 */
import {
  INPUT_MODES,
  type InputMode,
  PUBLIC_REGIMES,
  TASKS,
  toPublicRegime,
} from "../../../shared/regimes.ts";
import {
  applyCalibrator,
  type CalibratorChoice,
  chooseCalibrator,
  goldenMinimum,
} from "../learners/calibrators.ts";
import { softmax } from "../learners/linear.ts";
import {
  CALIBRATOR_FORMAT,
  type CalibratorFile,
  type CellCalibration,
  type CellName,
} from "../inference/model_files.ts";
import {
  type ModelCore,
  multiclassOutput,
  multiclassScores,
  type RawScores,
} from "../inference/model.ts";
import { type Example, groupFold } from "./examples.ts";
import { REGIME_CLASSES } from "./heads.ts";
import {
  compareThresholdRules,
  SHIPPED_THRESHOLD_RULE,
  THRESHOLD_RULES,
  type ThresholdRuleResult,
} from "./threshold_rules.ts";

export const CALIBRATION_RULE =
  "per cell: the binary logit is calibrated by the identity (the raw sigmoid), Platt, " +
  "temperature or isotonic (knots on >= 50 rows), whichever has the lowest ECE under two-fold " +
  "cross-fitting on the calibration split (folds by group, so rows sharing a source stay " +
  "together), refitted on all of it; " +
  "multiclass cells add a softmax temperature for the regime head and per-regime exponents and " +
  "log offsets (coordinate ascent on the macro-F1 of top_regime); p_hallucination stays " +
  "calibrated; threshold = the p_hallucination that maximises the mean of the per-set balanced " +
  "accuracies on the calibration split (what the flag means within any one domain; chosen over " +
  "pooled F1 and pooled balanced accuracy by the cross-fitted comparison below)";

export interface CellReport {
  cell: CellName;
  rows: number;
  choice: CalibratorChoice["crossFittedEce"];
  method: string;
  threshold: number;
  regimeTemperature?: number;
  /** Binary cells: every threshold rule, cross-fitted on the calibration split. */
  thresholdRules?: ThresholdRuleResult[];
}

/** The cell's flag threshold by the rule above. */
function flagThreshold(probs: readonly number[], examples: readonly Example[]): number {
  return THRESHOLD_RULES[SHIPPED_THRESHOLD_RULE](
    probs,
    examples.map((e) => e.row.hallucinated),
    examples.map((e) => e.row.set),
  );
}

/** Softmax temperature of the regime head minimising log loss on hallucinated rows. */
function fitRegimeTemperature(raws: readonly RawScores[], examples: readonly Example[]): number {
  const pairs = examples.map((e, i) => [e, raws[i]] as const).filter(([e]) => e.row.hallucinated);
  if (pairs.length === 0) return 1;
  const loss = (logT: number) => {
    const t = Math.exp(logT);
    let s = 0;
    for (const [e, r] of pairs) {
      const q = softmax(r.regimeLogits.map((z) => z / t));
      s -= Math.log(Math.max(q[REGIME_CLASSES.indexOf(e.row.regime)], 1e-12));
    }
    return s;
  };
  return Math.exp(goldenMinimum(loss, -3, 3));
}

/** Macro-F1 of the arg-max regime over the regimes present in `truth`. */
function macroF1(predicted: readonly string[], truth: readonly string[]): number {
  const present = [...new Set(truth)];
  let sum = 0;
  for (const regime of present) {
    let tp = 0, fp = 0, fn = 0;
    predicted.forEach((p, i) => {
      if (p === regime && truth[i] === regime) tp++;
      else if (p === regime) fp++;
      else if (truth[i] === regime) fn++;
    });
    sum += tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  }
  return sum / present.length;
}

const BIAS_GRID = Array.from({ length: 33 }, (_, i) => -4 + i * 0.25);
/** Exponents tried per regime: an offset alone cannot fix a regime whose scores are too flat. */
const SLOPE_GRID = [0.5, 0.75, 1, 1.5, 2, 3];

/**
 * Per-regime calibration of a multiclass cell: per public regime an exponent and a log-space
 * offset (NORMAL fixed at 1 and 0), slope * log p + bias, by coordinate ascent on the macro-F1 of
 * top_regime over the calibration split.
 * p_hallucination and its threshold stay those of the calibrated binary probability.
 */
function calibrateRegimes(
  core: ModelCore,
  base: CellCalibration,
  raws: readonly RawScores[],
  examples: readonly Example[],
): CellCalibration {
  const split = raws.map((r) =>
    multiclassScores(
      core,
      applyCalibrator(base.calibrator, r.binaryLogit),
      r.regimeLogits,
      base.regimeTemperature!,
    )
  );
  const truth = examples.map((e) => toPublicRegime(e.row.regime));
  const logScores = split.map((scores) =>
    PUBLIC_REGIMES.map((regime) => Math.log(scores.find((s) => s.regime === regime)?.p ?? 1e-12))
  );
  const bias = PUBLIC_REGIMES.map(() => 0);
  const slope = PUBLIC_REGIMES.map(() => 1);
  const predict = () =>
    logScores.map((row) => {
      let best = 0, bestValue = -Infinity;
      for (let k = 0; k < row.length; k++) {
        const value = slope[k] * row[k] + bias[k];
        if (value > bestValue) [best, bestValue] = [k, value];
      }
      return PUBLIC_REGIMES[best];
    });
  let current = macroF1(predict(), truth);
  for (let pass = 0; pass < 3; pass++) {
    for (let k = 1; k < PUBLIC_REGIMES.length; k++) {
      let [bestSlope, bestBias] = [slope[k], bias[k]];
      for (const s of SLOPE_GRID) {
        for (const b of BIAS_GRID) {
          [slope[k], bias[k]] = [s, b];
          const f1 = macroF1(predict(), truth);
          if (f1 > current + 1e-12) [current, bestSlope, bestBias] = [f1, s, b];
        }
      }
      [slope[k], bias[k]] = [bestSlope, bestBias];
    }
  }
  const cell = {
    ...base,
    regimeBias: Object.fromEntries(PUBLIC_REGIMES.map((r, k) => [r, bias[k]])),
    regimeSlope: Object.fromEntries(PUBLIC_REGIMES.map((r, k) => [r, slope[k]])),
  };
  const p = raws.map((r) => multiclassOutput(core, cell, r).p);
  return { ...cell, threshold: flagThreshold(p, examples) };
}

/**
 * A binary cell's calibration: the calibrator chosen by cross-fitted ECE (folds by group) on the
 * examples' raw logits `z`, its probabilities, and what the flag rules are fitted on.
 */
export function calibrateBinary(z: readonly number[], examples: readonly Example[], seed: number) {
  const labels = examples.map((e) => e.row.hallucinated);
  const folds = examples.map(groupFold);
  const choice = chooseCalibrator(z, labels, seed, folds);
  return {
    choice,
    probs: z.map((v) => applyCalibrator(choice.calibrator, v)),
    labels,
    sets: examples.map((e) => e.row.set),
    folds,
  };
}

export function calibrateCells(
  core: ModelCore,
  calibrationExamples: Record<InputMode, Example[]>,
  seed: number,
): { file: CalibratorFile; reports: CellReport[] } {
  const cells = {} as Record<CellName, CellCalibration>;
  const reports: CellReport[] = [];
  for (const mode of INPUT_MODES) {
    const examples = calibrationExamples[mode];
    const raws = examples.map((e) => core.raw(e.row.prompt, e.row.response, mode));
    const { choice, probs, labels, sets, folds } = calibrateBinary(
      raws.map((r) => r.binaryLogit),
      examples,
      seed,
    );
    const threshold = flagThreshold(probs, examples);
    const thresholdRules = compareThresholdRules(probs, labels, sets, folds);
    const regimeTemperature = fitRegimeTemperature(raws, examples);
    cells[`binary/${mode}`] = { calibrator: choice.calibrator, threshold };
    const multiclass = calibrateRegimes(
      core,
      { calibrator: choice.calibrator, threshold, regimeTemperature },
      raws,
      examples,
    );
    cells[`multiclass/${mode}`] = multiclass;
    for (const task of TASKS) {
      const cell = cells[`${task}/${mode}`];
      reports.push({
        cell: `${task}/${mode}`,
        rows: examples.length,
        choice: choice.crossFittedEce,
        method: task === "binary"
          ? choice.calibrator.method
          : `${choice.calibrator.method} + per-regime exponents and offsets`,
        threshold: cell.threshold,
        ...(task === "multiclass" ? { regimeTemperature } : { thresholdRules }),
      });
    }
  }
  return { file: { format: CALIBRATOR_FORMAT, rule: CALIBRATION_RULE, cells }, reports };
}
