/**
 * One call's feature vector: hashed word and character n-grams of the response; in `pr` mode
 * hashed novel (prompt-unsupported) n-grams and, for refusals, the prompt's words; and the dense
 * grounding features, both as standardised values and as hashed bins so the linear heads see
 * their non-linear shape.
 */
import { z } from "zod";
import { fnv1a } from "../../../shared/fnv1a.ts";
import type { InputMode } from "../../../shared/regimes.ts";
import type { Semantics } from "./alignment.ts";
import { DENSE_BLOCKS, DENSE_SIZE, denseFromAnalysis } from "./grounding.ts";
import { analyse, isContentWord, refusalCues, wordNgrams } from "./text.ts";

/** Feature groups, switchable for the ablation study. */
export const FeatureGroups = z.object({
  words: z.boolean(),
  chars: z.boolean(),
  novel: z.boolean(),
  dense: z.boolean(),
  /** Semantic blocks of the dense features (see alignment.ts); off: zeroed. */
  claims: z.boolean(),
  vectors: z.boolean(),
  lexicon: z.boolean(),
});
export type FeatureGroups = z.infer<typeof FeatureGroups>;
export const ALL_GROUPS: FeatureGroups = {
  words: true,
  chars: true,
  novel: true,
  dense: true,
  claims: true,
  vectors: true,
  lexicon: true,
};

export interface VectorizerConfig {
  /** log2 of the hashed bucket count. */
  hashBits: number;
  groups: FeatureGroups;
  /** Standardisation of the dense features, fitted on the training split. */
  denseMean: number[];
  denseStd: number[];
  semantics: Semantics;
}

export interface SparseVector {
  index: Uint32Array;
  value: Float32Array;
  /** Raw dense features, switched-off blocks zeroed (for the tree model). */
  dense: Float32Array;
}

/** Index space: hashed buckets, then one slot per dense feature. */
export function featureCount(config: VectorizerConfig): number {
  return (1 << config.hashBits) + DENSE_SIZE;
}

const SEEDS = {
  word: fnv1a("w"),
  bigram: fnv1a("b"),
  char: fnv1a("c"),
  novel: fnv1a("n"),
  novelBigram: fnv1a("nb"),
  lead: fnv1a("q"),
  refusedPrompt: fnv1a("r"),
  bin: fnv1a("d"),
};
const CHAR_N = [3, 5];
const MAX_CHARS = 6000;

class Accumulator {
  readonly map = new Map<number, number>();
  constructor(private readonly mask: number) {}
  /** Adds a namespace's bucket set, each with weight 1/sqrt(size) (per-namespace L2 norm). */
  addGroup(hashes: readonly number[] | Set<number>, scale = 1) {
    const unique = hashes instanceof Set ? hashes : new Set(hashes);
    if (unique.size === 0) return;
    const v = scale / Math.sqrt(unique.size);
    for (const h of unique) {
      const i = h & this.mask;
      this.map.set(i, (this.map.get(i) ?? 0) + v);
    }
  }
  set(index: number, value: number) {
    this.map.set(index, value);
  }
}

function charGramHashes(text: string): Set<number> {
  const norm = text.toLowerCase().replace(/\s+/g, " ").slice(0, MAX_CHARS);
  const out = new Set<number>();
  for (const n of CHAR_N) {
    const seed = SEEDS.char + n;
    for (let i = 0; i + n <= norm.length; i++) out.add(fnv1a(norm, seed, i, i + n));
  }
  return out;
}

export function vectorize(
  config: VectorizerConfig,
  prompt: string | undefined,
  response: string,
  mode: InputMode,
  precomputedDense?: Float32Array,
): SparseVector {
  const usePrompt = mode === "pr" && prompt !== undefined && prompt.trim().length > 0;
  const hashSize = 1 << config.hashBits;
  const acc = new Accumulator(hashSize - 1);
  const { groups } = config;
  const r = analyse(response);
  const p = usePrompt ? analyse(prompt) : undefined;
  const rTokens = r.lower;
  const rBigrams = wordNgrams(rTokens, 2);
  if (groups.words) {
    acc.addGroup(rTokens.map((t) => fnv1a(t, SEEDS.word)));
    acc.addGroup(rBigrams.map((t) => fnv1a(t, SEEDS.bigram)));
  }
  if (groups.chars) acc.addGroup(charGramHashes(response));
  if (p && groups.novel) {
    const pTokens = p.lower;
    const pSet = new Set(pTokens);
    const pBigrams = new Set(wordNgrams(pTokens, 2));
    acc.addGroup(
      rTokens.filter((t) => isContentWord(t) && !pSet.has(t)).map((t) => fnv1a(t, SEEDS.novel)),
    );
    acc.addGroup(
      rBigrams.filter((b) => !pBigrams.has(b)).map((b) => fnv1a(b, SEEDS.novelBigram)),
    );
    acc.addGroup(pTokens.slice(0, 3).map((t, i) => fnv1a(`${i}:${t}`, SEEDS.lead)), 0.5);
    // Refusal x prompt words: whether a refusal is false depends on what was asked.
    if (refusalCues(response) > 0) {
      acc.addGroup(pTokens.filter(isContentWord).map((t) => fnv1a(t, SEEDS.refusedPrompt)));
    }
  }
  const off = switchedOff(groups);
  const dense = maskDense(
    precomputedDense ??
      denseFromAnalysis(
        usePrompt ? prompt : undefined,
        p,
        response,
        r,
        usesAlignment(groups) ? config.semantics : undefined,
      ),
    off,
  );
  if (groups.dense) {
    const bins: number[] = [];
    for (let j = 0; j < DENSE_SIZE; j++) {
      // A switched-off block is absent, not a constant: the model is the one without it.
      if (off.some(([start, end]) => j >= start && j < end)) continue;
      const z = (dense[j] - config.denseMean[j]) / config.denseStd[j];
      const clipped = Math.max(-4, Math.min(4, z));
      acc.set(hashSize + j, clipped);
      bins.push(fnv1a(`${j}:${Math.round(clipped * 2)}`, SEEDS.bin));
    }
    acc.addGroup(bins);
  }
  const index = new Uint32Array(acc.map.size);
  const value = new Float32Array(acc.map.size);
  let k = 0;
  for (const [i, v] of acc.map) {
    index[k] = i;
    value[k++] = v;
  }
  return { index, value, dense };
}

/** Whether any claim-alignment block is on (else inference skips computing them). */
export function usesAlignment(groups: FeatureGroups): boolean {
  return groups.claims || groups.vectors || groups.lexicon;
}

/** Index ranges [start, end) of the switched-off semantic blocks. */
function switchedOff(groups: FeatureGroups): (readonly [number, number])[] {
  return (Object.keys(DENSE_BLOCKS) as (keyof typeof DENSE_BLOCKS)[])
    .filter((b) => !groups[b]).map((b) => DENSE_BLOCKS[b]);
}

/** The dense features with the switched-off blocks `off` zeroed (a copy when any is off). */
function maskDense(dense: Float32Array, off: readonly (readonly [number, number])[]): Float32Array {
  if (off.length === 0) return dense;
  const masked = dense.slice();
  for (const [start, end] of off) masked.fill(0, start, end);
  return masked;
}

/** Mean and standard deviation of dense features over training vectors. */
export function fitStandardisation(
  denseRows: readonly Float32Array[],
): { mean: number[]; std: number[] } {
  const mean = new Array(DENSE_SIZE).fill(0);
  const sq = new Array(DENSE_SIZE).fill(0);
  for (const row of denseRows) for (let j = 0; j < DENSE_SIZE; j++) mean[j] += row[j];
  for (let j = 0; j < DENSE_SIZE; j++) mean[j] /= Math.max(denseRows.length, 1);
  for (const row of denseRows) {
    for (let j = 0; j < DENSE_SIZE; j++) sq[j] += (row[j] - mean[j]) ** 2;
  }
  const std = sq.map((s) => Math.sqrt(s / Math.max(denseRows.length, 1)) || 1);
  return { mean, std };
}
