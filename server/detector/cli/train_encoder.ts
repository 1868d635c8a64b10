/**
 * `deno task train:encoder [--data DIR] [--work DIR] [--out DIR] [--venv DIR] [--budget-minutes N]
 * [--max-len N] [--sources all|labelled] [--max-pairs N]`: fine-tunes the cross-encoder. Writes the
 * claim/evidence pairs of the training split (and validation pairs from the calibration split) to
 * the work folder, makes the Python environment of `training/encoder/requirements.txt` outside the
 * repository when it is missing, runs `training/encoder/train.py` (resumable: a rerun goes on from
 * its checkpoint) and copies the int8 model, its vocabulary and its report into the model folder.
 * Python is needed here only: serving and the tests read the committed files.
 */
import { homedir } from "node:os";
import { z } from "zod";
import { readFlags } from "./command_line.ts";
import { buildCorpus } from "../corpus/corpus.ts";
import { DEFAULT_DATA_DIR } from "../corpus/data_dir.ts";
import { splitCorpus } from "../corpus/split.ts";
import { DEFAULT_MODEL_DIR, modelFolder } from "../inference/model_files.ts";
import { readSemantics } from "../inference/model.ts";
import { encoderPairs } from "../training/encoder_pairs.ts";
import {
  BI_ENCODER_FILE,
  CROSS_ENCODER_FILE,
  ENCODER_REPORT_FILE,
  VOCABULARY_FILE,
} from "../encoder/files.ts";

const log = (message: string) => console.error(`[train:encoder] ${message}`);
const here = new URL("../training/encoder/", import.meta.url).pathname;
const repoRoot = new URL("../../../", import.meta.url).pathname;

const Flags = z.object({
  data: z.string().default(DEFAULT_DATA_DIR),
  work: z.string().default(repoRoot + ".cache/encoder"),
  out: z.string().default(DEFAULT_MODEL_DIR),
  venv: z.string().default(`${homedir()}/.cache/hd-encoder-venv`),
  "budget-minutes": z.coerce.number().nonnegative().default(0),
  "max-len": z.coerce.number().int().min(32).max(512).default(128),
  sources: z.enum(["all", "labelled"]).default("all"),
  "max-pairs": z.coerce.number().int().nonnegative().default(0),
  seed: z.coerce.number().int().default(17),
});

const SEED = 17;
/** Labelled pairs per set; validation pairs per set (the learning curve's points). */
const TRAIN_PER_SET = 3500;
const VALIDATION_PER_SET = 150;
const PERTURB_RATE = 0.6;

async function writePairs(dataDir: string, work: string) {
  const train = `${work}/pairs-train.jsonl`, validation = `${work}/pairs-validation.jsonl`;
  try {
    await Deno.stat(validation);
    log(`pairs already in ${work}`);
    return { train, validation };
  } catch {
    // Not written yet.
  }
  const corpus = await buildCorpus(dataDir, { onProgress: log });
  const splits = splitCorpus(corpus.rows);
  const tools = await readSemantics();
  const write = async (path: string, pairs: ReturnType<typeof encoderPairs>) => {
    await Deno.writeTextFile(path, pairs.map((p) => JSON.stringify(p)).join("\n") + "\n");
    const unsupported = pairs.filter((p) => p.label === 1).length;
    log(`${pairs.length} pairs (${unsupported} unsupported) -> ${path}`);
  };
  await Deno.mkdir(work, { recursive: true });
  await write(
    train,
    encoderPairs(splits.train, tools, {
      seed: SEED,
      perSet: TRAIN_PER_SET,
      perturbRate: PERTURB_RATE,
    }),
  );
  await write(
    validation,
    encoderPairs(splits.calibration, tools, {
      seed: SEED,
      perSet: VALIDATION_PER_SET,
      perturbRate: 0,
    }),
  );
  return { train, validation };
}

async function run(command: string, args: string[]) {
  const status = await new Deno.Command(command, { args, stdout: "inherit", stderr: "inherit" })
    .spawn().status;
  if (!status.success) throw new Error(`${command} ${args.join(" ")} exited ${status.code}`);
}

/** The training environment: made once, outside the repository. */
async function python(venv: string): Promise<string> {
  const bin = `${venv}/bin/python`;
  try {
    await Deno.stat(`${venv}/.requirements-installed`);
    return bin;
  } catch {
    log(`making the training environment in ${venv} (PyTorch is a few GB; once)`);
  }
  await run("python3", ["-m", "venv", venv]);
  await run(bin, ["-m", "pip", "install", "-q", "-r", here + "requirements.txt"]);
  await Deno.writeTextFile(`${venv}/.requirements-installed`, "");
  return bin;
}

async function main() {
  const flags = readFlags(Flags, "deno task train:encoder [--budget-minutes N] [...]");
  const started = performance.now();
  const pairs = await writePairs(flags.data, flags.work);
  const runDir = `${flags.work}/run-${flags.sources}-${flags["max-len"]}-${flags.seed}`;
  await run(await python(flags.venv), [
    here + "train.py",
    "--pairs",
    pairs.train,
    "--val",
    pairs.validation,
    "--out",
    runDir,
    "--max-len",
    String(flags["max-len"]),
    "--sources",
    flags.sources,
    "--budget-minutes",
    String(flags["budget-minutes"]),
    "--max-pairs",
    String(flags["max-pairs"]),
    "--seed",
    String(flags.seed),
  ]);
  const out = modelFolder(flags.out);
  for (const file of [CROSS_ENCODER_FILE, BI_ENCODER_FILE, VOCABULARY_FILE, ENCODER_REPORT_FILE]) {
    await Deno.copyFile(`${runDir}/${file}`, out + file);
  }
  log(`copied the model into ${out} in ${((performance.now() - started) / 60000).toFixed(1)} min`);
}

await main();
