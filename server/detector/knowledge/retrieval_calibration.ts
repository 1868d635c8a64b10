/**
 * The retrieval calibrator: the cells' calibrators and thresholds fitted again on the calibration
 * split as a deployment with a knowledge base sees it (every `pr` call's evidence from retrieval,
 * grounded rows reduced to their question; see simulate.ts), so that a score on retrieved
 * evidence means what it says. Written to `retrieval-calibrator.json` beside the model, stamped
 * with the model version; run at the end of `deno task train`, or alone as
 * `deno task knowledge calibrate [--data DIR] [--model DIR]`. Deterministic: fixed seed, no
 * randomness in retrieval.
 */
import type { BuiltRow } from "../corpus/corpus.ts";
import { loadDetector } from "../inference/model.ts";
import { modelFolder } from "../inference/model_files.ts";
import { calibrateCells } from "../training/cell_calibration.ts";
import { examplesFor } from "../training/examples.ts";
import { SEED } from "../training/pipeline.ts";
import { RETRIEVAL_CALIBRATOR_FILE, type RetrievalCalibratorFile } from "./load.ts";
import { loadPassageEncoder } from "./passage_encoder.ts";
import { simulateRetrieval } from "./simulate.ts";

/** Fits the retrieval calibrator for the model in `modelDir` and writes it there. */
export async function writeRetrievalCalibrator(
  modelDir: string,
  calibrationRows: readonly BuiltRow[],
  log: (message: string) => void,
): Promise<RetrievalCalibratorFile> {
  const dir = modelFolder(modelDir);
  const detector = await loadDetector(dir);
  const rows = calibrationRows.filter((r) => r.trainable);
  const started = performance.now();
  const simulated = (await simulateRetrieval(rows, await loadPassageEncoder(dir), log))
    .map((s) => s.retrieved);
  const { semantics } = detector.core.vectorizer;
  const { file, reports } = calibrateCells(detector.core, {
    pr: examplesFor(simulated, "pr", semantics),
    ro: examplesFor(rows, "ro", semantics),
  }, SEED);
  const calibrator: RetrievalCalibratorFile = { ...file, modelVersion: detector.modelVersion };
  await Deno.writeTextFile(
    dir + RETRIEVAL_CALIBRATOR_FILE,
    JSON.stringify(calibrator, null, 1) + "\n",
  );
  log(
    `retrieval calibrator (${simulated.length} pr rows with retrieved evidence) in ${
      ((performance.now() - started) / 1000).toFixed(1)
    } s: ${reports.map((r) => `${r.cell} ${r.method} t=${r.threshold.toFixed(3)}`).join(", ")}`,
  );
  return calibrator;
}
