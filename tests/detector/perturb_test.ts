/**
 * The perturbation generator: each kind edits a faithful response the way its label says (the
 * meaning changes, or only the wording), and the grounding features see the difference.
 */
import assert from "node:assert/strict";
import { DENSE_FEATURES, denseFeatures } from "../../server/detector/signals/grounding.ts";
import { readSemantics } from "../../server/detector/inference/model.ts";
import { seededRandom } from "../../server/detector/learners/random.ts";
import {
  CHANGES_MEANING,
  perturb,
  type PerturbationKind,
  perturbedRows,
} from "../../server/detector/training/perturb.ts";
import type { CorpusRow } from "../../server/detector/corpus/types.ts";

const semantics = await readSemantics();
const PROMPT = "Maria Lopez opened the bakery in Madrid in 2004. She hired 12 bakers. " +
  "Sales increased every year, and the bakery is profitable. Carlos Ruiz supplied the flour.";
const RESPONSE = "Maria Lopez opened the bakery in 2004. Sales increased every year.";
const feature = (response: string, name: (typeof DENSE_FEATURES)[number]) =>
  denseFeatures(PROMPT, response, semantics)[DENSE_FEATURES.indexOf(name)];
const edit = (kind: PerturbationKind, response = RESPONSE) =>
  perturb(kind, PROMPT, response, semantics, seededRandom(1));

Deno.test("meaning-changing edits are labelled hallucinated and seen by the features", () => {
  const number = edit("number_swap")!;
  assert.match(number, /opened the bakery in 12\./);
  assert.ok(feature(number, "claim_max_number_missing") > 0);
  const entity = edit("entity_swap")!;
  assert.ok(/Madrid|Carlos|Ruiz/.test(entity) && entity !== RESPONSE, entity);
  const antonym = edit("antonym")!;
  assert.match(antonym, /Sales decreased every year/);
  assert.ok(feature(antonym, "lex_antonym_log") > 0);
  const negation = edit("negation", "The bakery is profitable.")!;
  assert.equal(negation, "The bakery is not profitable.");
  assert.equal(edit("negation", negation), "The bakery is profitable.");
  assert.equal(edit("pronoun_swap", "She hired 12 bakers."), "He hired 12 bakers.");
  for (const kind of ["number_swap", "entity_swap", "antonym", "negation", "pronoun_swap"]) {
    assert.equal(CHANGES_MEANING[kind as PerturbationKind], true);
  }
  assert.equal(feature(RESPONSE, "lex_antonym_log"), 0);
  assert.equal(feature(RESPONSE, "claim_max_number_missing"), 0);
});

Deno.test("meaning-preserving edits reword or reorder and are labelled faithful", () => {
  const reordered = edit("reorder")!;
  assert.equal(reordered, "Sales increased every year. Maria Lopez opened the bakery in 2004.");
  assert.equal(
    feature(reordered, "claim_max_unsupported"),
    feature(RESPONSE, "claim_max_unsupported"),
  );
  const synonym = edit("synonym", "The film was a big success.")!;
  assert.equal(synonym, "The film was a great success.");
  assert.ok(semantics.lexicon.synonymsOf("big").has("great"));
  assert.equal(CHANGES_MEANING.synonym, false);
  assert.equal(CHANGES_MEANING.reorder, false);
});

Deno.test("edited rows come only from faithful grounded rows, deterministically", () => {
  const row = (set: string, hallucinated: boolean): CorpusRow => ({
    set,
    prompt: PROMPT,
    response: RESPONSE,
    regime: hallucinated ? "FABRICATED" : "NORMAL",
    hallucinated,
    groups: ["g"],
    modes: ["pr"],
  });
  const rows = [row("frank", false), row("frank", true), row("truthfulqa", false)];
  const a = perturbedRows(rows, semantics, 3), b = perturbedRows(rows, semantics, 3);
  assert.equal(a.length, 1);
  assert.deepEqual(a, b);
  assert.equal(a[0].hallucinated, CHANGES_MEANING[a[0].part as PerturbationKind]);
  assert.notEqual(a[0].response, RESPONSE);
});
