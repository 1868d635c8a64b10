/**
 * `deno task score` with a verifier, as a real subprocess against real HTTP fakes: several lines
 * are asked at a time while the output keeps the input's order and content (later lines answered
 * first change nothing); against a hung verifier the breaker opens, so only the first few lines
 * wait for the timeout and every line is served with `verifier_unavailable`.
 */
import assert from "node:assert/strict";
import { chatReply, startHungVerifier } from "../../server/bench/verifier.ts";
import { withFakeVerifier } from "../support/fake_verifier.ts";
import { runScore } from "../../server/bench/score_cli.ts";

const ROWS = 24;
const input = Array.from(
  { length: ROWS },
  (_, i) => JSON.stringify({ id: i, response: `Row ${i}: the bridge opened in ${1900 + i}.` }),
).join("\n") + "\n";
const verifierEnv = (url: string) => ({ VERIFIER_URL: url, VERIFIER_MODEL: "fake-llm" });

Deno.test("score asks the verifier for several lines at a time; output order and content kept", async () => {
  let inFlight = 0, mostInFlight = 0;
  await withFakeVerifier(async (body) => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const row = Number(/Row (\d+):/.exec(body.messages[1].content)![1]);
    // Later rows answer sooner, so completion order is not input order.
    await new Promise((r) => setTimeout(r, (ROWS - row) * 10));
    inFlight--;
    return chatReply(JSON.stringify({ hallucinated: row % 2 === 0, confidence: 0.9 }));
  }, async (fake) => {
    const parallel = await runScore(["--concurrency", "8"], input, verifierEnv(fake.url));
    assert.equal(parallel.code, 0, parallel.stderr);
    assert.deepEqual(parallel.lines.map((l) => l.id), Array.from({ length: ROWS }, (_, i) => i));
    assert.ok(mostInFlight > 1 && mostInFlight <= 8, `at most ${mostInFlight} in flight`);
    for (const line of parallel.lines) {
      assert.match(line.calibrator_version, /^uncalibrated:.*\+verifier:fake-llm$/);
      assert.ok(!line.warnings.includes("verifier_unavailable"));
    }
    mostInFlight = 0;
    const serial = await runScore(["--concurrency", "1"], input, verifierEnv(fake.url));
    assert.equal(mostInFlight, 1);
    assert.deepEqual(serial.lines, parallel.lines);
  });
});

Deno.test("score without a verifier: the same lines at any concurrency, no verifier warning", async () => {
  const [one, many] = await Promise.all(
    ["1", "16"].map((n) => runScore(["--concurrency", n], input)),
  );
  assert.equal(one.code, 0, one.stderr);
  assert.deepEqual(many.lines, one.lines);
  for (const line of one.lines) {
    assert.ok(!line.warnings.includes("verifier_unavailable"));
    assert.doesNotMatch(line.calibrator_version, /verifier/);
  }
});

Deno.test("score against a hung verifier: the breaker opens, every line served, few waits", async () => {
  const hung = startHungVerifier();
  try {
    const run = await runScore(["--concurrency", "4"], input, {
      ...verifierEnv(hung.url),
      VERIFIER_TIMEOUT_MS: "300",
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.lines.length, ROWS);
    for (const line of run.lines) assert.ok(line.warnings.includes("verifier_unavailable"));
    // The first lines in flight wait for the timeout; the open breaker answers the rest.
    assert.ok(hung.connections <= 8, `${hung.connections} calls reached the hung verifier`);
    assert.match(run.stderr, /verifier failing \(timeout\); skipped for 30000 ms/);
  } finally {
    await hung.stop();
  }
});
