/**
 * `deno task calibrate:checks [--data DIR] [--model DIR]`: fits how exact findings move
 * p_hallucination (checks/fusion.ts) on top of the current model: the tuning part of the twin set
 * (evaluation/exact_checks.ts) and the labelled calibration split, each row scored by the model
 * alone and grouped by its findings; writes `exact-fusion.json` into the model folder. Run again
 * after any retraining or recalibration: a file fitted on another model is not used.
 */
import { z } from "zod";
import { readFlags } from "./command_line.ts";
import { buildCorpus } from "../corpus/corpus.ts";
import { DEFAULT_DATA_DIR } from "../corpus/data_dir.ts";
import { splitCorpus } from "../corpus/split.ts";
import { CheckedDetector } from "../checks/checked_detector.ts";
import { EXACT_FUSION_FILE, fitExactFusion } from "../checks/fusion.ts";
import { fusionRows, TWIN_SEED, twinRows, twinSet } from "../evaluation/exact_checks.ts";
import { loadDetector } from "../inference/model.ts";
import { DEFAULT_MODEL_DIR, modelFolder } from "../inference/model_files.ts";

const Flags = z.object({ data: z.string().optional(), model: z.string().optional() });
const log = (line: string) => console.error(`[calibrate:checks] ${line}`);

async function main() {
  const flags = readFlags(Flags, "deno task calibrate:checks [--data DIR] [--model DIR]");
  const modelDir = modelFolder(flags.model ?? DEFAULT_MODEL_DIR);
  const detector = await loadDetector(modelDir);
  const checked = new CheckedDetector(detector, undefined);
  const corpus = await buildCorpus(flags.data ?? DEFAULT_DATA_DIR, { onProgress: log });
  const split = splitCorpus(corpus.rows);
  const twins = twinRows(twinSet(split, new Date()), "tune").map((r) => ({
    prompt: r.pair.prompt,
    text: r.text,
    hallucinated: r.hallucinated,
  }));
  const labelled = split.calibration.map((r) => ({
    prompt: r.modes.includes("pr") ? r.prompt : undefined,
    text: r.response,
    hallucinated: r.hallucinated,
  }));
  const twinFit = fusionRows(checked, twins);
  const labelledFit = fusionRows(checked, labelled);
  log(
    `rows with findings: ${twinFit.length} of ${twins.length} tuning twins, ${labelledFit.length} of ${labelled.length} calibration rows`,
  );
  const file = fitExactFusion([...twinFit, ...labelledFit], {
    modelVersion: detector.modelVersion,
    calibratorVersion: detector.calibratorVersion,
    fittedOn: [
      `twin set, tuning part (seed ${TWIN_SEED}): ${twinFit.length} rows with findings`,
      `labelled calibration split: ${labelledFit.length} rows with findings`,
    ],
  });
  for (const [group, rule] of Object.entries(file.rules)) {
    log(
      `${group}: ${JSON.stringify(rule)} on ${
        JSON.stringify(file.rows[group as keyof typeof file.rows])
      }`,
    );
  }
  await Deno.writeTextFile(modelDir + EXACT_FUSION_FILE, JSON.stringify(file, null, 2) + "\n");
  log(`wrote ${modelDir}${EXACT_FUSION_FILE}`);
}

if (import.meta.main) await main();
