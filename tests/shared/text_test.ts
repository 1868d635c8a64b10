import assert from "node:assert/strict";
import { codePointLength, unitsFor } from "../../shared/text.ts";

Deno.test("codePointLength counts code points, not UTF-16 units", () => {
  assert.equal(codePointLength("abc"), 3);
  assert.equal(codePointLength("😀😀"), 2); // four UTF-16 units
  assert.equal(codePointLength(""), 0);
});

Deno.test("unitsFor bills ceil((prompt + response) / 2048)", () => {
  assert.equal(unitsFor(undefined, "x"), 1);
  assert.equal(unitsFor("", "x".repeat(2048)), 1);
  assert.equal(unitsFor("p", "x".repeat(2048)), 2);
  assert.equal(unitsFor("p".repeat(2048), "x".repeat(2048)), 2);
  assert.equal(unitsFor("😀".repeat(1024), "😀".repeat(1024)), 1);
});
