/**
 * The pure parts of checking an answer: splitting it into parts, the request id derived from the
 * text, one verdict from the parts' results, and the labels a user reads (bucket of the shown
 * percentage, failures with their actions, quota reset dates).
 */
import assert from "node:assert/strict";
import type { ApiFailure, ApiResult } from "../../shared/client.ts";
import type { DetectResponse } from "../../shared/contract.ts";
import { shownRisk } from "../../shared/regimes.ts";
import { codePointLength, MAX_FIELD_CHARS } from "../../shared/text.ts";
import { failureView, quotaResetDate } from "../../shared/ui/display.ts";
import { requestIdFor } from "../../extension/src/request_id.ts";
import { isPlainHttpRemote } from "../../extension/src/server_address.ts";
import { promptField, splitAnswer } from "../../extension/src/split.ts";
import { isVerdict, verdictOf } from "../../shared/ui/verdict.ts";
import { claimsOf, isShown } from "../../extension/src/content/claims.ts";

const sentence = (i: number) =>
  `Sentence number ${i} states one more fact about the topic at hand.`;
const paragraphOf = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => sentence(from + i)).join(" ");
const squash = (s: string) => s.replace(/\s+/g, "");

Deno.test("split: an answer that fits a field is one call, whatever its paragraphs", () => {
  const threeParagraphs = [paragraphOf(4), paragraphOf(3, 10), paragraphOf(4, 20)].join("\n\n");
  assert.ok(codePointLength(threeParagraphs) > 650 && codePointLength(threeParagraphs) <= 2048);
  assert.deepEqual(splitAnswer(`  ${threeParagraphs}\n`), [{ text: threeParagraphs, start: 2 }]);
  assert.deepEqual(splitAnswer("Yes.\nNo."), [{ text: "Yes.\nNo.", start: 0 }]);
  assert.deepEqual(splitAnswer("  \n \n"), []);
});

Deno.test("split: a longer answer in ceil(length / 2,048) calls, cut between sentences", () => {
  for (const n of [40, 70, 100, 130]) {
    const text = `${paragraphOf(n)}\n\n${paragraphOf(3, 1000)}`;
    const chunks = splitAnswer(text);
    assert.equal(chunks.length, Math.ceil(codePointLength(text) / MAX_FIELD_CHARS), `${n}`);
    for (const chunk of chunks) {
      assert.ok(codePointLength(chunk.text) <= MAX_FIELD_CHARS);
      // Each chunk is the answer's own text at its offset (claim offsets map back through it).
      assert.equal(text.slice(chunk.start, chunk.start + chunk.text.length), chunk.text);
    }
    assert.equal(squash(chunks.map((c) => c.text).join("")), squash(text));
    for (const chunk of chunks.slice(0, -1)) assert.match(chunk.text, /\.$/);
  }
});

Deno.test("split: a sentence longer than the limit between words; a word-less run by code points", () => {
  const words = Array.from({ length: 600 }, (_, i) => `word${i}`).join(" ");
  const chunks = splitAnswer(words);
  assert.equal(chunks.length, Math.ceil(codePointLength(words) / MAX_FIELD_CHARS));
  for (const chunk of chunks) assert.ok(codePointLength(chunk.text) <= MAX_FIELD_CHARS);
  assert.equal(squash(chunks.map((c) => c.text).join("")), squash(words));
  const run = "𝔸".repeat(MAX_FIELD_CHARS + 10);
  assert.deepEqual(splitAnswer(run).map((c) => codePointLength(c.text)), [MAX_FIELD_CHARS, 10]);
});

Deno.test("prompt field: cut to the field limit in code points, never split", () => {
  assert.equal(promptField(undefined), undefined);
  assert.equal(promptField(""), undefined);
  assert.equal(promptField("Who wrote Dune?"), "Who wrote Dune?");
  const long = "𝔸".repeat(MAX_FIELD_CHARS + 10);
  assert.equal(promptField(long), "𝔸".repeat(MAX_FIELD_CHARS));
});

Deno.test("request id: the same text gives the same id; any change, or another install, not", async () => {
  const input = { prompt: "Who wrote Dune?", response: "Frank Herbert." };
  const id = await requestIdFor("salt-a", input);
  assert.match(id, /^hd1-[0-9a-f]{64}$/);
  assert.ok(id.length <= 128);
  assert.equal(await requestIdFor("salt-a", { ...input }), id);
  assert.notEqual(await requestIdFor("salt-a", { ...input, response: "Frank Herbert!" }), id);
  assert.notEqual(await requestIdFor("salt-a", { response: input.response }), id);
  assert.notEqual(await requestIdFor("salt-b", input), id);
  // No field boundary ambiguity: moving text between prompt and response changes the id.
  assert.notEqual(
    await requestIdFor("s", { prompt: "ab", response: "c" }),
    await requestIdFor("s", { prompt: "a", response: "bc" }),
  );
});

Deno.test("shownRisk: the bucket follows the shown percentage", () => {
  assert.deepEqual(shownRisk(0.4994), { percent: 50, bucket: "MODERATE" });
  assert.deepEqual(shownRisk(0.4949), { percent: 49, bucket: "LOW" });
  assert.deepEqual(shownRisk(0.7951), { percent: 80, bucket: "HIGH" });
  assert.deepEqual(shownRisk(0), { percent: 0, bucket: "LOW" });
  assert.deepEqual(shownRisk(1), { percent: 100, bucket: "HIGH" });
});

const served = (
  p: number,
  warnings: string[] = [],
  unitsBilled = 1,
): ApiResult<DetectResponse> => ({
  ok: true,
  status: 200,
  unitsBilled,
  data: {
    p_hallucination: p,
    flag: p >= 0.6,
    top_regime: "FABRICATED",
    regime_scores: [{ regime: "FABRICATED", p }],
    request_id: "r",
    detections_billed: 1,
    mode: "short",
    latency_ms: 1,
    model_version: "m",
    calibrator_version: "c",
    input_mode_used: "pr",
    task_used: "multiclass",
    warnings,
  },
});

const failed = (kind: ApiFailure["kind"], status: number, body = {}): ApiFailure => ({
  ok: false,
  kind,
  status,
  body: { error: kind, ...body },
});

Deno.test("verdict: the riskiest call with evidence; calls, units billed and warnings", () => {
  const verdict = verdictOf([
    served(0.2, ["quota_80pct"]),
    served(0.55, ["no_evidence"]),
    served(0.5, [], 0),
  ]);
  assert.ok(isVerdict(verdict));
  assert.equal(verdict.riskiest.p_hallucination, 0.5);
  assert.equal(verdict.notVerifiable, false);
  assert.deepEqual(verdict.warnings, ["quota_80pct", "no_evidence"]);
  assert.equal(verdict.calls, 3);
  assert.equal(verdict.units, 2);

  const none = verdictOf([served(0.3, ["no_evidence"]), served(0.5, ["no_evidence"])]);
  assert.ok(isVerdict(none) && none.notVerifiable && none.riskiest.p_hallucination === 0.5);
});

Deno.test("verdict: a flagged call counts whatever its warnings; so does a flagged claim", () => {
  const flagged = verdictOf([served(0.2), served(0.85, ["no_evidence"])]);
  assert.ok(isVerdict(flagged));
  assert.equal(flagged.notVerifiable, false);
  assert.equal(flagged.riskiest.p_hallucination, 0.85);

  const call = served(0.4, ["no_evidence"]);
  assert.ok(call.ok);
  const claim = (flag: boolean) => ({ start: 0, end: 5, p_hallucination: 0.9, flag, findings: [] });
  const withClaim = verdictOf([{ ...call, data: { ...call.data, claims: [claim(true)] } }]);
  assert.ok(isVerdict(withClaim) && !withClaim.notVerifiable);
  const unflagged = verdictOf([{ ...call, data: { ...call.data, claims: [claim(false)] } }]);
  assert.ok(isVerdict(unflagged) && unflagged.notVerifiable);
});

Deno.test("verdict: a failed part shows the failure a user must act on first", () => {
  const outcome = verdictOf([
    served(0.1),
    failed("rate_limited", 429),
    failed("quota_exceeded", 402),
    failed("unauthorized", 401),
  ]);
  assert.ok(!isVerdict(outcome) && outcome.kind === "quota_exceeded");
});

Deno.test("failures: each says what to do, with no Retry where a retry cannot succeed", () => {
  const now = new Date("2026-11-22T22:00:00Z");
  const quota = failureView(
    failed("quota_exceeded", 402, {
      quota_type: "monthly",
      plan: "web_free",
      units_used: 300,
      quota_units: 300,
      upgrade_url: "https://example.com/billing",
    }),
    now,
  );
  assert.equal(
    quota.text,
    "Monthly quota of plan web_free used up (300 of 300 units); it resets on 1 Dec 2026.",
  );
  assert.deepEqual(quota.action, {
    kind: "link",
    label: "Upgrade",
    url: "https://example.com/billing",
  });
  assert.equal(quotaResetDate("daily", now), "23 Nov 2026");
  assert.equal(quotaResetDate("monthly", new Date("2026-12-31T23:59:59Z")), "1 Jan 2027");

  const suspended = failureView(
    failed("suspended", 403, { reason: "Automated scraping", appeal_url: "https://x.test/appeal" }),
  );
  assert.equal(suspended.text, "This account is suspended: Automated scraping");
  assert.deepEqual(suspended.action, {
    kind: "link",
    label: "Appeal",
    url: "https://x.test/appeal",
  });

  assert.deepEqual(failureView(failed("unauthorized", 401)).action, { kind: "signin" });
  assert.deepEqual(
    failureView({ ...failed("rate_limited", 429), retryAfterS: 42 }),
    { text: "Too many checks: trying again in 42 s.", action: { kind: "wait", seconds: 42 } },
  );
  assert.deepEqual(failureView(failed("model_unavailable", 503)).action, { kind: "retry" });
  assert.match(failureView(failed("network", 0)).text, /deno task serve/);
  assert.equal(failureView(failed("invalid_request", 400)).action, undefined);
});

Deno.test("plain-http warning: remote http addresses only", () => {
  assert.equal(isPlainHttpRemote("http://detect.example.com"), true);
  assert.equal(isPlainHttpRemote("http://192.168.1.20:8000"), true);
  assert.equal(isPlainHttpRemote("https://detect.example.com"), false);
  assert.equal(isPlainHttpRemote("http://127.0.0.1:8000"), false);
  assert.equal(isPlainHttpRemote("http://localhost:8000"), false);
  assert.equal(isPlainHttpRemote("http://[::1]:8000"), false);
});

Deno.test("claims: moved to the answer's offsets; shown when risky, flagged or contradicted", () => {
  const call = served(0.4, ["no_evidence"]);
  assert.ok(call.ok);
  const chunk = { text: "One. Two. Three.", start: 100 };
  const claim = (start: number, end: number, p: number, flag = false) => ({
    start,
    end,
    p_hallucination: p,
    flag,
    findings: [],
  });
  const shown = claimsOf({
    ...call.data,
    claims: [
      claim(0, 4, 0.2),
      { ...claim(5, 9, 0.3), findings: [contradiction("40 °C is 104 °F, not 140 °F")] },
      claim(10, 16, 0.45, true),
    ],
  }, chunk);
  assert.deepEqual(shown.map((c) => [c.start, c.end]), [[100, 104], [105, 109], [110, 116]]);
  assert.deepEqual(shown.map(isShown), [false, true, true]);
  assert.deepEqual(shown[1].reasons, ["40 °C is 104 °F, not 140 °F"]);
  // A consistent finding is no reason against a claim.
  const consistent = claimsOf({
    ...call.data,
    claims: [{
      ...claim(0, 4, 0.2),
      findings: [{ ...contradiction("ok"), verdict: "consistent" }],
    }],
  }, chunk);
  assert.equal(isShown(consistent[0]), false);
  // A backend without claims: the call's text is one claim with the call's score.
  assert.deepEqual(claimsOf(call.data, chunk).map((c) => [c.start, c.end, c.p]), [[100, 116, 0.4]]);
  const moderate = served(0.55);
  assert.ok(moderate.ok);
  assert.equal(isShown(claimsOf(moderate.data, chunk)[0]), true);
});

const contradiction = (reason: string) => ({
  kind: "unit_conversion",
  verdict: "contradicted" as const,
  start: 0,
  end: 4,
  reason,
});
