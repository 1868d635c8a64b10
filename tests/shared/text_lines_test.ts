import assert from "node:assert/strict";
import { textLines } from "../../shared/text_lines.ts";

/** A stream that delivers `bytes` cut at the given offsets. */
function chunked(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  const bounds = [0, ...cuts, bytes.length];
  return ReadableStream.from(bounds.slice(1).map((end, i) => bytes.slice(bounds[i], end)));
}

Deno.test("lines across chunk cuts, a character cut in two, a last line without newline", async () => {
  const text = "first\nsécond line\n\nlast";
  const bytes = new TextEncoder().encode(text);
  // 8 falls inside "é" (two bytes from offset 7); 3 inside "first".
  const lines = await Array.fromAsync(textLines(chunked(bytes, [3, 8, 15])));
  assert.deepEqual(lines, ["first", "sécond line", "", "last"]);
});

Deno.test("a stream ending in a newline yields no empty last line", async () => {
  const bytes = new TextEncoder().encode("a\nb\n");
  assert.deepEqual(await Array.fromAsync(textLines(chunked(bytes, [1]))), ["a", "b"]);
});
