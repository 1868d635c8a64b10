/** Grounding features see what the prompt does not support; hashing is stable. */
import assert from "node:assert/strict";
import {
  DENSE_BLOCKS,
  DENSE_FEATURES,
  denseFeatures as denseWith,
} from "../../server/detector/signals/grounding.ts";
import { ALL_GROUPS, featureCount, vectorize } from "../../server/detector/signals/vectorize.ts";
import { readSemantics } from "../../server/detector/inference/model.ts";

const semantics = await readSemantics();
const denseFeatures = (prompt: string | undefined, response: string) =>
  denseWith(prompt, response, semantics);
const feature = (v: Float32Array, name: (typeof DENSE_FEATURES)[number]) =>
  v[DENSE_FEATURES.indexOf(name)];
/** A small vectorizer with every group on and unscaled dense features. */
const config = {
  hashBits: 12,
  groups: ALL_GROUPS,
  denseMean: DENSE_FEATURES.map(() => 0),
  denseStd: DENSE_FEATURES.map(() => 1),
  semantics,
};
const prompt =
  "Acme Corp was founded in 1998 in Boston. It employs 200 people and does not sell cars.";

Deno.test("unsupported numbers, dates and entities are counted against the prompt", () => {
  const faithful = denseFeatures(prompt, "Acme Corp was founded in 1998 in Boston.");
  const invented = denseFeatures(
    prompt,
    "Acme Corp was founded in 2004 in Denver by 350 engineers.",
  );
  assert.equal(feature(faithful, "unsupported_number_share"), 0);
  assert.equal(feature(invented, "unsupported_number_share"), 1);
  assert.equal(feature(invented, "unsupported_date_share"), 1);
  assert.ok(feature(invented, "unsupported_entity_share") > 0);
  assert.ok(
    feature(invented, "unsupported_content_share") > feature(faithful, "unsupported_content_share"),
  );
});

Deno.test("an aligned sentence that drops a negation is a mismatch", () => {
  const kept = denseFeatures(prompt, "It employs 200 people and does not sell cars.");
  const flipped = denseFeatures(prompt, "It employs 200 people and sells cars.");
  assert.equal(feature(kept, "aligned_negation_mismatch"), 0);
  assert.ok(feature(flipped, "aligned_negation_mismatch") > 0);
});

Deno.test("response-only features ignore the prompt; vectors are deterministic", () => {
  const ro = denseFeatures(undefined, "Some answer.");
  assert.equal(feature(ro, "has_prompt"), 0);
  const a = vectorize(config, prompt, "Acme sells cars.", "pr");
  const b = vectorize(config, prompt, "Acme sells cars.", "pr");
  assert.deepEqual([...a.index], [...b.index]);
  assert.ok([...a.index].every((i) => i < featureCount(config)));
  const roVector = vectorize(config, prompt, "Acme sells cars.", "ro");
  assert.ok(roVector.index.length < a.index.length, "ro must not see the prompt's novel n-grams");
});

Deno.test("a switched-off semantic block is zeroed in the dense features and absent from the vector", () => {
  const response = "Acme Corp was founded in 2004 in Denver by 350 engineers.";
  const [start, end] = DENSE_BLOCKS.claims;
  const inBlock = (i: number) =>
    i >= (1 << config.hashBits) + start && i < (1 << config.hashBits) + end;
  const on = vectorize(config, prompt, response, "pr");
  const off = vectorize(
    { ...config, groups: { ...ALL_GROUPS, claims: false } },
    prompt,
    response,
    "pr",
  );
  assert.ok(on.dense.slice(start, end).some((v) => v !== 0));
  assert.ok(off.dense.slice(start, end).every((v) => v === 0));
  assert.ok([...on.index].some(inBlock));
  assert.ok(![...off.index].some(inBlock));
  // The other blocks are untouched.
  assert.deepEqual([...off.dense.slice(end)], [...on.dense.slice(end)]);
});
