/**
 * Splits an answer into the parts that are checked one by one and highlighted on their own: one
 * part per paragraph, short paragraphs (headings, list intros, single list items) joined to the
 * next one, and a paragraph longer than a detect field split between sentences (a sentence longer
 * still between words). Parts hold every character of the answer but line breaks: a long answer
 * is always split, never cut.
 */
import { codePointLength, cutToCodePoints, MAX_FIELD_CHARS } from "../../shared/text.ts";

/** Below this many code points a paragraph is joined to the one after it. */
export const MIN_PART_CHARS = 160;

const sentences = new Intl.Segmenter("en", { granularity: "sentence" });
const words = new Intl.Segmenter("en", { granularity: "word" });

/** Packs consecutive pieces into chunks of at most `max` code points, in order. */
function pack(pieces: Iterable<string>, max: number, joiner: string): string[] {
  const chunks: string[] = [];
  let current = "";
  for (const piece of pieces) {
    const joined = current ? `${current}${joiner}${piece}` : piece;
    if (codePointLength(joined) <= max) {
      current = joined;
      continue;
    }
    if (current) chunks.push(current);
    current = piece;
  }
  if (current) chunks.push(current);
  return chunks;
}

/** `text` in chunks of at most `max` code points, cut at `segmenter`'s boundaries. */
function bySegments(text: string, max: number, segmenter: Intl.Segmenter): string[] {
  return pack(Array.from(segmenter.segment(text), (s) => s.segment), max, "");
}

/** One paragraph in pieces of at most `max` code points: sentences, then words, then code points. */
function splitParagraph(paragraph: string, max: number): string[] {
  if (codePointLength(paragraph) <= max) return [paragraph];
  return bySegments(paragraph, max, sentences).flatMap((chunk) => {
    if (codePointLength(chunk) <= max) return [chunk.trim()];
    return bySegments(chunk, max, words).flatMap((piece) =>
      codePointLength(piece) <= max ? [piece.trim()] : pack(Array.from(piece), max, "")
    );
  }).filter((piece) => piece.length > 0);
}

export function splitAnswer(text: string, max = MAX_FIELD_CHARS): string[] {
  const paragraphs = text.split("\n").map((line) => line.trim()).filter((line) => line.length > 0);
  const parts: string[] = [];
  let pending = "";
  for (const paragraph of paragraphs) {
    const joined = pending ? `${pending}\n${paragraph}` : paragraph;
    if (codePointLength(joined) <= max) {
      if (codePointLength(joined) < MIN_PART_CHARS) pending = joined;
      else {
        parts.push(joined);
        pending = "";
      }
      continue;
    }
    if (pending) parts.push(pending);
    pending = "";
    const pieces = splitParagraph(paragraph, max);
    const last = pieces.pop()!;
    parts.push(...pieces);
    if (codePointLength(last) < MIN_PART_CHARS) pending = last;
    else parts.push(last);
  }
  if (pending) parts.push(pending);
  return parts;
}

/**
 * The prompt sent with each part: its first MAX_FIELD_CHARS code points (a prompt is cut, never
 * split, since every part is checked with it); undefined for none.
 */
export function promptField(prompt: string | undefined): string | undefined {
  return prompt ? cutToCodePoints(prompt, MAX_FIELD_CHARS) : undefined;
}
