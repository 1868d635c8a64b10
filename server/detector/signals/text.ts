/** Tokenisation and lexical cues shared by the hashed and the grounding features. */

/** A word: letters and digits, joined by inner apostrophes, dots, commas or hyphens. */
export const WORD = /[\p{L}\p{N}]+(?:['’.,-][\p{L}\p{N}]+)*/gu;
const SENTENCE_END = /(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“'(\[])|\n+/u;

/** Words in their original case, in order. */
export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

export function lowerWords(text: string): string[] {
  return words(text.toLowerCase());
}

/** Word n-grams (runs of n consecutive tokens), joined by spaces. */
export function wordNgrams(tokens: readonly string[], n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + n <= tokens.length; i++) {
    // Concatenated in place: this runs per call on both texts, a slice per n-gram would not pay.
    let gram = tokens[i];
    for (let k = 1; k < n; k++) gram += " " + tokens[i + k];
    out.push(gram);
  }
  return out;
}

export function sentences(text: string): string[] {
  return text.split(SENTENCE_END).map((s) => s.trim()).filter((s) => s.length > 0);
}

export const STOPWORDS: ReadonlySet<string> = new Set(
  ("a an the and or but if then than so of to in on at by for with from as into about over under " +
    "is are was were be been being am do does did doing have has had having it its it's this that " +
    "these those there here i you he she we they me him her us them my your his our their what which " +
    "who whom whose when where why how all any both each few more most other some such only own same " +
    "too very can will just should would could may might must shall not no nor also up down out off " +
    "again further once because while during before after above below between through s t").split(
      " ",
    ),
);

export const NEGATIONS: ReadonlySet<string> = new Set(
  "not no never none nobody nothing neither nor without cannot can't won't don't doesn't didn't isn't aren't wasn't weren't hasn't haven't hadn't shouldn't wouldn't couldn't n't"
    .split(" "),
);

const MONTHS = new Set(
  "january february march april may june july august september october november december".split(
    " ",
  ),
);

/** A crude suffix stripper, so that support checks match "founded" with "founding". */
export function stem(w: string): string {
  const end = stemEnd(w, 0, w.length);
  return stemTakesY(w, w.length, end) ? w.slice(0, end) + "y" : w.slice(0, end);
}

/**
 * Where the stem of the word text[start, end) ends: it is text[start, stemEnd), and a "y" where
 * stemTakesY says so ("studies" → "study"). Suffix tests, not regular expressions: this runs on
 * every word of both texts per call.
 */
export function stemEnd(text: string, start: number, end: number): number {
  if (end - start <= 4) return end;
  // "-ies" and "-ied" become "-y", and "-ly" is then cut too ("supplies" → "supp").
  if (endsIn(text, end, "ies") || endsIn(text, end, "ied")) {
    return text.charCodeAt(end - 4) === L ? end - 4 : end - 3;
  }
  if (endsIn(text, end, "ing")) return end - 3;
  if (endsIn(text, end, "ed") || endsIn(text, end, "es") || endsIn(text, end, "ly")) {
    return end - 2;
  }
  return endsIn(text, end, "s") ? end - 1 : end;
}
const endsIn = (text: string, end: number, suffix: string) =>
  text.startsWith(suffix, end - suffix.length);

/** Whether the stem of the word ending at `end` whose stem ends at `stemEnd` takes a "y". */
export const stemTakesY = (text: string, end: number, stemEnd: number) =>
  stemEnd === end - 3 && (endsIn(text, end, "ies") || endsIn(text, end, "ied"));
const L = "l".charCodeAt(0);

/**
 * The stopwords by length and first letter. Hashing a word just cut from a text costs more than
 * comparing it with the few stopwords of its shape, and this runs on every word of both texts.
 */
const LONGEST_STOPWORD = Math.max(...[...STOPWORDS].map((w) => w.length));
const STOPWORDS_BY_SHAPE: string[][] = new Array((LONGEST_STOPWORD + 1) * 0x80);
const shapeOf = (text: string, start: number, end: number) =>
  (end - start) * 0x80 + text.charCodeAt(start);
for (const w of STOPWORDS) (STOPWORDS_BY_SHAPE[shapeOf(w, 0, w.length)] ??= []).push(w);

export function isContentWord(w: string): boolean {
  return isContentSpan(w, 0, w.length);
}

/** Whether the word text[start, end) is a content word: more than one letter, no stopword. */
export function isContentSpan(text: string, start: number, end: number): boolean {
  if (end - start <= 1) return false;
  if (end - start > LONGEST_STOPWORD || text.charCodeAt(start) >= 0x80) return true;
  const candidates = STOPWORDS_BY_SHAPE[shapeOf(text, start, end)];
  if (candidates === undefined) return true;
  for (const w of candidates) if (text.startsWith(w, start)) return false;
  return true;
}

/** Numbers (digits with optional separators), normalised: "1,000" and "1000" are the same. */
export function numbersIn(text: string): string[] {
  return (text.match(/\d[\d,.]*/g) ?? []).map((n) => n.replace(/[,]/g, "").replace(/\.$/, ""));
}

/** Years and month names: the date parts a response can invent. */
export function datePartsIn(lower: readonly string[]): string[] {
  return lower.filter((w) => MONTHS.has(w) || /^(1[5-9]|20)\d\d$/.test(w));
}

const REFUSAL = [
  /\bi(?:'m| am) (?:sorry|afraid|unable|not able)\b/i,
  /\bi (?:can(?:no|')t|cannot|won't|will not|must decline|do not feel comfortable|don't feel comfortable)\b/i,
  /\bas an ai\b/i,
  /\b(?:not (?:appropriate|ethical)|against (?:my|the) (?:policy|guidelines)|i apologi[sz]e)\b/i,
  /\b(?:harmful|illegal|unethical|offensive|dangerous)\b/i,
];

/** How many distinct refusal cues the text carries. */
export function refusalCues(text: string): number {
  return REFUSAL.reduce((n, re) => n + (re.test(text) ? 1 : 0), 0);
}

const HEDGES = new Set(
  "may might possibly perhaps probably likely unclear uncertain approximately about around believe think seems appears"
    .split(" "),
);

export function hedgeCount(lower: readonly string[]): number {
  return lower.reduce((n, w) => n + (HEDGES.has(w) ? 1 : 0), 0);
}

/** One sentence, tokenised once for every feature that needs it. */
export interface SentenceInfo {
  text: string;
  /** Lower-cased words. */
  tokens: string[];
  content: Set<string>;
  negations: number;
  numbers: Set<string>;
  /** Lower-cased capitalised words that do not start the sentence. */
  entities: string[];
}

export interface TextAnalysis {
  sentences: SentenceInfo[];
  /** Every lower-cased word, in order. */
  lower: string[];
  entities: string[];
  numbers: string[];
}

const CAPITALISED = /^\p{Lu}/u;

/** Tokenises a text once: the word regex is the costliest step of inference. */
export function analyse(text: string): TextAnalysis {
  const infos: SentenceInfo[] = [];
  const lower: string[] = [], entities: string[] = [], numbers: string[] = [];
  for (const sentence of sentences(text)) {
    const original = words(sentence);
    const tokens = original.map((w) => w.toLowerCase());
    const sentenceEntities: string[] = [];
    for (let i = 1; i < original.length; i++) {
      if (CAPITALISED.test(original[i]) && !STOPWORDS.has(tokens[i])) {
        sentenceEntities.push(tokens[i]);
      }
    }
    const sentenceNumbers = numbersIn(sentence);
    let negations = 0;
    for (const t of tokens) if (NEGATIONS.has(t)) negations++;
    infos.push({
      text: sentence,
      tokens,
      content: new Set(tokens.filter(isContentWord)),
      negations,
      numbers: new Set(sentenceNumbers),
      entities: sentenceEntities,
    });
    lower.push(...tokens);
    entities.push(...sentenceEntities);
    numbers.push(...sentenceNumbers);
  }
  return { sentences: infos, lower, entities, numbers };
}
