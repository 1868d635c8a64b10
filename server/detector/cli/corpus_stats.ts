/**
 * Inspection CLI: per set rows, positives, regimes, modes, trainable, split sizes.
 *   deno run -A server/detector/cli/corpus_stats.ts [dataDir] [--sets=a,b]
 * Progress goes to stderr, the table to stdout. Prints counts only, never texts.
 */
import { readCommandLine } from "./command_line.ts";
import { DEFAULT_DATA_DIR } from "../corpus/data_dir.ts";
import { buildCorpus, type BuiltRow } from "../corpus/corpus.ts";
import { assignSplits, groupComponents, type Split, SPLITS } from "../corpus/split.ts";

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

function format(counts: Map<string, number>): string {
  return [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(", ");
}

async function main(): Promise<void> {
  const { values, positionals } = readCommandLine(
    { allowPositionals: true, options: { sets: { type: "string" } } },
    "deno run -A server/detector/cli/corpus_stats.ts [dataDir] [--sets=a,b]",
  );
  const dataDir = positionals[0] ?? DEFAULT_DATA_DIR;
  const sets = values.sets?.split(",");
  const started = performance.now();
  const corpus = await buildCorpus(dataDir, { sets, onProgress: (m) => console.error(m) });
  const built = (performance.now() - started) / 1000;
  const splits = assignSplits(corpus.rows);
  const splitOf = new Map<BuiltRow, Split>(corpus.rows.map((row, i) => [row, splits[i]]));
  console.log(`corpus: ${corpus.rows.length} rows in ${built.toFixed(1)} s`);
  for (const report of corpus.sets) {
    const rows = corpus.rows.filter((row) => row.set === report.set);
    const positives = rows.filter((row) => row.hallucinated).length;
    console.log(
      `\n${report.set} [${report.trainable ? "trainable" : "eval-only"}; ${report.licence}]` +
        `\n  rows ${rows.length}, hallucinated ${positives} (${
          (100 * positives / Math.max(rows.length, 1)).toFixed(0)
        }%), skipped: length ${report.skippedLength}, duplicates ${report.duplicates}, conflicts ${report.conflicts}` +
        `\n  regimes: ${format(countBy(rows, (r) => r.regime))}` +
        `\n  modes: ${format(countBy(rows.flatMap((r) => r.modes), (m) => m))}` +
        `\n  parts: ${format(countBy(rows, (r) => r.part ?? "-"))}` +
        `\n  splits: ${format(countBy(rows, (r) => splitOf.get(r)!))}`,
    );
  }
  const components = groupComponents(corpus.rows);
  const sizes = [...countBy(components, String).values()].sort((a, b) => b - a);
  console.log(`\nsplits (all rows): ${format(countBy(splits, (s) => s))}`);
  const trainable = corpus.rows.filter((r) => r.trainable);
  console.log(
    `splits (trainable): ${
      SPLITS.map((s) => `${s} ${trainable.filter((r) => splitOf.get(r) === s).length}`).join(", ")
    }`,
  );
  console.log(`group components: ${sizes.length}, largest: ${sizes.slice(0, 5).join(", ")}`);
  if (corpus.setsWithoutLoader.length) {
    console.log(`data sets without a loader: ${corpus.setsWithoutLoader.join(", ")}`);
  }
  if (corpus.loadersWithoutData.length) {
    console.log(`loaders without data: ${corpus.loadersWithoutData.join(", ")}`);
  }
}

if (import.meta.main) await main();
