/** The dense features are written by name; a value without its name (or the reverse) fails loudly. */
import assert from "node:assert/strict";
import {
  DENSE_FEATURES,
  denseFeatures,
  PROMPT_FEATURES,
  RESPONSE_FEATURES,
  writeNamed,
} from "../../server/detector/signals/grounding.ts";
import { readSemantics } from "../../server/detector/inference/model.ts";
import { DEFAULT_MODEL_DIR, MODEL_FILE } from "../../server/detector/inference/model_files.ts";

const NAMES = ["first", "second"] as const;

Deno.test("writeNamed writes each value at its name's position and returns the next one", () => {
  const out = new Float32Array(5);
  const next = writeNamed(out, 2, NAMES, { second: 7, first: 3 });
  assert.equal(next, 4);
  assert.deepEqual([...out], [0, 0, 3, 7, 0]);
});

Deno.test("writeNamed refuses a value without a name and a name without a value", () => {
  const out = new Float32Array(4);
  const extra = { first: 1, second: 2, third: 3 } as Record<(typeof NAMES)[number], number>;
  assert.throws(() => writeNamed(out, 0, NAMES, extra), /3 feature values for 2 feature names/);
  const missing = { first: 1 } as Record<(typeof NAMES)[number], number>;
  assert.throws(() => writeNamed(out, 0, NAMES, missing), /1 feature values for 2 feature names/);
});

Deno.test("the response and prompt features are the 45 the model files were trained with", async () => {
  assert.equal(RESPONSE_FEATURES.length + PROMPT_FEATURES.length, 45);
  const committed = JSON.parse(await Deno.readTextFile(DEFAULT_MODEL_DIR + MODEL_FILE));
  assert.deepEqual(committed.denseFeatures, [...DENSE_FEATURES]);
  const semantics = await readSemantics();
  const withPrompt = denseFeatures("Where is the Eiffel Tower?", "It is in Rome.", semantics);
  assert.equal(withPrompt[DENSE_FEATURES.indexOf("has_prompt")], 1);
  const responseOnly = denseFeatures(undefined, "It is in Rome.", semantics);
  const promptBlock = responseOnly.slice(RESPONSE_FEATURES.length, 45);
  assert.ok(promptBlock.every((v) => v === 0));
});
