/**
 * Side by side with published detectors on the same public sets: our test split (binary/pr,
 * balanced accuracy at our flag and at a per-set oracle threshold, AUROC) next to the peers'
 * zero-shot figures as their papers and leaderboards report them (balanced accuracy, %).
 */
import type { BuiltRow } from "../corpus/corpus.ts";
import { auroc, balancedAccuracy, countsAt, oracleBalancedAccuracy } from "../learners/metrics.ts";
import type { CalibratedDetector } from "../inference/model.ts";

export interface PeerBenchmark {
  name: string;
  /** The corpus set its rows come from (the encoder's validation pairs are named by it). */
  set: string;
  /** Which test rows belong to it. */
  includes: (row: BuiltRow) => boolean;
  /** Metrics are averaged over these parts (SummEdits: its domains), else pooled. */
  meanPerPart?: boolean;
  /** The target for balanced accuracy at the flag (issue 22: HHEM-2.1-Open where published). */
  target: number;
  peers: string;
  source: string;
}

const LLM_AGGREFACT = "LLM-AggreFact leaderboard (Tang et al. 2024, llm-aggrefact.github.io)";
const SUMMAC = "SummaC benchmark (Laban et al., TACL 2022)";

export const PEER_BENCHMARKS: PeerBenchmark[] = [
  {
    name: "WiCE",
    set: "wice",
    target: 0.76,
    includes: (r) => r.set === "wice",
    peers: "HHEM-2.1-Open 75.9, MiniCheck-FT5 72.2, AlignScore 66.0, GPT-4o 78.5",
    source: LLM_AGGREFACT,
  },
  {
    name: "AggreFact-XSum part (aggrefact_error_types)",
    set: "aggrefact_error_types",
    target: 0.68,
    includes: (r) => r.set === "aggrefact_error_types" && r.part?.endsWith(":xsum") === true,
    peers: "HHEM 67.8, AlignScore 71.4, MiniCheck 77.8",
    source: "AggreFact-XSum SOTA split: " + LLM_AGGREFACT,
  },
  {
    name: "AggreFact-CNN part (aggrefact_error_types)",
    set: "aggrefact_error_types",
    target: 0.63,
    includes: (r) => r.set === "aggrefact_error_types" && r.part?.endsWith(":cnndm") === true,
    peers: "HHEM 62.8, MiniCheck 69.9",
    source: "AggreFact-CNN SOTA split: " + LLM_AGGREFACT,
  },
  {
    name: "SummEdits, mean per domain",
    set: "summedits",
    target: 0.67,
    includes: (r) => r.set === "summedits",
    meanPerPart: true,
    peers: "QAFactEval 67.4, SummaC-Conv 57.1, GPT-4 83.2",
    source: "SummEdits (Laban et al., EMNLP 2023)",
  },
  {
    name: "SummaC Polytope",
    set: "summac_pieces",
    target: 0.63,
    includes: (r) => r.set === "summac_pieces" && r.part === "polytope",
    peers: "SummaC-Conv 62.7",
    source: SUMMAC,
  },
  {
    name: "XSumFaith (xsum_hallucination)",
    set: "xsum_hallucination",
    target: 0.70,
    includes: (r) => r.set === "xsum_hallucination",
    peers: "SummaC-Conv 66.4",
    source: SUMMAC,
  },
  {
    name: "FRANK",
    set: "frank",
    target: 0.82,
    includes: (r) => r.set === "frank",
    peers: "SummaC-Conv 81.6",
    source: SUMMAC,
  },
];

export interface PeerResult {
  name: string;
  n: number;
  balancedAccuracy: number;
  oracleBalancedAccuracy: number;
  auroc: number;
  /** What the oracle threshold is chosen for: the whole set, or each domain (`meanPerPart`). */
  oracleScope: "set" | "domain";
  target: number;
  peers: string;
  source: string;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

interface ScoredRow {
  p: number;
  /** 1 where flagged. */
  flag: number;
  y: boolean;
}

/**
 * A benchmark's pr test rows scored by `scoreOf` (undefined leaves a row out), grouped by the
 * part its metrics are averaged over (one part: pooled).
 */
async function scoredParts(
  b: PeerBenchmark,
  test: readonly BuiltRow[],
  scoreOf: (row: BuiltRow) => Promise<Omit<ScoredRow, "y"> | undefined>,
): Promise<ScoredRow[][]> {
  const parts = new Map<string, ScoredRow[]>();
  for (const row of test.filter((r) => r.modes.includes("pr") && b.includes(r))) {
    const scored = await scoreOf(row);
    if (!scored) continue;
    const key = b.meanPerPart ? row.part ?? "" : "";
    const part = parts.get(key) ?? [];
    part.push({ ...scored, y: row.hallucinated });
    parts.set(key, part);
  }
  return [...parts.values()];
}

const rowsIn = (parts: readonly ScoredRow[][]) => parts.reduce((n, part) => n + part.length, 0);
const aurocOf = (part: readonly ScoredRow[]) => auroc(part.map((r) => r.p), part.map((r) => r.y));

export async function peerResults(
  detector: CalibratedDetector,
  test: readonly BuiltRow[],
): Promise<PeerResult[]> {
  const results: PeerResult[] = [];
  for (const b of PEER_BENCHMARKS) {
    const parts = await scoredParts(b, test, async (row) => {
      const out = await detector.score({
        prompt: row.prompt,
        response: row.response,
        task: "binary",
        inputMode: "pr",
      });
      return { p: out.p_hallucination, flag: out.flag ? 1 : 0 };
    });
    const y = (part: readonly ScoredRow[]) => part.map((r) => r.y);
    results.push({
      name: b.name,
      n: rowsIn(parts),
      // At the call's own flag: a call read by the encoder has the fusion's threshold.
      balancedAccuracy: mean(
        parts.map((part) => balancedAccuracy(countsAt(part.map((r) => r.flag), y(part), 1))),
      ),
      oracleBalancedAccuracy: mean(
        parts.map((part) => oracleBalancedAccuracy(part.map((r) => r.p), y(part))),
      ),
      auroc: mean(parts.map(aurocOf)),
      oracleScope: b.meanPerPart ? "domain" : "set",
      target: b.target,
      peers: b.peers,
      source: b.source,
    });
  }
  return results;
}

/** Each benchmark's AUROC of one score per row (undefined leaves the row out), on the rows and
 * parts of `peerResults`. */
export async function peerAurocs(
  test: readonly BuiltRow[],
  scoreOf: (row: BuiltRow) => Promise<number | undefined>,
): Promise<{ name: string; n: number; auroc: number }[]> {
  const results = [];
  for (const b of PEER_BENCHMARKS) {
    const parts = await scoredParts(b, test, async (row) => {
      const p = await scoreOf(row);
      return p === undefined ? undefined : { p, flag: 0 };
    });
    results.push({ name: b.name, n: rowsIn(parts), auroc: mean(parts.map(aurocOf)) });
  }
  return results;
}
