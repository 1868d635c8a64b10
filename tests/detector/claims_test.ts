import assert from "node:assert/strict";
import { splitClaims } from "../../server/detector/signals/claims.ts";

Deno.test("claims: sentences with their offsets, abbreviations and decimals kept inside", () => {
  const text = "Dr. Smith founded Acme in 1999. It has 3.5 million users in the U.S. today!";
  const claims = splitClaims(text);
  assert.deepEqual(claims.map((c) => c.text), [
    "Dr. Smith founded Acme in 1999.",
    "It has 3.5 million users in the U.S. today!",
  ]);
  for (const c of claims) assert.equal(text.slice(c.start, c.end), c.text);
});

Deno.test("claims: never across a line break; lines without words are dropped", () => {
  const text = "Steps:\n\n- Boil water\n- Add pasta. Stir.\n---\n  Done  ";
  assert.deepEqual(splitClaims(text).map((c) => c.text), [
    "Steps:",
    "- Boil water",
    "- Add pasta.",
    "Stir.",
    "Done",
  ]);
  assert.deepEqual(splitClaims(""), []);
  assert.deepEqual(splitClaims(" \n\n "), []);
});

Deno.test("claims: a text split again is answered from the kept split, which no caller can change", () => {
  const [response, prompt] = ["It rose 4%. Sales fell.", "Sales rose 4% in May. Costs fell."];
  const first = splitClaims(response);
  splitClaims(prompt);
  assert.equal(splitClaims(response), first);
  assert.equal(splitClaims(prompt + " ").length, 2);
  assert.throws(() => (first[0] as { start: number }).start = 5, TypeError);
  assert.throws(() => (first as unknown[]).push({}), TypeError);
  assert.deepEqual(splitClaims(response).map((c) => c.text), ["It rose 4%.", "Sales fell."]);
});
