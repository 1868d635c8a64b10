/**
 * `deno task knowledge index DIR`: indexes a documents folder, writing its index file
 * (`DIR/.knowledge-index.json`) so the detector's start-up reads no unchanged document again.
 * Prints file names and counts only; exit code 1 when a file could not be indexed, 2 on misuse.
 */
import { parseArgs } from "node:util";
import { describeOpenReport, openKnowledgeBase } from "./knowledge_base.ts";

const USAGE = "usage: deno task knowledge index DIR";

async function main(): Promise<number> {
  const { positionals } = parseArgs({ args: Deno.args, allowPositionals: true, options: {} });
  const [command, dir] = positionals;
  if (command === "index" && dir && positionals.length === 2) {
    const started = performance.now();
    const { report } = await openKnowledgeBase(dir);
    for (const line of describeOpenReport(dir, report)) console.error(line);
    if (report.writeError) return 1;
    console.error(
      `knowledge: index file ${report.wrote ? "written" : "unchanged"} in ${
        Math.round(performance.now() - started)
      } ms`,
    );
    return report.problems.length > 0 ? 1 : 0;
  }
  console.error(USAGE);
  return 2;
}

if (import.meta.main) Deno.exit(await main());
