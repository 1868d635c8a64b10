/** The proxy's backend client: the hard timeout, and the default of 30 s (SPEC, Limits). */
import assert from "node:assert/strict";
import {
  createDetectorClient,
  DETECTOR_TIMEOUT_MS,
  detectorBaseUrl,
} from "../../server/features/detect/detector_client.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { ApiError } from "../../server/platform/errors.ts";
import { startStubBackend } from "../support/detector.ts";

Deno.test("detector client: a backend slower than the timeout is 502 upstream_unreachable", async () => {
  let release = () => {};
  const hung = new Promise<void>((resolve) => (release = resolve));
  const backend = startStubBackend(async () => {
    await hung;
    return Response.json({ detail: "too late" }, { status: 503 });
  });
  try {
    const client = createDetectorClient(loadConfig(backend.env), { timeoutMs: 200 })!;
    await assert.rejects(
      client.score({ response: "r", task: "multiclass", input_mode: "ro", top_k_regimes: 6 }),
      (err) =>
        err instanceof ApiError && err.status === 502 &&
        err.body.error === "upstream_unreachable" &&
        err.body.message === "inference backend timed out",
    );
  } finally {
    release();
    await backend.stop();
  }
  assert.equal(DETECTOR_TIMEOUT_MS, 30_000);
});

Deno.test("detector client: none without address and secret", () => {
  assert.equal(createDetectorClient(loadConfig({ DETECTOR_URL: "http://127.0.0.1:9" })), null);
  assert.notEqual(createDetectorClient(loadConfig({})), null, "embedded detector by default");
});

Deno.test("detector client: a DETECTOR_URL given with a trailing slash is joined without two", () => {
  const secret = { DETECTOR_SECRET: "s".repeat(16) };
  for (const url of ["http://10.0.0.5:8001", "http://10.0.0.5:8001/"]) {
    const config = loadConfig({ DETECTOR_URL: url, ...secret });
    assert.equal(detectorBaseUrl(config), "http://10.0.0.5:8001");
  }
});
