/** Calibrators: held-out ECE is not worse than the raw score's, on synthetic and on real data. */
import assert from "node:assert/strict";
import {
  applyCalibrator,
  chooseCalibrator,
  fitIsotonic,
  fitPlatt,
} from "../../server/detector/learners/calibrators.ts";
import { buildCorpus } from "../../server/detector/corpus/corpus.ts";
import { splitCorpus } from "../../server/detector/corpus/split.ts";
import { sigmoid } from "../../server/detector/learners/linear.ts";
import { expectedCalibrationError } from "../../server/detector/learners/metrics.ts";
import { loadDetector } from "../../server/detector/inference/model.ts";
import { seededRandom } from "../../server/detector/learners/random.ts";
import { needing, sharedDataDir } from "../support/env.ts";

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
  assert.ok(crossFittedEce[calibrator.method] <= crossFittedEce.identity);
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

Deno.test("isotonic knots rest on at least the minimum block of rows", () => {
  const { z, y } = miscalibrated(2000, 5);
  const fine = fitIsotonic(z, y, 1), coarse = fitIsotonic(z, y, 100);
  assert.ok(fine.method === "isotonic" && coarse.method === "isotonic");
  if (fine.method === "isotonic" && coarse.method === "isotonic") {
    assert.ok(coarse.x.length <= 2000 / 100 + 1, `${coarse.x.length} knots`);
    assert.ok(fine.x.length > coarse.x.length, `${fine.x.length} vs ${coarse.x.length} knots`);
  }
});

Deno.test("already calibrated scores keep the identity when it cross-fits best", () => {
  // Labels drawn from sigmoid(z) itself: no map can beat the identity by more than noise.
  const rand = seededRandom(6);
  const z: number[] = [], y: boolean[] = [];
  for (let i = 0; i < 4000; i++) {
    const v = (rand() - 0.5) * 8;
    z.push(v);
    y.push(rand() < sigmoid(v));
  }
  const { calibrator, crossFittedEce } = chooseCalibrator(z, y, 7);
  const best = Math.min(...Object.values(crossFittedEce));
  assert.equal(crossFittedEce[calibrator.method], best);
  assert.ok(crossFittedEce.identity < 0.03, `identity ECE ${crossFittedEce.identity}`);
  if (crossFittedEce.identity === best) assert.equal(calibrator.method, "identity");
});

Deno.test("group folds keep rows of one group in one fold", () => {
  const fit = miscalibrated(2000, 8);
  const foldOf = fit.z.map((_, i) => (i < 700 ? 0 : 1));
  const grouped = chooseCalibrator(fit.z, fit.y, 3, foldOf);
  const random = chooseCalibrator(fit.z, fit.y, 3);
  assert.notDeepEqual(grouped.crossFittedEce, random.crossFittedEce);
  assert.ok(grouped.crossFittedEce[grouped.calibrator.method] < 0.06);
});

Deno.test(needing("sharedData", {
  name: "committed calibrators keep or improve ECE on the held-out test split",
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
}));
