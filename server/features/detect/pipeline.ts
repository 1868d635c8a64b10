/**
 * One detect call from its parsed body to its answer, as functions of their inputs (no Hono
 * context): the retry check, the detector's presence, admission, the detector's score, the
 * record, then the answer's body and billing headers. The router authenticates, parses and writes
 * the answer; everything between is here, in the order the route's header comment gives.
 */
import type { WebDetectResponse } from "../../../shared/contract.ts";
import { HEADER } from "../../../shared/headers.ts";
import { collapseRegimeScores, type RegimeScore } from "../../../shared/regimes.ts";
import type { AppDeps } from "../../platform/env.ts";
import { apiError } from "../../platform/errors.ts";
import { monthOf } from "../../platform/periods.ts";
import type { Caller } from "../auth/caller.ts";
import { admit, findRetry, type MeteredCall, record } from "../metering/admission.ts";
import { unitsRemaining } from "../metering/counters.ts";
import type { CallCounters } from "../metering/rate_limit.ts";
import { type DetectCall, requestDigest } from "./detect_call.ts";
import type { DetectorScore } from "@hallucination-detection/detector";
import type { DetectorClient } from "./detector_client.ts";
import { detectWarnings } from "./warnings.ts";

/** The largest `top_k_regimes` of the contract: what the backend is asked for. */
const MAX_TOP_K = 10;

export interface DetectPipelineDeps extends Pick<AppDeps, "kv" | "config"> {
  /** The backend to ask; null when its address or secret is not configured (503). */
  detector: DetectorClient | null;
}

/** What the router hands over: the authenticated caller, the parsed call, and their context. */
export interface DetectCallInput {
  caller: Caller;
  counters: CallCounters;
  call: DetectCall;
  requestId: string;
  /** True when the id is the caller's own X-Request-Id: only such an id can name a retry. */
  clientRequestId: boolean;
  at: Date;
  /** `performance.now()` when the call arrived: the audit row's latency. */
  started: number;
}

export interface DetectAnswer {
  /** The spec's body; with `claims` only for a call that asked for them (the session route). */
  body: WebDetectResponse;
  headers: Record<string, string>;
}

/**
 * The public breakdown: every score the backend gave collapsed into public regimes, then the
 * `topK` highest. The backend is asked for all its scores, so that a backend emitting the seven
 * raw classes cannot leave part of `Other` out of the sum or return fewer than `topK` regimes.
 */
function publicRegimeScores(score: DetectorScore, topK: number): RegimeScore[] {
  return collapseRegimeScores(score.regime_scores).slice(0, topK);
}

export async function serveDetectCall(
  deps: DetectPipelineDeps,
  input: DetectCallInput,
): Promise<DetectAnswer> {
  const { call, requestId, at } = input;
  const metered: MeteredCall = {
    caller: input.caller,
    units: call.units,
    requestId,
    digest: input.clientRequestId ? requestDigest(requestId, call) : null,
    at,
    counters: input.counters,
  };
  const retry = await findRetry(deps, metered);
  if (deps.detector === null) {
    throw apiError("detector_not_configured", {
      message: "the inference backend address or secret is not configured",
    });
  }
  const caller = retry ? metered.caller : await admit(deps, metered);
  const score = await deps.detector.score({
    response: call.response,
    prompt: call.prompt,
    task: call.task,
    input_mode: call.inputMode,
    top_k_regimes: MAX_TOP_K,
    ...(call.claims ? { claims: true } : {}),
  });
  const regimeScores = publicRegimeScores(score, call.topK);
  // SPEC: the highest-probability regime of regime_scores (after the collapse into Other).
  const topRegime = regimeScores[0].regime;
  const billed = await record(deps, { ...metered, caller, retry }, {
    topRegime,
    inputMode: score.input_mode_used,
    task: score.task_used,
    latencyMs: Math.round(performance.now() - input.started),
  });

  const { plan, user } = billed.caller;
  const headers: Record<string, string> = {
    [HEADER.unitsBilled]: String(billed.unitsBilled),
    [HEADER.detectionsBilled]: String(billed.unitsBilled),
    [HEADER.quotaPeriod]: monthOf(at),
  };
  if (billed.used) headers[HEADER.quotaRemaining] = String(unitsRemaining(plan, billed.used));
  const body: WebDetectResponse = {
    p_hallucination: score.p_hallucination,
    flag: score.flag,
    top_regime: topRegime,
    regime_scores: regimeScores,
    request_id: requestId,
    detections_billed: billed.unitsBilled,
    mode: "short",
    latency_ms: Math.round(score.latency_ms),
    model_version: score.model_version,
    calibrator_version: score.calibrator_version,
    input_mode_used: score.input_mode_used,
    task_used: score.task_used,
    warnings: detectWarnings({
      plan,
      monthUnits: billed.used?.month ?? 0,
      unitsAdded: billed.unitsAdded,
      subscriptionStatus: user.subscriptionStatus,
      calibratorVersion: score.calibrator_version,
      detectorWarnings: score.warnings,
    }),
  };
  if (call.claims && score.claims) body.claims = score.claims;
  return { body, headers };
}
