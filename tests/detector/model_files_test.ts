/**
 * Every model file is checked on load: a wrong file stops the detector with an error that names
 * the file and the field, never a silent misread. Each case copies the committed model's files
 * into a temporary folder and replaces one of them.
 */
import assert from "node:assert/strict";
import { modelFolderWith } from "../support/model_folder.ts";
import { loadDetector } from "../../server/detector/inference/model.ts";
import {
  CALIBRATOR_FILE,
  DEFAULT_MODEL_DIR,
  LEXICON_FILE,
  MODEL_FILE,
  VECTORS_FILE,
  WEIGHTS_FILE,
} from "../../server/detector/inference/model_files.ts";
import {
  RETRIEVAL_CALIBRATOR_FILE,
  retrievalDetector,
} from "../../server/detector/knowledge/load.ts";
import { fusionFileName, loadFusion } from "../../server/detector/verifier/fusion.ts";

// The tests edit the committed files' JSON freely to break one field.
// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

async function committedJson(name: string): Promise<Json> {
  return JSON.parse(await Deno.readTextFile(DEFAULT_MODEL_DIR + name));
}

const encode = (json: unknown) => new TextEncoder().encode(JSON.stringify(json));

async function committedBytesShortBy(name: string, bytes: number): Promise<Uint8Array> {
  const content = await Deno.readFile(DEFAULT_MODEL_DIR + name);
  return content.subarray(0, content.byteLength - bytes);
}

async function assertLoadFails(dir: string, file: string, detail: RegExp) {
  try {
    await assert.rejects(loadDetector(dir), (error: Error) => {
      assert.match(error.message, new RegExp(`model file ${dir}/${file} is invalid`));
      assert.match(error.message, detail);
      return true;
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("model.json: a field of the wrong type is named", async () => {
  const model = await committedJson(MODEL_FILE);
  model.heads.pr.binary.offset = "0";
  await assertLoadFails(
    await modelFolderWith({ [MODEL_FILE]: encode(model) }),
    MODEL_FILE,
    /heads\.pr\.binary\.offset/,
  );
});

Deno.test("model.json: regime vectors that do not match regimeClasses are named", async () => {
  const model = await committedJson(MODEL_FILE);
  model.heads.ro.regime.pop();
  await assertLoadFails(
    await modelFolderWith({ [MODEL_FILE]: encode(model) }),
    MODEL_FILE,
    /heads\.ro\.regime/,
  );
});

Deno.test("model.json: a file that is not JSON says so", async () => {
  const dir = await modelFolderWith({
    [MODEL_FILE]: new TextEncoder().encode('{"format": '),
  });
  await assertLoadFails(dir, MODEL_FILE, /JSON/);
});

Deno.test("calibrator.json: a missing threshold is named with its cell", async () => {
  const calibrator = await committedJson(CALIBRATOR_FILE);
  delete calibrator.cells["binary/ro"].threshold;
  const dir = await modelFolderWith({ [CALIBRATOR_FILE]: encode(calibrator) });
  await assertLoadFails(dir, CALIBRATOR_FILE, /cells\["binary\/ro"\]\.threshold/);
});

Deno.test("calibrator.json: an unknown calibrator method is named", async () => {
  const calibrator = await committedJson(CALIBRATOR_FILE);
  calibrator.cells["multiclass/pr"].calibrator = { method: "spline" };
  const dir = await modelFolderWith({ [CALIBRATOR_FILE]: encode(calibrator) });
  await assertLoadFails(dir, CALIBRATOR_FILE, /cells\["multiclass\/pr"\]\.calibrator\.method/);
});

Deno.test("lexicon.json: a field of the wrong type is named", async () => {
  const lexicon = await committedJson(LEXICON_FILE);
  lexicon.antonyms = "hot cold";
  await assertLoadFails(
    await modelFolderWith({ [LEXICON_FILE]: encode(lexicon) }),
    LEXICON_FILE,
    /antonyms/,
  );
});

Deno.test("weights.bin: a size that does not match model.json's vectors is refused", async () => {
  const dir = await modelFolderWith({
    [WEIGHTS_FILE]: await committedBytesShortBy(WEIGHTS_FILE, 2),
  });
  await assertLoadFails(dir, WEIGHTS_FILE, /not a whole number of int16 vectors/);
});

Deno.test("vectors.bin: a size that does not match its header is refused", async () => {
  const dir = await modelFolderWith({
    [VECTORS_FILE]: await committedBytesShortBy(VECTORS_FILE, 100),
  });
  await assertLoadFails(dir, VECTORS_FILE, /but its header describes/);
});

Deno.test("retrieval-calibrator.json: a missing modelVersion is named", async () => {
  const detector = await loadDetector();
  const calibrator = await committedJson(RETRIEVAL_CALIBRATOR_FILE);
  delete calibrator.modelVersion;
  const dir = await modelFolderWith({ [RETRIEVAL_CALIBRATOR_FILE]: encode(calibrator) });
  try {
    await assert.rejects(
      retrievalDetector(detector, dir, () => {}),
      /retrieval-calibrator\.json is invalid[^]*modelVersion/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("verifier calibrator: a weight of the wrong type is named", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hd-model-files-" });
  const fusion = {
    format: "hd-verifier-fusion-1",
    verifierModel: "local-model",
    verifierSamples: 1,
    modelVersion: "hd-test",
    calibratorVersion: "cal-test",
    weights: {
      evidence: { detector: 1, verifier: "0.5", bias: 0 },
      no_evidence: { detector: 0, verifier: 1, bias: 0 },
    },
    fittedOn: { evidence: "group", no_evidence: "pooled" },
    rows: { evidence: 200, no_evidence: 50 },
    threshold: 0.5,
  };
  const name = fusionFileName(fusion.verifierModel);
  await Deno.writeFile(`${dir}/${name}`, encode(fusion));
  try {
    await assert.rejects(
      loadFusion(dir, fusion.verifierModel),
      new RegExp(`${name.replaceAll(".", "\\.")} is invalid[^]*weights\\.evidence\\.verifier`),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
