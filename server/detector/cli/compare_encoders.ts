/**
 * `deno task compare:encoder [--data DIR] [--work DIR] [--venv DIR] [--pairs N] [--threads N]`:
 * the variants the shipped cross-encoder was chosen from, each trained on the same budget of pairs
 * (`--pairs`, default 1,500) from the same seed: 128 against 256 tokens, with and without the
 * perturbation pairs. For each, the validation AUROC (calibration-split pairs), the time per
 * pair in onnxruntime-node (a batch of 20 claims, as a 2,048-code-point answer has) and the int8
 * file's size go to docs/encoder-variants.json, which `deno task eval` puts in the model card.
 */
import { z } from "zod";
import { readFlags } from "./command_line.ts";
import { DEFAULT_DATA_DIR } from "../corpus/data_dir.ts";
import { CLAIM_TOKENS, CROSS_ENCODER_FILE, ENCODER_REPORT_FILE } from "../encoder/files.ts";
import { OnnxEncoder } from "../encoder/onnx_model.ts";
import { encodePair, readVocabulary } from "../encoder/tokenizer.ts";
import { parseModelJson } from "../inference/model_files.ts";
import {
  ENCODER_VARIANTS_FILE,
  EncoderTrainingReport,
  type EncoderVariant,
} from "../evaluation/encoder_section.ts";
import { quantile } from "../learners/metrics.ts";
import {
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
});

const VARIANTS: { variant: string; run: Pick<TrainingRun, "base" | "maxTokens" | "sources"> }[] = [
  { variant: "128 tokens, all pairs", run: { base: "minilm-l6", maxTokens: 128, sources: "all" } },
  {
    variant: "128 tokens, labelled pairs only",
    run: { base: "minilm-l6", maxTokens: 128, sources: "labelled" },
  },
  { variant: "256 tokens, all pairs", run: { base: "minilm-l6", maxTokens: 256, sources: "all" } },
];

/** Median time per pair of a 20-claim answer against a long document, at the variant's length. */
async function msPerPair(dir: string, maxTokens: number, vocabularyText: string): Promise<number> {
  const vocabulary = readVocabulary(vocabularyText);
  const model = await OnnxEncoder.load(`${dir}/${CROSS_ENCODER_FILE}`);
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
  for (let i = 0; i < 8; i++) {
    const started = performance.now();
    for (const claim of claims) await model.run(claim, "logit");
    if (i >= 2) times.push((performance.now() - started) / claims.length);
  }
  await model.release();
  return quantile(times.sort((a, b) => a - b), 0.5);
}

async function main() {
  const flags = readFlags(Flags, "deno task compare:encoder [--pairs N] [...]");
  const pairs = await writePairs(flags.data, flags.work, log);
  const python = await trainingPython(flags.venv, log);
  const results: EncoderVariant[] = [];
  for (const { variant, run } of VARIANTS) {
    log(`${variant}: training on ${flags.pairs} pairs`);
    const dir = await trainEncoder(python, pairs, flags.work, {
      ...run,
      maxPairs: flags.pairs,
      epochs: 1,
      budgetMinutes: 0,
      evaluations: 1,
      threads: flags.threads,
      seed: 17,
    });
    const report = parseModelJson(
      `${dir}/${ENCODER_REPORT_FILE}`,
      EncoderTrainingReport,
      await Deno.readFile(`${dir}/${ENCODER_REPORT_FILE}`),
    );
    const last = report.curve[report.curve.length - 1];
    results.push({
      variant,
      base: run.base,
      maxTokens: run.maxTokens,
      sources: run.sources,
      pairsSeen: report.pairsSeen,
      trainingMinutes: report.trainingSeconds / 60,
      validationAuroc: last.auroc,
      validationMeanPerSet: last.mean_per_set,
      msPerPair: await msPerPair(dir, run.maxTokens, await Deno.readTextFile(`${dir}/vocab.txt`)),
      megabytes: (await Deno.stat(`${dir}/${CROSS_ENCODER_FILE}`)).size / 1e6,
    });
    log(JSON.stringify(results[results.length - 1]));
  }
  await Deno.writeTextFile(ENCODER_VARIANTS_FILE, JSON.stringify(results, null, 2) + "\n");
  log(`wrote ${ENCODER_VARIANTS_FILE}`);
}

if (import.meta.main) await main();
