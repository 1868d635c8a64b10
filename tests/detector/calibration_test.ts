/** Calibrators: held-out ECE is not worse than the raw score's, on synthetic and on real data. */
import assert from "node:assert/strict";
import {
  applyCalibrator,
  chooseCalibrator,
  fitIsotonic,
  fitPlatt,
} from "../../server/detector/calibration.ts";
import { buildCorpus } from "../../server/detector/corpus/corpus.ts";
import { splitCorpus } from "../../server/detector/corpus/split.ts";
import { sigmoid } from "../../server/detector/linear.ts";
import { expectedCalibrationError } from "../../server/detector/metrics.ts";
import { loadDetector } from "../../server/detector/model.ts";
import { seededRandom } from "../../server/detector/random.ts";
import { ignoreWithoutSharedData, sharedDataDir } from "../support/env.ts";

/** Logits that are over-confident and shifted: the true probability is sigmoid(0.4 z - 1). */
function miscalibrated(n: number, seed: number) {
  const rand = seededRandom(seed);
  const z: number[] = [], y: boolean[] = [];
  for (let i = 0; i < n; i++) {
    const v = (rand() - 0.5) * 12;
    z.push(v);
    y.push(rand() < sigmoid(0.4 * v - 1));
  }
  return { z, y };
}

Deno.test("the chosen calibrator lowers ECE on held-out synthetic scores", () => {
  const fit = miscalibrated(4000, 1), held = miscalibrated(4000, 2);
  const { calibrator, crossFittedEce } = chooseCalibrator(fit.z, fit.y, 3);
  const raw = expectedCalibrationError(held.z.map(sigmoid), held.y);
  const calibrated = expectedCalibrationError(
    held.z.map((v) => applyCalibrator(calibrator, v)),
    held.y,
  );
  assert.ok(raw > 0.1, `raw ECE ${raw}`);
  assert.ok(calibrated < 0.03, `calibrated ECE ${calibrated}`);
  assert.ok(crossFittedEce[calibrator.method] <= crossFittedEce.uncalibrated);
});

Deno.test("Platt recovers the slope and isotonic is monotone", () => {
  const { z, y } = miscalibrated(20000, 4);
  const platt = fitPlatt(z, y);
  assert.equal(platt.method, "platt");
  if (platt.method === "platt") {
    assert.ok(Math.abs(platt.a - 0.4) < 0.05, `a=${platt.a}`);
    assert.ok(Math.abs(platt.b + 1) < 0.1, `b=${platt.b}`);
  }
  const iso = fitIsotonic(z, y);
  const probe = [-6, -3, -1, 0, 1, 3, 6].map((v) => applyCalibrator(iso, v));
  assert.deepEqual(probe, [...probe].sort((a, b) => a - b));
});

Deno.test({
  name: "committed calibrators keep or improve ECE on the held-out test split",
  ignore: ignoreWithoutSharedData,
  async fn() {
    const detector = await loadDetector();
    const corpus = await buildCorpus(sharedDataDir());
    // Test rows of the trained-on sets: the population the calibrators were fitted for.
    const test = splitCorpus(corpus.rows).test.filter((r) => r.trainable);
    for (const mode of ["pr", "ro"] as const) {
      const rows = test.filter((r) => r.modes.includes(mode));
      assert.ok(rows.length > 1000, `${mode}: ${rows.length} rows`);
      const cell = detector.calibration.cells[`binary/${mode}`];
      const z = rows.map((r) => detector.core.raw(r.prompt, r.response, mode).binaryLogit);
      const y = rows.map((r) => r.hallucinated);
      const raw = expectedCalibrationError(z.map(sigmoid), y);
      const calibrated = expectedCalibrationError(
        z.map((v) => applyCalibrator(cell.calibrator, v)),
        y,
      );
      // 0.005 is about the sampling noise of a 10-bin ECE over these ~7k-16k rows.
      assert.ok(calibrated <= raw + 0.005, `${mode}: calibrated ${calibrated} vs raw ${raw}`);
      assert.ok(calibrated <= 0.05, `${mode}: calibrated ECE ${calibrated}`);
    }
  },
});
