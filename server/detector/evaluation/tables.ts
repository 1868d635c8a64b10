/** The evaluation's results as Markdown tables and lines: for the eval CLI's output and the card. */
import type { CellResult } from "./cells.ts";
import type { LatencyResult, ReadinessResult } from "./latency.ts";
import type { PeerResult } from "./peers.ts";

export const f3 = (x: number) => (Number.isNaN(x) ? "n/a" : x.toFixed(3));

/** A Markdown table. */
export function table(header: string[], rows: (string | number)[][]): string {
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}

export function cellTable(cells: readonly CellResult[]): string {
  return table(
    [
      "cell",
      "rows",
      "AUROC mean/set (trained sets)",
      "AUROC mean/set (all sets)",
      "AUROC pooled",
      "bal. acc",
      "precision",
      "recall",
      "F1",
      "ECE",
      "threshold",
    ],
    cells.map((c) => [
      `${c.task}/${c.mode}`,
      c.overall.n,
      f3(c.meanPerSetAuroc),
      f3(c.meanPerSetAurocAll),
      f3(c.overall.auroc),
      f3(c.overall.balancedAccuracy),
      f3(c.overall.precision),
      f3(c.overall.recall),
      f3(c.overall.f1),
      f3(c.overall.ece),
      f3(c.threshold),
    ]),
  );
}

/** The largest per-set ECE of a trained set in the binary cells, with where it is. */
export function worstSetEce(cells: readonly CellResult[], trainable: Map<string, boolean>): string {
  const [set, mode, ece] = cells.filter((c) => c.task === "binary").flatMap((c) =>
    Object.entries(c.perSet).filter(([s]) => trainable.get(s))
      .map(([s, m]) => [s, c.mode, m.ece] as const)
  ).reduce((a, b) => (b[2] > a[2] ? b : a));
  return `${f3(ece)} (${set}, ${mode})`;
}

export function perSetTable(cells: readonly CellResult[], trainable: Map<string, boolean>): string {
  const binary = cells.filter((c) => c.task === "binary");
  const sets = [...new Set(binary.flatMap((c) => Object.keys(c.perSet)))].sort();
  const header = ["set", "trained on"];
  for (const c of binary) {
    header.push(
      `${c.mode} rows`,
      `${c.mode} AUROC`,
      `${c.mode} bal.acc`,
      `${c.mode} F1`,
      `${c.mode} ECE`,
    );
  }
  return table(
    header,
    sets.map((set) => {
      const row: (string | number)[] = [set, trainable.get(set) ? "yes" : "eval only"];
      for (const c of binary) {
        const m = c.perSet[set];
        if (m) row.push(m.n, f3(m.auroc), f3(m.balancedAccuracy), f3(m.f1), f3(m.ece));
        else row.push("-", "-", "-", "-", "-");
      }
      return row;
    }),
  );
}

export function regimeTable(cell: CellResult): string {
  return table(
    ["regime", "support", "precision", "recall", "one-vs-rest AUROC"],
    cell.regimes!.map((r) => [r.regime, r.support, f3(r.precision), f3(r.recall), f3(r.auroc)]),
  );
}

export function confusionTable(cell: CellResult): string {
  const names = Object.keys(cell.confusion!);
  return table(
    ["true \\ predicted", ...names],
    names.map((t) => [t, ...names.map((p) => cell.confusion![t][p])]),
  );
}

export function peerTable(peers: readonly PeerResult[]): string {
  return table(
    [
      "set",
      "n",
      "BAcc at our flag (target)",
      "BAcc, per-set oracle threshold",
      "AUROC",
      "peers (BAcc, %)",
      "source",
    ],
    peers.map((p) => [
      p.name,
      p.n,
      `${f3(p.balancedAccuracy)} (${p.target.toFixed(2)})`,
      f3(p.oracleBalancedAccuracy),
      f3(p.auroc),
      p.peers,
      p.source,
    ]),
  );
}

/**
 * Why each set short of its target is short: where an oracle threshold per set (per domain for
 * SummEdits) would reach the target, the one flag shared by all of them is what falls short; where
 * not, the ranking is.
 */
export function peerShortfalls(peers: readonly PeerResult[]): string {
  const short = peers.filter((p) => p.balancedAccuracy < p.target);
  if (short.length === 0) return "Every set reaches its target at our flag.";
  return short.map((p) => {
    const head = `- ${p.name}: ${f3(p.balancedAccuracy)} against ${p.target.toFixed(2)}`;
    const oracle = `an oracle threshold per ${p.oracleScope}`;
    return p.oracleBalancedAccuracy >= p.target
      ? `${head}; at ${oracle} it reaches ${
        f3(p.oracleBalancedAccuracy)
      }: the one flag shared by ${p.oracleScope}s with different base rates is what falls short.`
      : `${head}, and ${f3(p.oracleBalancedAccuracy)} even at ${oracle}: the ranking (AUROC ${
        f3(p.auroc)
      }) is what falls short.`;
  }).join("\n");
}

/** The time from launch to ready, as the card states it. */
export function readinessText(r: ReadinessResult): string {
  return `${(r.medianMs / 1000).toFixed(2)} s median, ${
    (r.maxMs / 1000).toFixed(2)
  } s at most (${r.launches} launches); ${r.residentMb.toFixed(0)} MB resident once ready`;
}

export function latencyTable(latency: readonly LatencyResult[]): string {
  return table(
    ["input", "calls", "median ms", "p95 ms"],
    latency.map((l) => [l.label, l.calls, l.medianMs.toFixed(2), l.p95Ms.toFixed(2)]),
  );
}
