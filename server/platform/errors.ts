/**
 * The spec's error envelope, built in one place. Handlers throw `ApiError`; the app's single
 * `onError` turns it into the response. `message` never carries caller content.
 */
import type { ErrorEnvelope } from "../../shared/contract.ts";

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 429 | 500 | 502 | 503;

export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly body: ErrorEnvelope,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.error ?? body.detail);
  }
}

export const unauthorized = (
  extra: Partial<ErrorEnvelope> = {},
  headers?: Record<string, string>,
) => new ApiError(401, { error: "unauthorized", message: "unauthorized", ...extra }, headers);

export const notFound = () => new ApiError(404, { error: "bad_request", message: "not_found" });

/** A 400 that carries a validation text in `detail`, as the upstream validator does. */
export const validationDetail = (detail: string) => new ApiError(400, { detail });
