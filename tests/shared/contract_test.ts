import assert from "node:assert/strict";
import { ApiKeyCreateResponse, DetectRequest, ErrorEnvelope } from "../../shared/contract.ts";

Deno.test("DetectRequest rejects unknown properties and applies top_k default", () => {
  assert.equal(DetectRequest.safeParse({ response: "x", extra: 1 }).success, false);
  assert.deepEqual(DetectRequest.parse({ response: "x" }), { response: "x", top_k_regimes: 6 });
});

Deno.test("DetectRequest limits fields to 2048 code points", () => {
  assert.equal(DetectRequest.safeParse({ response: "😀".repeat(2048) }).success, true);
  assert.equal(DetectRequest.safeParse({ response: "x".repeat(2049) }).success, false);
  assert.equal(DetectRequest.safeParse({ response: "x", prompt: "p".repeat(2049) }).success, false);
  assert.equal(DetectRequest.safeParse({ response: "" }).success, false);
});

Deno.test("DetectRequest checks ranges of top_k_regimes, task and input_mode", () => {
  for (
    const bad of [{ top_k_regimes: 0 }, { top_k_regimes: 11 }, { top_k_regimes: 2.5 }, {
      task: "ternary",
    }, { input_mode: "xx" }]
  ) {
    assert.equal(
      DetectRequest.safeParse({ response: "x", ...bad }).success,
      false,
      JSON.stringify(bad),
    );
  }
});

Deno.test("ApiKeyCreateResponse requires an sk_ key of 43 base64url characters", () => {
  const base = {
    id: crypto.randomUUID(),
    name: null,
    prefix: "sk_abcd",
    created_at: new Date().toISOString(),
  };
  assert.equal(
    ApiKeyCreateResponse.safeParse({ ...base, key: `sk_${"a".repeat(43)}` }).success,
    true,
  );
  assert.equal(
    ApiKeyCreateResponse.safeParse({ ...base, key: `sk_${"a".repeat(42)}` }).success,
    false,
  );
});

Deno.test("ErrorEnvelope is open but needs error or detail", () => {
  assert.equal(ErrorEnvelope.safeParse({ error: "rate_limited", retry: 3 }).success, true);
  assert.equal(ErrorEnvelope.safeParse({ detail: "model_unavailable" }).success, true);
  assert.equal(ErrorEnvelope.safeParse({ message: "x" }).success, false);
});
