/** Each (task, input mode) cell applies its own stored calibrator and threshold. */
import assert from "node:assert/strict";
import { INPUT_MODES, TASKS } from "../../shared/regimes.ts";
import { CalibratedDetector, loadDetector } from "../../server/detector/inference/model.ts";
import type { CalibratorFile, CellName } from "../../server/detector/inference/model_files.ts";

const prompt = "The report says revenue rose 4% to $12 million in 2021.";
const response = "Revenue fell 40% to $15 million in 2019, the report says.";

Deno.test("flag compares p_hallucination with the threshold of the cell that served the call", async () => {
  const detector = await loadDetector();
  for (const task of TASKS) {
    for (const inputMode of INPUT_MODES) {
      const out = detector.scoreNow({ prompt, response, task, inputMode });
      const cell = detector.calibration.cells[`${task}/${inputMode}`];
      assert.equal(out.flag, out.p_hallucination >= cell.threshold);
      assert.equal(out.task_used, task);
      assert.equal(out.input_mode_used, inputMode);
    }
  }
});

Deno.test("changing one cell's threshold changes only that cell's flag", async () => {
  const base = await loadDetector();
  const cells = structuredClone(base.calibration.cells);
  const thresholds: Record<CellName, number> = {
    "binary/pr": 0,
    "binary/ro": 1.01,
    "multiclass/pr": 1.01,
    "multiclass/ro": 0,
  };
  for (const [cell, t] of Object.entries(thresholds)) cells[cell as CellName].threshold = t;
  const calibration: CalibratorFile = { ...base.calibration, cells };
  const detector = new CalibratedDetector(base.core, calibration, base.modelVersion, "cal-test");
  for (const task of TASKS) {
    for (const inputMode of INPUT_MODES) {
      const out = detector.scoreNow({ prompt, response, task, inputMode });
      assert.equal(out.flag, thresholds[`${task}/${inputMode}`] === 0, `${task}/${inputMode}`);
      assert.equal(out.calibrator_version, "cal-test");
    }
  }
});
