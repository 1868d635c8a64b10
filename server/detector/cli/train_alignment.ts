/**
 * `deno task train:alignment [--data DIR]`: the learned alignment study
 * (training/alignment_study.ts), written to docs/alignment-study.json for the model card.
 * Progress goes to standard error.
 */
import { readCommandLine } from "./command_line.ts";
import { DEFAULT_DATA_DIR } from "../corpus/data_dir.ts";
import { runAlignmentStudy, STUDY_FILE } from "../training/alignment_study.ts";

const log = (message: string) => console.error(`[train:alignment] ${message}`);

if (import.meta.main) {
  const { values } = readCommandLine(
    { options: { data: { type: "string" } } },
    "deno task train:alignment [--data DIR]",
  );
  const study = await runAlignmentStudy(values.data ?? DEFAULT_DATA_DIR, log);
  await Deno.writeTextFile(STUDY_FILE, JSON.stringify(study, null, 1) + "\n");
  log(`wrote ${STUDY_FILE}`);
}
