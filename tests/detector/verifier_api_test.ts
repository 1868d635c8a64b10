/**
 * `deno task serve` with `VERIFIER_*` set (a real subprocess: config → the detector it starts →
 * a fake OpenAI-compatible server over HTTP): the verifier is asked only for calls that reach the
 * detector (never for a refused or quota-exceeded call); its verdict reaches `/api/detect` with
 * `calibration_uncalibrated` once; a failure is served with `verifier_unavailable` and logged by
 * the server without any call text. The call's prompt is only a question, so the detector's own
 * `no_evidence` comes first in `warnings`, then the verifier's warning, then the API's.
 */
import assert from "node:assert/strict";
import { chatReply, startFakeVerifier } from "../../server/bench/verifier.ts";
import {
  assertRefused,
  assertServed,
  createKey,
  detect,
  writePlansFile,
} from "../support/detect.ts";
import { REPO_ROOT } from "../support/env.ts";
import { signIn } from "../support/http.ts";

const PROMPT_MARKER = "Qvw-api-prompt-5521";
const RESPONSE_MARKER = "Qvw-api-response-7730";
const FAKE_DELAY_MS = 80;

Deno.test("deno task serve with a verifier: asked only for served calls, failures logged without text", async () => {
  let failing = false;
  let asked = 0;
  const fake = startFakeVerifier(async () => {
    asked++;
    await new Promise((r) => setTimeout(r, FAKE_DELAY_MS));
    return failing
      ? new Response("overloaded", { status: 500 })
      : chatReply(JSON.stringify({ hallucinated: true, confidence: 0.9 }));
  });
  const dir = await Deno.makeTempDir({ prefix: "verifier_api_" });
  const plansFile = await writePlansFile({ api_free: { monthly: 2 } });
  const server = new Deno.Command(Deno.execPath(), {
    args: ["task", "-q", "serve"],
    cwd: REPO_ROOT,
    env: {
      HOST: "127.0.0.1",
      PORT: "0",
      DETECTOR_PORT: "0",
      KV_PATH: `${dir}/kv.sqlite3`,
      PLANS_FILE: plansFile,
      VERIFIER_URL: fake.url,
      VERIFIER_MODEL: "fake-llm",
      VERIFIER_TIMEOUT_MS: "3000",
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const output: string[] = [];
  const apiPort = Promise.withResolvers<number>();
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const bytes of stream) {
      output.push(decoder.decode(bytes, { stream: true }));
      const match = /API listening on http:\/\/[^:]+:(\d+)/.exec(output.join(""));
      if (match) apiPort.resolve(Number(match[1]));
    }
  };
  const collected = Promise.all([collect(server.stdout), collect(server.stderr)]);
  try {
    const url = `http://127.0.0.1:${await apiPort.promise}`;
    // The detector answers 503 while its model loads: wait until a served call goes through.
    const key = (await createKey(url, await signIn(url, "verifier@example.com"))).key;
    const call = () =>
      detect(url, key, {
        prompt: `Who wrote Hamlet? ${PROMPT_MARKER}`,
        response: `Charles Dickens wrote Hamlet. ${RESPONSE_MARKER}`,
      });
    let first = await call();
    for (let i = 0; first.status === 503 && i < 300; i++) {
      await new Promise((r) => setTimeout(r, 200));
      first = await call();
    }
    const fused = assertServed(first);
    assert.equal(asked, 1);
    assert.deepEqual(fused.warnings, ["no_evidence", "calibration_uncalibrated"]);
    assert.ok(fused.calibrator_version.startsWith("uncalibrated:"));
    assert.ok(fused.latency_ms >= FAKE_DELAY_MS, `latency_ms ${fused.latency_ms}`);

    failing = true;
    const failed = assertServed(await call());
    assert.equal(asked, 2);
    // The embedded score is served (its calibrator is calibrated): no calibration_uncalibrated;
    // the second of 2 monthly units crosses both quota thresholds.
    assert.deepEqual(failed.warnings, [
      "no_evidence",
      "verifier_unavailable",
      "quota_80pct",
      "quota_95pct",
    ]);
    assert.ok(!failed.calibrator_version.startsWith("uncalibrated:"));

    assertRefused(await detect(url, key, { prompt: "no response" }), 400);
    assertRefused(await call(), 402);
    assert.equal(asked, 2, "refused calls never reach the verifier");
  } finally {
    server.kill("SIGTERM");
    await server.status;
    await collected;
    await fake.stop();
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(plansFile);
  }
  const log = output.join("");
  assert.match(log, /verifier unavailable \(http_500\)/);
  for (const marker of [PROMPT_MARKER, RESPONSE_MARKER, "Dickens", "Hamlet"]) {
    assert.ok(!log.includes(marker), `"${marker}" in the server's output:\n${log}`);
  }
});
