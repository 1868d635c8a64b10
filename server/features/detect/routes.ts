/**
 * The two detect routes as OpenAPI definitions: one contract, authenticated by a Bearer key or by
 * the dashboard session. The body is DetectRequest, validated after the routes' middleware; its
 * refusals answer in the spec's order of errors (`shared/detect_request.ts`, by the router's hook).
 */
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { DetectRequest, DetectResponse, WebDetectResponse } from "../../../shared/contract.ts";
import { HEADER, type HeaderName } from "../../../shared/headers.ts";
import { BAD_JSON_MESSAGE } from "../../../shared/json_text.ts";
import { CLIENT_REQUEST_ID } from "../../platform/middleware/request_id.ts";
import {
  ACCOUNT_SUSPENDED_EXAMPLE,
  errorResponse,
  headerRefs,
} from "../../platform/openapi_responses.ts";

const DETECT_ERROR_HEADERS: HeaderName[] = [
  HEADER.requestId,
  HEADER.unitsBilled,
  HEADER.detectionsBilled,
];

/** Every failure status of the detect endpoints, as the spec's error table lists them. */
const DETECT_ERRORS = {
  400: errorResponse("Invalid request.", {
    response_required: { error: "response_required", message: "response is required" },
    bad_json: { error: "bad_json", message: BAD_JSON_MESSAGE },
    input_too_long: {
      error: "input_too_long",
      field: "response",
      max_chars: 2048,
      provided_chars: 2300,
      message: "response exceeds 2048 characters",
    },
    validation: { detail: "top_k_regimes must be between 1 and 10" },
    request_id_reused: { detail: "X-Request-Id was already used for a different request" },
  }, DETECT_ERROR_HEADERS),
  401: errorResponse("Missing, malformed or revoked credentials.", {
    unauthorized: { error: "unauthorized", message: "unauthorized", request_id: "req_123" },
    invalid_inference_secret: { detail: "invalid_inference_secret" },
  }, [...DETECT_ERROR_HEADERS, HEADER.wwwAuthenticate]),
  402: errorResponse("A hard-cap plan has exhausted its monthly or daily cap.", {
    quota_exceeded: {
      error: "quota_exceeded",
      quota_type: "monthly",
      plan: "api_free",
      message: "monthly quota exhausted",
      units_used: 3700,
      quota_units: 3700,
      upgrade_url: "https://example.com/billing",
    },
  }, [
    ...DETECT_ERROR_HEADERS,
    HEADER.plan,
    HEADER.quotaType,
    HEADER.quotaLimit,
    HEADER.quotaPeriodUsed,
  ]),
  403: errorResponse("Suspended account.", {
    account_suspended: { ...ACCOUNT_SUSPENDED_EXAMPLE, request_id: "req_123" },
  }, [...DETECT_ERROR_HEADERS, HEADER.accountStatus]),
  429: errorResponse("Requests faster than the plan permits.", {
    rate_limited: { error: "rate_limited", message: "rate limit exceeded" },
  }, [...DETECT_ERROR_HEADERS, HEADER.retryAfter]),
  500: errorResponse("Not served; retry with a fresh X-Request-Id.", {
    usage_audit_unavailable: {
      error: "usage_audit_unavailable",
      message: "usage audit unavailable",
      request_id: "req_123",
    },
    handler_failed: { error: "handler_failed", request_id: "req_123" },
  }, DETECT_ERROR_HEADERS),
  502: errorResponse("The inference backend cannot be reached (network, 30 s timeout).", {
    upstream_unreachable: { error: "upstream_unreachable", message: "upstream unreachable" },
  }, DETECT_ERROR_HEADERS),
  503: errorResponse("The inference backend is not configured or not ready; retry shortly.", {
    detector_not_configured: { error: "detector_not_configured", message: "not configured" },
    model_unavailable: { detail: "model_unavailable" },
  }, DETECT_ERROR_HEADERS),
};

/**
 * The client's request id: the routes' first middleware has already refused any other value (with
 * its own 400), so this only describes it.
 */
const DetectHeaders = z.object({
  [HEADER.requestId]: z.string().max(128).regex(CLIENT_REQUEST_ID).optional().meta({
    description: "At most 128 printable ASCII characters; retries with the same value and " +
      "the same request are not billed twice; reusing it for a different request is a 400.",
  }),
});

function detectRoute(auth: "bearer" | "session") {
  const bearer = auth === "bearer";
  return createRoute({
    method: "post",
    path: bearer ? "/api/detect" : "/api/web/detect",
    tags: ["Detect"],
    operationId: bearer ? "detect" : "webDetect",
    summary: bearer
      ? "Score a response text for hallucination risk"
      : "Score a text for the browser extension (session cookie)",
    description: bearer
      ? "Bearer API key only. Units: ceil((len(prompt) + len(response)) / 2048), counted in " +
        "characters. A retry with the same X-Request-Id and the same request within 24 h " +
        "adds no audit row and no units; the same id with a different request is a 400. " +
        "`warnings` can hold `no_evidence`: neither the prompt nor the server's knowledge base " +
        "(KNOWLEDGE_DIR) covers the response's factual claims, so factual errors could not be " +
        "checked and the score rests on the response's own cues (refusal, citation shape, " +
        "self-contradiction, hedging); a refusal or a reply without factual claims never gets it."
      : "Same body, headers and errors as POST /api/detect, authenticated by the dashboard " +
        "session instead of a key; the body must be sent as application/json. The answer is " +
        "the same body plus `claims`: each claim of the response with its offsets, its own " +
        "calibrated risk and the exact checks' findings, computed in the same call for the " +
        "same units.",
    security: bearer ? [{ bearerAuth: [] }] : [{ sessionCookie: [] }],
    request: {
      headers: DetectHeaders,
      body: { required: true, content: { "application/json": { schema: DetectRequest } } },
    },
    responses: {
      200: {
        description: "Scores.",
        headers: headerRefs([
          HEADER.requestId,
          HEADER.clientRequestId,
          HEADER.unitsBilled,
          HEADER.detectionsBilled,
          HEADER.quotaPeriod,
          HEADER.quotaRemaining,
        ]),
        content: {
          "application/json": { schema: bearer ? DetectResponse : WebDetectResponse },
        },
      },
      ...DETECT_ERRORS,
    },
  });
}

export const bearerDetectRoute = detectRoute("bearer");
export const sessionDetectRoute = detectRoute("session");
