/**
 * The evidence evaluation on the test split (model card, "Evidence"): retrieval measured with the
 * grounded sets' documents in a knowledge base and only the question (or nothing) in the prompt
 * (recall of the row's own document, AUROC against the same rows with the evidence in the
 * prompt), and how often `no_evidence` fires on open-domain and on grounded rows.
 */
import type { CorpusRow } from "../corpus/types.ts";
import { evidenceCoverage, lacksEvidence } from "../knowledge/coverage.ts";
import {
  type SimulatedRow,
  simulateRetrieval,
  splitGroundedPrompt,
} from "../knowledge/simulate.ts";
import type { PassageEncoder } from "../knowledge/passage_encoder.ts";
import { auroc } from "../learners/metrics.ts";
import { f3, table } from "./tables.ts";
import type { Detector } from "../inference/types.ts";

/** Grounded sets with their document in the prompt; and question-only (open-domain) sets. */
export const GROUNDED_SETS = [
  "halueval",
  "wice",
  "summedits",
  "xsum_hallucination",
  "faithdial_audit",
  "begin",
];
const isOpenDomain = (r: CorpusRow) =>
  r.set === "truthfulqa" || r.set === "haluquestqa" ||
  (r.set === "halueval" && r.part === "general");
/** The retrieval target: within this much AUROC of evidence in the prompt, on every set. */
export const AUROC_TOLERANCE = 0.03;
const RECALL_KS = [1, 5] as const;

export interface RetrievalResult {
  set: string;
  rows: number;
  /** Share of rows whose own document is among the first k retrieved passages. */
  recallAt: Record<number, number>;
  /** Share of rows with a passage of their own document anywhere in the evidence sent. */
  inEvidence: number;
  aurocInPrompt: number;
  aurocRetrieved: number;
}

export interface FiringResult {
  group: string;
  rows: number;
  /** Rows with at least one factual claim. */
  factualRows: number;
  fired: number;
}

export interface EvidenceReport {
  documents: number;
  passages: number;
  retrieval: RetrievalResult[];
  firing: FiringResult[];
}

async function scoreBinary(detector: Detector, rows: readonly CorpusRow[]): Promise<number[]> {
  const out: number[] = [];
  for (const row of rows) {
    const { prompt, response } = row;
    out.push(
      (await detector.score({ prompt, response, task: "binary", inputMode: "pr" })).p_hallucination,
    );
  }
  return out;
}

async function retrievalResult(
  set: string,
  sims: readonly SimulatedRow[],
  detector: Detector,
  retrievalDetector: Detector,
): Promise<RetrievalResult> {
  const labels = sims.map((s) => s.row.hallucinated);
  // A passage is the row's own evidence when it comes from the row's document or says word for
  // word what that document says (WiCE, XSum and the dialogue sets hold near-copies: other
  // windows of one article, one snippet under several dialogues).
  const squash = (text: string) => text.replace(/\s+/g, " ");
  const ranks = sims.map((s) => {
    const own = squash(splitGroundedPrompt(s.row.prompt)!.document);
    return s.passages.findIndex((p) => p.source === s.document || own.includes(squash(p.text)));
  });
  const share = (found: (rank: number) => boolean) => ranks.filter(found).length / sims.length;
  return {
    set,
    rows: sims.length,
    recallAt: Object.fromEntries(RECALL_KS.map((k) => [k, share((r) => r >= 0 && r < k)])),
    inEvidence: share((r) => r >= 0),
    aurocInPrompt: auroc(await scoreBinary(detector, sims.map((s) => s.row)), labels),
    aurocRetrieved: auroc(
      await scoreBinary(retrievalDetector, sims.map((s) => s.retrieved)),
      labels,
    ),
  };
}

function firing(group: string, cases: readonly { evidence: string; response: string }[]) {
  let factualRows = 0, fired = 0;
  for (const { evidence, response } of cases) {
    const coverage = evidenceCoverage(evidence, response);
    if (coverage.support.length > 0) factualRows++;
    if (lacksEvidence(coverage)) fired++;
  }
  return { group, rows: cases.length, factualRows, fired };
}

export async function evaluateEvidence(
  detector: Detector,
  retrievalDetector: Detector,
  test: readonly CorpusRow[],
  encoder: PassageEncoder,
  log: (line: string) => void,
): Promise<EvidenceReport> {
  const grounded = test.filter((r) =>
    GROUNDED_SETS.includes(r.set) && !isOpenDomain(r) && splitGroundedPrompt(r.prompt) !== null
  );
  const sims = await simulateRetrieval(grounded, encoder, log);
  const documents = new Set(sims.map((s) => s.document)).size;
  const retrieval: RetrievalResult[] = [];
  for (const set of GROUNDED_SETS) {
    const own = sims.filter((s) => s.row.set === set);
    retrieval.push(await retrievalResult(set, own, detector, retrievalDetector));
  }
  const open = test.filter((r) => isOpenDomain(r) && r.modes.includes("pr"));
  return {
    documents,
    passages: new Set(sims.flatMap((s) => s.passages)).size,
    retrieval,
    firing: [
      firing(
        "open-domain, no knowledge base (TruthfulQA, HaluEval general, HaluQuestQA)",
        open.map((r) => ({ evidence: r.prompt ?? "", response: r.response })),
      ),
      firing(
        "grounded, evidence in the prompt",
        grounded.map((r) => ({ evidence: r.prompt ?? "", response: r.response })),
      ),
      firing(
        "grounded, evidence in the index (question only in the prompt)",
        sims.map((s) => ({ evidence: s.retrieved.prompt ?? "", response: s.row.response })),
      ),
    ],
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function retrievalTable(report: EvidenceReport): string {
  return table(
    [
      "set",
      "rows",
      ...RECALL_KS.map((k) => `recall@${k}`),
      "doc in evidence",
      "AUROC evidence in prompt",
      "AUROC retrieved",
      "delta",
      `within ${AUROC_TOLERANCE}`,
    ],
    report.retrieval.map((r) => {
      const delta = r.aurocRetrieved - r.aurocInPrompt;
      return [
        r.set,
        r.rows,
        ...RECALL_KS.map((k) => pct(r.recallAt[k])),
        pct(r.inEvidence),
        f3(r.aurocInPrompt),
        f3(r.aurocRetrieved),
        f3(delta),
        delta >= -AUROC_TOLERANCE ? "yes" : "no",
      ];
    }),
  );
}

export function firingTable(report: EvidenceReport): string {
  return table(
    ["rows", "n", "with factual claims", "no_evidence fired", "of rows with factual claims"],
    report.firing.map((f) => [
      f.group,
      f.rows,
      f.factualRows,
      pct(f.fired / f.rows),
      pct(f.fired / f.factualRows),
    ]),
  );
}

/** The sets that miss the AUROC target, with how often their own document was retrieved. */
function missesNote(report: EvidenceReport): string {
  const misses = report.retrieval.filter((r) =>
    r.aurocRetrieved - r.aurocInPrompt < -AUROC_TOLERANCE
  );
  if (misses.length === 0) return "Every set is within the target.";
  return `Outside the target: ${
    misses.map((r) =>
      `${r.set} (${f3(r.aurocRetrieved - r.aurocInPrompt)}; its own document reached the ` +
      `evidence on ${pct(r.inEvidence)} of rows)`
    ).join(", ")
  }. Where retrieval misses the document, the score is checked against other text, as it would be
in a deployment whose documents do not hold the answer.`;
}

/** The model card's evidence section. */
export function evidenceSection(report: EvidenceReport): string {
  return `## Evidence: retrieval and \`no_evidence\`

Test split of the grounded sets: their ${report.documents} documents (the context the loaders put
in the prompt) chunked into passages and indexed as a knowledge base, each row sent with only its
question or user turn (summaries and cited claims: the answer alone); the passages retrieved per
claim and for the question, from the two documents they point to most, fill the evidence budget
(2,048 code points of prompt less the caller's prompt). recall@k: a passage of the row's own
document, or one whose text that document holds word for word (a near-copy: another window of the
same article), among the first k passages chosen; AUROC (binary task, \`pr\`, retrieval
calibrator) against the same rows with the evidence in the prompt (main calibrator). Target:
within ${AUROC_TOLERANCE} on every set.

${retrievalTable(report)}

${missesNote(report)}

\`no_evidence\` firing rates (target: >= 90% of open-domain rows with factual claims, <= 10% of
grounded rows). The coverage shares were chosen on the training split.

${firingTable(report)}
`;
}
