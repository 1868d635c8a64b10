/**
 * The fusion on simulated verifiers: on open-domain rows (TruthfulQA, HaluEval general,
 * HaluQuestQA) with no evidence, fake verifiers whose verdicts are drawn from the rows' labels at
 * a known AUROC (0.6, 0.75, 0.9) are fused with the committed detector's calibrated probability.
 * The fusion is fitted on the calibration split with `fitFusion` (what `calibrate:verifier` runs)
 * and judged on the test split: fused AUROC at least the better input's minus 0.02, ECE <= 0.05.
 * Bounded: at most 1,500 rows per split. The split is computed over these three sets alone (the
 * full corpus takes most of a minute to build), so a few rows may fall in another split than in
 * training's.
 */
import assert from "node:assert/strict";
import { buildCorpus } from "../../server/detector/corpus/corpus.ts";
import { splitCorpus } from "../../server/detector/corpus/split.ts";
import type { BuiltRow } from "../../server/detector/corpus/corpus.ts";
import { auroc, expectedCalibrationError } from "../../server/detector/learners/metrics.ts";
import { loadDetector } from "../../server/detector/inference/model.ts";
import { shuffledIndices } from "../../server/detector/learners/random.ts";
import { simulatedVerdicts } from "../../server/detector/verifier/simulated.ts";
import {
  fitFusion,
  fusedProbability,
  type FusionRow,
} from "../../server/detector/verifier/fusion.ts";
import { needing, sharedDataDir } from "../support/env.ts";

const ROWS_PER_SPLIT = 1_500;
const OPEN_DOMAIN = (row: BuiltRow) =>
  row.set === "truthfulqa" || row.set === "haluquestqa" ||
  (row.set === "halueval" && row.part === "general");

Deno.test(needing("sharedData", {
  name: "fusion on simulated verifiers (AUROC 0.6, 0.75, 0.9): AUROC kept, ECE <= 0.05",
  fn: async () => {
    const corpus = await buildCorpus(sharedDataDir(), {
      sets: ["truthfulqa", "halueval", "haluquestqa"],
    });
    const splits = splitCorpus(corpus.rows.filter(OPEN_DOMAIN));
    const detector = await loadDetector();
    const sample = (rows: BuiltRow[], seed: number) =>
      [...shuffledIndices(rows.length, seed)].slice(0, ROWS_PER_SPLIT).map((i) => rows[i]);
    const scored = (rows: BuiltRow[]) =>
      rows.map((row) => {
        const inputMode = row.modes.includes("pr") ? "pr" as const : "ro" as const;
        return {
          label: row.hallucinated,
          pDetector: detector.scoreNow({
            prompt: inputMode === "pr" ? row.prompt : undefined,
            response: row.response,
            task: "binary",
            inputMode,
          }).p_hallucination,
        };
      });
    const calibration = scored(sample(splits.calibration, 1));
    const test = scored(sample(splits.test, 2));
    const testLabels = test.map((r) => r.label);
    const detectorAuroc = auroc(test.map((r) => r.pDetector), testLabels);
    console.log(
      `open-domain rows: calibration ${calibration.length}, test ${test.length}; ` +
        `detector test AUROC ${detectorAuroc.toFixed(3)}`,
    );

    for (const [k, target] of [0.6, 0.75, 0.9].entries()) {
      const rowsOf = (rows: typeof test, pVerifier: number[]): FusionRow[] =>
        rows.map((r, i) => ({
          pDetector: r.pDetector,
          pVerifier: pVerifier[i],
          group: "no_evidence",
          hallucinated: r.label,
        }));
      const fit = rowsOf(
        calibration,
        simulatedVerdicts(calibration.map((r) => r.label), target, 10 + k),
      );
      const held = rowsOf(test, simulatedVerdicts(testLabels, target, 20 + k));
      const file = fitFusion(fit, {
        verifierModel: `simulated-${target}`,
        verifierSamples: 1,
        modelVersion: detector.modelVersion,
        calibratorVersion: detector.calibratorVersion,
      });
      const fused = held.map((r) =>
        fusedProbability(file.weights.no_evidence, r.pDetector, r.pVerifier)
      );
      const verifierAuroc = auroc(held.map((r) => r.pVerifier), testLabels);
      const fusedAuroc = auroc(fused, testLabels);
      const ece = expectedCalibrationError(fused, testLabels);
      console.log(
        `verifier target ${target}: test AUROC verifier ${verifierAuroc.toFixed(3)}, detector ` +
          `${detectorAuroc.toFixed(3)}, fused ${fusedAuroc.toFixed(3)}; fused ECE ${
            ece.toFixed(3)
          }`,
      );
      assert.ok(
        fusedAuroc >= Math.max(verifierAuroc, detectorAuroc) - 0.02,
        `fused AUROC ${fusedAuroc} vs inputs ${verifierAuroc}, ${detectorAuroc}`,
      );
      assert.ok(ece <= 0.05, `fused ECE ${ece}`);
    }
  },
}));
