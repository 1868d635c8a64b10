/**
 * The stems of a text's words that name things, as evidence.ts aligns a claim with the
 * document's sentences by them: the text's lower-case words (signals/text.ts's `WORD`), those
 * that name something (`names`), each stemmed (`stem`). Read in one pass, with no word cut out of
 * the text: this runs on the whole document and on each claim compared with it, and cutting
 * every word out as a string and hashing it took most of the checks' time there. So a stem is a
 * key, a 53-bit hash of its letters: two stems share one by a chance of about one in 10^16.
 */
import { isContentSpan, stemEnd, stemTakesY } from "../signals/text.ts";

export type StemKey = number;

/**
 * How a word with hyphens is read: "whole", but a figure's unit apart ("24-month" names the
 * month, as "24 months" does); or in "parts" ("third-quarter" names the quarter too).
 */
export type Compounds = "whole" | "parts";

/** The keys of the stems of the words of `text` that name something. */
export function namingStems(text: string, compounds: Compounds): Set<StemKey> {
  const lower = text.toLowerCase();
  const out = new Set<StemKey>();
  const add = (start: number, end: number) => {
    if (namesSpan(lower, start, end)) out.add(stemKeyOf(lower, start, end));
  };
  for (let at = 0; at < lower.length;) {
    const start = at;
    at = wordEnd(lower, at);
    if (at === start) {
      at++;
      continue;
    }
    if (compounds === "parts") {
      for (let from = start, hyphen; from < at; from = hyphen + 1) {
        hyphen = lower.indexOf("-", from);
        if (hyphen < 0 || hyphen > at) hyphen = at;
        add(from, hyphen);
      }
    } else {
      add(figureUnitAt(lower, start, at) ?? start, at);
    }
  }
  return out;
}

/** The key of a word's stem (the word in lower case). */
export const stemKey = (word: string): StemKey => stemKeyOf(word, 0, word.length);

/** Whether a word (in lower case) names something: a content word, no digit, no month's name. */
export const names = (word: string): boolean => namesSpan(word, 0, word.length);

function namesSpan(text: string, start: number, end: number): boolean {
  if (!isContentSpan(text, start, end)) return false;
  for (let i = start; i < end; i++) if (isDigit(text.charCodeAt(i))) return false;
  return !isMonthName(text, start, end);
}

/** "jan…", "sept", "december.": a month's name, or a word that opens with one's first letters. */
function isMonthName(text: string, start: number, end: number): boolean {
  if (end - start < 3 || !MONTH_INITIALS.has(text.charCodeAt(start))) return false;
  if (!MONTHS.some((m) => text.startsWith(m, start))) return false;
  const last = text.charCodeAt(end - 1) === DOT ? end - 1 : end;
  for (let i = start + 3; i < last; i++) {
    const c = text.charCodeAt(i);
    if (c < A || c > Z) return false;
  }
  return true;
}
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH_INITIALS = new Set(MONTHS.map((m) => m.charCodeAt(0)));

/** The key of the stem of the word text[start, end). */
function stemKeyOf(text: string, start: number, end: number): StemKey {
  const cut = stemEnd(text, start, end);
  let [h1, h2] = [FNV_OFFSET, MIX_OFFSET];
  const mix = (c: number) => {
    h1 = Math.imul(h1 ^ c, FNV_PRIME);
    h2 = Math.imul(h2 ^ c, MIX_PRIME);
  };
  for (let i = start; i < cut; i++) mix(text.charCodeAt(i));
  if (stemTakesY(text, end, cut)) mix(Y);
  return (h1 >>> 0) * 2 ** 21 + (h2 >>> 11);
}
const [FNV_OFFSET, FNV_PRIME, MIX_OFFSET, MIX_PRIME] = [
  0x811c9dc5,
  0x01000193,
  0x9747b28c,
  0x5bd1e995,
];

/**
 * Where the word that starts at `at` ends (`at` where none starts there): letters and digits,
 * joined by one apostrophe, dot, comma or hyphen between two of them, as `WORD` reads it.
 */
function wordEnd(text: string, at: number): number {
  let end = at;
  for (;;) {
    for (let width; (width = wordCharWidth(text, end)) > 0;) end += width;
    if (end === at || !JOINERS.has(text.charCodeAt(end))) return end;
    if (wordCharWidth(text, end + 1) === 0) return end;
    end++;
  }
}
const JOINERS = new Set(["'", "’", ".", ",", "-"].map((c) => c.charCodeAt(0)));

/**
 * "24-month", "2.5-litre": a figure joined to the unit it counts, whose unit alone names
 * something; where its unit starts, or undefined.
 */
function figureUnitAt(text: string, start: number, end: number): number | undefined {
  if (!isDigit(text.charCodeAt(start))) return undefined;
  let hyphen = start + 1;
  while (hyphen < end && FIGURE_CHARS.has(text.charCodeAt(hyphen))) hyphen++;
  if (text.charCodeAt(hyphen) !== HYPHEN || hyphen + 1 >= end) return undefined;
  for (let i = hyphen + 1; i < end; i += charWidth(text, i)) {
    if (!LETTER.test(String.fromCodePoint(text.codePointAt(i)!))) return undefined;
  }
  return hyphen + 1;
}
const FIGURE_CHARS = new Set([..."0123456789.,"].map((c) => c.charCodeAt(0)));

/** How many code units the letter or digit at `i` takes (2 outside the BMP); 0 where none is. */
function wordCharWidth(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x80) return isDigit(c) || (c >= A && c <= Z) || (c >= 0x41 && c <= 0x5a) ? 1 : 0;
  if (Number.isNaN(c)) return 0;
  const point = text.codePointAt(i)!;
  return LETTER_OR_NUMBER.test(String.fromCodePoint(point)) ? (point > 0xffff ? 2 : 1) : 0;
}
const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;
const LETTER = /^\p{L}$/u;
const charWidth = (text: string, i: number) => text.codePointAt(i)! > 0xffff ? 2 : 1;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const [A, Z, Y, DOT, HYPHEN] = ["a", "z", "y", ".", "-"].map((c) => c.charCodeAt(0));
