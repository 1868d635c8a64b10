/**
 * BERT's uncased WordPiece tokenizer, as the encoder's own tokenizer.json configures it
 * (BertNormalizer: clean text, spaced CJK, accents stripped, lower case; BertPreTokenizer: white
 * space and punctuation; WordPiece with `##` continuations, [UNK] past 100 characters). Checked
 * against the reference tokenizer's ids (tests/detector/encoder_test.ts).
 */

export interface Vocabulary {
  ids: ReadonlyMap<string, number>;
  cls: number;
  sep: number;
  unk: number;
}

export function readVocabulary(text: string): Vocabulary {
  const ids = new Map<string, number>();
  text.split("\n").forEach((token, i) => {
    if (token !== "") ids.set(token, i);
  });
  const id = (token: string) => {
    const found = ids.get(token);
    if (found === undefined) throw new Error(`vocabulary has no ${token}`);
    return found;
  };
  return { ids, cls: id("[CLS]"), sep: id("[SEP]"), unk: id("[UNK]") };
}

const MAX_WORD_CHARS = 100;
const CONTROL = /^[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]$/u;
const WHITE_SPACE = /^[ \t\n\r\p{Zs}]$/u;
const PUNCTUATION = /^[\p{P}!-/:-@[-`{-~]$/u;
const MARK = /\p{Mn}/gu;

function isCjk(code: number): boolean {
  return (code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x20000 && code <= 0x2a6df) || (code >= 0x2a700 && code <= 0x2b73f) ||
    (code >= 0x2b740 && code <= 0x2b81f) || (code >= 0x2b820 && code <= 0x2ceaf) ||
    (code >= 0xf900 && code <= 0xfaff) || (code >= 0x2f800 && code <= 0x2fa1f);
}

/** Normalised words and punctuation marks, in order. */
function preTokens(text: string): string[] {
  let clean = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code === 0 || code === 0xfffd) continue;
    if (WHITE_SPACE.test(ch)) clean += " ";
    else if (CONTROL.test(ch)) continue;
    else if (isCjk(code)) clean += ` ${ch} `;
    else clean += ch;
  }
  const normal = clean.normalize("NFD").replace(MARK, "").toLowerCase();
  const out: string[] = [];
  for (const word of normal.split(" ")) {
    let piece = "";
    for (const ch of word) {
      if (PUNCTUATION.test(ch)) {
        if (piece) out.push(piece);
        out.push(ch);
        piece = "";
      } else piece += ch;
    }
    if (piece) out.push(piece);
  }
  return out;
}

/** Greedy longest-match-first pieces of one word; the whole word is [UNK] if a piece is missing. */
function wordPieces(word: string, vocabulary: Vocabulary, out: number[]): void {
  const chars = [...word];
  if (chars.length > MAX_WORD_CHARS) {
    out.push(vocabulary.unk);
    return;
  }
  const pieces: number[] = [];
  let start = 0;
  while (start < chars.length) {
    let end = chars.length, found = -1;
    while (start < end) {
      const piece = (start > 0 ? "##" : "") + chars.slice(start, end).join("");
      const id = vocabulary.ids.get(piece);
      if (id !== undefined) {
        found = id;
        break;
      }
      end--;
    }
    if (found < 0) {
      out.push(vocabulary.unk);
      return;
    }
    pieces.push(found);
    start = end;
  }
  out.push(...pieces);
}

/** The token ids of a text, without the special tokens. */
export function tokenize(text: string, vocabulary: Vocabulary): number[] {
  const out: number[] = [];
  for (const word of preTokens(text)) wordPieces(word, vocabulary, out);
  return out;
}

export interface EncodedPair {
  ids: number[];
  /** 0 for [CLS], the claim and its [SEP]; 1 for the evidence and its [SEP]. */
  types: number[];
}

/**
 * [CLS] claim [SEP] evidence [SEP] in at most `maxTokens`: the claim's first `claimTokens`, the
 * evidence filling the rest (training/encoder/train.py `encode` does the same).
 */
export function encodePair(
  claim: string,
  evidence: string,
  vocabulary: Vocabulary,
  maxTokens: number,
  claimTokens: number,
): EncodedPair {
  const a = tokenize(claim, vocabulary).slice(0, claimTokens);
  const b = tokenize(evidence, vocabulary).slice(0, maxTokens - a.length - 3);
  return {
    ids: [vocabulary.cls, ...a, vocabulary.sep, ...b, vocabulary.sep],
    types: [...new Array(a.length + 2).fill(0), ...new Array(b.length + 1).fill(1)],
  };
}

/** [CLS] text [SEP] in at most `maxTokens` (the bi-encoder's input). */
export function encodeText(text: string, vocabulary: Vocabulary, maxTokens: number): EncodedPair {
  const a = tokenize(text, vocabulary).slice(0, maxTokens - 2);
  return { ids: [vocabulary.cls, ...a, vocabulary.sep], types: new Array(a.length + 2).fill(0) };
}
