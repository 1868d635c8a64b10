/**
 * What the knowledge benchmark (server/bench/knowledge.ts) measures of the detector: the knowledge
 * base's index and retrieval, the seeded generator its texts are drawn from, and retrieval cases
 * from the labelled data (the grounded sets' test documents chunked into one knowledge base, and
 * per row a query, question + answer, with the passages of its own document as the targets).
 * Reached through mod.ts's `knowledgeBenchKit()`, which loads it on call: the API, which imports
 * mod.ts too, never loads the knowledge base's parsers or the corpus.
 */
import { buildCorpus } from "../corpus/corpus.ts";
import { splitCorpus } from "../corpus/split.ts";
import { KnowledgeBase } from "../knowledge/knowledge_base.ts";
import type { Passage } from "../knowledge/passages.ts";
import { retrievePassages } from "../knowledge/retrieve.ts";
import { PassageIndex } from "../knowledge/search_index.ts";
import { documentBase, splitGroundedPrompt } from "../knowledge/simulate.ts";
import { seededRandom } from "../learners/random.ts";
import { GROUNDED_SETS } from "./evidence.ts";

export interface RetrievalCases {
  /** The passages of every test document of the grounded sets, in index order. */
  passages: readonly Passage[];
  /** How many documents they come from. */
  documents: number;
  /** Question + answer of a row, and the passage numbers of its own document. */
  cases: { query: string; targets: Set<number> }[];
}

export async function groundedRetrievalCases(dataDir: string): Promise<RetrievalCases> {
  const corpus = await buildCorpus(dataDir, {});
  const rows = splitCorpus(corpus.rows).test.filter((r) => GROUNDED_SETS.includes(r.set));
  const grounded = rows.flatMap((row) => {
    const split = splitGroundedPrompt(row.prompt);
    return split ? [{ row, ...split }] : [];
  });
  const { base, sourceOf } = documentBase(grounded.map((g) => g.document));
  const bySource = new Map<string, Set<number>>();
  base.passages.forEach((p, i) =>
    bySource.set(p.source, (bySource.get(p.source) ?? new Set()).add(i))
  );
  const cases = grounded.map((g) => ({
    query: `${g.question ?? ""} ${g.row.response}`,
    targets: bySource.get(sourceOf.get(g.document)!)!,
  }));
  return { passages: base.passages, documents: sourceOf.size, cases };
}

export const KNOWLEDGE_BENCH_KIT = {
  KnowledgeBase,
  PassageIndex,
  retrievePassages,
  seededRandom,
  groundedRetrievalCases,
};
export type KnowledgeBenchKit = typeof KNOWLEDGE_BENCH_KIT;
