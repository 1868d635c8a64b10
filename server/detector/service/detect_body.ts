/**
 * The backend's detect body: the one shared parse (its caller is the API, behind the inference
 * secret, so unknown fields may be named), answered as `{detail}`, and the backend's defaults;
 * the call to score, and beside it the caller's top-k.
 */
import {
  type DetectInput,
  detectInputOf,
  parseDetectorRequest,
} from "../../../shared/detect_request.ts";
import type { Task } from "../../../shared/regimes.ts";

/** The backend's own default task; the public endpoint always sends one. */
export const BACKEND_DEFAULT_TASK: Task = "binary";

export type ParsedBody =
  | { ok: true; input: DetectInput; topK: number }
  | { ok: false; detail: string };

export function parseDetectBody(text: string): ParsedBody {
  const parsed = parseDetectorRequest(text, { nameUnknownKeys: true });
  if (!parsed.ok) {
    const { failure } = parsed;
    switch (failure.code) {
      case null:
        return { ok: false, detail: failure.detail };
      case "bad_json":
        return { ok: false, detail: `body: ${failure.message}` };
      case "response_required":
        return { ok: false, detail: `response: ${failure.message}` };
      case "input_too_long":
        return { ok: false, detail: `${failure.field}: ${failure.message}` };
    }
  }
  const input = {
    ...detectInputOf(parsed.request, { task: BACKEND_DEFAULT_TASK }),
    claims: parsed.request.claims,
  };
  return { ok: true, input, topK: parsed.request.top_k_regimes };
}
