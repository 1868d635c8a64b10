/**
 * Retrieval simulated on corpus rows: the documents of grounded rows (the context the loaders put
 * in the prompt: "Context:", "Source:", "Summarize:", "Knowledge:") are moved into a knowledge
 * base, and each row keeps only its question or user turn (or nothing, for summaries and cited
 * claims); the evidence then comes from retrieval, as in a deployment with KNOWLEDGE_DIR. Used to
 * fit the retrieval calibrator (calibration split) and to measure retrieval (test split).
 */
import type { CorpusRow } from "../corpus/types.ts";
import { KnowledgeBase } from "./knowledge_base.ts";
import type { PassageEncoder } from "./passage_encoder.ts";
import { chunkDocument, type Passage } from "./passages.ts";
import { evidencePrompt, retrievePassages } from "./retrieve.ts";

const GROUNDED_PROMPT =
  /^(?:Context|Source|Summarize|Knowledge):\n([\s\S]*?)(?:\n\n(?:Question: |User: |Claim made citing this source\.)([\s\S]*))?$/;

/** A grounded prompt split into its document and the question or turn after it (if any). */
export function splitGroundedPrompt(
  prompt: string | undefined,
): { document: string; question?: string } | null {
  const match = prompt ? GROUNDED_PROMPT.exec(prompt) : null;
  if (!match || match[1].trim() === "") return null;
  const question = match[2]?.trim();
  return { document: match[1], ...(question ? { question } : {}) };
}

export interface SimulatedRow {
  row: CorpusRow;
  /** The row with its evidence from retrieval: question (if any) + retrieved passages. */
  retrieved: CorpusRow;
  /** Retrieved passages, in the order they were chosen. */
  passages: Passage[];
  /** The source id of the row's own document, for grounded rows. */
  document?: string;
}

/** The passages of these documents, for one knowledge base (source = `doc-N` by first appearance). */
export function documentPassages(documents: readonly string[]): {
  passages: Passage[];
  sourceOf: Map<string, string>;
} {
  const sourceOf = new Map<string, string>();
  const passages: Passage[] = [];
  for (const document of documents) {
    if (sourceOf.has(document)) continue;
    const source = `doc-${sourceOf.size}`;
    sourceOf.set(document, source);
    passages.push(...chunkDocument({ text: document }, source));
  }
  return { passages, sourceOf };
}

/**
 * The `pr` rows with retrieval in place of in-prompt evidence, against one index of all the
 * grounded rows' documents (embedded with `encoder`); other rows keep their prompt and get
 * whatever retrieval finds for it. `log` gets the embedding's progress.
 */
export async function simulateRetrieval(
  rows: readonly CorpusRow[],
  encoder: PassageEncoder,
  log: (line: string) => void,
): Promise<SimulatedRow[]> {
  const prRows = rows.filter((r) => r.modes.includes("pr") && r.prompt);
  const grounded = prRows.map((r) => splitGroundedPrompt(r.prompt));
  const { passages: all, sourceOf } = documentPassages(
    grounded.flatMap((g) => g ? [g.document] : []),
  );
  const base = await KnowledgeBase.build(all, encoder, log);
  const simulated: SimulatedRow[] = [];
  for (const [i, row] of prRows.entries()) {
    const split = grounded[i];
    const prompt = split ? split.question : row.prompt;
    const passages = await retrievePassages(base, prompt, row.response);
    const evidence = passages.length > 0 ? evidencePrompt(prompt, passages) : prompt;
    simulated.push({
      row,
      retrieved: { ...row, prompt: evidence },
      passages,
      ...(split ? { document: sourceOf.get(split.document) } : {}),
    });
  }
  return simulated;
}
