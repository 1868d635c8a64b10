/**
 * Typed client of the public API (SPEC.md), built on the zod wire contract. Every call resolves to
 * an `ApiResult`: plain data that survives structured cloning (extension messages), never a throw
 * for HTTP or network failures. Authentication is either a Bearer `sk_` key (server-side callers)
 * or the dashboard session cookie (`credentials: "include"`, the browser extension).
 */
import type { z } from "zod";
import { HEADER } from "./headers.ts";
import {
  ApiKeyCreateResponse,
  ApiKeyList,
  ApiKeyRevokeResponse,
  CROSS_ORIGIN_REFUSED,
  type DetectRequest,
  DetectResponse,
  ErrorEnvelope,
  UsageDaily,
  UsageSummary,
  WebDetectResponse,
} from "./contract.ts";

export interface ClientOptions {
  /** Server origin, e.g. `http://127.0.0.1:8000` (a trailing slash is ignored). */
  baseUrl: string;
  /** Bearer key for `/api/detect`; leave unset to authenticate with the session cookie. */
  apiKey?: string;
  /** `include` sends the `__session` cookie cross-origin (the extension's service worker). */
  credentials?: RequestCredentials;
  fetch?: typeof fetch;
}

/** What a failed call means to a client, whatever the exact status/code combination. */
export type FailureKind =
  | "unauthorized"
  | "quota_exceeded"
  | "suspended"
  | "rate_limited"
  | "model_unavailable"
  | "upstream_unreachable"
  | "invalid_request"
  /** A browser request from an origin the server does not trust (an extension not allowed). */
  | "origin_refused"
  | "not_found"
  | "server_error"
  | "network"
  | "bad_response";

export interface ApiFailure {
  ok: false;
  kind: FailureKind;
  /** HTTP status; 0 when no response arrived. */
  status: number;
  /** The server's error envelope, or a synthetic one for network and parse failures. */
  body: ErrorEnvelope;
  /** Whole seconds from `Retry-After`, when the server sent one. */
  retryAfterS?: number;
  requestId?: string;
}

export interface ApiSuccess<T> {
  ok: true;
  status: number;
  data: T;
  requestId?: string;
  /** Billing headers of detect calls (`X-Quota-Remaining` is best-effort). */
  quotaRemaining?: number;
  /** `X-Units-Billed`: 0 when the server served a retry of an id it already billed. */
  unitsBilled?: number;
  quotaPeriod?: string;
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export interface DetectOptions {
  /** Sent as `X-Request-Id`; reuse it when retrying so a retry is never billed twice. */
  requestId?: string;
}

export interface ApiClient {
  /** `POST /api/detect` with the Bearer key. */
  detect(body: DetectRequest, options?: DetectOptions): Promise<ApiResult<DetectResponse>>;
  /** `POST /api/web/detect`: the same call authenticated by the session cookie. */
  webDetect(body: DetectRequest, options?: DetectOptions): Promise<ApiResult<WebDetectResponse>>;
  usageSummary(): Promise<ApiResult<UsageSummary>>;
  /** `GET /api/usage/daily`: the dashboard's units per day, daily cap and refusals. */
  usageDaily(): Promise<ApiResult<UsageDaily>>;
  listKeys(includeRevoked?: boolean): Promise<ApiResult<ApiKeyList>>;
  createKey(name?: string): Promise<ApiResult<ApiKeyCreateResponse>>;
  revokeKey(id: string): Promise<ApiResult<z.infer<typeof ApiKeyRevokeResponse>>>;
}

/** Maps a status and envelope to a `FailureKind`; unknown codes fall back on the status. */
export function classifyFailure(status: number, body: ErrorEnvelope): FailureKind {
  if (body.detail === "model_unavailable" || body.detail === "inference_failed") {
    return "model_unavailable";
  }
  switch (status) {
    case 400:
      return body.message === CROSS_ORIGIN_REFUSED ? "origin_refused" : "invalid_request";
    case 401:
      return "unauthorized";
    case 402:
      return "quota_exceeded";
    case 403:
      return "suspended";
    case 404:
      return "not_found";
    case 429:
      return "rate_limited";
    case 502:
      return "upstream_unreachable";
    case 503:
      return body.error === "detector_not_configured" ? "server_error" : "model_unavailable";
    default:
      return "server_error";
  }
}

function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

function parseCount(value: string | null): number | undefined {
  return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

export function createClient(options: ClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function call<S extends z.ZodType>(
    schema: S,
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string>; bearer?: boolean } = {},
  ): Promise<ApiResult<z.infer<S>>> {
    const headers: Record<string, string> = { Accept: "application/json", ...init.headers };
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    if (init.bearer && options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        credentials: options.credentials ?? "same-origin",
      });
    } catch {
      return {
        ok: false,
        kind: "network",
        status: 0,
        body: { error: "network_error", message: "the server could not be reached" },
      };
    }
    const requestId = response.headers.get(HEADER.requestId) ?? undefined;
    const json = await readJson(response);
    if (response.ok) {
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        return {
          ok: false,
          kind: "bad_response",
          status: response.status,
          body: { error: "bad_response", message: "the server's answer does not match the API" },
          requestId,
        };
      }
      return {
        ok: true,
        status: response.status,
        data: parsed.data,
        requestId,
        quotaRemaining: parseCount(response.headers.get(HEADER.quotaRemaining)),
        unitsBilled: parseCount(response.headers.get(HEADER.unitsBilled)),
        quotaPeriod: response.headers.get(HEADER.quotaPeriod) ?? undefined,
      };
    }
    const envelope = ErrorEnvelope.safeParse(json);
    const body: ErrorEnvelope = envelope.success
      ? envelope.data
      : { error: `http_${response.status}`, message: response.statusText };
    return {
      ok: false,
      kind: classifyFailure(response.status, body),
      status: response.status,
      body,
      retryAfterS: parseRetryAfter(response.headers.get(HEADER.retryAfter)),
      requestId,
    };
  }

  const detectHeaders = (o?: DetectOptions): Record<string, string> =>
    o?.requestId ? { [HEADER.requestId]: o.requestId } : {};

  return {
    detect: (body, o) =>
      call(DetectResponse, "POST", "/api/detect", {
        body,
        headers: detectHeaders(o),
        bearer: true,
      }),
    webDetect: (body, o) =>
      call(WebDetectResponse, "POST", "/api/web/detect", { body, headers: detectHeaders(o) }),
    usageSummary: () => call(UsageSummary, "GET", "/api/usage/summary"),
    usageDaily: () => call(UsageDaily, "GET", "/api/usage/daily"),
    listKeys: (includeRevoked = false) =>
      call(ApiKeyList, "GET", `/api/keys${includeRevoked ? "?include_revoked=true" : ""}`),
    createKey: (name) =>
      call(ApiKeyCreateResponse, "POST", "/api/keys", { body: name ? { name } : {} }),
    revokeKey: (id) => call(ApiKeyRevokeResponse, "DELETE", `/api/keys/${encodeURIComponent(id)}`),
  };
}
