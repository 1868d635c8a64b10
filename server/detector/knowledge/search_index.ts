/**
 * The full-text index over passages: MiniSearch (BM25+), chosen over FlexSearch for its recall on
 * real documents (README, "Knowledge base"; `deno task bench`). Passages are numbered by their
 * position in the knowledge base; the index stores only those numbers.
 *
 * A query's cost grows with the posting lists of its words, and BM25 ranks mostly by the rare
 * ones, so a query keeps its rarest indexed words (by document frequency, counted here with
 * MiniSearch's own tokenizer and term processing): at most MAX_QUERY_TERMS, and beyond the first
 * MIN_QUERY_TERMS only while their posting lists add up to POSTINGS_BUDGET. A small knowledge
 * base keeps every word; a large one drops its common words, which cost most and rank least.
 */
import MiniSearch from "minisearch";
import { STOPWORDS } from "../signals/text.ts";
import type { Passage } from "./passages.ts";

interface IndexedPassage {
  id: number;
  text: string;
  title?: string;
}

/** Words kept per query, rarest first; chosen with the recall and latency figures (README). */
export const MAX_QUERY_TERMS = 8;
const MIN_QUERY_TERMS = 3;
export const POSTINGS_BUDGET = 3_000;

const OPTIONS = {
  fields: ["text", "title"],
  storeFields: [],
  // Stop words are dropped from passages and queries alike: they match everything and slow the
  // per-claim queries down without ranking anything.
  processTerm: (term: string) => {
    const lower = term.toLowerCase();
    return lower.length < 2 || STOPWORDS.has(lower) ? null : lower;
  },
  searchOptions: { boost: { title: 1.5 } },
};

export interface SearchHit {
  /** Position of the passage in the knowledge base. */
  passage: number;
  score: number;
}

const tokenize = MiniSearch.getDefault("tokenize") as (text: string) => string[];

/** The distinct indexed terms of a text, processed as the index processes them. */
function termsOf(text: string): Set<string> {
  const terms = new Set<string>();
  for (const token of tokenize(text)) {
    const term = OPTIONS.processTerm(token);
    if (term) terms.add(term);
  }
  return terms;
}

function documentFrequencies(passages: readonly Passage[]): Map<string, number> {
  const frequencies = new Map<string, number>();
  for (const p of passages) {
    for (const term of termsOf(p.title ? `${p.title} ${p.text}` : p.text)) {
      frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
    }
  }
  return frequencies;
}

export class PassageIndex {
  private constructor(
    private readonly search: MiniSearch<IndexedPassage>,
    private readonly frequencies: Map<string, number>,
  ) {}

  static build(passages: readonly Passage[]): PassageIndex {
    const search = new MiniSearch<IndexedPassage>(OPTIONS);
    search.addAll(passages.map((p, id) => ({ id, text: p.text, title: p.title })));
    return new PassageIndex(search, documentFrequencies(passages));
  }

  /** Restores an index written by `toJSON` over the same passages. */
  static fromJSON(json: string, passages: readonly Passage[]): PassageIndex {
    return new PassageIndex(
      MiniSearch.loadJSON<IndexedPassage>(json, OPTIONS),
      documentFrequencies(passages),
    );
  }

  toJSON(): string {
    return JSON.stringify(this.search);
  }

  /** The best `limit` passages for a query, best first. */
  query(text: string, limit: number): SearchHit[] {
    const df = this.frequencies;
    const rarest: string[] = [];
    let postings = 0;
    const byRarity = [...termsOf(text)].filter((t) => df.has(t))
      .sort((a, b) => df.get(a)! - df.get(b)! || (a < b ? -1 : 1));
    for (const term of byRarity.slice(0, MAX_QUERY_TERMS)) {
      postings += df.get(term)!;
      if (rarest.length >= MIN_QUERY_TERMS && postings > POSTINGS_BUDGET) break;
      rarest.push(term);
    }
    if (rarest.length === 0) return [];
    return this.search.search(rarest.join(" ")).slice(0, limit).map((r) => ({
      passage: r.id as number,
      score: r.score,
    }));
  }
}
