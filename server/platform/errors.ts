/**
 * The spec's error envelope, built in one place. Handlers throw `ApiError` (made by `apiError`,
 * `detailError` or `notFound`); `renderError` turns it into the response. `message` never
 * carries caller content.
 */
import type { Context } from "hono";
import type { ErrorCode, ErrorEnvelope } from "../../shared/contract.ts";
import { HEADER } from "../../shared/headers.ts";

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 429 | 500 | 502 | 503;

/**
 * Not an answer anyone reads: a client that closed its connection before its request was whole.
 * Its status (nginx's 499) is what its audit row records, never a 5xx.
 */
const CLIENT_CLOSED = 499;

/** The status of every code, as the spec's error tables give it. */
const STATUS_OF_CODE: Record<ErrorCode, ErrorStatus> = {
  bad_json: 400,
  response_required: 400,
  input_too_long: 400,
  bad_request: 400,
  unauthorized: 401,
  quota_exceeded: 402,
  account_suspended: 403,
  rate_limited: 429,
  usage_audit_unavailable: 500,
  handler_failed: 500,
  upstream_unreachable: 502,
  detector_not_configured: 503,
};

/** An envelope's fields other than `error` and `detail`, in the order they are written. */
export type ErrorExtras = Omit<ErrorEnvelope, "error" | "detail">;

export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly body: ErrorEnvelope,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.error ?? body.detail);
  }
}

export function apiError(
  code: ErrorCode,
  extras: ErrorExtras = {},
  headers?: Record<string, string>,
): ApiError {
  return new ApiError(STATUS_OF_CODE[code], { error: code, ...extras }, headers);
}

/**
 * An upstream-style error: `detail` only, with the status it comes with (a validation text is a
 * 400; the detector's own 401 and 503 are passed through).
 */
export const detailError = (detail: string, status: 400 | 401 | 503 = 400) =>
  new ApiError(status, { detail });

/** Missing, malformed or revoked credentials, or no signed-in session. */
export const unauthorized = (extras: ErrorExtras = {}, headers?: Record<string, string>) =>
  apiError("unauthorized", { message: "unauthorized", ...extras }, headers);

/** A body over its route's limit, where the route has no refusal of its own (the detect routes'). */
export const bodyTooLarge = (maxBytes: number) =>
  apiError("bad_request", { message: `request body exceeds ${maxBytes} bytes` });

/** The client went away mid-request (see `CLIENT_CLOSED`): no answer, no envelope. */
export class ClientClosed extends Error {
  constructor() {
    super("client closed the request");
  }
}

/** The spec has no not-found code: its one 404 reads `bad_request` with `message: not_found`. */
export const notFound = () => new ApiError(404, { error: "bad_request", message: "not_found" });

/**
 * The response of any error a handler threw, with `extras` added to its body (the detect routes'
 * `detections_billed: 0`). An unexpected error is a 500 `handler_failed`, logged by its name and
 * where it came from, never its message: it could quote caller text.
 */
export function renderError(
  c: Context,
  err: Error,
  extras: ErrorExtras = {},
): Response {
  const requestId: string | undefined = c.get("requestId");
  if (requestId) c.header(HEADER.requestId, requestId);
  if (err instanceof ClientClosed) {
    console.error(JSON.stringify({ event: "client_closed", request_id: requestId }));
    return new Response(null, { status: CLIENT_CLOSED }); // no one is there to read a body
  }
  if (err instanceof ApiError) {
    for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
    return c.json({ ...err.body, ...extras }, err.status);
  }
  const at = err.stack?.split("\n").slice(1, 4).map((line) => line.trim());
  console.error(
    JSON.stringify({ event: "handler_failed", request_id: requestId, error: err.name, at }),
  );
  return c.json(
    { error: "handler_failed", message: "internal error", request_id: requestId, ...extras },
    500,
  );
}
