import assert from "node:assert/strict";
import { startSupervisedDetector } from "../../server/features/detect/detector_supervisor.ts";
import { waitUntilReady } from "../../server/detector/service/launch.ts";
import { TEST_DETECTOR_SECRET } from "../support/detector.ts";

Deno.test("the detector beside the API is restarted on the same port when it dies", async () => {
  const detector = await startSupervisedDetector({
    host: "127.0.0.1",
    port: 0,
    secret: TEST_DETECTOR_SECRET,
  });
  const url = `http://127.0.0.1:${detector.port}`;
  try {
    await waitUntilReady(url);
    const first = detector.pid();
    Deno.kill(first, "SIGKILL");
    const deadline = Date.now() + 30_000;
    while (detector.pid() === first && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.notEqual(detector.pid(), first, "a new child was started");
    await waitUntilReady(url);
    const health = await fetch(`${url}/health`);
    assert.equal(health.status, 200);
    await health.body?.cancel();
  } finally {
    await detector.stop();
  }
});
