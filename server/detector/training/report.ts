/**
 * The training report: what `deno task train` records beside the model (training-report.json,
 * TRAINING_REPORT_FILE), read back by the alignment study and by `deno task eval` for the card.
 */
import type { ModelRecipe } from "./pipeline.ts";
import type { VariantScores } from "./selection.ts";
import type { CellReport } from "./cell_calibration.ts";
import type { ClassBalanceResult } from "./class_balance.ts";

/** What training recorded beside the model (training-report.json). */
export interface TrainingReport {
  sets: { set: string; licence: string; trainable: boolean; rows: number }[];
  splitRows: Record<string, number>;
  recipe: ModelRecipe;
  selection: VariantScores[];
  classBalance: ClassBalanceResult[];
  calibration: Pick<CellReport, "cell" | "method" | "threshold" | "choice" | "thresholdRules">[];
  calibrationRule: string;
}
