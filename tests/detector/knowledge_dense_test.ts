/**
 * Dense retrieval through the real bi-encoder: a passage that says what the query asks in other
 * words is ranked first by meaning, where the full-text index ranks first a passage that shares
 * the query's rarer words; hybrid ranking follows the meaning, and ranks alike on every run.
 */
import assert from "node:assert/strict";
import { DEFAULT_MODEL_DIR } from "../../server/detector/inference/model_files.ts";
import { fuseRankings } from "../../server/detector/knowledge/fusion.ts";
import { embeddedText, KnowledgeBase } from "../../server/detector/knowledge/knowledge_base.ts";
import { loadPassageEncoder } from "../../server/detector/knowledge/passage_encoder.ts";
import type { Passage } from "../../server/detector/knowledge/passages.ts";
import { PassageIndex } from "../../server/detector/knowledge/search_index.ts";
import { VectorIndex } from "../../server/detector/knowledge/vector_index.ts";

const encoder = await loadPassageEncoder(DEFAULT_MODEL_DIR);

/**
 * The right passage shares one common word ("day") with the query, the musical two rarer ones,
 * so full text ranks the musical first; dense ranks the felines first and leaves the musical out
 * (under the floor).
 */
const QUERY = "How long do cats nap each day?";
const PASSAGES: Passage[] = [
  { text: "Cats, the musical, had a long run in London theatres.", source: "musical.txt" },
  {
    text: "Felines sleep for most of the day, often sixteen hours or more.",
    source: "felines.txt",
  },
  { text: "The old bridge over the river took eleven years to build.", source: "bridge.txt" },
  { text: "Tax returns are due at the end of April.", source: "tax.txt" },
  { text: "A violin has four strings tuned in fifths.", source: "violin.txt" },
];
const RIGHT = 1;

const sources = (base: KnowledgeBase, hits: { passage: number }[]) =>
  hits.map((h) => base.passages[h.passage].source);

Deno.test("dense and hybrid retrieval rank first a passage by meaning, full text does not", async () => {
  const fullText = PassageIndex.build(PASSAGES).query(QUERY, 5);
  assert.deepEqual(fullText.map((h) => h.passage), [0, RIGHT], "full text: the musical first");

  const vectors = VectorIndex.of(
    await encoder.embed(PASSAGES.map(embeddedText)),
    encoder.dimensions,
  );
  const [query] = await encoder.embed([QUERY]);
  assert.equal(vectors.query(query, 5)[0].passage, RIGHT, "dense ranks it first");

  const hybrid = await KnowledgeBase.build(PASSAGES, encoder, () => {});
  const [hits] = await hybrid.search([QUERY], 5);
  assert.deepEqual(sources(hybrid, hits), ["felines.txt", "musical.txt"], "hybrid: felines first");
});

Deno.test("hybrid ranking is deterministic", async () => {
  const queries = [QUERY, "When must taxes be filed?", "string instruments", "river crossing"];
  const first = await KnowledgeBase.build(PASSAGES, encoder, () => {});
  const second = await KnowledgeBase.build(PASSAGES, encoder, () => {});
  const once = await first.search(queries, 3);
  assert.deepEqual(await first.search(queries, 3), once, "the same base, asked again");
  assert.deepEqual(await second.search(queries, 3), once, "a base built again");
  // One query alone ranks as it does in a batch.
  assert.deepEqual(await first.search([queries[1]], 3), [once[1]]);

  // Fusion: the order of the rankings does not matter, and ties go to the earlier passage.
  const a = [{ passage: 4, score: 9 }, { passage: 2, score: 5 }];
  const b = [{ passage: 3, score: 0.8 }, { passage: 2, score: 0.7 }];
  assert.deepEqual(fuseRankings([a, b], 3), fuseRankings([b, a], 3));
  assert.deepEqual(fuseRankings([a, b], 3).map((h) => h.passage), [2, 3, 4]);
});
