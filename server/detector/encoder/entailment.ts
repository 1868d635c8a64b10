/**
 * The cross-encoder's reading of one call: each claim of the response against its evidence window
 * in the evidence (the prompt, or the passages retrieved for the call).
 * A call whose evidence is too thin to check against (a question, an instruction) is not run.
 */
import type { Claim } from "../signals/claims.ts";
import type { CrossEncoder } from "./cross_encoder.ts";
import { evidenceSentences, evidenceWindow, hasEvidence } from "./evidence_window.ts";

/** Claims read per call: a 2,048-code-point answer has fewer; past it the rest are not read. */
export const MAX_CLAIMS = 40;

export interface ClaimEntailment {
  start: number;
  end: number;
  /** The cross-encoder's logit that the claim is not supported by its window. */
  logit: number;
}

export async function claimEntailment(
  encoder: CrossEncoder,
  evidence: string | undefined,
  claims: readonly Claim[],
): Promise<ClaimEntailment[] | undefined> {
  if (!evidence || claims.length === 0) return undefined;
  const sentences = evidenceSentences(evidence);
  if (!hasEvidence(sentences)) return undefined;
  const read = claims.slice(0, MAX_CLAIMS);
  const logits = await encoder.unsupportedLogits(
    read.map((c) => ({ claim: c.text, evidence: evidenceWindow(sentences, c.text) })),
  );
  return read.map((c, i) => ({ start: c.start, end: c.end, logit: logits[i] }));
}
