/** Text normalisation and the group keys that make shared documents collide across sets. */

/** Clean text as the detector would receive it: NFC, \n line ends, no stray outer whitespace. */
export function normaliseText(text: string): string {
  return text.normalize("NFC").replace(/\r\n?/g, "\n").replace(/[ \t\u00a0]+\n/g, "\n").trim();
}

/** Lower-case letters and digits only: survives re-tokenisation, spacing and quote styles. */
export function matchText(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** cyrb53: a fast, stable 53-bit string hash, as 14 hex digits. */
export function hashText(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}

/** Web boilerplate that some copies of BBC articles carry in front of the text. */
const BOILERPLATE_PREFIX = /^share this with\b.*?copy this link\s*/is;

/**
 * Documents, snippets and questions are matched by the first 120 letters and digits of their
 * normalised text (the prefix the SOURCE.md overlap counts use): copies that differ in spacing,
 * case, tokenisation or truncation further on still collide.
 */
const KEY_PREFIX_CHARS = 120;

/** Empty text gives "" (no key), so blank fields never tie unrelated rows together. */

/** Group key of a source document or knowledge snippet, shared by every set that uses it. */
export function docKey(text: string): string {
  const body = matchText(text.replace(BOILERPLATE_PREFIX, "").replace(/-[lr]rb-/gi, ""))
    .slice(0, KEY_PREFIX_CHARS);
  return body === "" ? "" : `doc:${hashText(body)}`;
}

/** Group key of a question or request (open-domain sets group every answer to one prompt). */
export function promptKey(text: string): string {
  const body = matchText(text).slice(0, KEY_PREFIX_CHARS);
  return body === "" ? "" : `prompt:${hashText(body)}`;
}

/**
 * Group key of a response text, for sets known to share responses (e.g. BEGIN copies). Short
 * stock replies ("i love that movie") give no key: they would tie unrelated documents together.
 */
export function responseKey(text: string): string {
  const body = matchText(text);
  return body.length < 40 ? "" : `response:${hashText(body)}`;
}

/** Group key of a BBC (XSum) article id: FRANK-BBC, XSumFaith, FIB, CLIFF share them. */
export function bbcKey(id: string | number): string {
  return `bbc:${String(id).trim()}`;
}

/**
 * Undoes PTB-style tokenisation ("it 's" , "do n't", "word ,") that some dialogue and summary
 * sets carry, so that the detector does not learn a source's spacing as a signal.
 */
export function detokenise(text: string): string {
  return text
    .replace(/ (n't|'s|'re|'ve|'m|'ll|'d)\b/gi, "$1")
    .replace(/ ([.,!?;:%)\]}])/g, "$1")
    .replace(/([(\[{$]) /g, "$1")
    .replace(/-lrb- ?/gi, "(").replace(/ ?-rrb-/gi, ")")
    .replace(/`` ?| ?''/g, '"');
}

/** Group key of a CNN/DailyMail story: the 40-hex story hash that FRANK, FactCC, SummEval use. */
export function cnndmKey(id: string): string {
  const hash = id.match(/[0-9a-f]{40}/i)?.[0];
  return hash ? `cnndm:${hash.toLowerCase()}` : "";
}
