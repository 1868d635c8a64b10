/**
 * Splits a response into claims: its sentences (Unicode sentence boundaries from the platform's
 * `Intl.Segmenter`), never across a line break, so list items and paragraphs stay apart. The
 * spans keep their offsets in the response so per-claim scores can point back at the text.
 * The model's features and the exact checks split the same texts in one call (its response and
 * its prompt): the last few splits are kept, frozen, and handed to each.
 */

export interface Claim {
  text: string;
  /** Offsets in UTF-16 code units into the text that was split, `end` exclusive. */
  start: number;
  end: number;
}

const SENTENCES = new Intl.Segmenter("en", { granularity: "sentence" });
// The segmenter breaks after a title or common abbreviation ("Dr. Smith"); such a piece is joined
// to the sentence after it.
const ABBREVIATION_END =
  /(?:^|[\s(])(?:Mr|Mrs|Ms|Dr|Prof|St|Mt|Jr|Sr|Gen|Gov|Sen|Rep|Inc|Ltd|Co|No|Fig|vs|etc|e\.g|i\.e|approx|ca)\.$/;
const LINE_BREAK = /\n+/g;
// A claim must say something: at least one letter or digit.
const HAS_CONTENT = /[\p{L}\p{N}]/u;

/** How many texts' splits are kept: a call's response and its prompt. */
const KEPT = 2;
const kept: { text: string; claims: readonly Readonly<Claim>[] }[] = [];

export function splitClaims(text: string): readonly Readonly<Claim>[] {
  const known = kept.find((k) => k.text === text);
  if (known) return known.claims;
  const claims = Object.freeze(split(text).map((c) => Object.freeze(c)));
  kept.unshift({ text, claims });
  kept.length = Math.min(kept.length, KEPT);
  return claims;
}

function split(text: string): Claim[] {
  const claims: Claim[] = [];
  let lineStart = 0;
  for (const lineEnd of [...text.matchAll(LINE_BREAK)].map((m) => m.index).concat(text.length)) {
    const line = text.slice(lineStart, lineEnd);
    let joinNext = false;
    for (const { segment, index } of SENTENCES.segment(line)) {
      const lead = segment.length - segment.trimStart().length;
      const trimmed = segment.trim();
      if (!HAS_CONTENT.test(trimmed)) continue;
      const start = lineStart + index + lead;
      const end = start + trimmed.length;
      if (joinNext) {
        const previous = claims[claims.length - 1];
        previous.end = end;
        previous.text = text.slice(previous.start, end);
      } else {
        claims.push({ text: trimmed, start, end });
      }
      joinNext = ABBREVIATION_END.test(trimmed);
    }
    lineStart = lineEnd;
    while (text[lineStart] === "\n") lineStart++;
  }
  return claims;
}
