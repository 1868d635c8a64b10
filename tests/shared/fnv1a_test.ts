import assert from "node:assert/strict";
import { fnv1a, FNV1A_OFFSET } from "../../shared/fnv1a.ts";

Deno.test("fnv1a gives the published FNV-1a 32-bit values", () => {
  assert.equal(fnv1a(""), FNV1A_OFFSET);
  assert.equal(fnv1a("a"), 0xe40c292c);
  assert.equal(fnv1a("foobar"), 0xbf9cf968);
});

Deno.test("fnv1a hashes a range without the substring, and continues from a previous hash", () => {
  assert.equal(fnv1a("xxfoobarxx", FNV1A_OFFSET, 2, 8), fnv1a("foobar"));
  assert.equal(fnv1a("bar", fnv1a("foo")), fnv1a("foobar"));
  assert.notEqual(fnv1a("foobar", fnv1a("n")), fnv1a("foobar"));
});
