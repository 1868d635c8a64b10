/**
 * The backend's wire contract, defined once for both ends: what the API (or any caller holding
 * the inference secret) sends to `POST /v1/detect`, and the 200 body the detector answers. The
 * answer is a loose object: a third-party backend may add fields, and may emit the seven raw
 * regime names, which the API collapses into the public ones itself.
 */
import { z } from "zod";
import { ClaimRisk } from "../../../shared/claims.ts";
import { DetectResponse } from "../../../shared/contract.ts";
import type { InputMode, Task } from "../../../shared/regimes.ts";

/** What the backend is asked to score. Never logged. */
export interface DetectorRequest {
  response: string;
  prompt?: string;
  task: Task;
  input_mode?: InputMode;
  top_k_regimes: number;
  /** Also answer `claims`, each claim's risk (sent only when true). */
  claims?: boolean;
}

/** The backend's 200 body: the detector's decision plus its inference time. */
export const DetectorScore = z.looseObject(
  DetectResponse.pick({
    p_hallucination: true,
    flag: true,
    top_regime: true,
    regime_scores: true,
    input_mode_used: true,
    task_used: true,
    model_version: true,
    calibrator_version: true,
  }).shape,
).extend({
  latency_ms: z.number().min(0),
  warnings: z.array(z.string()).default([]),
  claims: z.array(ClaimRisk).optional(),
});
export type DetectorScore = z.infer<typeof DetectorScore>;
