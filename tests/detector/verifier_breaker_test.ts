/**
 * The verifier's circuit breaker against real HTTP fakes: a hung verifier (accepts, never
 * answers) opens it after the set number of timeouts, after which calls answer at once without
 * reaching the verifier; after the cool-down one trial call goes through (half-open), and its
 * failure opens the breaker again while its success closes it. The clock is the test's own, so
 * the cool-down is stepped over rather than waited for.
 */
import assert from "node:assert/strict";
import { chatReply, startHungVerifier } from "../../server/bench/verifier.ts";
import { BREAKER_OPEN, withBreaker } from "../../server/detector/verifier/breaker.ts";
import { createVerifier } from "../../server/detector/verifier/client.ts";
import { withFakeVerifier } from "../support/fake_verifier.ts";

const BREAKER = { failures: 3, cooldownMs: 30_000 };

function testClock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

Deno.test("a hung verifier opens the breaker after 3 timeouts; then calls skip it", async () => {
  const hung = startHungVerifier();
  const lines: string[] = [];
  try {
    const verifier = withBreaker(
      createVerifier({ url: hung.url, model: "hung", timeoutMs: 200, samples: 1 }),
      BREAKER,
      (line) => lines.push(line),
      testClock().now,
    );
    for (let i = 0; i < 3; i++) {
      assert.deepEqual(await verifier.verify("q", "a"), { ok: false, reason: "timeout" });
    }
    assert.equal(verifier.state, "open");
    assert.equal(hung.connections, 3);
    for (let i = 0; i < 20; i++) {
      assert.deepEqual(await verifier.verify("q", "a"), { ok: false, reason: BREAKER_OPEN });
    }
    assert.equal(hung.connections, 3, "an open breaker never reaches the verifier");
    assert.equal(lines.length, 1);
    assert.match(lines[0], /verifier failing \(timeout\); skipped for 30000 ms/);
  } finally {
    await hung.stop();
  }
});

Deno.test("after the cool-down one trial call (half-open): failure reopens, success closes", async () => {
  let answer: "error" | "verdict" = "error";
  let requests = 0;
  await withFakeVerifier(() => {
    requests++;
    return answer === "error"
      ? new Response("down", { status: 500 })
      : chatReply(JSON.stringify({ hallucinated: true, confidence: 0.9 }));
  }, async (fake) => {
    const clock = testClock();
    const lines: string[] = [];
    const verifier = withBreaker(
      createVerifier({ url: fake.url, model: "flaky", timeoutMs: 2_000, samples: 1 }),
      BREAKER,
      (line) => lines.push(line),
      clock.now,
    );
    // Two failures leave it closed; a success in between resets the count.
    await verifier.verify("q", "a");
    await verifier.verify("q", "a");
    answer = "verdict";
    assert.equal((await verifier.verify("q", "a")).ok, true);
    answer = "error";
    for (let i = 0; i < 2; i++) await verifier.verify("q", "a");
    assert.equal(verifier.state, "closed");
    await verifier.verify("q", "a");
    assert.equal(verifier.state, "open");
    assert.equal(requests, 6);

    clock.advance(BREAKER.cooldownMs - 1);
    assert.deepEqual(await verifier.verify("q", "a"), { ok: false, reason: BREAKER_OPEN });
    assert.equal(requests, 6);

    // Half-open: of calls arriving together, only the first is a trial; it fails and reopens.
    clock.advance(1);
    const together = await Promise.all([1, 2, 3].map(() => verifier.verify("q", "a")));
    assert.deepEqual(together.map((r) => r.ok ? "ok" : r.reason), [
      "http_500",
      BREAKER_OPEN,
      BREAKER_OPEN,
    ]);
    assert.equal(requests, 7);
    assert.equal(verifier.state, "open");
    assert.deepEqual(await verifier.verify("q", "a"), { ok: false, reason: BREAKER_OPEN });

    // The next trial succeeds: closed, and calls reach the verifier again.
    clock.advance(BREAKER.cooldownMs);
    answer = "verdict";
    assert.equal((await verifier.verify("q", "a")).ok, true);
    assert.equal(verifier.state, "closed");
    assert.equal((await verifier.verify("q", "a")).ok, true);
    assert.equal(requests, 9);
    assert.equal(lines.filter((l) => /breaker closed/.test(l)).length, 1);
  });
});
