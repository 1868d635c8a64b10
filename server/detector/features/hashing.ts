/** FNV-1a string hashing into a fixed bucket space (the "hashing trick"). */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Seed of a namespace, so that equal strings in different namespaces land apart. */
export function namespaceSeed(namespace: string): number {
  return hashString(namespace, FNV_OFFSET);
}

export function hashString(text: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return h >>> 0;
}

/** Hash of text[start, end) without building the substring (char n-grams). */
export function hashRange(text: string, start: number, end: number, seed: number): number {
  let h = seed;
  for (let i = start; i < end; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return h >>> 0;
}
