/**
 * `deno task train:alignment [--data DIR] [--epochs N] [--hidden N] [--compare N] [--out FILE]`:
 * the learned alignment study (training/alignment_study.ts), written to docs/alignment-study.json
 * for the model card, or to FILE (other network sizes, compared without touching the card).
 * Progress goes to standard error.
 */
import { readCommandLine } from "./command_line.ts";
import { DEFAULT_DATA_DIR } from "../corpus/data_dir.ts";
import { DEFAULT_NETWORK_TRAINING } from "../learners/alignment_network.ts";
import { runAlignmentStudy, STUDY_FILE } from "../training/alignment_study.ts";

const log = (message: string) => console.error(`[train:alignment] ${message}`);
const USAGE =
  "deno task train:alignment [--data DIR] [--epochs N] [--hidden N] [--compare N] [--out FILE]";

/** A flag's positive integer, or the default; anything else ends the tool with its usage. */
function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (Number.isInteger(n) && n > 0) return n;
  console.error(`--${name} must be a positive integer, got '${value}'\nusage: ${USAGE}`);
  Deno.exit(2);
}

if (import.meta.main) {
  const { values } = readCommandLine({
    options: {
      data: { type: "string" },
      epochs: { type: "string" },
      hidden: { type: "string" },
      compare: { type: "string" },
      out: { type: "string" },
    },
  }, USAGE);
  const { shape, epochs } = DEFAULT_NETWORK_TRAINING;
  const study = await runAlignmentStudy(values.data ?? DEFAULT_DATA_DIR, log, {
    ...DEFAULT_NETWORK_TRAINING,
    epochs: count("epochs", values.epochs, epochs),
    shape: {
      hidden: count("hidden", values.hidden, shape.hidden),
      compare: count("compare", values.compare, shape.compare),
    },
  });
  const out = values.out ?? STUDY_FILE;
  await Deno.writeTextFile(out, JSON.stringify(study, null, 1) + "\n");
  log(`wrote ${out}`);
}
