/**
 * The scoring chain's types: the detector's decision for one call (ScoreOutput), the Detector, and
 * the Scorer steps that compose by wrapping. Their input is shared DetectInput, one for all.
 */
import type { InputMode, RegimeScore, Task } from "../../../shared/regimes.ts";
import type { ClaimRisk } from "../../../shared/claims.ts";
import type { DetectInput } from "../../../shared/detect_request.ts";

/** The model's decision for one call: the DetectResponse fields the detector owns. */
export interface ScoreOutput {
  p_hallucination: number;
  flag: boolean;
  top_regime: string;
  /**
   * Public regimes (SELF_CONTR and UNDERSPECIFIED collapsed into `Other`), descending p: all of
   * them; the caller's top-k cut happens once, at the boundary (scoring/scorer.ts scoreAtTopK).
   */
  regime_scores: RegimeScore[];
  input_mode_used: InputMode;
  task_used: Task;
  model_version: string;
  calibrator_version: string;
  /** The detector's own warnings (e.g. `no_evidence`); the API merges them with the account's. */
  warnings: string[];
  /** Each claim's risk, when the call asked for it (`DetectInput.claims`). */
  claims?: ClaimRisk[];
}

export interface Detector {
  readonly modelVersion: string;
  readonly calibratorVersion: string;
  /** With `input.claims`, the output carries each claim's risk too. */
  score(input: DetectInput): Promise<ScoreOutput>;
}

export type ClaimsInput = Pick<DetectInput, "prompt" | "response" | "inputMode">;

/** One scoring step; steps compose by wrapping (detector → evidence → verifier). */
export type Scorer = (input: DetectInput) => Promise<ScoreOutput>;
