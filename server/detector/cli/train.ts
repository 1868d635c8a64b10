/**
 * `deno task train [--data DIR] [--out DIR]`: builds the corpus, trains, calibrates and writes the
 * model files. Progress goes to standard error. Fixed seeds: the same data gives the same files.
 */
import { readCommandLine } from "./command_line.ts";
import {
  CALIBRATOR_FILE,
  DEFAULT_MODEL_DIR,
  LEXICON_FILE,
  MODEL_FILE,
  modelFolder,
  TRAINING_REPORT_FILE,
  VECTORS_FILE,
  WEIGHTS_FILE,
  WORDNET_LICENSE_FILE,
} from "../inference/model_files.ts";
import type { TrainingReport } from "../training/report.ts";
import { DEFAULT_DATA_DIR } from "../corpus/data_dir.ts";
import { writeRetrievalCalibrator } from "../knowledge/retrieval_calibration.ts";
import { CALIBRATION_RULE } from "../training/cell_calibration.ts";
import { prepareData, trainModel } from "../training/pipeline.ts";
import { wordnetLicence } from "../training/semantic_resources.ts";
import { bestVariant, compareVariants } from "../training/selection.ts";
import { compareClassBalance } from "../training/class_balance.ts";

const log = (message: string) => console.error(`[train] ${message}`);

async function main() {
  const { values } = readCommandLine(
    { options: { data: { type: "string" }, out: { type: "string" } } },
    "deno task train [--data DIR] [--out DIR]",
  );
  const dataDir = values.data ?? DEFAULT_DATA_DIR;
  const outDir = modelFolder(values.out ?? DEFAULT_MODEL_DIR);
  const started = performance.now();
  const data = await prepareData(dataDir, log);
  const selection = compareVariants(data, log);
  const winner = bestVariant(selection);
  log(`shipping: ${winner.variant}`);
  const classBalance = compareClassBalance(data, winner, log);
  const model = trainModel(data, winner.recipe, winner.scorers, log);
  const report: TrainingReport = {
    sets: data.corpus.sets.map((s) => ({
      set: s.set,
      licence: s.licence,
      trainable: s.trainable,
      rows: s.rows,
    })),
    splitRows: Object.fromEntries(Object.entries(data.splits).map(([k, rows]) => [k, rows.length])),
    recipe: winner.recipe,
    selection: selection.map(
      ({ variant, prMeanPerSetAuroc, roMeanPerSetAuroc, prPerSetAuroc }) => ({
        variant,
        prMeanPerSetAuroc,
        roMeanPerSetAuroc,
        prPerSetAuroc,
      }),
    ),
    classBalance,
    calibration: model.cellReports.map((c) => ({
      cell: c.cell,
      method: c.method,
      threshold: c.threshold,
      choice: c.choice,
      thresholdRules: c.thresholdRules,
    })),
    calibrationRule: CALIBRATION_RULE,
  };
  await Deno.mkdir(outDir, { recursive: true });
  await Deno.writeTextFile(outDir + MODEL_FILE, JSON.stringify(model.file) + "\n");
  await Deno.writeFile(outDir + WEIGHTS_FILE, model.weights);
  await Deno.writeFile(outDir + VECTORS_FILE, data.vectorBytes);
  await Deno.writeTextFile(outDir + LEXICON_FILE, JSON.stringify(data.lexicon) + "\n");
  await Deno.writeTextFile(outDir + WORDNET_LICENSE_FILE, await wordnetLicence());
  await Deno.writeTextFile(
    outDir + CALIBRATOR_FILE,
    JSON.stringify(model.calibration, null, 1) + "\n",
  );
  await Deno.writeTextFile(outDir + TRAINING_REPORT_FILE, JSON.stringify(report, null, 1) + "\n");
  await writeRetrievalCalibrator(outDir, data.splits.calibration, log);
  log(`wrote ${outDir} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.main) await main();
