import assert from "node:assert/strict";
import type { BuiltRow } from "../../server/detector/corpus/corpus.ts";
import { readSemantics } from "../../server/detector/inference/model.ts";
import { encoderPairs } from "../../server/detector/training/encoder_pairs.ts";

const prompt = [
  "The Golden Gate Bridge opened on May 27, 1937.",
  "Its main span is 1,280 metres long.",
  "It was designed by Joseph Strauss, with Leon Moisseiff and Charles Ellis.",
  "The bridge is painted international orange.",
].join(" ");

const row = (response: string, hallucinated: boolean, extra: Partial<BuiltRow> = {}): BuiltRow => ({
  set: "bridges",
  prompt,
  response,
  hallucinated,
  regime: hallucinated ? "NEAR_FALSE" : "NORMAL",
  groups: [response],
  modes: ["pr"],
  trainable: true,
  ...extra,
});

const faithfulPair = "The bridge opened on May 27, 1937. Its main span is 1,280 metres long.";
const wrongPair = "The bridge opened on May 27, 1937. Its main span is 2,150 metres long.";
const faithfulLong = Array.from({ length: 16 }, () => "The bridge is painted international orange.")
  .join(" ");

Deno.test("encoder pairs: a faithful answer gives its claims, a short wrong one of several claims is read whole, untrainable rows give none", async () => {
  const pairs = encoderPairs(
    [
      row(faithfulPair, false),
      row(wrongPair, true),
      row("It was designed by Joseph Strauss.", false),
      row("It was designed by Gustave Eiffel.", true),
      row(faithfulLong, false),
      row("Its main span is 9 metres long.", true, { trainable: false }),
      row("Its main span is 8 metres long.", true, { modes: ["ro"] }),
    ],
    await readSemantics(),
    { seed: 1, perSet: 100, perturbRate: 0 },
  );
  const labelOf = (claim: string) => pairs.filter((p) => p.claim === claim).map((p) => p.label);
  assert.deepEqual(labelOf(faithfulPair), []);
  assert.deepEqual(labelOf(wrongPair), [1]);
  // The faithful answer's claims are each supported.
  assert.deepEqual(labelOf("The bridge opened on May 27, 1937."), [0]);
  assert.deepEqual(labelOf("Its main span is 1,280 metres long."), [0]);
  assert.deepEqual(labelOf("It was designed by Joseph Strauss."), [0]);
  assert.deepEqual(labelOf("It was designed by Gustave Eiffel."), [1]);
  // Too long to read whole: at most three of its claims.
  assert.deepEqual(labelOf(faithfulLong), []);
  assert.equal(labelOf("The bridge is painted international orange.").length, 3);
  // Rows that may not be trained on, or have no document, give no pairs.
  assert.ok(pairs.every((p) => !/ [98] metres/.test(p.claim)));
  assert.ok(pairs.every((p) => p.source === "labelled" && p.evidence.length > 0));
});
