/**
 * The verified scoring step around a base scorer written here (one that emits `no_evidence` or
 * not), with a real client and a fake verifier over HTTP: the shipped defaults weigh both logits
 * when there is evidence and the verifier's alone when there is none; regime scores follow the
 * fused p, the whole breakdown, cut to the caller's top-k only at the boundary (scoreAtTopK); a failed
 * verifier serves the base output with `verifier_unavailable`; `calibration_uncalibrated` until a
 * fusion file for this verifier model and this detector exists.
 */
import assert from "node:assert/strict";
import { chatReply, type FakeVerifier } from "../../server/bench/verifier.ts";
import type { DetectInput } from "../../shared/detect_request.ts";
import type { ScoreOutput } from "../../server/detector/inference/types.ts";
import { createVerifier } from "../../server/detector/verifier/client.ts";
import {
  fitFusion,
  fusedProbability,
  type FusionRow,
  loadFusion,
  writeFusion,
} from "../../server/detector/verifier/fusion.ts";
import { withVerifier } from "../../server/detector/verifier/scorer.ts";
import { scoreAtTopK } from "../../server/detector/scoring/scorer.ts";
import { seededRandom } from "../../server/detector/learners/random.ts";
import { withFakeVerifier } from "../support/fake_verifier.ts";

const MODEL = "fake-llm:7b";
const P_DETECTOR = 0.2;
const P_VERIFIER = 0.9;

/**
 * A base scorer standing in for detector (+ evidence): a fixed p, `no_evidence` on request, the
 * whole breakdown (the scoring chain never cuts it).
 */
function baseScorer(noEvidence: boolean, calibratorVersion = "cal-000000000001") {
  const calls: DetectInput[] = [];
  const score = (input: DetectInput): Promise<ScoreOutput> => {
    calls.push(input);
    const regimes = [
      { regime: "NORMAL", p: 1 - P_DETECTOR },
      { regime: "FABRICATED", p: P_DETECTOR * 0.5 },
      { regime: "NEAR_FALSE", p: P_DETECTOR * 0.3 },
      { regime: "CF_AUTH", p: P_DETECTOR * 0.2 },
    ];
    return Promise.resolve({
      p_hallucination: P_DETECTOR,
      flag: false,
      top_regime: "NORMAL",
      regime_scores: input.task === "binary"
        ? [{ regime: "binary_hallucination", p: P_DETECTOR }]
        : regimes,
      input_mode_used: input.inputMode,
      task_used: input.task,
      model_version: "hd-000000000001",
      calibrator_version: calibratorVersion,
      warnings: noEvidence ? ["no_evidence"] : [],
    });
  };
  return { score, calls };
}

const input = (task: "binary" | "multiclass"): DetectInput => ({
  prompt: "Who wrote Hamlet?",
  response: "Charles Dickens wrote Hamlet.",
  task,
  inputMode: "pr",
});

const agreeing = () => chatReply(JSON.stringify({ hallucinated: true, confidence: P_VERIFIER }));
const verifierOf = (fake: FakeVerifier, timeoutMs = 2_000) =>
  createVerifier({ url: fake.url, model: MODEL, timeoutMs, samples: 1 });

Deno.test("uncalibrated: both logits given evidence, the verifier's alone without", async () => {
  await withFakeVerifier(agreeing, async (fake) => {
    const fusion = await loadFusion(await Deno.makeTempDir(), MODEL);
    const lines: string[] = [];
    const scoreWith = (noEvidence: boolean) =>
      withVerifier(baseScorer(noEvidence).score, verifierOf(fake), fusion, (l) => lines.push(l))(
        input("binary"),
      );
    const withEvidence = await scoreWith(false), without = await scoreWith(true);
    for (const [out, group] of [[withEvidence, "evidence"], [without, "no_evidence"]] as const) {
      assert.ok(
        Math.abs(
          out.p_hallucination -
            fusedProbability(fusion.defaults.weights[group], P_DETECTOR, P_VERIFIER),
        ) < 1e-12,
      );
      assert.deepEqual(out.regime_scores, [{
        regime: "binary_hallucination",
        p: out.p_hallucination,
      }]);
      assert.ok(out.warnings.includes("calibration_uncalibrated"));
      assert.ok(!out.warnings.includes("verifier_unavailable"));
      assert.equal(out.calibrator_version, `uncalibrated:cal-000000000001+verifier:${MODEL}`);
    }
    // The detector disagrees (0.2 against 0.9): it pulls the fused p down only given evidence.
    const { no_evidence } = fusion.defaults.weights;
    assert.equal(no_evidence.detector, 0);
    assert.ok(
      Math.abs(without.p_hallucination - fusedProbability(no_evidence, 0.99, P_VERIFIER)) < 1e-12,
    );
    assert.ok(withEvidence.p_hallucination < without.p_hallucination);
    assert.deepEqual(without.warnings, ["no_evidence", "calibration_uncalibrated"]);
    assert.deepEqual(lines, []);
  });
});

Deno.test("multiclass: regime scores follow the fused p, top-k applied after", async () => {
  await withFakeVerifier(agreeing, async (fake) => {
    const fusion = await loadFusion(await Deno.makeTempDir(), MODEL);
    const base = baseScorer(true);
    const verified = withVerifier(base.score, verifierOf(fake), fusion);
    const out = await scoreAtTopK(verified, input("multiclass"), 2);
    assert.deepEqual(base.calls[0], input("multiclass"), "the base is asked the call unchanged");
    const p = out.p_hallucination;
    // The base's shares of p: FABRICATED 0.5, NEAR_FALSE 0.3, CF_AUTH 0.2; NORMAL is 1 - p.
    const expected = fusedProbability(fusion.defaults.weights.no_evidence, P_DETECTOR, P_VERIFIER);
    assert.ok(Math.abs(p - expected) < 1e-12, String(p));
    assert.deepEqual(out.regime_scores.map((s) => s.regime), ["FABRICATED", "NEAR_FALSE"]);
    assert.ok(Math.abs(out.regime_scores[0].p - p * 0.5) < 1e-12);
    assert.ok(Math.abs(out.regime_scores[1].p - p * 0.3) < 1e-12);
    const all = await verified(input("multiclass"));
    assert.equal(all.regime_scores.length, 4, "the verifier step passes every regime on");
    assert.deepEqual(await scoreAtTopK(verified, input("multiclass"), 10), all);
    assert.ok(Math.abs(all.regime_scores.find((s) => s.regime === "NORMAL")!.p - (1 - p)) < 1e-12);
    assert.ok(Math.abs(all.regime_scores.reduce((n, s) => n + s.p, 0) - 1) < 1e-12);
    assert.equal(out.top_regime, "FABRICATED");
  });
});

Deno.test("a failed verifier: the base output with verifier_unavailable, within the timeout", async () => {
  let hang = Promise.withResolvers<void>();
  const replies = [
    () => new Response("boom", { status: 500 }),
    () => chatReply("not json"),
    () => chatReply('{"hallucinated": 1, "confidence": 0.5}'),
    async () => {
      await hang.promise;
      return agreeing();
    },
  ];
  for (const reply of replies) {
    hang = Promise.withResolvers<void>();
    await withFakeVerifier(reply, async (fake) => {
      const fusion = await loadFusion(await Deno.makeTempDir(), MODEL);
      const base = baseScorer(false);
      const lines: string[] = [];
      const started = performance.now();
      const out = await scoreAtTopK(
        withVerifier(base.score, verifierOf(fake, 400), fusion, (l) => lines.push(l)),
        input("multiclass"),
        3,
      );
      const elapsed = performance.now() - started;
      hang.resolve();
      const expected = await scoreAtTopK(base.score, input("multiclass"), 3);
      assert.deepEqual(out, { ...expected, warnings: ["verifier_unavailable"] });
      assert.ok(elapsed < 1_500, `${elapsed} ms`);
      assert.equal(lines.length, 1);
      assert.match(
        lines[0],
        /verifier unavailable \((http_500|malformed_verdict|wrong_verdict_shape|timeout)\)/,
      );
      assert.ok(!lines[0].includes("Dickens") && !lines[0].includes("Hamlet"), lines[0]);
    });
  }
});

/** Rows where both sides carry signal, with both evidence groups well populated. */
function syntheticRows(n: number, seed: number): FusionRow[] {
  const rand = seededRandom(seed);
  return Array.from({ length: n }, (_, i) => {
    const hallucinated = rand() < 0.4;
    const noisy = (strength: number) =>
      Math.min(
        0.99,
        Math.max(0.01, (hallucinated ? 0.5 + strength : 0.5 - strength) + (rand() - 0.5)),
      );
    return {
      pDetector: noisy(0.15),
      pVerifier: noisy(0.25),
      group: i % 2 ? "evidence" : "no_evidence",
      hallucinated,
    };
  });
}

Deno.test("a fitted fusion file for this verifier and detector: calibrated, its id in calibrator_version", async () => {
  const dir = await Deno.makeTempDir();
  const file = fitFusion(syntheticRows(600, 3), {
    verifierModel: MODEL,
    verifierSamples: 1,
    modelVersion: "hd-000000000001",
    calibratorVersion: "cal-000000000001",
    retrievalCalibratorVersion: "cal-00000000000r",
  });
  assert.deepEqual(file.fittedOn, { evidence: "group", no_evidence: "group" });
  await writeFusion(dir, file);
  await withFakeVerifier(agreeing, async (fake) => {
    const fusion = await loadFusion(dir, MODEL);
    const out = await withVerifier(baseScorer(true).score, verifierOf(fake), fusion)(
      input("binary"),
    );
    assert.deepEqual(out.warnings, ["no_evidence"]);
    assert.match(out.calibrator_version, /^cal-000000000001\+vf-[0-9a-f]{12}:fake-llm:7b$/);
    assert.ok(
      Math.abs(
        out.p_hallucination - fusedProbability(file.weights.no_evidence, P_DETECTOR, P_VERIFIER),
      ) < 1e-12,
    );
    assert.equal(out.flag, out.p_hallucination >= file.threshold);

    // A call scored on retrieved evidence (the same model's retrieval calibrator) is fused too.
    const retrieved = await withVerifier(
      baseScorer(false, "cal-00000000000r").score,
      verifierOf(fake),
      fusion,
    )(input("binary"));
    assert.deepEqual(retrieved.warnings, []);
    assert.match(retrieved.calibrator_version, /^cal-00000000000r\+vf-[0-9a-f]{12}:fake-llm:7b$/);

    // Another detector calibration (a retrain): the file is stale, so uncalibrated again.
    const stale = await withVerifier(
      baseScorer(true, "cal-999999999999").score,
      verifierOf(fake),
      fusion,
    )(
      input("binary"),
    );
    assert.ok(stale.calibrator_version.startsWith("uncalibrated:"));
    assert.ok(stale.warnings.includes("calibration_uncalibrated"));
    // Another verifier model has no file of its own.
    const other = await loadFusion(dir, "other-llm");
    assert.equal(other.fitted, false);
  });
});

Deno.test("fitFusion: a group with too few rows takes the pooled weights", () => {
  const rows = syntheticRows(400, 5).map((r) => ({ ...r, group: "evidence" as const }));
  const file = fitFusion(rows, {
    verifierModel: MODEL,
    verifierSamples: 1,
    modelVersion: "m",
    calibratorVersion: "c",
  });
  assert.deepEqual(file.fittedOn, { evidence: "group", no_evidence: "pooled" });
  assert.deepEqual(file.rows, { evidence: 400, no_evidence: 0 });
  assert.deepEqual(file.weights.no_evidence, file.weights.evidence);
  assert.ok(file.weights.evidence.verifier > 0 && file.weights.evidence.detector > 0);
});
