/**
 * `deno task train:alignment [--data DIR] [--epochs N] [--hidden N] [--compare N] [--out FILE]`:
 * the learned alignment study (training/alignment_study.ts), written to docs/alignment-study.json
 * for the model card, or to FILE (other network sizes, compared without touching the card).
 * Progress goes to standard error.
 */
import { z } from "zod";
import { readFlags } from "./command_line.ts";
import { DEFAULT_DATA_DIR } from "../corpus/data_dir.ts";
import { DEFAULT_NETWORK_TRAINING } from "../learners/alignment_network.ts";
import { runAlignmentStudy, STUDY_FILE } from "../training/alignment_study.ts";

const log = (message: string) => console.error(`[train:alignment] ${message}`);

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const { shape, epochs } = DEFAULT_NETWORK_TRAINING;
const Flags = z.object({
  data: z.string().default(DEFAULT_DATA_DIR),
  epochs: count(epochs),
  hidden: count(shape.hidden),
  compare: count(shape.compare),
  out: z.string().default(STUDY_FILE),
});

if (import.meta.main) {
  const flags = readFlags(
    Flags,
    "deno task train:alignment [--data DIR] [--epochs N] [--hidden N] [--compare N] [--out FILE]",
  );
  const study = await runAlignmentStudy(flags.data, log, {
    ...DEFAULT_NETWORK_TRAINING,
    epochs: flags.epochs,
    shape: { hidden: flags.hidden, compare: flags.compare },
  });
  await Deno.writeTextFile(flags.out, JSON.stringify(study, null, 1) + "\n");
  log(`wrote ${flags.out}`);
}
