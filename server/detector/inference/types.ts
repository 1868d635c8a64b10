import type { InputMode, RegimeScore, Task } from "../../../shared/regimes.ts";
import type { DetectInput } from "../../../shared/detect_request.ts";

/** What the inference backend needs to score one call. */
export type ScoreInput = DetectInput;

/** The model's decision for one call: the DetectResponse fields the detector owns. */
export interface ScoreOutput {
  p_hallucination: number;
  flag: boolean;
  top_regime: string;
  /** Public regimes (SELF_CONTR and UNDERSPECIFIED collapsed into `Other`), descending p. */
  regime_scores: RegimeScore[];
  input_mode_used: InputMode;
  task_used: Task;
  model_version: string;
  calibrator_version: string;
  /** The detector's own warnings (e.g. `no_evidence`); the API merges them with the account's. */
  warnings: string[];
}

export interface Detector {
  readonly modelVersion: string;
  readonly calibratorVersion: string;
  score(input: ScoreInput): ScoreOutput;
}

/** One scoring step; steps compose by wrapping (detector → evidence → verifier). */
export type Scorer = (input: ScoreInput) => Promise<ScoreOutput>;
