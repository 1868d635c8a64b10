/**
 * FNV-1a (32 bits) over UTF-16 code units: a fast, well-spread, non-cryptographic hash. The
 * detector hashes its features with it (the model files depend on these exact values) and the
 * extension fingerprints replies with it.
 */

export const FNV1A_OFFSET = 0x811c9dc5;
const FNV1A_PRIME = 0x01000193;

/**
 * FNV-1a of `text[start, end)` (no substring built), starting from `seed`: the offset basis, a
 * namespace's hash, or the hash of the text before (to hash several texts as one).
 */
export function fnv1a(text: string, seed = FNV1A_OFFSET, start = 0, end = text.length): number {
  let h = seed;
  for (let i = start; i < end; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV1A_PRIME);
  }
  return h >>> 0;
}
