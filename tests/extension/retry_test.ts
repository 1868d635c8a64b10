/**
 * The service worker's retry policy over the real client and a real HTTP server that answers
 * from a script: cold starts (503 model_unavailable, 502) are retried with the same request id,
 * a 429 is handed back to the page, which waits its Retry-After out with the same id, and quota,
 * suspension and sign-in failures are not retried.
 */
import assert from "node:assert/strict";
import { createClient } from "../../shared/client.ts";
import type { DetectResponse } from "../../shared/contract.ts";
import { waitingOutRateLimits } from "../../extension/src/rate_limit.ts";
import { type RetryPolicy, withRetries } from "../../extension/src/worker/retry.ts";

const OK_BODY: DetectResponse = {
  p_hallucination: 0.83,
  flag: true,
  top_regime: "FABRICATED",
  regime_scores: [{ regime: "FABRICATED", p: 0.7 }, { regime: "SOMETHING_NEW", p: 0.3 }],
  request_id: "r1",
  detections_billed: 1,
  mode: "short",
  latency_ms: 3,
  model_version: "m1",
  calibrator_version: "c1",
  input_mode_used: "pr",
  task_used: "multiclass",
  warnings: ["a_future_warning"],
};

interface Scripted {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Serves the scripted answers in order and records each request's X-Request-Id. */
async function withScriptedServer(
  script: Scripted[],
  run: (url: string, requestIds: (string | null)[]) => Promise<void>,
) {
  const requestIds: (string | null)[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    await req.body?.cancel();
    requestIds.push(req.headers.get("X-Request-Id"));
    const next = script[Math.min(requestIds.length - 1, script.length - 1)];
    return Response.json(next.body, { status: next.status, headers: next.headers });
  });
  try {
    await run(`http://127.0.0.1:${server.addr.port}`, requestIds);
  } finally {
    await server.shutdown();
  }
}

function recordingPolicy(): RetryPolicy & { slept: number[] } {
  const slept: number[] = [];
  return {
    coldStartDelaysMs: [5, 10, 15],
    slept,
    sleep: (ms) => {
      slept.push(ms);
      return Promise.resolve();
    },
  };
}

const detectOnce = (url: string) => () =>
  createClient({ baseUrl: url, credentials: "include" })
    .webDetect({ response: "Paris is the capital of Italy." }, { requestId: "fixed-id" });

Deno.test("cold start: 503 model_unavailable and 502 are retried with the same request id", async () => {
  await withScriptedServer([
    { status: 503, body: { detail: "model_unavailable" } },
    { status: 502, body: { error: "upstream_unreachable" } },
    { status: 200, body: OK_BODY },
  ], async (url, requestIds) => {
    const policy = recordingPolicy();
    const result = await withRetries(detectOnce(url), policy);
    assert.equal(result.ok, true);
    assert.deepEqual(result.ok && result.data, OK_BODY);
    assert.deepEqual(policy.slept, [5, 10]);
    assert.deepEqual(requestIds, ["fixed-id", "fixed-id", "fixed-id"]);
  });
});

Deno.test("cold start that never ends: gives up after the policy's retries", async () => {
  await withScriptedServer(
    [{ status: 503, body: { detail: "model_unavailable" } }],
    async (url, ids) => {
      const policy = recordingPolicy();
      const result = await withRetries(detectOnce(url), policy);
      assert.equal(result.ok, false);
      assert.equal(!result.ok && result.kind, "model_unavailable");
      assert.equal(ids.length, 4);
    },
  );
});

Deno.test("429: the worker hands it back; waitingOutRateLimits waits Retry-After, same id", async () => {
  const limited = (seconds: string) => ({
    status: 429,
    body: { error: "rate_limited", message: "slow down" },
    headers: { "Retry-After": seconds },
  });
  await withScriptedServer([limited("42"), { status: 200, body: OK_BODY }], async (url, ids) => {
    const policy = recordingPolicy();
    const result = await withRetries(detectOnce(url), policy);
    assert.equal(!result.ok && result.kind, "rate_limited");
    assert.equal(!result.ok && result.retryAfterS, 42);
    assert.deepEqual(policy.slept, []);
    assert.equal(ids.length, 1);
  });
  await withScriptedServer(
    [limited("2"), limited("1"), { status: 200, body: OK_BODY }],
    async (url, ids) => {
      const waits: (number | undefined)[] = [];
      const slept: number[] = [];
      const result = await waitingOutRateLimits(
        () => withRetries(detectOnce(url), recordingPolicy()),
        (failure) => waits.push(failure.retryAfterS),
        (ms) => {
          slept.push(ms);
          return Promise.resolve();
        },
      );
      assert.equal(result.ok, true);
      assert.deepEqual(waits, [2, 1]);
      assert.deepEqual(slept, [2000, 1000]);
      assert.deepEqual(ids, ["fixed-id", "fixed-id", "fixed-id"]);
    },
  );
});

Deno.test("401, 402 and 403 are answered at once with their kind and envelope", async () => {
  const cases: [Scripted, string][] = [
    [{ status: 401, body: { error: "unauthorized", message: "unauthorized" } }, "unauthorized"],
    [{
      status: 402,
      body: { error: "quota_exceeded", quota_type: "monthly", plan: "web_free", units_used: 300 },
    }, "quota_exceeded"],
    [{
      status: 403,
      body: { error: "account_suspended", reason: null, appeal_url: "https://example.com/appeal" },
    }, "suspended"],
  ];
  for (const [answer, kind] of cases) {
    await withScriptedServer([answer], async (url, ids) => {
      const result = await withRetries(detectOnce(url), recordingPolicy());
      assert.equal(!result.ok && result.kind, kind);
      assert.equal(!result.ok && result.status, answer.status);
      assert.equal(!result.ok && result.body.error, (answer.body as { error: string }).error);
      assert.equal(ids.length, 1);
    });
  }
});

Deno.test("a 200 whose body breaks the contract is a bad_response, not data", async () => {
  await withScriptedServer([{ status: 200, body: { p_hallucination: 2 } }], async (url) => {
    const result = await withRetries(detectOnce(url), recordingPolicy());
    assert.equal(!result.ok && result.kind, "bad_response");
  });
});

Deno.test("an unreachable server is a network failure", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const result = await createClient({ baseUrl: `http://127.0.0.1:${port}` }).usageSummary();
  assert.equal(!result.ok && result.kind, "network");
  assert.equal(!result.ok && result.status, 0);
});
