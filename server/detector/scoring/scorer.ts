/**
 * The scoring chain, detector → evidence → verifier: the default step (the detector, with the
 * knowledge base's evidence when a folder is given; the verifier step in verifier/scorer.ts wraps
 * it when configured), and the detector's boundary, where the full public breakdown that every
 * step carries is cut to the caller's top-k, once, for the service's `/v1/detect` and the score
 * CLI alike.
 */
import type { DetectInput } from "../../../shared/detect_request.ts";
import type { CalibratedDetector } from "../inference/model.ts";
import type { Detector, ScoreOutput, Scorer } from "../inference/types.ts";
import { type Knowledge, scoreWithEvidence } from "../knowledge/evidence_step.ts";
import { loadKnowledge } from "../knowledge/load.ts";

/** The detector's scoring step: the detector, with the knowledge base's evidence when given. */
export function createScorer(detector: Detector, knowledge?: Knowledge): Scorer {
  return (input) => scoreWithEvidence(detector, knowledge, input);
}

/** The backend's scoring step: the detector, with the knowledge folder's evidence when given. */
export async function scorerFor(
  detector: CalibratedDetector,
  knowledgeDir: string | undefined,
  modelDir: string,
  log: (line: string) => void,
): Promise<Scorer> {
  const knowledge = knowledgeDir === undefined
    ? undefined
    : await loadKnowledge(knowledgeDir, detector, modelDir, log);
  return createScorer(detector, knowledge);
}

/**
 * One call scored for a caller: the chain's answer with its regime breakdown cut to the `topK`
 * highest (top_regime was taken from the full breakdown). The only top-k cut of the detector.
 */
export async function scoreAtTopK(
  scorer: Scorer,
  input: DetectInput,
  topK: number,
): Promise<ScoreOutput> {
  const output = await scorer(input);
  return { ...output, regime_scores: output.regime_scores.slice(0, topK) };
}
