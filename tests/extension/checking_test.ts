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
import { MIN_PART_CHARS, promptField, splitAnswer } from "../../extension/src/split.ts";
import { isVerdict, verdictOf } from "../../shared/ui/verdict.ts";

const sentence = (i: number) =>
  `Sentence number ${i} states one more fact about the topic at hand.`;
const paragraphOf = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => sentence(from + i)).join(" ");
const squash = (s: string) => s.replace(/\s+/g, "");

Deno.test("split: one part per paragraph; short paragraphs join the next one", () => {
  const long = paragraphOf(4);
  assert.ok(codePointLength(long) >= MIN_PART_CHARS);
  assert.deepEqual(splitAnswer(`Overview\n${long}\n${long}`), [`Overview\n${long}`, long]);
  assert.deepEqual(splitAnswer("Yes.\nNo."), ["Yes.\nNo."]);
  assert.deepEqual(splitAnswer("  \n \n"), []);
});

Deno.test("split: a long paragraph between sentences, every part within the field limit", () => {
  const text = `${paragraphOf(70)}\n${paragraphOf(3, 100)}`;
  const parts = splitAnswer(text);
  assert.ok(parts.length >= 3, `${parts.length} parts`);
  for (const part of parts) assert.ok(codePointLength(part) <= MAX_FIELD_CHARS);
  // Nothing cut: the parts hold every character but whitespace, in order.
  assert.equal(squash(parts.join("")), squash(text));
  for (const part of parts.slice(0, -1)) assert.match(part, /\.$/);
});

Deno.test("split: a sentence longer than the limit between words; a word-less run by code points", () => {
  const words = Array.from({ length: 600 }, (_, i) => `word${i}`).join(" ");
  const parts = splitAnswer(words);
  assert.ok(parts.length >= 2);
  for (const part of parts) assert.ok(codePointLength(part) <= MAX_FIELD_CHARS);
  assert.equal(squash(parts.join("")), squash(words));
  const run = "𝔸".repeat(MAX_FIELD_CHARS + 10);
  assert.deepEqual(splitAnswer(run).map(codePointLength), [MAX_FIELD_CHARS, 10]);
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

Deno.test("verdict: the riskiest part with evidence; calls, units billed and warnings", () => {
  const verdict = verdictOf([
    served(0.2, ["quota_80pct"]),
    served(0.95, ["no_evidence"]),
    served(0.7, [], 0),
  ]);
  assert.ok(isVerdict(verdict));
  assert.equal(verdict.riskiest.p_hallucination, 0.7);
  assert.equal(verdict.notVerifiable, false);
  assert.deepEqual(verdict.warnings, ["quota_80pct", "no_evidence"]);
  assert.equal(verdict.calls, 3);
  assert.equal(verdict.units, 2);

  const none = verdictOf([served(0.3, ["no_evidence"]), served(0.6, ["no_evidence"])]);
  assert.ok(isVerdict(none) && none.notVerifiable && none.riskiest.p_hallucination === 0.6);
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
