/**
 * The one parse of a detect body, for the API and the detector alike: the spec's 400s in its
 * order, `bad_json` (not JSON), `response_required` (missing, null or empty), `input_too_long`
 * (response first, then prompt, counted in code points), then every other rule of DetectRequest
 * as a `detail` text. A failure is data with its envelope fields (no HTTP error type here), and
 * no text of it quotes the caller's.
 */
import { z } from "zod";
import { DetectRequest, type ErrorCode } from "./contract.ts";
import { BAD_JSON_MESSAGE, parseJsonText } from "./json_text.ts";
import { type InputMode, inputModeOf, type Task } from "./regimes.ts";
import { codePointLength, MAX_FIELD_CHARS } from "./text.ts";
import { formatZodIssues, type IssueFormat } from "./zod_issues.ts";

export type DetectRequestFailure =
  | { code: Extract<ErrorCode, "bad_json" | "response_required">; message: string }
  | {
    code: "input_too_long";
    message: string;
    field: "response" | "prompt";
    max_chars: number;
    provided_chars: number;
  }
  /** Any other rule of the schema: a validation text, answered as `detail`. */
  | { code: null; detail: string };

/**
 * The inference backend's body: the public one plus `claims`, which asks for each claim's risk
 * beside the call's (the session route's claim-level field, shared/claims.ts).
 */
export const DetectorRequestBody = DetectRequest.extend({ claims: z.boolean().default(false) });

export type DetectRequestParse<T = z.output<typeof DetectRequest>> =
  | { ok: true; request: T }
  | { ok: false; failure: DetectRequestFailure };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function parseWith<T>(
  schema: z.ZodType<T>,
  text: string,
  format: IssueFormat,
): DetectRequestParse<T> {
  const json = parseJsonText(text);
  if (!json.ok) return { ok: false, failure: { code: "bad_json", message: BAD_JSON_MESSAGE } };
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) {
    return { ok: false, failure: detectRequestFailure(json.value, parsed.error, format) };
  }
  return { ok: true, request: parsed.data };
}

export function parseDetectRequest(text: string, format: IssueFormat = {}): DetectRequestParse {
  return parseWith(DetectRequest, text, format);
}

/** The backend's parse; `format.nameUnknownKeys`, since its caller is trusted (the secret). */
export function parseDetectorRequest(
  text: string,
  format: IssueFormat = {},
): DetectRequestParse<z.output<typeof DetectorRequestBody>> {
  return parseWith(DetectorRequestBody, text, format);
}

/**
 * The spec's failure for a JSON value that DetectRequest refused (`error`), after `bad_json`:
 * `response_required`, then `input_too_long` (response first), then the schema's issues as a
 * `detail` text. The API's validation hook answers with it too, so the order is written once.
 */
export function detectRequestFailure(
  body: unknown,
  error: z.ZodError,
  format: IssueFormat = {},
): DetectRequestFailure {
  if (!isObject(body)) return { code: null, detail: "request body must be a JSON object" };
  if (body.response === undefined || body.response === null || body.response === "") {
    return { code: "response_required", message: "response is required" };
  }
  for (const field of ["response", "prompt"] as const) {
    const value = body[field];
    if (typeof value !== "string") continue;
    const provided = codePointLength(value);
    if (provided > MAX_FIELD_CHARS) {
      return {
        code: "input_too_long",
        message:
          `${field} exceeds ${MAX_FIELD_CHARS} characters; inputs are rejected, never truncated`,
        field,
        max_chars: MAX_FIELD_CHARS,
        provided_chars: provided,
      };
    }
  }
  return { code: null, detail: formatZodIssues(error, format) };
}

/**
 * What the detector scores for one call. How many regime scores the caller is shown (its top-k)
 * is not part of it: the scoring carries the full breakdown, and each caller cuts it once.
 */
export interface DetectInput {
  prompt?: string;
  response: string;
  task: Task;
  inputMode: InputMode;
  /** Also score each claim of the response (the session route's claim-level field). */
  claims?: boolean;
}

/**
 * The call a parsed request asks for: the caller's defaults (the API's, the backend's or the
 * score CLI's flags) where the request names no task or input mode, `inputModeOf` after that.
 */
export function detectInputOf(
  request: Pick<z.output<typeof DetectRequest>, "prompt" | "response" | "task" | "input_mode">,
  defaults: { task: Task; inputMode?: InputMode },
): DetectInput {
  const { prompt, response, task, input_mode } = request;
  return {
    prompt,
    response,
    task: task ?? defaults.task,
    inputMode: inputModeOf(prompt, input_mode ?? defaults.inputMode),
  };
}
