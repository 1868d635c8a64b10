/**
 * The exact checks in the served detector: a call with nothing checkable is the model's answer
 * byte for byte; a contradiction raises p through the fitted rule, over the whole answer, and names
 * the regime; consistent findings lower it; claims carry their findings; the fusion is fitted on
 * rows of each group, and a fusion fitted on another model is not used. The committed fusion fits
 * the committed model.
 */
import assert from "node:assert/strict";
import { CheckedDetector } from "../../server/detector/checks/checked_detector.ts";
import {
  EXACT_FUSION_FILE,
  type ExactFusionFile,
  FINDING_GROUPS,
  type FindingGroup,
  fitExactFusion,
  fusedProbability,
  type FusionRow,
  readExactFusion,
} from "../../server/detector/checks/fusion.ts";
import { loadDetector } from "../../server/detector/inference/model.ts";
import { DEFAULT_MODEL_DIR } from "../../server/detector/inference/model_files.ts";
import { seededRandom } from "../../server/detector/learners/random.ts";

const NOW = new Date(Date.UTC(2026, 10, 25));
const modelPromise = loadDetector();

/** Rows where contradictions come mostly with hallucinations, consistency mostly without. */
function rows(): FusionRow[] {
  const r = seededRandom(5);
  return Array.from({ length: 400 }, (_, i) => {
    const group = FINDING_GROUPS[i % 3];
    const pDetector = 0.1 + 0.8 * r();
    const coverage = 0.2 + 0.8 * r();
    const hallucinated =
      r() < (group === "contradicted" ? 0.6 + 0.4 * coverage : 0.3 - 0.3 * coverage);
    return { group, coverage, pDetector, hallucinated };
  });
}

async function fitted(): Promise<ExactFusionFile> {
  const model = await modelPromise;
  return fitExactFusion(rows(), {
    modelVersion: model.modelVersion,
    calibratorVersion: model.calibratorVersion,
    fittedOn: ["test rows"],
  });
}

Deno.test("fusion: each group's rule is fitted on its rows and moves p their way", async () => {
  const file = await fitted();
  assert.deepEqual(file.rows.contradicted.n, 134);
  for (const p of [0.2, 0.5, 0.8]) {
    const at = (group: FindingGroup, coverage: number) =>
      fusedProbability(file, { group, coverage }, p);
    assert.ok(at("contradicted", 1) > 0.8, `contradicted at ${p}`);
    assert.ok(at("consistent", 1) < 0.3, `consistent at ${p}`);
    assert.ok(at("identifier", 1) < 0.3, `identifier at ${p}`);
    // Findings covering less of the answer move p less; covering nothing, not at all.
    assert.ok(at("contradicted", 0.3) < at("contradicted", 1));
    assert.ok(Math.abs(at("consistent", 0) - p) < 1e-9);
  }
  assert.throws(
    () => fitExactFusion(rows().filter((r) => r.group === "consistent"), { ...file, fittedOn: [] }),
    /no rows with contradicted findings/,
  );
});

Deno.test("checked detector: nothing checkable is the model's answer, byte for byte", async () => {
  const model = await modelPromise;
  const checked = new CheckedDetector(model, await fitted(), () => NOW);
  for (
    const input of [
      { prompt: "Who wrote Hamlet?", response: "Hamlet was written by Charles Dickens." },
      { response: "The sky is blue and the grass is green." },
    ]
  ) {
    for (const task of ["binary", "multiclass"] as const) {
      const call = { ...input, task, inputMode: input.prompt ? "pr" as const : "ro" as const };
      assert.equal(JSON.stringify(checked.scoreNow(call)), JSON.stringify(model.scoreNow(call)));
    }
  }
});

Deno.test("checked detector: a contradiction raises p, sets the flag and the regime", async () => {
  const model = await modelPromise;
  const file = await fitted();
  const checked = new CheckedDetector(model, file, () => NOW);
  const call = {
    response: "Bake the bread at 200 °C (500 °F) for 40 minutes.",
    task: "multiclass" as const,
    inputMode: "ro" as const,
  };
  const before = model.scoreNow(call), after = checked.scoreNow(call);
  assert.equal(
    after.p_hallucination,
    fusedProbability(file, { group: "contradicted", coverage: 1 }, before.p_hallucination),
  );
  assert.ok(after.p_hallucination > before.p_hallucination);
  // A contradiction covers the whole answer, whatever else it states.
  const longer = { ...call, response: `${call.response} It serves 8 people.` };
  assert.equal(
    checked.scoreNow(longer).p_hallucination,
    fusedProbability(
      file,
      { group: "contradicted", coverage: 1 },
      model.scoreNow(longer).p_hallucination,
    ),
  );
  assert.equal(
    after.flag,
    after.p_hallucination >= model.calibration.cells["multiclass/ro"].threshold,
  );
  assert.equal(after.top_regime, "FABRICATED");
  assert.equal(after.regime_scores[0].regime, "FABRICATED");
  const sum = after.regime_scores.reduce((n, s) => n + s.p, 0);
  assert.ok(Math.abs(sum - 1) < 1e-9);
  const citation = checked.scoreNow({
    ...call,
    response: "See Smith, Rivers (2019), ISBN 0-306-40615-5.",
  });
  assert.equal(citation.top_regime, "CF_AUTH");
  const binary = checked.scoreNow({ ...call, task: "binary" });
  assert.deepEqual(binary.regime_scores, [{
    regime: "binary_hallucination",
    p: binary.p_hallucination,
  }]);
});

Deno.test("checked detector: the answer's own arithmetic checking out lowers p", async () => {
  const model = await modelPromise;
  const file = await fitted();
  const checked = new CheckedDetector(model, file, () => NOW);
  const call = {
    response: "Bake the bread at 200 °C (392 °F) for 40 minutes.",
    task: "binary" as const,
    inputMode: "ro" as const,
  };
  const before = model.scoreNow(call).p_hallucination;
  const after = checked.scoreNow(call).p_hallucination;
  assert.equal(after, fusedProbability(file, { group: "consistent", coverage: 1 }, before));
  assert.ok(after < before);
  // Beside a figure nothing checks, the right conversion moves p by the share it covers.
  const longer = { ...call, response: `${call.response} It serves 8 people.` };
  const alone = model.scoreNow(longer).p_hallucination;
  const half = checked.scoreNow(longer).p_hallucination;
  assert.equal(half, fusedProbability(file, { group: "consistent", coverage: 0.5 }, alone));
  assert.ok(
    half < alone && half > fusedProbability(file, { group: "consistent", coverage: 1 }, alone),
  );
  // An ordinal no check reads without a document leaves the share whole.
  const ordinal = { ...call, response: `${call.response} It is the 3rd loaf today.` };
  assert.equal(
    checked.scoreNow(ordinal).p_hallucination,
    fusedProbability(
      file,
      { group: "consistent", coverage: 1 },
      model.scoreNow(ordinal).p_hallucination,
    ),
  );
  // A number that matches the document is reported, but is no evidence of a faithful answer.
  const document = {
    prompt: "The suspension bridge is 1,280 m long and opened on May 28, 1937.",
    response: "The suspension bridge is 1.28 km long and opened on 28 May 1937.",
    task: "binary" as const,
    inputMode: "pr" as const,
  };
  assert.equal(
    JSON.stringify(checked.scoreNow(document)),
    JSON.stringify(model.scoreNow(document)),
  );
  assert.deepEqual(checked.claimRisks(document)[0].findings.map((f) => f.verdict), [
    "consistent",
    "consistent",
  ]);
  // Without a fusion fitted for the model, findings move nothing.
  const unfitted = new CheckedDetector(model, undefined, () => NOW);
  assert.equal(JSON.stringify(unfitted.scoreNow(call)), JSON.stringify(model.scoreNow(call)));
});

Deno.test("checked detector: each claim carries its own findings and fused risk", async () => {
  const model = await modelPromise;
  const file = await fitted();
  const checked = new CheckedDetector(model, file, () => NOW);
  const input = {
    prompt: "The suspension bridge is 1,280 m long.",
    response: "The bridge is popular. The suspension bridge is 2,150 metres long.",
    inputMode: "pr" as const,
  };
  const plain = model.claimRisks(input);
  const claims = checked.claimRisks(input);
  assert.deepEqual(claims.map((c) => c.findings.length), [0, 1]);
  assert.deepEqual(claims[0], plain[0]);
  const f = claims[1].findings[0];
  assert.equal(input.response.slice(f.start, f.end), "2,150 metres");
  assert.equal(f.reason, "2,150 metres; the document says 1,280 metres");
  assert.equal(
    claims[1].p_hallucination,
    fusedProbability(file, { group: "contradicted", coverage: 1 }, plain[1].p_hallucination),
  );
  // A call that asks for its claims gets these, beside the call's own fused answer.
  const call = { ...input, task: "multiclass" as const, claims: true };
  const { claims: answered, ...decision } = checked.scoreNow(call);
  assert.deepEqual(answered, claims);
  assert.deepEqual(decision, checked.scoreNow({ ...call, claims: false }));
  // The knowledge base's calibrator keeps the checks.
  const retrieval = checked.withCalibration(model.calibration, "cal-retrieval");
  assert.ok(retrieval instanceof CheckedDetector);
  assert.equal(retrieval.calibratorVersion, "cal-retrieval");
});

Deno.test("fusion file: read only when fitted on this model; the committed one fits", async () => {
  const model = await modelPromise;
  assert.ok(await readExactFusion(DEFAULT_MODEL_DIR, model), "run deno task calibrate:checks");
  const dir = await Deno.makeTempDir();
  try {
    assert.equal(await readExactFusion(dir, model), undefined);
    const file = await fitted();
    await Deno.writeTextFile(`${dir}/${EXACT_FUSION_FILE}`, JSON.stringify(file));
    assert.deepEqual(await readExactFusion(dir, model), file);
    await Deno.writeTextFile(
      `${dir}/${EXACT_FUSION_FILE}`,
      JSON.stringify({ ...file, modelVersion: "hd-another" }),
    );
    assert.equal(await readExactFusion(dir, model), undefined);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("checked detector: a check that fails leaves the model's answer, logged without the text", async () => {
  const model = await modelPromise;
  const failing = () => {
    throw new TypeError("a reader failed");
  };
  const checked = new CheckedDetector(model, await fitted(), () => NOW, failing);
  const call = {
    response: "Our 2.5 km loop is 9.9 miles; the secret word is plover.",
    task: "binary" as const,
    inputMode: "ro" as const,
  };
  const logged: string[] = [];
  const error = console.error;
  console.error = (...parts: unknown[]) => logged.push(parts.join(" "));
  try {
    assert.equal(JSON.stringify(checked.scoreNow(call)), JSON.stringify(model.scoreNow(call)));
  } finally {
    console.error = error;
  }
  assert.equal(logged.length, 1);
  assert.match(logged[0], /\[checks\] failed \(TypeError/);
  assert.ok(!logged[0].includes("plover") && !logged[0].includes("9.9"), logged[0]);
});
