/** Scores the test split with the shipped detector and computes the metrics of every cell. */
import {
  INPUT_MODES,
  type InputMode,
  PUBLIC_REGIMES,
  type Task,
  TASKS,
  toPublicRegime,
} from "../../../shared/regimes.ts";
import type { BuiltRow } from "../corpus/corpus.ts";
import {
  auroc,
  balancedAccuracy,
  countsAt,
  expectedCalibrationError,
  precisionRecallF1,
  type ReliabilityBin,
  reliabilityBins,
} from "../learners/metrics.ts";
import type { CalibratedDetector } from "../inference/model.ts";

export interface BinaryMetrics {
  n: number;
  positives: number;
  auroc: number;
  balancedAccuracy: number;
  precision: number;
  recall: number;
  f1: number;
  ece: number;
}

export interface RegimeMetrics {
  regime: string;
  support: number;
  precision: number;
  recall: number;
  /** One-vs-rest AUROC of the regime's score. */
  auroc: number;
}

export interface CellResult {
  task: Task;
  mode: InputMode;
  threshold: number;
  overall: BinaryMetrics;
  perSet: Record<string, BinaryMetrics>;
  /** Mean of per-set AUROCs over the sets the model trained on. */
  meanPerSetAuroc: number;
  /** The same over every set, evaluation-only sets included. */
  meanPerSetAurocAll: number;
  reliability: ReliabilityBin[];
  regimes?: RegimeMetrics[];
  /** confusion[true public regime][predicted top regime]. */
  confusion?: Record<string, Record<string, number>>;
  /** CF_AUTH one-vs-rest AUROC inside the citation sets. */
  cfAuthCitationAuroc?: number;
}

export const CITATION_SETS = ["hallmark_citations", "hallucinated_references"];

/** Metrics of scored rows; precision, recall and balanced accuracy at each call's own flag. */
function binaryMetrics(scored: readonly Scored[]): BinaryMetrics {
  const probs = scored.map((s) => s.p), labels = scored.map((s) => s.row.hallucinated);
  const counts = countsAt(scored.map((s) => (s.flag ? 1 : 0)), labels, 1);
  return {
    n: probs.length,
    positives: labels.filter(Boolean).length,
    auroc: auroc(probs, labels),
    balancedAccuracy: balancedAccuracy(counts),
    ...precisionRecallF1(counts),
    ece: expectedCalibrationError(probs, labels),
  };
}

interface Scored {
  row: BuiltRow;
  p: number;
  flag: boolean;
  /** Public regime -> p (multiclass only). */
  regimes?: Map<string, number>;
  top: string;
}

export async function evaluateCells(
  detector: CalibratedDetector,
  rows: readonly BuiltRow[],
): Promise<CellResult[]> {
  const results: CellResult[] = [];
  for (const mode of INPUT_MODES) {
    const modeRows = rows.filter((r) => r.modes.includes(mode));
    for (const task of TASKS) {
      const scored: Scored[] = [];
      for (const row of modeRows) {
        const out = await detector.score({
          prompt: row.prompt,
          response: row.response,
          task,
          inputMode: mode,
        });
        scored.push({
          row,
          p: out.p_hallucination,
          flag: out.flag,
          top: out.top_regime,
          regimes: task === "multiclass"
            ? new Map(out.regime_scores.map((s) => [s.regime, s.p]))
            : undefined,
        });
      }
      results.push(cellResult(detector, task, mode, scored));
    }
  }
  return results;
}

/**
 * The set a test row is reported under. The evaluation-only rows of a set whose other rows are
 * trained on (summac_pieces' Polytope, which has no licence) are reported apart, as `set/part`, so
 * that a trained set's figures cover the rows it trained on, as on the calibration split.
 */
function reportedSet(row: BuiltRow, trainedSets: ReadonlySet<string>): string {
  return row.trainable || !trainedSets.has(row.set) ? row.set : `${row.set}/${row.part}`;
}

function cellResult(
  detector: CalibratedDetector,
  task: Task,
  mode: InputMode,
  scored: Scored[],
): CellResult {
  const threshold = detector.calibration.cells[`${task}/${mode}`].threshold;
  const probs = scored.map((s) => s.p), labels = scored.map((s) => s.row.hallucinated);
  const trainedSets = new Set(scored.filter((s) => s.row.trainable).map((s) => s.row.set));
  const reported = scored.map((s) => reportedSet(s.row, trainedSets));
  const perSet: Record<string, BinaryMetrics> = {};
  for (const set of [...new Set(reported)].sort()) {
    const sub = scored.filter((_, i) => reported[i] === set);
    perSet[set] = binaryMetrics(sub);
  }
  const mean = (sets: string[]) => {
    const values = sets.map((set) => perSet[set].auroc).filter((a) => !Number.isNaN(a));
    return values.reduce((a, b) => a + b, 0) / values.length;
  };
  const result: CellResult = {
    task,
    mode,
    threshold,
    overall: binaryMetrics(scored),
    perSet,
    meanPerSetAuroc: mean(Object.keys(perSet).filter((set) => trainedSets.has(set))),
    meanPerSetAurocAll: mean(Object.keys(perSet)),
    reliability: reliabilityBins(probs, labels),
  };
  if (task === "multiclass") Object.assign(result, regimeResults(scored));
  return result;
}

function regimeResults(scored: Scored[]) {
  const truth = scored.map((s) => toPublicRegime(s.row.regime));
  const confusion: Record<string, Record<string, number>> = {};
  for (const t of PUBLIC_REGIMES) {
    confusion[t] = Object.fromEntries(PUBLIC_REGIMES.map((p) => [p, 0]));
  }
  scored.forEach((s, i) => confusion[truth[i]][s.top]++);
  const regimes: RegimeMetrics[] = PUBLIC_REGIMES.map((regime) => {
    const tp = confusion[regime][regime];
    const predicted = PUBLIC_REGIMES.reduce((n, t) => n + confusion[t][regime], 0);
    const support = truth.filter((t) => t === regime).length;
    return {
      regime,
      support,
      precision: predicted === 0 ? 0 : tp / predicted,
      recall: support === 0 ? 0 : tp / support,
      auroc: auroc(scored.map((s) => s.regimes!.get(regime) ?? 0), truth.map((t) => t === regime)),
    };
  });
  const citation = scored.map((s, i) => [s, truth[i]] as const).filter(([s]) =>
    CITATION_SETS.includes(s.row.set)
  );
  const cfAuthCitationAuroc = auroc(
    citation.map(([s]) => s.regimes!.get("CF_AUTH") ?? 0),
    citation.map(([, t]) => t === "CF_AUTH"),
  );
  return { regimes, confusion, cfAuthCitationAuroc };
}
