import assert from "node:assert/strict";
import { measureReadiness } from "../../server/detector/evaluation/latency.ts";
import { DEFAULT_MODEL_DIR } from "../../server/detector/inference/model_files.ts";
import { modelFolderWith } from "../support/model_folder.ts";

// The happy path, which fails by throwing when a launch never gets ready; that the wait lasts
// until the model has loaded is the next test's.
Deno.test("time to ready is measured up to the loaded model, once per launch", async () => {
  const result = await measureReadiness(DEFAULT_MODEL_DIR, { launches: 2 });
  assert.equal(result.launches, 2);
  assert.ok(result.medianMs > 0 && result.medianMs <= result.maxMs, JSON.stringify(result));
});

Deno.test("a detector whose model never loads is not reported ready", async () => {
  const broken = await modelFolderWith({ "model.json": new TextEncoder().encode("{}") });
  try {
    await assert.rejects(
      measureReadiness(broken, { launches: 1, timeoutMs: 3_000 }),
      /\/health not answering 200 after 3000 ms; detector output:\n[\s\S]*model\.json/,
    );
  } finally {
    await Deno.remove(broken, { recursive: true });
  }
});
