/**
 * `deno task calibrate:verifier [--data DIR] [--limit N] [--concurrency N] [--cache FILE]`: runs the
 * configured verifier (`VERIFIER_*`) over the labelled calibration split, scores the same rows
 * with the detector in `MODEL_DIR`, fits the fusion and writes its file beside the model. Verdicts
 * are cached as they arrive, so an interrupted run resumes; a progress bar goes to stderr and the
 * summary to stdout. Rows are taken in a seeded shuffled order, so `--limit N` is a fixed sample
 * that grows with N.
 */
import { readFlags } from "./command_line.ts";
import cliProgress from "cli-progress";
import { z } from "zod";
import { buildCorpus } from "../corpus/corpus.ts";
import { type LabelledInput, labelledInput } from "../corpus/labelled_input.ts";
import { splitCorpus } from "../corpus/split.ts";
import { auroc, expectedCalibrationError } from "../learners/metrics.ts";
import { retrievalDetector } from "../knowledge/load.ts";
import { createScorer } from "../scoring/scorer.ts";
import { loadServedDetector } from "../encoder/encoded_detector.ts";
import { DEFAULT_MODEL_DIR, modelFolder } from "../inference/model_files.ts";
import { shuffledIndices } from "../learners/random.ts";
import { DEFAULT_DATA_DIR } from "../corpus/data_dir.ts";
import type { Scorer } from "../inference/types.ts";
import { VerdictCache } from "../verifier/cache.ts";
import { createVerifier, type Verifier } from "../verifier/client.ts";
import { fitFusion, fusedProbability, type FusionRow, writeFusion } from "../verifier/fusion.ts";
import { evidenceGroupOf } from "../verifier/scorer.ts";
import { readVerifierSettings, type VerifierSettings } from "../verifier/settings.ts";

const SHUFFLE_SEED = 8;
const log = (message: string) => console.error(`[calibrate:verifier] ${message}`);

const Flags = z.object({
  data: z.string().default(DEFAULT_DATA_DIR),
  limit: z.coerce.number().int().positive().optional(),
  concurrency: z.coerce.number().int().min(1).max(64).default(1),
  cache: z.string().optional(),
});

const CalibrateEnv = z.object({ MODEL_DIR: z.string().min(1).default(DEFAULT_MODEL_DIR) });

export interface CollectResult {
  rows: FusionRow[];
  cached: number;
  failures: Record<string, number>;
}

/**
 * Base score and verdict of every input (verdicts from the cache when present), `concurrency`
 * verifier calls at a time. Rows whose verdict failed are counted by reason and left out.
 */
export async function collectFusionRows(
  inputs: readonly LabelledInput[],
  base: Scorer,
  verifier: Verifier,
  cache: VerdictCache,
  concurrency: number,
  onDone: (done: number, counts: { cached: number; failed: number }) => void = () => {},
): Promise<CollectResult> {
  const rows: (FusionRow | undefined)[] = new Array(inputs.length);
  const failures: Record<string, number> = {};
  let next = 0, done = 0, cached = 0, failed = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const i = next++;
      const input = inputs[i];
      const output = await base({
        prompt: input.prompt,
        response: input.response,
        task: "binary",
        inputMode: input.inputMode,
      });
      const key = VerdictCache.key(
        verifier.model,
        verifier.samples,
        input.prompt,
        input.response,
      );
      let pVerifier = cache.get(key);
      if (pVerifier !== undefined) cached++;
      else {
        const verdict = await verifier.verify(input.prompt, input.response);
        if (verdict.ok) {
          pVerifier = verdict.p;
          await cache.put(key, verdict.p);
        } else {
          failures[verdict.reason] = (failures[verdict.reason] ?? 0) + 1;
          failed++;
        }
      }
      if (pVerifier !== undefined) {
        rows[i] = {
          pDetector: output.p_hallucination,
          pVerifier,
          group: evidenceGroupOf(output),
          hallucinated: input.hallucinated,
        };
      }
      onDone(++done, { cached, failed });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { rows: rows.filter((r) => r !== undefined), cached, failures };
}

/** The calibration split's rows as verifier inputs, in a seeded shuffled order. */
async function calibrationInputs(dataDir: string, limit?: number): Promise<LabelledInput[]> {
  const corpus = await buildCorpus(dataDir, { onProgress: log });
  const rows = splitCorpus(corpus.rows).calibration;
  const order = [...shuffledIndices(rows.length, SHUFFLE_SEED)].slice(0, limit ?? rows.length);
  return order.map((i) => labelledInput(rows[i]));
}

async function main(): Promise<number> {
  const flags = readFlags(
    Flags,
    "deno task calibrate:verifier [--data DIR] [--limit N] [--concurrency N] [--cache FILE]",
  );
  let settings: VerifierSettings | undefined;
  let env: z.infer<typeof CalibrateEnv>;
  try {
    const vars = Deno.env.toObject();
    settings = readVerifierSettings(vars);
    env = CalibrateEnv.parse(vars);
  } catch (error) {
    log((error as Error).message);
    return 2;
  }
  if (!settings) {
    log("set VERIFIER_URL and VERIFIER_MODEL to the verifier to calibrate");
    return 2;
  }
  const modelDir = modelFolder(env.MODEL_DIR);
  // The detector as served, exact checks included: the fusion is fitted on what it will fuse.
  const detector = await loadServedDetector(modelDir);
  log(`detector ${detector.modelVersion} / ${detector.calibratorVersion} from ${modelDir}`);
  const retrieval = await retrievalDetector(detector, modelDir, log);
  log(`verifier ${settings.model} at ${settings.url}, ${settings.samples} sample(s)`);
  const inputs = await calibrationInputs(flags.data, flags.limit);
  const cachePath = flags.cache ??
    `./data/verifier-cache/${encodeURIComponent(settings.model)}.jsonl`;
  const cache = await VerdictCache.open(cachePath);
  log(`${inputs.length} calibration rows; ${cache.size} verdicts cached in ${cachePath}`);

  const bar = new cliProgress.SingleBar({
    format: "verdicts [{bar}] {value}/{total} {percentage}% | ETA {eta_formatted} | " +
      "cached {cached} | failed {failed}",
    noTTYOutput: true,
    notTTYSchedule: 10_000,
  }, cliProgress.Presets.shades_classic);
  bar.start(inputs.length, 0, { cached: 0, failed: 0 });
  const collected = await collectFusionRows(
    inputs,
    createScorer(detector),
    createVerifier(settings),
    cache,
    flags.concurrency,
    (done, counts) => bar.update(done, counts),
  );
  bar.stop();
  const failed = Object.entries(collected.failures).map(([r, n]) => `${r} ${n}`).join(", ");
  if (failed) log(`failed verdicts (left out): ${failed}`);

  const { rows } = collected;
  const labels = rows.map((r) => r.hallucinated);
  if (!labels.some((l) => l) || !labels.some((l) => !l)) {
    log(`${rows.length} rows with a verdict: both labels are needed to fit the fusion`);
    return 1;
  }
  const file = fitFusion(rows, {
    verifierModel: settings.model,
    verifierSamples: settings.samples,
    modelVersion: detector.modelVersion,
    calibratorVersion: detector.calibratorVersion,
    retrievalCalibratorVersion: retrieval === detector ? undefined : retrieval.calibratorVersion,
  });
  const path = await writeFusion(modelDir, file);
  const fused = rows.map((r) => fusedProbability(file.weights[r.group], r.pDetector, r.pVerifier));
  const f3 = (v: number) => v.toFixed(3);
  console.log(`fusion written to ${path}`);
  console.log(
    `rows ${rows.length} (evidence ${file.rows.evidence}, no_evidence ${file.rows.no_evidence}; ` +
      `fitted on: evidence ${file.fittedOn.evidence}, no_evidence ${file.fittedOn.no_evidence})`,
  );
  console.log(
    `calibration-split AUROC: detector ${f3(auroc(rows.map((r) => r.pDetector), labels))}, ` +
      `verifier ${f3(auroc(rows.map((r) => r.pVerifier), labels))}, fused ${
        f3(auroc(fused, labels))
      }; fused ECE ${f3(expectedCalibrationError(fused, labels))} (in-sample)`,
  );
  return 0;
}

if (import.meta.main) Deno.exit(await main());
