/**
 * The shipped word vectors and WordNet lexicon (real entries), and the claim-alignment features
 * they feed, on crafted pairs: a swapped word, a negated form, an antonym, a paraphrase.
 */
import assert from "node:assert/strict";
import { alignClaims } from "../../server/detector/signals/alignment.ts";
import { DENSE_FEATURES, denseFeatures } from "../../server/detector/signals/grounding.ts";
import { withoutNegation } from "../../server/detector/signals/lexicon.ts";
import { analyse } from "../../server/detector/signals/text.ts";
import { readSemantics } from "../../server/detector/inference/model.ts";

const semantics = await readSemantics();
const { vectors, lexicon } = semantics;
const feature = (prompt: string, response: string, name: (typeof DENSE_FEATURES)[number]) =>
  denseFeatures(prompt, response, semantics)[DENSE_FEATURES.indexOf(name)];

Deno.test("word vectors: the shipped table knows frequent words and their neighbours", () => {
  assert.equal(vectors.words.length, 100_000);
  assert.equal(vectors.dims, 100);
  assert.ok(vectors.similarity("cat", "dog") > 0.7);
  assert.ok(vectors.similarity("house", "hall") > vectors.similarity("house", "economy"));
  assert.ok(vectors.similarity("increased", "decreased") > 0.7, "antonyms are near in GloVe");
  assert.ok(Math.abs(vectors.similarity("france", "france") - 1) < 1e-6);
  assert.ok(Number.isNaN(vectors.similarity("cat", "qzxqzxqzx")));
});

Deno.test("lexicon: WordNet synonyms, derivational forms and antonyms", () => {
  assert.ok(lexicon.relatedTo("car").has("automobile"));
  assert.ok(lexicon.relatedTo("taxable").has("tax"));
  assert.ok(lexicon.antonymsOfWord("increased").has("decrease"), "inflected forms are lemmatised");
  assert.ok(lexicon.antonymsOfWord("taxable").has("nontaxable"));
  assert.ok(!lexicon.antonymsOfWord("car").has("automobile"));
  assert.equal(withoutNegation("non-taxable"), "taxable");
  assert.equal(withoutNegation("unknown"), "known");
  assert.equal(withoutNegation("taxable"), "taxable");
});

const TAX = "The payment is taxable income for the family. It was made in 2019.";

Deno.test("a negated form of an evidence word is flagged, the same word is not", () => {
  assert.equal(feature(TAX, "The payment is taxable income.", "lex_negated_form_log"), 0);
  assert.ok(feature(TAX, "The payment is non-taxable income.", "lex_negated_form_log") > 0);
});

Deno.test("an antonym of an evidence word is flagged and is a near miss in vector space", () => {
  const evidence = "Sales increased sharply in 2020. The firm hired staff.";
  assert.equal(feature(evidence, "Sales increased sharply in 2020.", "lex_antonym_log"), 0);
  assert.ok(feature(evidence, "Sales decreased sharply in 2020.", "lex_antonym_log") > 0);
  assert.ok(feature(evidence, "Sales decreased sharply in 2020.", "vec_near_miss_log") > 0);
  assert.equal(feature(evidence, "Sales increased sharply in 2020.", "vec_near_miss_log"), 0);
});

Deno.test("a paraphrase keeps more soft coverage than a changed fact", () => {
  const evidence = "The party was held in the pool house behind the hotel. Guests arrived at six.";
  const paraphrase = feature(
    evidence,
    "The party was in the billiards hall.",
    "vec_min_soft_coverage",
  );
  const changed = feature(
    evidence,
    "The party was in the police station.",
    "vec_min_soft_coverage",
  );
  const copied = feature(
    evidence,
    "The party was held in the pool house.",
    "vec_min_soft_coverage",
  );
  assert.equal(copied, 1);
  assert.ok(paraphrase > changed, `${paraphrase} > ${changed}`);
});

Deno.test("claims are aligned to their own evidence window, with offsets in the response", () => {
  const evidence =
    "Jackie Chan starred in Rush Hour. Owen Wilson voiced Lightning McQueen in Cars. " +
    "The film was released in 2006.";
  const response = "Jackie Chan starred in Rush Hour. Jackie Chan voiced Lightning McQueen.";
  const claims = alignClaims(response, analyse(evidence), semantics);
  assert.equal(claims.length, 2);
  assert.equal(response.slice(claims[1].claim.start, claims[1].claim.end), claims[1].claim.text);
  assert.equal(claims[0].entityMissing, 0);
  // Every word of the fused claim is in the prompt, but not in the window of its best sentence.
  assert.equal(claims[1].unsupportedInPrompt, 0);
  assert.equal(claims[0].bestSentenceEntityMissing, 0);
  assert.ok(claims[1].bestSentenceEntityMissing > 0);
});
