/**
 * `deno task train:encoder [--data DIR] [--work DIR] [--out DIR] [--venv DIR] [--budget-minutes N]
 * [--base minilm-l6|minilm-l3] [--max-len N] [--sources all|labelled] [--max-pairs N] [--epochs N]
 * [--batch N] [--threads N] [--seed N]`: fine-tunes the cross-encoder (on a CUDA GPU when PyTorch
 * sees one). Writes the
 * claim/evidence pairs of the training split (and validation pairs from the calibration split) to
 * the work folder, makes the Python environment of `training/encoder/requirements.txt` outside
 * the repository when it is missing, runs `training/encoder/train.py` (resumable: the same command
 * again goes on from its checkpoint, and with more `--epochs` it extends a finished run) and
 * copies the int8 models, the vocabulary and the training report into the model folder. Python is
 * needed here only: serving and the tests read the committed files. Then run
 * `deno task calibrate:encoder` (and `deno task eval`).
 */
import { z } from "zod";
import { readFlags } from "./command_line.ts";
import { DEFAULT_DATA_DIR } from "../corpus/data_dir.ts";
import { DEFAULT_MODEL_DIR, modelFolder } from "../inference/model_files.ts";
import {
  BI_ENCODER_FILE,
  CROSS_ENCODER_FILE,
  ENCODER_REPORT_FILE,
  PAIR_TOKENS,
  VOCABULARY_FILE,
} from "../encoder/files.ts";
import {
  DEFAULT_BATCH,
  DEFAULT_VENV,
  DEFAULT_WORK_DIR,
  ENCODER_BASES,
  trainEncoder,
  trainingPython,
  writePairs,
} from "../training/encoder_run.ts";

const log = (message: string) => console.error(`[train:encoder] ${message}`);

const Flags = z.object({
  data: z.string().default(DEFAULT_DATA_DIR),
  work: z.string().default(DEFAULT_WORK_DIR),
  out: z.string().default(DEFAULT_MODEL_DIR),
  venv: z.string().default(DEFAULT_VENV),
  "budget-minutes": z.coerce.number().nonnegative().default(0),
  base: z.enum(ENCODER_BASES).default("minilm-l6"),
  "max-len": z.coerce.number().int().min(32).max(512).default(PAIR_TOKENS),
  sources: z.enum(["all", "labelled"]).default("all"),
  "max-pairs": z.coerce.number().int().nonnegative().default(0),
  epochs: z.coerce.number().int().positive().default(1),
  batch: z.coerce.number().int().positive().default(DEFAULT_BATCH),
  threads: z.coerce.number().int().positive().default(navigator.hardwareConcurrency),
  seed: z.coerce.number().int().default(17),
});

async function main() {
  const flags = readFlags(Flags, "deno task train:encoder [--budget-minutes N] [...]");
  const started = performance.now();
  const pairs = await writePairs(flags.data, flags.work, log);
  const runOut = await trainEncoder(await trainingPython(flags.venv, log), pairs, flags.work, {
    base: flags.base,
    maxTokens: flags["max-len"],
    sources: flags.sources,
    maxPairs: flags["max-pairs"],
    epochs: flags.epochs,
    batch: flags.batch,
    budgetMinutes: flags["budget-minutes"],
    evaluations: 4,
    threads: flags.threads,
    seed: flags.seed,
  });
  const out = modelFolder(flags.out);
  for (const file of [CROSS_ENCODER_FILE, BI_ENCODER_FILE, VOCABULARY_FILE, ENCODER_REPORT_FILE]) {
    await Deno.copyFile(`${runOut}/${file}`, out + file);
  }
  log(`copied the model into ${out} in ${((performance.now() - started) / 60000).toFixed(1)} min`);
}

if (import.meta.main) await main();
