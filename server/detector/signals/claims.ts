/**
 * Splits a response into claims: its sentences (Unicode sentence boundaries from the platform's
 * `Intl.Segmenter`), never across a line break, so list items and paragraphs stay apart. The
 * spans keep their offsets in the response so per-claim scores can point back at the text.
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

export function splitClaims(text: string): Claim[] {
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
