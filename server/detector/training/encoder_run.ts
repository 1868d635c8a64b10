/**
 * Running the cross-encoder's training from Deno: the pairs written once to a work folder, the
 * Python environment made once outside the repository, and `training/encoder/train.py` run with
 * its output streamed. Shared by `train:encoder` and `compare:encoder`.
 */
import { homedir } from "node:os";
import { buildCorpus } from "../corpus/corpus.ts";
import { splitCorpus } from "../corpus/split.ts";
import { readSemantics } from "../inference/model.ts";
import { type EncoderPair, encoderPairs, PAIRS_VERSION } from "./encoder_pairs.ts";

const SCRIPTS = new URL("./encoder/", import.meta.url).pathname;
export const DEFAULT_WORK_DIR = new URL("../../../.cache/encoder", import.meta.url).pathname;
export const DEFAULT_VENV = `${homedir()}/.cache/hd-encoder-venv`;

const SEED = 17;
export const DEFAULT_BATCH = 16;
/** Labelled pairs per set; validation pairs per set (the learning curve's points). */
const TRAIN_PER_SET = 3500;
const VALIDATION_PER_SET = 150;
/** Share of faithful claims that also give an edited pair. */
const PERTURB_RATE = 0.6;

export interface PairFiles {
  train: string;
  validation: string;
}

/**
 * The training split's pairs and the calibration split's validation pairs, written once; named by
 * the pairs' version, so that a changed construction writes new files rather than reading old ones.
 */
export async function writePairs(
  dataDir: string,
  work: string,
  log: (line: string) => void,
): Promise<PairFiles> {
  const files = {
    train: `${work}/pairs-${PAIRS_VERSION}-train.jsonl`,
    validation: `${work}/pairs-${PAIRS_VERSION}-validation.jsonl`,
  };
  try {
    await Deno.stat(files.train);
    await Deno.stat(files.validation);
    log(`pairs already in ${work}`);
    return files;
  } catch {
    // Not written yet.
  }
  const corpus = await buildCorpus(dataDir, { onProgress: log });
  const splits = splitCorpus(corpus.rows);
  const tools = await readSemantics();
  const write = async (path: string, pairs: EncoderPair[]) => {
    await Deno.writeTextFile(path, pairs.map((p) => JSON.stringify(p)).join("\n") + "\n");
    const unsupported = pairs.filter((p) => p.label === 1).length;
    log(`${pairs.length} pairs (${unsupported} unsupported) -> ${path}`);
  };
  await Deno.mkdir(work, { recursive: true });
  const train = { seed: SEED, perSet: TRAIN_PER_SET, perturbRate: PERTURB_RATE };
  await write(files.train, encoderPairs(splits.train, tools, train));
  const validation = { seed: SEED, perSet: VALIDATION_PER_SET, perturbRate: 0 };
  await write(files.validation, encoderPairs(splits.calibration, tools, validation));
  return files;
}

async function run(command: string, args: string[]) {
  const status = await new Deno.Command(command, { args, stdout: "inherit", stderr: "inherit" })
    .spawn().status;
  if (!status.success) throw new Error(`${command} ${args.join(" ")} exited ${status.code}`);
}

/** The training environment's python: made once, outside the repository, and brought up to
 * `requirements.txt` again when that changes. */
export async function trainingPython(venv: string, log: (line: string) => void): Promise<string> {
  const bin = `${venv}/bin/python`;
  const marker = `${venv}/.requirements-installed`;
  const requirements = await Deno.readTextFile(SCRIPTS + "requirements.txt");
  const installed = await Deno.readTextFile(marker).catch(() => null);
  if (installed === requirements) return bin;
  if (installed === null) {
    log(`making the training environment in ${venv} (PyTorch is a few GB; once)`);
    await run("python3", ["-m", "venv", venv]);
  } else {
    log(`requirements.txt changed: bringing ${venv} up to it`);
  }
  await run(bin, ["-m", "pip", "install", "-q", "-r", SCRIPTS + "requirements.txt"]);
  await Deno.writeTextFile(marker, requirements);
  return bin;
}

/** The pretrained encoders train.py can start from (training/encoder/bases.py). */
export const ENCODER_BASES = ["minilm-l6", "minilm-l3"] as const;

export interface TrainingRun {
  base: typeof ENCODER_BASES[number];
  maxTokens: number;
  sources: "all" | "labelled";
  /** 0: all pairs, each epoch. */
  maxPairs: number;
  /** More epochs than a finished run had extend it (its folder is the same). */
  epochs: number;
  /** Pairs per step. */
  batch: number;
  budgetMinutes: number;
  /** Validation points on the learning curve. */
  evaluations: number;
  threads: number;
  seed: number;
}

/** The run's folder: a rerun of the same run resumes from its checkpoint there. */
export function runDir(work: string, r: TrainingRun): string {
  const pairs = r.maxPairs ? `-${r.maxPairs}` : "";
  const batch = r.batch === DEFAULT_BATCH ? "" : `-b${r.batch}`;
  return `${work}/run-${PAIRS_VERSION}-${r.base}-${r.maxTokens}-${r.sources}${pairs}${batch}-${r.seed}`;
}

export async function trainEncoder(
  python: string,
  pairs: PairFiles,
  work: string,
  r: TrainingRun,
): Promise<string> {
  const out = runDir(work, r);
  await run(python, [
    SCRIPTS + "train.py",
    ...["--pairs", pairs.train, "--val", pairs.validation, "--out", out],
    ...["--base", r.base, "--max-len", String(r.maxTokens), "--sources", r.sources],
    ...["--max-pairs", String(r.maxPairs), "--budget-minutes", String(r.budgetMinutes)],
    ...["--evals", String(r.evaluations), "--threads", String(r.threads)],
    ...["--seed", String(r.seed), "--epochs", String(r.epochs), "--batch", String(r.batch)],
  ]);
  return out;
}
