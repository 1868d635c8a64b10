/**
 * The dense index over passages: their unit-length embeddings as the rows of one Float32Array
 * matrix, searched exactly (a dot product, i.e. a cosine, with every row). Exact search is cheap
 * at a knowledge folder's scale: 384 floats (1.5 KB) per passage, so 100,000 passages are a
 * 154 MB matrix read once per query; an approximate index would only pay at millions. Passages
 * are numbered by their position in the knowledge base, as in the full-text index.
 */
import type { SearchHit } from "./search_index.ts";

export class VectorIndex {
  private constructor(private readonly matrix: Float32Array, readonly dimensions: number) {}

  static of(vectors: readonly Float32Array[], dimensions: number): VectorIndex {
    const matrix = new Float32Array(vectors.length * dimensions);
    vectors.forEach((v, i) => matrix.set(v, i * dimensions));
    return new VectorIndex(matrix, dimensions);
  }

  /**
   * The best `limit` passages for a query vector scoring at least `floor`, best first; ties to
   * the earlier passage.
   */
  query(vector: Float32Array, limit: number, floor = -Infinity): SearchHit[] {
    const { matrix, dimensions } = this;
    const best: SearchHit[] = [];
    for (let passage = 0, row = 0; row < matrix.length; passage++, row += dimensions) {
      let score = 0;
      for (let d = 0; d < dimensions; d++) score += matrix[row + d] * vector[d];
      if (score < floor || (best.length === limit && score <= best[limit - 1].score)) continue;
      let at = best.length;
      while (at > 0 && best[at - 1].score < score) at--;
      best.splice(at, 0, { passage, score });
      if (best.length > limit) best.pop();
    }
    return best;
  }
}

/** Vectors to and from the index file: their little-endian float32 bytes in base64. */
export function vectorsToBase64(vectors: readonly Float32Array[]): string {
  const joined = new Float32Array(vectors.reduce((n, v) => n + v.length, 0));
  let at = 0;
  for (const v of vectors) {
    joined.set(v, at);
    at += v.length;
  }
  return new Uint8Array(joined.buffer).toBase64();
}

export function vectorsFromBase64(text: string, dimensions: number): Float32Array[] {
  const joined = new Float32Array(Uint8Array.fromBase64(text).buffer);
  return Array.from(
    { length: joined.length / dimensions },
    (_, i) => joined.subarray(i * dimensions, (i + 1) * dimensions),
  );
}
