/**
 * The exact checks measured: the twin set (templates, twin_templates.ts, and real documents with
 * an edited number, twin_documents.ts), built from one seed; its tuning part fits the fusion
 * (`deno task calibrate:checks`), its held-out part is only measured here. Per check, on the
 * held-out twins: precision (wrong twins among the rows the check contradicts) and recall (wrong
 * twins of its kind it contradicts); on the labelled test split, how often it contradicts rows
 * labelled faithful; the twin set scored before (model alone) and after (with the checks) at
 * each cell's flag, whole and per check's kind, against the goal a check we keep must reach; the
 * latency the checks add.
 */
import type { BuiltRow } from "../corpus/corpus.ts";
import type { CheckedDetector } from "../checks/checked_detector.ts";
import { CHECK_KINDS, type CheckKind, INTERNAL_KINDS } from "../checks/finding.ts";
import { findingEvidence, type FusionRow } from "../checks/fusion.ts";
import type { CalibratedDetector } from "../inference/model.ts";
import type { Detector, ScoreOutput } from "../inference/types.ts";
import { auroc } from "../learners/metrics.ts";
import { documentTwins } from "./twin_documents.ts";
import { templateTwins, type TwinPair, type TwinPart } from "./twin_templates.ts";
import type { LatencyResult } from "./latency.ts";
import type { ProbeScores } from "./probes.ts";

export const TWIN_SEED = 21;
/** Template pairs per kind and part; real-document pairs per part. */
export const TEMPLATE_PAIRS_PER_KIND = 60;
export const DOCUMENT_PAIRS = 400;
/** What a check we keep reaches on its kind's held-out twins, scored with the checks. */
const CHECK_GOAL = { auroc: 0.9, precision: 0.9, recall: 0.7 };

/** The whole twin set: tuning part from the calibration split, held-out from the test split. */
export function twinSet(
  split: { calibration: readonly BuiltRow[]; test: readonly BuiltRow[] },
  now: Date,
  seed = TWIN_SEED,
): TwinPair[] {
  return [
    ...templateTwins(seed, TEMPLATE_PAIRS_PER_KIND, now),
    ...documentTwins(split.calibration, "tune", seed, DOCUMENT_PAIRS),
    ...documentTwins(split.test, "held_out", seed + 1, DOCUMENT_PAIRS),
  ];
}

export interface TwinRow {
  pair: TwinPair;
  hallucinated: boolean;
  text: string;
}

export const twinRows = (pairs: readonly TwinPair[], part: TwinPart): TwinRow[] =>
  pairs.filter((p) => p.part === part).flatMap((pair) => [
    { pair, hallucinated: true, text: pair.wrong },
    { pair, hallucinated: false, text: pair.right },
  ]);

const inputOf = (row: { prompt?: string; text: string }) => ({
  prompt: row.prompt,
  response: row.text,
  task: "binary" as const,
  inputMode: row.prompt ? "pr" as const : "ro" as const,
});

/** Rows for the fusion's fit: each row's model p, its findings' group, its label. */
export function fusionRows(
  checked: CheckedDetector,
  rows: readonly { prompt?: string; text: string; hallucinated: boolean; modes?: string[] }[],
): FusionRow[] {
  return rows.flatMap((row) => {
    const input = inputOf(row);
    const evidence = findingEvidence(checked.findings(input));
    if (!evidence) return [];
    const pDetector = checked.scoreUnchecked(input).p_hallucination;
    return [{ ...evidence, pDetector, hallucinated: row.hallucinated }];
  });
}

export interface CheckFigures {
  kind: CheckKind;
  /** Held-out twins: rows contradicted by this check, of them wrong twins; wrong twins of its kind. */
  contradicted: number;
  onWrong: number;
  wrongOfKind: number;
  caughtOfKind: number;
  /** Right twins of its kind with a consistent finding of this check. */
  rightOfKind: number;
  confirmedOfKind: number;
  /** Labelled test split: rows contradicted, and of them rows labelled faithful. */
  testContradicted: number;
  testFaithful: number;
}

export interface TwinScores {
  label: string;
  rows: number;
  auroc: number;
  precision: number;
  recall: number;
  flagged: number;
  /** Right twins flagged: each a false alarm at the flag. */
  rightFlagged: number;
}

export interface ExactChecksReport {
  heldOutPairs: number;
  tunePairs: number;
  sources: Record<string, number>;
  checks: CheckFigures[];
  before: TwinScores[];
  after: TwinScores[];
  testRows: number;
  latency: { base: LatencyResult[]; checked: LatencyResult[] };
  probes: ProbeScores[];
}

/** A scored answer with its label, and the kind of check that should catch it when wrong. */
export interface LabelledScore {
  kind: string;
  hallucinated: boolean;
  out: ScoreOutput;
}

/** AUROC, and precision and recall at the flag, of labelled scored answers. */
export function scoreFigures(label: string, scored: readonly LabelledScore[]): TwinScores {
  const y = scored.map((s) => s.hallucinated);
  const tp = scored.filter((s) => s.out.flag && s.hallucinated).length;
  const flagged = scored.filter((s) => s.out.flag).length;
  return {
    label,
    rows: scored.length,
    auroc: auroc(scored.map((s) => s.out.p_hallucination), y),
    precision: flagged ? tp / flagged : 0,
    recall: tp / y.filter(Boolean).length,
    flagged,
    rightFlagged: flagged - tp,
  };
}

/**
 * The twin set scored by `detector`: all held-out rows, the template part, the documents, then
 * the twins of each check's kind.
 */
async function twinScores(detector: Detector, rows: readonly TwinRow[]): Promise<TwinScores[]> {
  const scored: (LabelledScore & { document: boolean })[] = [];
  for (const row of rows) {
    scored.push({
      kind: row.pair.kind,
      hallucinated: row.hallucinated,
      document: row.pair.source.startsWith("document"),
      out: await detector.score(inputOf({ prompt: row.pair.prompt, text: row.text })),
    });
  }
  return [
    scoreFigures("all held-out twins", scored),
    scoreFigures("templates", scored.filter((s) => !s.document)),
    scoreFigures("real documents, one number edited", scored.filter((s) => s.document)),
    ...CHECK_KINDS.map((kind) => scoreFigures(kind, scored.filter((s) => s.kind === kind))),
  ];
}

/** Whether a kind's twins, scored with the checks, reach the goal of a check we keep. */
const meetsCheckGoal = (s: TwinScores) =>
  s.auroc >= CHECK_GOAL.auroc && s.precision >= CHECK_GOAL.precision &&
  s.recall >= CHECK_GOAL.recall;

export async function evaluateExactChecks(
  checked: CheckedDetector,
  base: CalibratedDetector,
  pairs: readonly TwinPair[],
  test: readonly BuiltRow[],
  latency: ExactChecksReport["latency"],
  probes: ProbeScores[],
): Promise<ExactChecksReport> {
  const held = twinRows(pairs, "held_out");
  const found = held.map((row) =>
    checked.findings({
      prompt: row.pair.prompt,
      response: row.text,
      inputMode: row.pair.prompt ? "pr" : "ro",
    })
      .flatMap((c) => c.findings)
  );
  const testFound = test.map((row) => {
    const mode = row.modes.includes("pr") && row.prompt ? "pr" : "ro";
    return checked.findings({ prompt: row.prompt, response: row.response, inputMode: mode })
      .flatMap((c) => c.findings);
  });
  const checks = CHECK_KINDS.map((kind): CheckFigures => {
    const contradicts = (fs: (typeof found)[number]) =>
      fs.some((f) => f.kind === kind && f.verdict === "contradicted");
    const confirms = (fs: (typeof found)[number]) =>
      fs.some((f) => f.kind === kind && f.verdict === "consistent");
    const rowsContradicted = held.filter((_, i) => contradicts(found[i]));
    const ofKind = held.map((row, i) => ({ row, fs: found[i] })).filter((x) =>
      x.row.pair.kind === kind
    );
    const testHit = test.filter((_, i) => contradicts(testFound[i]));
    return {
      kind,
      contradicted: rowsContradicted.length,
      onWrong: rowsContradicted.filter((r) => r.hallucinated).length,
      wrongOfKind: ofKind.filter((x) => x.row.hallucinated).length,
      caughtOfKind: ofKind.filter((x) => x.row.hallucinated && contradicts(x.fs)).length,
      rightOfKind: ofKind.filter((x) => !x.row.hallucinated).length,
      confirmedOfKind: ofKind.filter((x) => !x.row.hallucinated && confirms(x.fs)).length,
      testContradicted: testHit.length,
      testFaithful: testHit.filter((r) => !r.hallucinated).length,
    };
  });
  const sources: Record<string, number> = {};
  for (const p of pairs.filter((p) => p.part === "held_out")) {
    const key = p.source.startsWith("document") ? p.source : "templates";
    sources[key] = (sources[key] ?? 0) + 1;
  }
  return {
    heldOutPairs: held.length / 2,
    tunePairs: pairs.filter((p) => p.part === "tune").length,
    sources,
    checks,
    before: await twinScores(base, held),
    after: await twinScores(checked, held),
    testRows: test.length,
    latency,
    probes,
  };
}

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : "n/a");

/** Why a kind's twins miss the goal, read off its figures: which of the three falls short, and
 * whether the check or the model's own score is the cause. */
function goalShortfall(after: TwinScores, c: CheckFigures): string | undefined {
  const reasons: string[] = [];
  if (after.recall < CHECK_GOAL.recall || after.auroc < CHECK_GOAL.auroc) {
    reasons.push(
      `the check contradicts ${c.caughtOfKind} of its ${c.wrongOfKind} wrong twins; the others it cannot read, so they keep the model's own score`,
    );
  }
  if (after.precision < CHECK_GOAL.precision) {
    const falseContradictions = c.contradicted - c.onWrong;
    const byCheck = falseContradictions === 0
      ? "none by a contradiction of this check"
      : `${falseContradictions} of the check's contradictions are right twins`;
    const confirmation = INTERNAL_KINDS.has(c.kind)
      ? `the check confirms ${c.confirmedOfKind} of them, which lowers p by the share of the answer's claims it covers`
      : "a consistent finding of this kind is not counted as evidence (finding.ts: it says nothing of whether the statement is true), so they keep the model's own score";
    reasons.push(
      `${after.rightFlagged} of its ${c.rightOfKind} right twins are flagged, ${byCheck}: ${confirmation}`,
    );
  }
  return reasons.length ? `- ${c.kind}: ${reasons.join("; ")}.` : undefined;
}
/** One row of figures, model alone → with the checks, and whether the goal is met when asked. */
function comparisonRow(b: TwinScores, a: TwinScores, withGoal: boolean): string {
  const goal = withGoal ? ` | ${meetsCheckGoal(a) ? "met" : "not met"}` : "";
  return `| ${b.label} | ${b.rows} | ${f3(b.auroc)} → ${f3(a.auroc)} | ${f3(b.precision)} → ${
    f3(a.precision)
  } | ${f3(b.recall)} → ${f3(a.recall)}${goal} |`;
}

const ratio = (a: number, b: number) => (b ? `${f3(a / b)} (${a}/${b})` : "n/a");

export function exactChecksSection(report: ExactChecksReport, fusionNote: string): string {
  const at = (rs: LatencyResult[]) => rs.find((r) => r.label.startsWith("2,048 + 2,048"))!;
  const [base, checked] = [at(report.latency.base), at(report.latency.checked)];
  const checkRows = report.checks.map((c) =>
    `| ${c.kind} | ${ratio(c.onWrong, c.contradicted)} | ${
      ratio(c.caughtOfKind, c.wrongOfKind)
    } | ${ratio(c.confirmedOfKind, c.rightOfKind)} | ${c.testContradicted} | ${c.testFaithful} |`
  );
  const kinds: ReadonlySet<string> = new Set(CHECK_KINDS);
  const scoreRow = (b: TwinScores, i: number) =>
    comparisonRow(b, report.after[i], kinds.has(b.label));
  const scoreRows = report.before.map(scoreRow).filter((_, i) =>
    !kinds.has(report.before[i].label)
  );
  const kindRows = report.before.map(scoreRow).filter((_, i) => kinds.has(report.before[i].label));
  const shortfalls = report.checks.flatMap((c) => {
    const after = report.after.find((a) => a.label === c.kind)!;
    return goalShortfall(after, c) ?? [];
  });
  const sources = Object.entries(report.sources).map(([k, n]) => `${k} ${n}`).join(", ");
  return `## Exact findings: numbers, arithmetic, conversions, dates, identifiers

Checks that need no world knowledge (server/detector/checks/), run on every call: numbers,
dates, money, percentages and counts of a claim against the aligned sentence of the prompt's
evidence (\`pr\`); unit conversions, arithmetic written out, totals, percentages and their
counts, ratios and their parts, one measure stated twice with two values, ages and durations
against stated dates, impossible dates inside the answer; ISBN/ISSN
check digits, arXiv identifiers (form, month, year against the cited year), DOI syntax, citation
years in the future.
Each finding carries the claim's offsets, its kind and a reason in words; they reach callers in
the session route's \`claims\` and in \`deno task score --claims\`. ${fusionNote}

Evaluation set (generated by committed code from seed ${TWIN_SEED}): template answers over many
units, values, names and phrasings, and real faithful answers from the labelled data with one
number that the document also states edited (built at run time, never stored), each wrong answer
beside its right twin. The tuning part (${report.tunePairs} pairs: even-numbered phrasings,
documents of the calibration split) fits the fusion; the held-out part (${report.heldOutPairs}
pairs: ${sources}; the other phrasings, documents of the test split) is only measured.

Per check on the held-out twins: precision = wrong twins among the rows it contradicts; recall =
wrong twins of its kind it contradicts; "right twins confirmed" = right twins of its kind it
marks consistent (what lowers p). On the labelled test split (${report.testRows} rows): rows it
contradicts, and of them rows labelled faithful (each one a false alarm, or a label error).

| check | precision | recall | right twins confirmed | test rows contradicted | of them labelled faithful |
|---|---|---|---|---|---|
${checkRows.join("\n")}

The held-out twins scored by \`deno task score\`'s path (binary task; \`pr\` when there is a
document, else \`ro\`), model alone → with the checks, at each cell's flag:

| rows | n | AUROC | precision at flag | recall at flag |
|---|---|---|---|---|
${scoreRows.join("\n")}

The same, per check's kind (its wrong twins and their right twins), against the goal a check we
keep must reach with the checks: AUROC >= ${CHECK_GOAL.auroc.toFixed(2)}, precision >= ${
    CHECK_GOAL.precision.toFixed(2)
  } and recall >= ${CHECK_GOAL.recall.toFixed(2)} at the flag.

| check's twins | n | AUROC | precision at flag | recall at flag | goal |
|---|---|---|---|---|---|
${kindRows.join("\n")}

${
    shortfalls.length
      ? `Where a kind misses the goal:\n${shortfalls.join("\n")}`
      : "Every kind meets the goal."
  }

### Probe sets written apart from the checks

${report.probes.map((p) => `- ${p.label}`).join("\n")}

Chatbot-style answers in \`deno task score\`'s input format (\`server/detector/evaluation/probes/\`),
each wrong answer beside its right twin, generated by separate sessions that saw neither the
checks' code nor the twin templates. Scored as served (binary; \`pr\` for the document kind),
model alone → with the checks, at each cell's flag, against the same goal:

${
    report.probes.map((p) =>
      `**${p.label}**\n\n| answers | n | AUROC | precision at flag | recall at flag | goal |\n` +
      `|---|---|---|---|---|---|\n` +
      p.before.map((b, i) => comparisonRow(b, p.after[i], true)).join("\n")
    ).join("\n\n")
  }

Latency at 2,048 + 2,048 characters (multiclass pr, one core, ${checked.calls} calls each after
${checked.warmUp} untimed, the model alone and with the checks timed call by call on the same
inputs): p95 ${base.p95Ms.toFixed(2)} ms without the checks, ${
    checked.p95Ms.toFixed(2)
  } ms with them (+${(checked.p95Ms - base.p95Ms).toFixed(2)} ms); median ${
    base.medianMs.toFixed(2)
  } → ${checked.medianMs.toFixed(2)} ms.
`;
}
