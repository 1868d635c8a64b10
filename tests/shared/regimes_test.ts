import assert from "node:assert/strict";
import { collapseRegimeScores, inputModeOf, riskBucket } from "../../shared/regimes.ts";

Deno.test("collapseRegimeScores folds SELF_CONTR and UNDERSPECIFIED into Other, sorted", () => {
  const scores = collapseRegimeScores([
    { regime: "NORMAL", p: 0.3 },
    { regime: "FABRICATED", p: 0.1 },
    { regime: "NEAR_FALSE", p: 0.05 },
    { regime: "CF_AUTH", p: 0.05 },
    { regime: "FALSE_REFUSAL", p: 0.1 },
    { regime: "SELF_CONTR", p: 0.2 },
    { regime: "UNDERSPECIFIED", p: 0.2 },
  ]);
  assert.deepEqual(scores.map((s) => s.regime), [
    "Other",
    "NORMAL",
    "FABRICATED",
    "FALSE_REFUSAL",
    "CF_AUTH",
    "NEAR_FALSE",
  ]);
  assert.ok(Math.abs(scores[0].p - 0.4) < 1e-12);
  assert.ok(Math.abs(scores.reduce((s, r) => s + r.p, 0) - 1) < 1e-12);
});

Deno.test("collapseRegimeScores keeps regimes it does not know", () => {
  const scores = collapseRegimeScores([{ regime: "NEW_REGIME", p: 0.7 }, {
    regime: "NORMAL",
    p: 0.3,
  }]);
  assert.deepEqual(scores, [{ regime: "NEW_REGIME", p: 0.7 }, { regime: "NORMAL", p: 0.3 }]);
});

Deno.test("riskBucket follows the browser UI buckets", () => {
  assert.equal(riskBucket(0.49), "LOW");
  assert.equal(riskBucket(0.5), "MODERATE");
  assert.equal(riskBucket(0.79), "MODERATE");
  assert.equal(riskBucket(0.8), "HIGH");
});

Deno.test("inputModeOf: the requested mode, else pr with a non-empty prompt, else ro", () => {
  assert.equal(inputModeOf("What is it?"), "pr");
  assert.equal(inputModeOf(""), "ro");
  assert.equal(inputModeOf(undefined), "ro");
  assert.equal(inputModeOf("What is it?", "ro"), "ro");
  assert.equal(inputModeOf(undefined, "pr"), "pr");
});
