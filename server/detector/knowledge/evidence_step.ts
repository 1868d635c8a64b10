/**
 * The knowledge base's evidence step: the response scored against the caller's prompt, or, with a
 * knowledge base, against the passages retrieved for it plus the prompt (with the calibrator fitted
 * on retrieved evidence); then `no_evidence` when that evidence does not cover the response's
 * factual claims. Passages go to the detector only; nothing of the call is kept or logged. The
 * scoring chain (scoring/scorer.ts) runs it as its first step.
 */
import { type Claim, splitClaims } from "../signals/claims.ts";
import type { DetectInput } from "../../../shared/detect_request.ts";
import type { Detector, ScoreOutput } from "../inference/types.ts";
import { evidenceCoverage, lacksEvidence } from "./coverage.ts";
import type { KnowledgeBase } from "./knowledge_base.ts";
import { evidencePrompt, retrievePassages } from "./retrieve.ts";

export interface Knowledge {
  base: KnowledgeBase;
  /** The detector with the calibrator fitted on retrieved evidence. */
  detector: Detector;
}

/** What the detector is given to score, and the evidence it had. */
async function withEvidence(
  input: DetectInput,
  knowledge: Knowledge | undefined,
  claims: readonly Claim[],
): Promise<{ input: DetectInput; retrieved: boolean; evidence: string }> {
  // An explicit response-only call with a prompt asks to ignore context: no retrieval either.
  const wantsContext = input.inputMode === "pr" || !input.prompt;
  const passages = knowledge && wantsContext
    ? await retrievePassages(knowledge.base, input.prompt, input.response, claims)
    : [];
  if (passages.length === 0) {
    return {
      input,
      retrieved: false,
      evidence: input.inputMode === "pr" ? input.prompt ?? "" : "",
    };
  }
  const prompt = evidencePrompt(input.prompt, passages);
  return { input: { ...input, prompt, inputMode: "pr" }, retrieved: true, evidence: prompt };
}

export async function scoreWithEvidence(
  detector: Detector,
  knowledge: Knowledge | undefined,
  call: DetectInput,
): Promise<ScoreOutput> {
  // The response's claims, split once for both retrieval and coverage.
  const claims = splitClaims(call.response);
  const { input, retrieved, evidence } = await withEvidence(call, knowledge, claims);
  const output = await (retrieved ? knowledge!.detector : detector).score(input);
  const warnings = lacksEvidence(evidenceCoverage(evidence, call.response, claims))
    ? ["no_evidence", ...output.warnings]
    : output.warnings;
  return { ...output, warnings };
}
