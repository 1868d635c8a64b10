/**
 * The full-text index over passages: MiniSearch (BM25+), chosen over FlexSearch on the measured
 * recall and speed in docs/model-card.md (`deno task bench` section "knowledge"). Passages are
 * numbered by their position in the knowledge base; the index stores only those numbers.
 */
import MiniSearch from "minisearch";
import { STOPWORDS } from "../features/text.ts";
import type { Passage } from "./passages.ts";

interface IndexedPassage {
  id: number;
  text: string;
  title?: string;
}

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

export class PassageIndex {
  private constructor(private readonly search: MiniSearch<IndexedPassage>) {}

  static build(passages: readonly Passage[]): PassageIndex {
    const search = new MiniSearch<IndexedPassage>(OPTIONS);
    search.addAll(passages.map((p, id) => ({ id, text: p.text, title: p.title })));
    return new PassageIndex(search);
  }

  /** Restores an index written by `toJSON`. */
  static fromJSON(json: string): PassageIndex {
    return new PassageIndex(MiniSearch.loadJSON<IndexedPassage>(json, OPTIONS));
  }

  toJSON(): string {
    return JSON.stringify(this.search);
  }

  /** The best `limit` passages for a query, best first. */
  query(text: string, limit: number): SearchHit[] {
    return this.search.search(text).slice(0, limit).map((r) => ({
      passage: r.id as number,
      score: r.score,
    }));
  }
}
