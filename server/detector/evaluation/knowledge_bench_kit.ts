/**
 * What the knowledge benchmark (server/bench/knowledge.ts) measures of the detector: the knowledge
 * base's indexes (full-text, dense with its encoder, hybrid) and retrieval, the seeded generator its texts are drawn from, and retrieval cases
 * from the labelled data (the grounded sets' test documents chunked into one knowledge base, and
 * per row a query, question + answer, with the passages of its own document as the targets).
 * Reached through mod.ts's `knowledgeBenchKit()`, which loads it on call: the API, which imports
 * mod.ts too, never loads the knowledge base's parsers or the corpus.
 */
import { buildCorpus } from "../corpus/corpus.ts";
import { splitCorpus } from "../corpus/split.ts";
import { embeddedText, KnowledgeBase } from "../knowledge/knowledge_base.ts";
import { DEFAULT_MODEL_DIR } from "../inference/model_files.ts";
import { loadPassageEncoder } from "../knowledge/passage_encoder.ts";
import type { Passage } from "../knowledge/passages.ts";
import { retrievePassages } from "../knowledge/retrieve.ts";
import { PassageIndex } from "../knowledge/search_index.ts";
import { documentPassages, splitGroundedPrompt } from "../knowledge/simulate.ts";
import { VectorIndex } from "../knowledge/vector_index.ts";
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
  const { passages, sourceOf } = documentPassages(grounded.map((g) => g.document));
  const bySource = new Map<string, Set<number>>();
  passages.forEach((p, i) => bySource.set(p.source, (bySource.get(p.source) ?? new Set()).add(i)));
  const cases = grounded.map((g) => ({
    query: `${g.question ?? ""} ${g.row.response}`,
    targets: bySource.get(sourceOf.get(g.document)!)!,
  }));
  return { passages, documents: sourceOf.size, cases };
}

export const KNOWLEDGE_BENCH_KIT = {
  KnowledgeBase,
  PassageIndex,
  VectorIndex,
  embeddedText,
  /** The model folder's bi-encoder, as the knowledge base loads it. */
  loadEncoder: () => loadPassageEncoder(DEFAULT_MODEL_DIR),
  retrievePassages,
  seededRandom,
  groundedRetrievalCases,
};
export type KnowledgeBenchKit = typeof KNOWLEDGE_BENCH_KIT;
