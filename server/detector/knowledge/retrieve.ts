/**
 * Evidence for one call from the knowledge base: one query per claim of the response and one for
 * the end of the prompt (which usually holds the question); their hits taken in turn (each
 * query's best first, from the best-voted documents) until the evidence budget is full; and the
 * prompt the detector scores: the passages as its context, then the caller's prompt, the shape of
 * the grounded training rows ("Context: ... Question: ...").
 *
 * Evidence budget: the detector reads at most MAX_FIELD_CHARS (2,048) code points of prompt. The
 * caller's prompt is kept whole and the passages get what is left; under MIN_EVIDENCE_CHARS left
 * (a prompt of 1,900+ code points, which carries its own context) nothing is retrieved.
 */
import { codePointLength, MAX_FIELD_CHARS } from "../../../shared/text.ts";
import { type Claim, splitClaims } from "../signals/claims.ts";
import type { KnowledgeBase } from "./knowledge_base.ts";
import type { Passage } from "./passages.ts";

const CONTEXT_HEAD = "Context:\n";
const QUESTION_HEAD = "\n\nQuestion: ";
const PASSAGE_SEPARATOR = "\n";
export const MIN_EVIDENCE_CHARS = 100;
/** Hits asked per query, and code points of the prompt's end queried. */
const HITS_PER_QUERY = 4;
const PROMPT_QUERY_CHARS = 300;
/** Claims queried at most (a 2,048-code-point response has rarely more). */
const MAX_CLAIMS = 24;
/** Documents the evidence is drawn from at most (chosen on the calibration split). */
export const MAX_SOURCES = 2;

/** Code points the passages may take next to this prompt. */
export function evidenceBudget(prompt: string | undefined): number {
  const tail = prompt ? codePointLength(QUESTION_HEAD) + codePointLength(prompt) : 0;
  return MAX_FIELD_CHARS - codePointLength(CONTEXT_HEAD) - tail;
}

/** The prompt the detector scores: the passages, then the caller's prompt (if any). */
export function evidencePrompt(prompt: string | undefined, passages: readonly Passage[]): string {
  const context = CONTEXT_HEAD + passages.map((p) => p.text).join(PASSAGE_SEPARATOR);
  return prompt ? context + QUESTION_HEAD + prompt : context;
}

/**
 * The passages (best first, within the budget) to check `response` against, from the
 * MAX_SOURCES documents the claims' hits point to most (each hit votes its score relative to its
 * claim's best): evidence from a few documents reads like the one document of the grounded
 * training rows, where passages of many loosely related documents blur what is unsupported.
 * `claims` are the response's (`splitClaims`), when the caller has them already.
 */
export async function retrievePassages(
  base: KnowledgeBase,
  prompt: string | undefined,
  response: string,
  claims: readonly Claim[] = splitClaims(response),
): Promise<Passage[]> {
  let budget = evidenceBudget(prompt);
  if (budget < MIN_EVIDENCE_CHARS) return [];
  const promptEnd = prompt ? Array.from(prompt).slice(-PROMPT_QUERY_CHARS).join("") : "";
  const queries = claims.length > 0 ? claims.slice(0, MAX_CLAIMS).map((c) => c.text) : [response];
  // The prompt is one more query rather than a suffix of every claim's: each query's cost grows
  // with its words' posting lists, and the prompt's hits still vote for their documents.
  if (promptEnd.trim() !== "") queries.push(promptEnd);
  const ranked = await base.search(queries, HITS_PER_QUERY);
  const votes = new Map<string, number>();
  for (const hits of ranked) {
    for (const hit of hits) {
      const source = base.passages[hit.passage].source;
      votes.set(source, (votes.get(source) ?? 0) + hit.score / hits[0].score);
    }
  }
  const sources = new Set(
    [...votes].sort((a, b) => b[1] - a[1]).slice(0, MAX_SOURCES).map(([source]) => source),
  );
  const chosen = new Set<number>();
  const passages: Passage[] = [];
  for (let rank = 0; rank < HITS_PER_QUERY; rank++) {
    for (const hits of ranked) {
      const hit = hits[rank];
      if (!hit || chosen.has(hit.passage)) continue;
      chosen.add(hit.passage);
      const passage = base.passages[hit.passage];
      const cost = codePointLength(passage.text) + (passages.length > 0 ? 1 : 0);
      if (!sources.has(passage.source) || cost > budget) continue;
      passages.push(passage);
      budget -= cost;
    }
  }
  return passages;
}
