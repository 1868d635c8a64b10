/**
 * The fusion's shipped defaults: read from the model folder (else the shipped model's), naming the
 * data they were fitted on; served, marked uncalibrated, while no fitted fusion exists for the
 * verifier model, and replaced by a fitted one; and their fit (`fitDefaults`, what
 * `calibrate:verifier-defaults` runs) keeps the detector's logit only in a group where the
 * detector ranks rows of unseen sets above chance.
 */
import assert from "node:assert/strict";
import { chatReply } from "../../server/bench/verifier.ts";
import { fitDefaults, type ScoredRow } from "../../server/detector/cli/fit_fusion_defaults.ts";
import { DEFAULT_MODEL_DIR } from "../../server/detector/inference/model_files.ts";
import type { ScoreOutput } from "../../server/detector/inference/types.ts";
import { seededRandom } from "../../server/detector/learners/random.ts";
import { createVerifier } from "../../server/detector/verifier/client.ts";
import {
  fusedProbability,
  FUSION_DEFAULTS_FILE,
  type FusionDefaultsFile,
  loadFusion,
  loadFusionDefaults,
} from "../../server/detector/verifier/fusion.ts";
import { withVerifier } from "../../server/detector/verifier/scorer.ts";
import { withFakeVerifier } from "../support/fake_verifier.ts";

const MODEL = "fake-llm";

Deno.test("the shipped defaults: in the model folder, fitted on named data, verifier-led without evidence", async () => {
  const shipped = JSON.parse(
    await Deno.readTextFile(`${DEFAULT_MODEL_DIR}${FUSION_DEFAULTS_FILE}`),
  );
  const empty = await Deno.makeTempDir();
  try {
    // A folder without its own defaults (a fresh training run) gets the shipped ones.
    assert.deepEqual(await loadFusionDefaults(empty), shipped);
  } finally {
    await Deno.remove(empty);
  }
  const defaults = await loadFusionDefaults(DEFAULT_MODEL_DIR);
  assert.match(defaults.fittedOn.data, /calibration split/);
  assert.ok(defaults.fittedOn.sets.includes("truthfulqa"));
  assert.match(defaults.fittedOn.verifier, /^simulated/);
  assert.equal(defaults.detectorWeighted.no_evidence, false);
  assert.equal(defaults.weights.no_evidence.detector, 0);
  assert.ok(defaults.weights.no_evidence.verifier > 0);
  assert.ok(defaults.weights.evidence.detector > 0);
});

Deno.test("a model folder's own defaults serve, uncalibrated, while no fusion is fitted", async () => {
  const dir = await Deno.makeTempDir();
  const own: FusionDefaultsFile = {
    ...await loadFusionDefaults(DEFAULT_MODEL_DIR),
    weights: {
      evidence: { detector: 2, verifier: 0.25, bias: -0.5 },
      no_evidence: { detector: 0, verifier: 3, bias: 0.5 },
    },
    threshold: 0.9,
  };
  await Deno.writeTextFile(`${dir}/${FUSION_DEFAULTS_FILE}`, JSON.stringify(own));
  try {
    await withFakeVerifier(
      () => chatReply(JSON.stringify({ hallucinated: true, confidence: 0.7 })),
      async (fake) => {
        const fusion = await loadFusion(dir, MODEL);
        assert.equal(fusion.fitted, false);
        const verifier = createVerifier({
          url: fake.url,
          model: MODEL,
          timeoutMs: 2_000,
          samples: 1,
        });
        for (const group of ["evidence", "no_evidence"] as const) {
          const base = (): Promise<ScoreOutput> =>
            Promise.resolve({
              p_hallucination: 0.3,
              flag: false,
              top_regime: "binary_hallucination",
              regime_scores: [{ regime: "binary_hallucination", p: 0.3 }],
              input_mode_used: "ro",
              task_used: "binary",
              model_version: "hd-000000000001",
              calibrator_version: "cal-000000000001",
              warnings: group === "no_evidence" ? ["no_evidence"] : [],
            });
          const out = await withVerifier(base, verifier, fusion, () => {})({
            response: "r",
            task: "binary",
            inputMode: "ro",
          });
          const expected = fusedProbability(own.weights[group], 0.3, 0.7);
          assert.ok(Math.abs(out.p_hallucination - expected) < 1e-12);
          assert.equal(out.flag, expected >= 0.9);
          assert.ok(out.warnings.includes("calibration_uncalibrated"));
          assert.equal(out.calibrator_version, `uncalibrated:cal-000000000001+verifier:${MODEL}`);
        }
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fitDefaults: the detector's logit is kept only where it ranks unseen sets' rows", () => {
  const rand = seededRandom(5);
  // Informative with evidence everywhere; without evidence only on the sets it was trained on.
  const rows = (n: number, set: string, skill: Record<ScoredRow["group"], number>) =>
    Array.from({ length: n }, (_, i): ScoredRow => {
      const group = i % 2 === 0 ? "evidence" : "no_evidence";
      const hallucinated = rand() < 0.5;
      const signal = hallucinated ? skill[group] : -skill[group];
      return {
        set,
        stratum: `${set}/`,
        pDetector: 1 / (1 + Math.exp(-(signal + 6 * (rand() - 0.5)))),
        group,
        hallucinated,
      };
    });
  const file = fitDefaults(
    rows(2_000, "seen", { evidence: 1.5, no_evidence: 1.5 }),
    rows(2_000, "unseen", { evidence: 1.5, no_evidence: 0 }),
    { data: "synthetic", modelVersion: "hd-x", calibratorVersion: "cal-x" },
  );
  assert.deepEqual(file.detectorWeighted, { evidence: true, no_evidence: false });
  assert.ok(file.detectorAuroc.no_evidence.calibration > 0.7);
  assert.ok(Math.abs(file.detectorAuroc.no_evidence.unseenSets - 0.5) < 0.05);
  assert.equal(file.weights.no_evidence.detector, 0);
  assert.ok(file.weights.evidence.detector > 0.5);
  for (const group of ["evidence", "no_evidence"] as const) {
    assert.ok(file.weights[group].verifier > 0.5, JSON.stringify(file.weights));
  }
  assert.deepEqual(file.fittedOn.sets, ["seen"]);
  assert.deepEqual(file.fittedOn.unseenSets, ["unseen"]);
});
