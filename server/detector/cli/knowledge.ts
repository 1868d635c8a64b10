/**
 * `deno task knowledge index DIR [--model DIR]`: indexes and embeds (with the model folder's
 * bi-encoder) a documents folder, writing its index file (`DIR/.knowledge-index.json`) so the
 * detector's start-up reads and embeds no unchanged document again.
 * Prints file names and counts only; exit code 1 when a file could not be indexed, 2 on misuse.
 *
 * `deno task knowledge calibrate [--data DIR] [--model DIR]`: fits the retrieval calibrator of the
 * model (also the last step of `deno task train`).
 */
import { readCommandLine } from "./command_line.ts";
import { buildCorpus } from "../corpus/corpus.ts";
import { splitCorpus } from "../corpus/split.ts";
import { DEFAULT_MODEL_DIR } from "../inference/model_files.ts";
import { DEFAULT_DATA_DIR } from "../corpus/data_dir.ts";
import { writeRetrievalCalibrator } from "../knowledge/retrieval_calibration.ts";
import { describeOpenReport, openKnowledgeBase } from "../knowledge/knowledge_base.ts";
import { isFolder } from "../knowledge/load.ts";
import { loadPassageEncoder } from "../knowledge/passage_encoder.ts";

const USAGE =
  "deno task knowledge index DIR [--model DIR] | deno task knowledge calibrate [--data DIR] [--model DIR]";

async function main(): Promise<number> {
  const { positionals, values } = readCommandLine({
    allowPositionals: true,
    options: { data: { type: "string" }, model: { type: "string" } },
  }, USAGE);
  const [command, dir] = positionals;
  if (command === "calibrate" && positionals.length === 1) {
    const log = (message: string) => console.error(`[knowledge] ${message}`);
    const corpus = await buildCorpus(values.data ?? DEFAULT_DATA_DIR, { onProgress: log });
    await writeRetrievalCalibrator(
      values.model ?? DEFAULT_MODEL_DIR,
      splitCorpus(corpus.rows).calibration,
      log,
    );
    return 0;
  }
  if (command === "index" && dir && positionals.length === 2) {
    if (!isFolder(dir)) {
      console.error(`knowledge: ${dir} is not a folder`);
      return 2;
    }
    const started = performance.now();
    const encoder = await loadPassageEncoder(values.model ?? DEFAULT_MODEL_DIR);
    const { report } = await openKnowledgeBase(dir, encoder, console.error);
    for (const line of describeOpenReport(dir, report)) console.error(line);
    if (report.writeError) return 1;
    console.error(
      `knowledge: index file ${report.wrote ? "written" : "unchanged"} in ${
        Math.round(performance.now() - started)
      } ms`,
    );
    return report.problems.length > 0 ? 1 : 0;
  }
  console.error(`usage: ${USAGE}`);
  return 2;
}

if (import.meta.main) Deno.exit(await main());
