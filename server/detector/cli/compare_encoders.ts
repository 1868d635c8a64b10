/**
 * `deno task compare:encoder [--data DIR] [--work DIR] [--venv DIR] [--pairs N] [--threads N]`:
 * the variants the shipped cross-encoder was chosen from, each trained on the same budget of pairs
 * (`--pairs`, default 1,500) from the same seed: 128 against 256 tokens, with and without the
 * perturbation pairs, and MiniLM-L6 against MiniLM-L3. For each, the validation AUROC
 * (calibration-split pairs), the time per pair in onnxruntime-node (a batch of 20 claims, as a
 * 2,048-code-point answer has) and the int8 file's size go to docs/encoder-variants.json, which
 * `deno task eval` puts in the model card.
 *
 * `deno task compare:encoder --reports DIR` reads variants trained elsewhere instead (train.py's
 * `encoder-report.json` of each, saved as DIR/NAME.json, from a GPU machine say; NAME starts with
 * the version of the pairs it was trained on). The time per pair depends on the network's shape
 * and the length, not on the weights: it is measured at each variant's length on DIR/NAME.onnx
 * where the variant brings its model (a base of another shape), else on the committed one.
 */
import { z } from "zod";
import { readFlags } from "./command_line.ts";
import { DEFAULT_DATA_DIR } from "../corpus/data_dir.ts";
import { exists } from "../corpus/read.ts";
import {
  CLAIM_TOKENS,
  CROSS_ENCODER_FILE,
  ENCODER_REPORT_FILE,
  VOCABULARY_FILE,
} from "../encoder/files.ts";
import { OnnxEncoder } from "../encoder/onnx_model.ts";
import { encodePair, readVocabulary } from "../encoder/tokenizer.ts";
import { DEFAULT_MODEL_DIR, modelFolder } from "../inference/model_files.ts";
import { PAIRS_VERSION } from "../training/encoder_pairs.ts";
import {
  ENCODER_VARIANTS_FILE,
  type EncoderTrainingReport,
  type EncoderVariant,
  readTrainingReport,
} from "../evaluation/encoder_section.ts";
import { quantile } from "../learners/metrics.ts";
import {
  DEFAULT_BATCH,
  DEFAULT_VENV,
  DEFAULT_WORK_DIR,
  trainEncoder,
  trainingPython,
  type TrainingRun,
  writePairs,
} from "../training/encoder_run.ts";

const log = (message: string) => console.error(`[compare:encoder] ${message}`);

const Flags = z.object({
  data: z.string().default(DEFAULT_DATA_DIR),
  work: z.string().default(DEFAULT_WORK_DIR),
  venv: z.string().default(DEFAULT_VENV),
  pairs: z.coerce.number().int().positive().default(1500),
  threads: z.coerce.number().int().positive().default(navigator.hardwareConcurrency),
  reports: z.string().optional(),
});

const VARIANTS: { variant: string; run: Pick<TrainingRun, "base" | "maxTokens" | "sources"> }[] = [
  { variant: "128 tokens, all pairs", run: { base: "minilm-l6", maxTokens: 128, sources: "all" } },
  {
    variant: "128 tokens, labelled pairs only",
    run: { base: "minilm-l6", maxTokens: 128, sources: "labelled" },
  },
  { variant: "256 tokens, all pairs", run: { base: "minilm-l6", maxTokens: 256, sources: "all" } },
  {
    variant: "MiniLM-L3, 128 tokens, all pairs",
    run: { base: "minilm-l3", maxTokens: 128, sources: "all" },
  },
];

/** Median time per pair of a 20-claim answer against a long document, at the variant's length. */
async function msPerPair(file: string, maxTokens: number, vocabularyText: string): Promise<number> {
  const vocabulary = readVocabulary(vocabularyText);
  const model = await OnnxEncoder.load(file);
  const evidence = "The bridge opened in 1937 after four years of work on its towers. ".repeat(40);
  const claims = Array.from(
    { length: 20 },
    (_, i) =>
      encodePair(
        `Claim ${i} says the bridge opened in ${1900 + i}.`,
        evidence,
        vocabulary,
        maxTokens,
        CLAIM_TOKENS,
      ),
  );
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    for (const claim of claims) await model.run(claim, "logit");
    if (i >= 2) times.push((performance.now() - started) / claims.length);
  }
  await model.release();
  return quantile(times.sort((a, b) => a - b), 0.5);
}

/** A trained variant's figures, beside the time per pair and size of the model it ran on. */
function variantOf(
  variant: string,
  report: EncoderTrainingReport,
  model: Pick<EncoderVariant, "msPerPair" | "megabytes">,
): EncoderVariant {
  const last = report.curve[report.curve.length - 1];
  return {
    variant,
    base: report.base,
    maxTokens: report.maxTokens,
    sources: report.sources,
    batch: report.batch,
    epochs: report.epochs,
    pairsSeen: report.pairsSeen,
    trainingMinutes: report.trainingSeconds / 60,
    device: report.device,
    validationAuroc: last.auroc,
    validationMeanPerSet: last.mean_per_set,
    ...model,
  };
}

const megabytes = async (file: string) => (await Deno.stat(file)).size / 1e6;

/** The variants of VARIANTS, each trained here on `pairs` pairs. */
async function trainVariants(flags: z.infer<typeof Flags>): Promise<EncoderVariant[]> {
  const pairs = await writePairs(flags.data, flags.work, log);
  const python = await trainingPython(flags.venv, log);
  const results: EncoderVariant[] = [];
  for (const { variant, run } of VARIANTS) {
    log(`${variant}: training on ${flags.pairs} pairs`);
    const dir = await trainEncoder(python, pairs, flags.work, {
      ...run,
      maxPairs: flags.pairs,
      epochs: 1,
      batch: DEFAULT_BATCH,
      budgetMinutes: 0,
      evaluations: 1,
      threads: flags.threads,
      seed: 17,
    });
    const report = await readTrainingReport(`${dir}/${ENCODER_REPORT_FILE}`);
    const vocabulary = await Deno.readTextFile(`${dir}/${VOCABULARY_FILE}`);
    const file = `${dir}/${CROSS_ENCODER_FILE}`;
    results.push(variantOf(`${PAIRS_VERSION}, ${variant}`, report, {
      msPerPair: await msPerPair(file, run.maxTokens, vocabulary),
      megabytes: await megabytes(file),
    }));
    log(JSON.stringify(results[results.length - 1]));
  }
  return results;
}

/** The variants whose reports are in `dir`, named after their files. */
async function reportedVariants(dir: string): Promise<EncoderVariant[]> {
  const model = modelFolder(DEFAULT_MODEL_DIR);
  const vocabulary = await Deno.readTextFile(model + VOCABULARY_FILE);
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && entry.name.endsWith(".json")) {
      names.push(entry.name.slice(0, -".json".length));
    }
  }
  names.sort();
  const reports = await Promise.all(names.map((name) => readTrainingReport(`${dir}/${name}.json`)));
  // Each (network, length) is timed once, so that the rows differ only where runs do: a variant
  // of another shape brings its model as NAME.onnx; the others share the committed one's shape.
  const timed = new Map<string, Pick<EncoderVariant, "msPerPair" | "megabytes">>();
  const results: EncoderVariant[] = [];
  for (const [i, name] of names.entries()) {
    const own = `${dir}/${name}.onnx`;
    const file = await exists(own) ? own : model + CROSS_ENCODER_FILE;
    const key = `${file} ${reports[i].maxTokens}`;
    if (!timed.has(key)) {
      timed.set(key, {
        msPerPair: await msPerPair(file, reports[i].maxTokens, vocabulary),
        megabytes: await megabytes(file),
      });
    }
    results.push(variantOf(name, reports[i], timed.get(key)!));
  }
  return results;
}

async function main() {
  const flags = readFlags(Flags, "deno task compare:encoder [--pairs N | --reports DIR] [...]");
  const results = flags.reports
    ? await reportedVariants(flags.reports)
    : await trainVariants(flags);
  await Deno.writeTextFile(ENCODER_VARIANTS_FILE, JSON.stringify(results, null, 2) + "\n");
  log(`wrote ${ENCODER_VARIANTS_FILE}`);
}

if (import.meta.main) await main();
