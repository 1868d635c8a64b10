/**
 * A detect body, validated by the route, as the call the API serves: the public endpoint's
 * defaults resolved and its units counted. `refuseDetectBody` answers a body the route's schema
 * refused, in the spec's order of 400s; `requestDigest` fingerprints a parsed call for the
 * request-id marker.
 */
import type { z } from "zod";
import type { DetectRequest } from "../../../shared/contract.ts";
import {
  type DetectInput,
  detectInputOf,
  detectRequestFailure,
} from "../../../shared/detect_request.ts";
import { apiError, detailError } from "../../platform/errors.ts";
import type { BodyRefusal } from "../../platform/validation_hook.ts";
import { sha256Hex } from "../../../shared/sha256.ts";
import { unitsFor } from "../../../shared/text.ts";

/**
 * The public endpoint's call: its default task is multiclass; `topK` is how many regime scores it
 * answers, `units` what it bills.
 */
export interface DetectCall extends DetectInput {
  topK: number;
  units: number;
}

/**
 * The detect routes' refusal of a JSON body: the spec's order of 400s (`response_required`,
 * `input_too_long`, then a `detail` text), the order the detector's own parse keeps too.
 */
export const refuseDetectBody: BodyRefusal = (body, error) => {
  const failure = detectRequestFailure(body, error);
  if (failure.code === null) return detailError(failure.detail);
  const { code, ...extras } = failure;
  return apiError(code, extras);
};

/** What the detect routes' handler reads: the body as DetectRequest validated it. */
export interface DetectBodyInput {
  out: { json: z.output<typeof DetectRequest> };
}

/** `claims`: the session route also answers each claim's risk. */
export function detectCallOf(
  request: z.output<typeof DetectRequest>,
  { claims }: { claims: boolean },
): DetectCall {
  return {
    ...detectInputOf(request, { task: "multiclass" }),
    claims,
    topK: request.top_k_regimes,
    units: unitsFor(request.prompt, request.response),
  };
}

/**
 * SHA-256 (hex) over the request id and every field of the parsed call: what the request-id
 * marker keeps to tell a retry (same digest) from a reuse of the id for another request. Equal
 * calls give equal digests however their JSON was written (key order, defaults spelled out).
 */
export function requestDigest(requestId: string, call: DetectCall): string {
  return sha256Hex(JSON.stringify([
    requestId,
    call.response,
    call.prompt ?? null,
    call.topK,
    call.task,
    call.inputMode,
  ]));
}
