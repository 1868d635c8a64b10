/**
 * Splits an answer into the calls it is checked in: one call when it fits a detect field, else
 * the fewest chunks of at most MAX_FIELD_CHARS code points, cut between sentences (a sentence
 * longer than a field between words, a word longer still between code points). Never per
 * paragraph: a unit bills 2,048 code points whatever they hold, so every extra call is an extra
 * unit. Each chunk is a slice of the answer and keeps its offset, so the claim offsets the server
 * answers map back onto the answer's text.
 */
import { codePointLength, cutToCodePoints, MAX_FIELD_CHARS } from "../../shared/text.ts";

/** One call's text: a trimmed slice of the answer, and where it starts (UTF-16 offset). */
export interface Chunk {
  text: string;
  start: number;
}

const sentences = new Intl.Segmenter("en", { granularity: "sentence" });
const words = new Intl.Segmenter("en", { granularity: "word" });

/** The end offsets of the pieces a chunk may end at: sentences, else words, else code points. */
function cutPoints(text: string, max: number): number[] {
  const ends: number[] = [];
  const cut = (piece: string, at: number, level: number) => {
    if (codePointLength(piece) <= max) return void ends.push(at + piece.length);
    const segmenter = [sentences, words][level];
    if (segmenter) {
      for (const s of segmenter.segment(piece)) cut(s.segment, at + s.index, level + 1);
      return;
    }
    for (const char of piece) ends.push(at += char.length);
  };
  cut(text, 0, 0);
  return ends;
}

/** A trimmed slice of `text`, or undefined when it is only whitespace. */
function trimmed(text: string, start: number, end: number): Chunk | undefined {
  const slice = text.slice(start, end);
  const body = slice.trim();
  if (body.length === 0) return undefined;
  return { text: body, start: start + (slice.length - slice.trimStart().length) };
}

export function splitAnswer(text: string, max = MAX_FIELD_CHARS): Chunk[] {
  const whole = trimmed(text, 0, text.length);
  if (!whole) return [];
  if (codePointLength(whole.text) <= max) return [whole];
  // Greedy packing: each chunk takes as many whole pieces as fit, which needs the fewest chunks.
  const chunks: Chunk[] = [];
  let start = 0;
  let lastFit = 0;
  for (const end of cutPoints(text, max)) {
    if (codePointLength(text.slice(start, end).trim()) <= max) {
      lastFit = end;
      continue;
    }
    const chunk = trimmed(text, start, lastFit);
    if (chunk) chunks.push(chunk);
    start = lastFit;
    lastFit = end;
  }
  const rest = trimmed(text, start, text.length);
  if (rest) chunks.push(rest);
  return chunks;
}

/**
 * The prompt sent with each call: its first MAX_FIELD_CHARS code points (a prompt is cut, never
 * split, since every chunk is checked with it); undefined for none.
 */
export function promptField(prompt: string | undefined): string | undefined {
  return prompt ? cutToCodePoints(prompt, MAX_FIELD_CHARS) : undefined;
}
