/**
 * `deno task calibrate:encoder [--data DIR] [--model DIR]`: re-stacks the answer-level model on the
 * cross-encoder (encoder/fusion.ts). Each `pr` row of the calibration split of the trainable sets
 * whose prompt holds evidence is scored by the detector with its exact checks and read by the
 * cross-encoder, claim by claim; the fusion and its threshold are fitted on them and written to
 * `encoder-fusion.json` in the model folder. Run after `deno task calibrate:checks`, and again after
 * any retraining, recalibration or new encoder: a file fitted on another is not used.
 */
import { z } from "zod";
import { readFlags } from "./command_line.ts";
import { buildCorpus } from "../corpus/corpus.ts";
import { DEFAULT_DATA_DIR } from "../corpus/data_dir.ts";
import { splitCorpus } from "../corpus/split.ts";
import { readExactFusion } from "../checks/fusion.ts";
import { CrossEncoder } from "../encoder/cross_encoder.ts";
import { EncodedDetector, fusionStamp } from "../encoder/encoded_detector.ts";
import {
  ENCODER_FUSION_FILE,
  type EncoderFusionRow,
  fitEncoderFusion,
  fusedProbability,
  FUSION_FEATURES,
} from "../encoder/fusion.ts";
import { loadDetector } from "../inference/model.ts";
import { DEFAULT_MODEL_DIR, modelFolder } from "../inference/model_files.ts";
import { auroc } from "../learners/metrics.ts";

const Flags = z.object({ data: z.string().optional(), model: z.string().optional() });
const log = (line: string) => console.error(`[calibrate:encoder] ${line}`);

async function main() {
  const flags = readFlags(Flags, "deno task calibrate:encoder [--data DIR] [--model DIR]");
  const modelDir = modelFolder(flags.model ?? DEFAULT_MODEL_DIR);
  const detector = await loadDetector(modelDir);
  const exactFusion = await readExactFusion(modelDir, detector);
  const encoder = await CrossEncoder.load(modelDir);
  if (!encoder) throw new Error(`no cross-encoder in ${modelDir}: run deno task train:encoder`);
  const reader = new EncodedDetector(detector, exactFusion, encoder, undefined);
  const corpus = await buildCorpus(flags.data ?? DEFAULT_DATA_DIR, { onProgress: log });
  const rows = splitCorpus(corpus.rows).calibration.filter((r) =>
    r.trainable && r.modes.includes("pr") && r.prompt
  );
  const fit: EncoderFusionRow[] = [];
  const started = performance.now();
  for (const [i, row] of rows.entries()) {
    const input = { prompt: row.prompt, response: row.response, inputMode: "pr" as const };
    const read = await reader.readClaims(input);
    if (read) {
      const pDetector = reader.scoreUnencoded({ ...input, task: "binary" }).p_hallucination;
      const logits = read.map((r) => r.logit);
      fit.push({ pDetector, logits, hallucinated: row.hallucinated, set: row.set });
    }
    if ((i + 1) % 1000 === 0 || i + 1 === rows.length) {
      const seconds = (performance.now() - started) / 1000;
      log(`${i + 1}/${rows.length} rows, ${fit.length} with evidence, ${seconds.toFixed(0)} s`);
    }
  }
  const file = fitEncoderFusion(
    fit,
    await fusionStamp(detector, exactFusion, encoder),
    `calibration split, trainable sets, pr rows with evidence: ${fit.length} rows`,
  );
  log(`weights ${FUSION_FEATURES.map((f, i) => `${f} ${file.weights[i].toFixed(3)}`).join(", ")}`);
  log(`threshold ${file.threshold.toFixed(3)}`);
  const y = fit.map((r) => r.hallucinated);
  const fused = fit.map((r) => fusedProbability(file, r.pDetector, r.logits));
  log(
    `in-sample AUROC: detector ${auroc(fit.map((r) => r.pDetector), y).toFixed(3)}, fused ${
      auroc(fused, y).toFixed(3)
    }`,
  );
  await Deno.writeTextFile(modelDir + ENCODER_FUSION_FILE, JSON.stringify(file, null, 2) + "\n");
  log(`wrote ${modelDir}${ENCODER_FUSION_FILE}`);
}

if (import.meta.main) await main();
