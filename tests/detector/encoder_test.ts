/**
 * The encoder as served from TypeScript: the WordPiece tokenizer gives the reference tokenizer's
 * ids (fixture made once by training/encoder/reference.py), onnxruntime-node gives the reference
 * outputs of the committed int8 models, a batch gives what one-by-one runs give, evidence windows
 * pick the sentences a claim is about, and the served detector reads claims only where there is
 * evidence, fusing them as its fitted file says.
 */
import assert from "node:assert/strict";
import { CrossEncoder } from "../../server/detector/encoder/cross_encoder.ts";
import { BiEncoder } from "../../server/detector/encoder/bi_encoder.ts";
import { VOCABULARY_FILE } from "../../server/detector/encoder/files.ts";
import { encodePair, readVocabulary, tokenize } from "../../server/detector/encoder/tokenizer.ts";
import {
  evidenceSentences,
  evidenceWindow,
  hasEvidence,
} from "../../server/detector/encoder/evidence_window.ts";
import { EncodedDetector, fusionStamp } from "../../server/detector/encoder/encoded_detector.ts";
import { EncoderAdmission } from "../../server/detector/encoder/admission.ts";
import { readDetectorEnv } from "../../server/detector/service/serve.ts";
import {
  ENCODER_FUSION_FILE,
  type EncoderFusionFile,
  type EncoderFusionRow,
  fitEncoderFusion,
  fusedProbability,
  readEncoderFusion,
} from "../../server/detector/encoder/fusion.ts";
import { CheckedDetector } from "../../server/detector/checks/checked_detector.ts";
import { loadDetector } from "../../server/detector/inference/model.ts";
import { DEFAULT_MODEL_DIR, modelFolder } from "../../server/detector/inference/model_files.ts";
import { seededRandom } from "../../server/detector/learners/random.ts";
import { balancedAccuracy, countsAt } from "../../server/detector/learners/metrics.ts";

interface Fixture {
  maxTokens: number;
  claimTokens: number;
  texts: { text: string; ids: number[] }[];
  pairs: { claim: string; evidence: string; ids: number[]; types: number[]; logit: number }[];
  embeddings: { text: string; embedding: number[] }[];
}

const fixture: Fixture = JSON.parse(
  await Deno.readTextFile(new URL("./fixtures/encoder-reference.json", import.meta.url)),
);
const vocabulary = readVocabulary(
  await Deno.readTextFile(modelFolder(DEFAULT_MODEL_DIR) + VOCABULARY_FILE),
);
const encoderPromise = CrossEncoder.load(DEFAULT_MODEL_DIR);
const modelPromise = loadDetector();

Deno.test("tokenizer: the reference tokenizer's ids for every fixture text", () => {
  for (const { text, ids } of fixture.texts) {
    assert.deepEqual(tokenize(text, vocabulary), ids, text);
  }
});

Deno.test("tokenizer: claim and evidence cut as training cut them", () => {
  for (const pair of fixture.pairs) {
    const encoded = encodePair(
      pair.claim,
      pair.evidence,
      vocabulary,
      fixture.maxTokens,
      fixture.claimTokens,
    );
    assert.deepEqual(encoded.ids, pair.ids);
    assert.deepEqual(encoded.types, pair.types);
    assert.ok(encoded.ids.length <= fixture.maxTokens);
  }
});

Deno.test("cross-encoder: the reference logits; a call's claims read as each alone", async () => {
  const encoder = (await encoderPromise)!;
  const batch = await encoder.unsupportedLogits(fixture.pairs);
  for (const [i, pair] of fixture.pairs.entries()) {
    const [single] = await encoder.unsupportedLogits([pair]);
    assert.ok(Math.abs(batch[i] - pair.logit) < 1e-4, `${batch[i]} vs ${pair.logit}`);
    assert.equal(batch[i], single);
  }
  // It reads meaning: the document's year is supported, another year and another river are not.
  const [right, wrongYear, , , elsewhere] = batch;
  assert.ok(wrongYear > right && elsewhere > right, JSON.stringify(batch));
});

Deno.test("bi-encoder: the reference embeddings, unit length", async () => {
  const bi = await BiEncoder.load(DEFAULT_MODEL_DIR);
  const vectors = await bi.embed(fixture.embeddings.map((e) => e.text));
  for (const [i, { embedding }] of fixture.embeddings.entries()) {
    assert.equal(vectors[i].length, embedding.length);
    const worst = Math.max(...embedding.map((v, k) => Math.abs(v - vectors[i][k])));
    assert.ok(worst < 1e-4, `largest difference ${worst}`);
    const norm = Math.sqrt(vectors[i].reduce((s, v) => s + v * v, 0));
    assert.ok(Math.abs(norm - 1) < 1e-3);
  }
});

Deno.test("evidence window: the sentences sharing most content words, in document order", () => {
  const sentences = evidenceSentences(
    "The museum opened in 1902. Its architect was Maria Lopez. The roof was replaced in 1990. " +
      "Visitors arrive by tram. Lopez also designed the station. The museum holds 4,000 paintings.",
  );
  assert.ok(hasEvidence(sentences));
  assert.equal(
    evidenceWindow(sentences, "Maria Lopez designed the museum."),
    "The museum opened in 1902. Its architect was Maria Lopez. Lopez also designed the station.",
  );
  // A question or an instruction is not evidence.
  assert.ok(!hasEvidence(evidenceSentences("Who designed the museum in Denver?")));
});

/** Rows where the encoder's worst claim carries the label beyond the detector's p. */
function fusionRows(): EncoderFusionRow[] {
  const r = seededRandom(9);
  return Array.from({ length: 600 }, () => {
    const hallucinated = r() < 0.5;
    const pDetector = 0.2 + 0.6 * r();
    const worst = (hallucinated ? 2 : -2) + 3 * (r() - 0.5);
    return { pDetector, logits: [worst, worst - 1], hallucinated, set: r() < 0.5 ? "a" : "b" };
  });
}

Deno.test("encoder fusion: weighs sets alike, yet p stays calibrated over the pooled rows", () => {
  const r = seededRandom(4);
  // A large set with 90% hallucinated rows beside a small one with 20%.
  const rows = [["big", 800, 0.9], ["small", 200, 0.2]].flatMap(([set, n, rate]) =>
    Array.from({ length: n as number }, (): EncoderFusionRow => {
      const hallucinated = r() < (rate as number);
      const worst = (hallucinated ? 1 : -1) + 2.5 * (r() - 0.5);
      return { pDetector: 0.3 + 0.4 * r(), logits: [worst], hallucinated, set: set as string };
    })
  );
  const stamp = {
    modelVersion: "m",
    calibratorVersion: "c",
    exactFusionVersion: "none",
    encoderVersion: "e",
  };
  const fusion = fitEncoderFusion(rows, stamp, "test rows");
  const p = rows.map((row) => fusedProbability(fusion, row.pDetector, row.logits));
  const rate = rows.filter((row) => row.hallucinated).length / rows.length;
  const meanP = p.reduce((s, v) => s + v, 0) / p.length;
  assert.ok(Math.abs(meanP - rate) < 0.01, `mean p ${meanP} against a rate of ${rate}`);
  // The flag serves both sets: each set's balanced accuracy at the threshold is well above chance.
  for (const set of ["big", "small"]) {
    const at = rows.flatMap((row, i) => (row.set === set ? [i] : []));
    const counts = countsAt(
      at.map((i) => p[i]),
      at.map((i) => rows[i].hallucinated),
      fusion.threshold,
    );
    assert.ok(
      balancedAccuracy(counts) > 0.75,
      `${set}: balanced accuracy ${balancedAccuracy(counts)}`,
    );
  }
});

async function servedWith(fusion: EncoderFusionFile | undefined, admission?: EncoderAdmission) {
  const model = await modelPromise;
  const encoder = (await encoderPromise)!;
  return new EncodedDetector(model, undefined, encoder, fusion, admission);
}

const EVIDENCE =
  "The Golden Gate Bridge opened on May 27, 1937. Its main span is 1,280 metres long. It was " +
  "designed by Joseph Strauss, with Leon Moisseiff and Charles Ellis, and painted orange.";

Deno.test("encoded detector: reads claims only where there is evidence, fused as fitted", async () => {
  const model = await modelPromise;
  const encoder = (await encoderPromise)!;
  const stamp = await fusionStamp(model, undefined, encoder);
  const fusion = fitEncoderFusion(fusionRows(), stamp, "test rows");
  assert.ok(fusion.weights[2] > 0, "the worst claim's logit raises p");
  const served = await servedWith(fusion);
  const checked = new CheckedDetector(model, undefined);
  // No evidence (ro, or a bare question): the checked detector's answer, byte for byte.
  for (
    const call of [
      { response: "The bridge opened in 1952.", task: "binary" as const, inputMode: "ro" as const },
      {
        prompt: "When did the bridge open?",
        response: "The bridge opened in 1952.",
        task: "multiclass" as const,
        inputMode: "pr" as const,
      },
    ]
  ) {
    assert.equal(JSON.stringify(await served.score(call)), JSON.stringify(checked.scoreNow(call)));
  }
  // With evidence: p from the fusion over the detector's p and the claims' logits.
  const call = {
    prompt: EVIDENCE,
    response: "The bridge opened in 1937. It was painted green.",
    task: "multiclass" as const,
    inputMode: "pr" as const,
    claims: true,
  };
  const before = checked.scoreNow(call);
  const read = (await served.readClaims(call))!;
  assert.equal(read.length, 2);
  const after = await served.score(call);
  const p = fusedProbability(fusion, before.p_hallucination, read.map((r) => r.logit));
  assert.equal(after.p_hallucination, p);
  assert.equal(after.flag, p >= fusion.threshold);
  const sum = after.regime_scores.reduce((n, s) => n + s.p, 0);
  assert.ok(Math.abs(sum - 1) < 1e-9);
  assert.equal(after.regime_scores.find((s) => s.regime === "NORMAL")!.p, 1 - p);
  // Each claim fused with its own reading; the call's claims equal scoreClaims'.
  const claims = await served.scoreClaims(call);
  assert.deepEqual(after.claims, claims);
  const plain = checked.claimRisks(call);
  for (const [i, claim] of claims.entries()) {
    assert.equal(
      claim.p_hallucination,
      fusedProbability(fusion, plain[i].p_hallucination, [read[i].logit]),
    );
  }
  assert.ok(read[1].logit > read[0].logit, "the green bridge reads less supported");
  // The knowledge base's calibrator keeps the encoder.
  const retrieval = served.withCalibration(model.calibration, "cal-retrieval");
  assert.ok(retrieval instanceof EncodedDetector && retrieval.encoder === encoder);
  // Without a fusion the encoder is not used at all.
  const unfitted = await servedWith(undefined);
  assert.equal(JSON.stringify(await unfitted.score(call)), JSON.stringify(checked.scoreNow(call)));
});

Deno.test("encoder admission: a call that finds every place taken is scored at once without the encoder, with encoder_busy", async () => {
  const model = await modelPromise;
  const stamp = await fusionStamp(model, undefined, (await encoderPromise)!);
  const admission = new EncoderAdmission(1);
  const served = await servedWith(fitEncoderFusion(fusionRows(), stamp, "test rows"), admission);
  const call = {
    prompt: EVIDENCE,
    response: "The bridge opened in 1937. It was painted green.",
    task: "binary" as const,
    inputMode: "pr" as const,
  };
  const alone = await served.score(call);
  assert.deepEqual(alone.warnings, []);
  // Two calls at once: the first takes the one place, the second is turned away.
  const [first, second] = await Promise.all([served.score(call), served.score(call)]);
  assert.deepEqual(first, alone);
  const unread = new CheckedDetector(model, undefined).scoreNow(call);
  assert.deepEqual(second, { ...unread, warnings: ["encoder_busy"] });
  assert.deepEqual(admission.counts, { read: 2, busy: 1 });
  // Calls the encoder does not read take no place.
  const ro = { ...call, inputMode: "ro" as const };
  const [read, response] = await Promise.all([served.score(call), served.score(ro)]);
  assert.deepEqual(read, alone);
  assert.deepEqual(response.warnings, []);
  assert.deepEqual(admission.counts, { read: 3, busy: 1 });
});

Deno.test("encoder fusion: a file fitted on another model, checks or encoder is not used", async () => {
  const model = await modelPromise;
  const encoder = (await encoderPromise)!;
  const stamp = await fusionStamp(model, undefined, encoder);
  const dir = await Deno.makeTempDir();
  try {
    const write = (file: EncoderFusionFile) =>
      Deno.writeTextFile(`${dir}/${ENCODER_FUSION_FILE}`, JSON.stringify(file));
    const fusion = fitEncoderFusion(fusionRows(), stamp, "test rows");
    await write(fusion);
    assert.deepEqual(await readEncoderFusion(dir, stamp), fusion);
    for (const key of Object.keys(stamp) as (keyof typeof stamp)[]) {
      await write({ ...fusion, [key]: "other" });
      assert.equal(await readEncoderFusion(dir, stamp), undefined, key);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  // The fitted weights are those of a logistic regression: p rises with the worst claim.
  const fusion = fitEncoderFusion(fusionRows(), stamp, "test rows");
  assert.ok(fusedProbability(fusion, 0.5, [3]) > fusedProbability(fusion, 0.5, [-3]));
});

Deno.test("ENCODER_CONCURRENCY: two places by default, at least one", () => {
  assert.equal(readDetectorEnv({ DETECTOR_SECRET: "s" }).ENCODER_CONCURRENCY, 2);
  assert.equal(
    readDetectorEnv({ DETECTOR_SECRET: "s", ENCODER_CONCURRENCY: "4" }).ENCODER_CONCURRENCY,
    4,
  );
  for (const value of ["0", "1.5", "two"]) {
    assert.throws(
      () => readDetectorEnv({ DETECTOR_SECRET: "s", ENCODER_CONCURRENCY: value }),
      /ENCODER_CONCURRENCY/,
    );
  }
});
