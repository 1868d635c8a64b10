/**
 * The model card (docs/model-card.md, written by `deno task eval`): its prose is the template
 * model_card.template.md beside this file, whose `{{name}}` placeholders are filled here from the
 * evaluation report, each once, in one pass (a filled value is never read for placeholders).
 */
import { CALIBRATION_METHODS } from "../learners/calibrators.ts";
import { SEMANTIC_MIN_GAIN } from "../training/selection.ts";
import type { AlignmentStudy } from "../training/alignment_study.ts";
import type { TrainingReport } from "../training/report.ts";
import type { CellResult } from "./cells.ts";
import type { LatencyResult, ReadinessResult } from "./latency.ts";
import type { PeerResult } from "./peers.ts";
import {
  cellTable,
  confusionTable,
  f3,
  latencyTable,
  peerShortfalls,
  peerTable,
  perSetTable,
  readinessText,
  regimeTable,
  table,
  worstSetEce,
} from "./tables.ts";
import {
  ablationTable,
  alignmentStudySection,
  classBalanceTable,
  thresholdRuleTable,
} from "./training_sections.ts";

const TEMPLATE = new URL("./model_card.template.md", import.meta.url);

export interface EvalReport {
  modelVersion: string;
  calibratorVersion: string;
  modelBytes: number;
  cells: CellResult[];
  latency: LatencyResult[];
  readiness: ReadinessResult;
  training: TrainingReport;
  testRowsPerSet: Record<string, number>;
  peers: PeerResult[];
  /** `deno task train:alignment`'s output, when it has been run. */
  alignmentStudy?: AlignmentStudy;
}

/** Why a set stays below 0.60 AUROC: what its labels need that lexical features do not see. */
const LOW_SET_REASONS: Record<string, string> = {
  diahalu: "evaluation only; below 0.5, so the cues learnt on the training sets point the " +
    "wrong way on its dialogue turns, whose errors need knowledge the turn does not carry",
  felm_nonwk: "evaluation only; below 0.5: math and reasoning errors need computation, " +
    "which lexical grounding cannot see",
  fib: "evaluation only; faithful and unfaithful summaries are near-copies of the document",
  haluquestqa: "long-form answers whose errors need world knowledge beyond the question",
  qevasion: "40 test rows: too few for a stable AUROC; evasion needs discourse understanding",
  summedits: "single-word edits that reuse document words; needs sentence-level entailment",
  "summac_pieces/polytope": "evaluation only (no licence, unlike the rest of summac_pieces); " +
    "below 0.5: the cues learnt on the other summaries point the wrong way on its CNN/DM " +
    "summaries' additions and inaccuracies",
  aggrefact_error_types: "evaluation only; error types of abstractive summaries",
};

function lowSetNotes(report: EvalReport): string {
  const low = new Set(
    report.cells.filter((c) => c.task === "binary").flatMap((c) =>
      Object.entries(c.perSet).filter(([, m]) => m.auroc < 0.6).map(([set]) => set)
    ),
  );
  return [...low].sort().map((set) => `- ${set}: ${LOW_SET_REASONS[set] ?? "not analysed"}.`)
    .join("\n");
}

/** The targets next to what this model reaches on the test split. */
export function targetsTable(report: EvalReport): string {
  const cell = (task: string, mode: string) =>
    report.cells.find((c) => c.task === task && c.mode === mode)!;
  const bpr = cell("binary", "pr"), bro = cell("binary", "ro"), mpr = cell("multiclass", "pr");
  const refusal = mpr.regimes!.find((r) => r.regime === "FALSE_REFUSAL")!;
  const low = report.cells.filter((c) => c.task === "binary").flatMap((c) =>
    Object.entries(c.perSet).filter(([, m]) => m.auroc < 0.6).map(([set, m]) =>
      `${set} ${c.mode} ${f3(m.auroc)}`
    )
  );
  const big = report.latency.find((l) => l.label.startsWith("2,048 + 2,048"))!;
  return table(["target", "reached"], [
    [
      "binary pr AUROC mean per set >= 0.80 (pooled >= 0.85)",
      `${f3(bpr.meanPerSetAuroc)} (pooled ${f3(bpr.overall.auroc)})`,
    ],
    ["binary ro AUROC mean per set >= 0.72", f3(bro.meanPerSetAuroc)],
    ["no set below 0.60", low.length ? `below: ${low.join(", ")}` : "none below"],
    [
      "ECE <= 0.05 per cell",
      report.cells.map((c) => `${c.task}/${c.mode} ${f3(c.overall.ece)}`).join(", "),
    ],
    [
      "FALSE_REFUSAL recall >= 0.85 at precision >= 0.85 (multiclass/pr)",
      `recall ${f3(refusal.recall)}, precision ${f3(refusal.precision)}`,
    ],
    [
      "CF_AUTH AUROC >= 0.80 within citation sets",
      report.cells.filter((c) => c.task === "multiclass").map((c) =>
        `${c.mode} ${f3(c.cfAuthCitationAuroc!)}`
      ).join(", "),
    ],
    [
      "p95 <= 300 ms at 2,048 + 2,048 characters (pr with evidence: the encoder reads it)",
      `${big.p95Ms.toFixed(2)} ms`,
    ],
    ["model files (size said)", `${(report.modelBytes / 1e6).toFixed(2)} MB`],
    ["ready <= 2 s after launch", readinessText(report.readiness)],
  ]);
}

/** `template` with each `{{name}}` replaced by `values[name]`; a name without a value throws. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`model card template: no value for {{${name}}}`);
    return String(values[name]);
  });
}

/** The card's values, by the template's placeholder names. */
function cardValues(report: EvalReport, svgName: string): Record<string, string | number> {
  const t = report.training;
  const trainable = new Map(t.sets.map((s) => [s.set, s.trainable]));
  const multi = report.cells.filter((c) => c.task === "multiclass");
  return {
    model_version: report.modelVersion,
    calibrator_version: report.calibratorVersion,
    model_mb: (report.modelBytes / 1e6).toFixed(2),
    family: t.recipe.family,
    feature_groups: Object.entries(t.recipe.groups).filter(([, on]) => on).map(([g]) => g)
      .join(", "),
    class_balance_strength: t.classBalance.find((c) => c.shipped)?.strength ?? 0,
    train_rows: t.splitRows.train,
    calibration_rows: t.splitRows.calibration,
    test_rows: t.splitRows.test,
    sets_table: table(
      ["set", "licence", "trained on", "rows", "test rows"],
      t.sets.map((s) => [
        s.set,
        s.licence,
        s.trainable ? "yes" : "eval only",
        s.rows,
        report.testRowsPerSet[s.set] ?? 0,
      ]),
    ),
    targets_table: targetsTable(report),
    peer_table: peerTable(report.peers),
    peer_shortfalls: peerShortfalls(report.peers),
    cell_table: cellTable(report.cells),
    per_set_table: perSetTable(report.cells, trainable),
    regime_sections: multi.map((c) =>
      `#### multiclass/${c.mode}\nCF_AUTH AUROC within citation sets: ${
        f3(c.cfAuthCitationAuroc!)
      }\n\n${regimeTable(c)}\n\nConfusion matrix:\n\n${confusionTable(c)}`
    ).join("\n\n"),
    calibration_rule: t.calibrationRule,
    calibration_table: table(
      ["cell", "chosen", "threshold", `cross-fitted ECE: ${CALIBRATION_METHODS.join(" / ")}`],
      t.calibration.map((c) => [
        c.cell,
        c.method,
        f3(c.threshold),
        CALIBRATION_METHODS.map((m) => f3(c.choice[m])).join(" / "),
      ]),
    ),
    threshold_rule_table: thresholdRuleTable(t),
    class_balance_table: classBalanceTable(t),
    svg_name: svgName,
    ablation_table: ablationTable(t, report.alignmentStudy),
    semantic_min_gain: SEMANTIC_MIN_GAIN,
    perturbed_note: t.recipe.perturbed ? ", with perturbation data" : "",
    alignment_study: alignmentStudySection(report.alignmentStudy),
    latency_table: latencyTable(report.latency),
    readiness: readinessText(report.readiness),
    low_set_notes: lowSetNotes(report),
    worst_set_ece: worstSetEce(report.cells, trainable),
    worst_cell_ece: f3(Math.max(...report.cells.map((c) => c.overall.ece))),
  };
}

export function modelCard(report: EvalReport, svgName: string): string {
  return fillTemplate(Deno.readTextFileSync(TEMPLATE), cardValues(report, svgName));
}
