/**
 * Fits each cell's calibrator and threshold on the calibration split (never seen by training):
 * the calibration method with the lowest cross-fitted ECE, then the threshold with the best F1
 * of the calibrated probability; for multiclass also the regime head's softmax temperature.
 */
import { INPUT_MODES, type InputMode, TASKS } from "../../../shared/regimes.ts";
import {
  applyCalibrator,
  type CalibratorChoice,
  chooseCalibrator,
  goldenMinimum,
} from "../calibration.ts";
import { softmax } from "../linear.ts";
import { bestF1Threshold } from "../metrics.ts";
import {
  CALIBRATOR_FORMAT,
  type CalibratorFile,
  type CellCalibration,
  type CellName,
} from "../model_files.ts";
import type { ModelCore, RawScores } from "../model.ts";
import type { Example } from "./examples.ts";
import { REGIME_CLASSES } from "./heads.ts";

export const CALIBRATION_RULE =
  "per cell: Platt, temperature or isotonic, whichever has the lowest ECE under two-fold " +
  "cross-fitting on the calibration split, refitted on all of it; threshold = the calibrated " +
  "probability that maximises F1 on the calibration split";

export interface CellReport {
  cell: CellName;
  rows: number;
  choice: CalibratorChoice["crossFittedEce"];
  method: string;
  threshold: number;
  regimeTemperature?: number;
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
    const z = raws.map((r) => r.binaryLogit);
    const y = examples.map((e) => e.row.hallucinated);
    const choice = chooseCalibrator(z, y, seed);
    const probs = z.map((v) => applyCalibrator(choice.calibrator, v));
    const threshold = bestF1Threshold(probs, y);
    const regimeTemperature = fitRegimeTemperature(raws, examples);
    for (const task of TASKS) {
      const cell: CellName = `${task}/${mode}`;
      cells[cell] = {
        calibrator: choice.calibrator,
        threshold,
        ...(task === "multiclass" ? { regimeTemperature } : {}),
      };
      reports.push({
        cell,
        rows: examples.length,
        choice: choice.crossFittedEce,
        method: choice.calibrator.method,
        threshold,
        ...(task === "multiclass" ? { regimeTemperature } : {}),
      });
    }
  }
  return { file: { format: CALIBRATOR_FORMAT, rule: CALIBRATION_RULE, cells }, reports };
}
