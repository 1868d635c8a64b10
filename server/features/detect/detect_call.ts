/**
 * A detect body as the call the API serves: parsed by the shared parse (its failures become the
 * spec's 400s), with the public endpoint's defaults resolved and its units counted.
 * `requestDigest` fingerprints a parsed call for the request-id marker.
 */
import {
  type DetectInput,
  detectInputOf,
  parseDetectRequest,
} from "../../../shared/detect_request.ts";
import { sha256Hex } from "../../../shared/sha256.ts";
import { unitsFor } from "../../../shared/text.ts";
import { apiError, detailError } from "../../platform/errors.ts";

/** The public endpoint's call: its default task is multiclass; `units` is what it bills. */
export interface DetectCall extends DetectInput {
  units: number;
}

export function readDetectCall(text: string): DetectCall {
  const parsed = parseDetectRequest(text);
  if (!parsed.ok) {
    const { code, ...extras } = parsed.failure;
    if (code === null) throw detailError(parsed.failure.detail);
    throw apiError(code, extras);
  }
  const { request } = parsed;
  return {
    ...detectInputOf(request, { task: "multiclass" }, request.top_k_regimes),
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
