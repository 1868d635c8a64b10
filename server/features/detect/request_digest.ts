/**
 * Parsing of a detect body into the spec's 400s, in this order: `bad_json` (not JSON),
 * `response_required` (missing, null or empty), `input_too_long` (response first, then prompt,
 * counted in code points), then every other rule of DetectRequest as a `detail` text. No error
 * carries caller text. `requestDigest` fingerprints a parsed call for the request-id marker.
 */
import { DetectRequest } from "../../../shared/contract.ts";
import type { InputMode, Task } from "../../../shared/regimes.ts";
import { codePointLength, MAX_FIELD_CHARS, unitsFor } from "../../../shared/text.ts";
import { ApiError, validationDetail } from "../../platform/errors.ts";
import { sha256Hex } from "../../../shared/sha256.ts";

export interface DetectCall {
  response: string;
  prompt?: string;
  topK: number;
  /** The public endpoint's default is multiclass. */
  task: Task;
  /** Requested mode, or the auto choice: `pr` with a non-empty prompt, else `ro`. */
  inputMode: InputMode;
  units: number;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function tooLong(field: "response" | "prompt", providedChars: number): ApiError {
  return new ApiError(400, {
    error: "input_too_long",
    message: `${field} exceeds ${MAX_FIELD_CHARS} characters; inputs are rejected, never truncated`,
    field,
    max_chars: MAX_FIELD_CHARS,
    provided_chars: providedChars,
  });
}

export function parseDetectBody(text: string): DetectCall {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, { error: "bad_json", message: "request body is not valid JSON" });
  }
  if (!isObject(body)) throw validationDetail("request body must be a JSON object");
  if (body.response === undefined || body.response === null || body.response === "") {
    throw new ApiError(400, { error: "response_required", message: "response is required" });
  }
  for (const field of ["response", "prompt"] as const) {
    const value = body[field];
    if (typeof value === "string" && codePointLength(value) > MAX_FIELD_CHARS) {
      throw tooLong(field, codePointLength(value));
    }
  }
  const parsed = DetectRequest.safeParse(body);
  if (!parsed.success) {
    throw validationDetail(
      parsed.error.issues.map((i) =>
        i.code === "unrecognized_keys"
          ? "unknown properties are not allowed"
          : `${i.path.join(".")}: ${i.message}`
      ).join("; "),
    );
  }
  const { response, prompt, top_k_regimes, task, input_mode } = parsed.data;
  return {
    response,
    prompt,
    topK: top_k_regimes,
    task: task ?? "multiclass",
    inputMode: input_mode ?? (prompt ? "pr" : "ro"),
    units: unitsFor(prompt, response),
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
