/**
 * The naming stems' one-pass reading (checks/naming_stems.ts) against the reading it stands for:
 * the lower-case words of signals/text.ts, those that name something, each stemmed.
 */
import assert from "node:assert/strict";
import { names, namingStems, stemKey } from "../../server/detector/checks/naming_stems.ts";
import { isContentWord, lowerWords, stem } from "../../server/detector/signals/text.ts";

const MONTH = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?$/;
const reference = (text: string, split: (w: string) => string[]) =>
  new Set(
    lowerWords(text).flatMap(split)
      .filter((w) => isContentWord(w) && !/\d/.test(w) && !MONTH.test(w))
      .map(stemKey),
  );
const whole = (w: string) => /^\d[\d.,]*-\p{L}+$/u.test(w) ? w.split("-") : [w];
const parts = (w: string) => w.split("-");

const TEXTS = [
  "The Golden Gate Bridge is 2,737 m long and opened on May 27, 1937, after four years' work.",
  "Third-quarter revenue rose 12% to $4.2bn; the 24-month plan's 2.5-litre engines sold 51,846 units.",
  "She studies applied mathematics; he studied the supplies, flies and replies in January.",
  "Zürich's café — naïve résumé, Ⅻ chapters, İstanbul, ΟΔΟΣ, 𝐁𝐨𝐥𝐝 letters and 日本語 text.",
  "e.g. U.S. it's don't o'clock x-ray 3-D 10-K co-op re-entry, well-known; sept. Dec. decimal",
  "- Span: 7.2 m\n- Section: W12×26\n\n| Year | Revenue |\n|---|---|\n| 2023 | $1.2m |",
  "a an the and or but it's these those further because between through s t I A",
  "Word-final hyphen- and -leading, double--hyphen, dots... commas,, apostrophe' ’quote’ end.",
  "O’Brien’s farm, the marché and the junção; May’s octopus, augmented decisions, Sep’s 100mph 24months 2nd",
];

Deno.test("naming stems: the one pass reads what the words, names and stems read", () => {
  for (const text of TEXTS) {
    assert.deepEqual(namingStems(text, "whole"), reference(text, whole), text);
    assert.deepEqual(namingStems(text, "parts"), reference(text, parts), text);
  }
});

Deno.test("naming stems: a figure's unit names its thing, a compound's parts theirs", () => {
  assert.deepEqual(
    namingStems("a 24-month lease", "whole"),
    new Set(["month", "lease"].map(stemKey)),
  );
  assert.deepEqual(
    namingStems("third-quarter revenue", "whole"),
    new Set(["third-quarter", "revenue"].map(stemKey)),
  );
  assert.deepEqual(
    namingStems("third-quarter revenue", "parts"),
    new Set(["third", "quarter", "revenue"].map(stemKey)),
  );
});

Deno.test("naming stems: one key per stem, another for another stem", () => {
  assert.equal(stemKey("founded"), stemKey("founding"));
  assert.equal(stemKey("studies"), stemKey(stem("studies")));
  assert.equal(stem("studies"), "study");
  assert.notEqual(stemKey("bridge"), stemKey("bridges2"));
  assert.notEqual(stemKey("length"), stemKey("height"));
  const keys = new Set(lowerWords(TEXTS.join(" ")).map((w) => stem(w)));
  assert.equal(new Set([...keys].map(stemKey)).size, keys.size);
});

Deno.test("naming stems: stopwords, figures and months' names name nothing", () => {
  for (const word of ["the", "between", "2023", "b2b", "jan", "sept", "december", "x"]) {
    assert.equal(names(word), false, word);
  }
  for (const word of ["bridge", "janitor's", "revenue", "μm"]) {
    assert.equal(names(word), true, word);
  }
});
