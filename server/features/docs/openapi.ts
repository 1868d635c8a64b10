/**
 * The OpenAPI 3.1 description of the public `/api` surface (machine description version 0.1.1):
 * paths, security schemes, headers and error responses written here, body schemas generated from
 * the zod contract.
 */
import { ERROR_CODES } from "../../../shared/contract.ts";
import { HEADER } from "../../../shared/headers.ts";
import { contractSchemas, type JsonSchema } from "./schemas.ts";

export const API_VERSION = "0.1.1";

const ref = (kind: "schemas" | "headers" | "responses", name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

const intHeader = (description: string) => ({
  description,
  schema: { type: "integer", minimum: 0 },
});
const stringHeader = (description: string) => ({ description, schema: { type: "string" } });

const HEADERS = {
  [HEADER.requestId]: stringHeader("Server request id; present on every detect response."),
  [HEADER.clientRequestId]: stringHeader(
    "Echo of the client-supplied X-Request-Id, when supplied.",
  ),
  [HEADER.unitsBilled]: intHeader("Units consumed (equals detections_billed); 0 on every non-200."),
  [HEADER.detectionsBilled]: intHeader(
    "The same quantity as X-Units-Billed, under its other name.",
  ),
  [HEADER.quotaPeriod]: {
    description: "Current billing period (calendar month, UTC).",
    schema: { type: "string", pattern: "^\\d{4}-\\d{2}$" },
  },
  [HEADER.quotaRemaining]: intHeader("Best-effort units remaining; omitted if the lookup fails."),
  [HEADER.wwwAuthenticate]: stringHeader("Bearer realm=<realm>"),
  [HEADER.plan]: stringHeader("Internal plan slug."),
  [HEADER.quotaType]: { description: "The breached cap.", schema: { enum: ["monthly", "daily"] } },
  [HEADER.quotaLimit]: intHeader("The breached cap in units."),
  [HEADER.quotaPeriodUsed]: intHeader("Units consumed in the breached period."),
  [HEADER.accountStatus]: { description: "Account state.", schema: { enum: ["suspended"] } },
  [HEADER.retryAfter]: intHeader("Whole seconds to wait before retrying."),
};

type Headers = (keyof typeof HEADERS)[];

function errorResponse(
  description: string,
  examples: Record<string, unknown>,
  headers: Headers = [],
) {
  return {
    description,
    headers: Object.fromEntries(headers.map((h) => [h, ref("headers", h)])),
    content: {
      "application/json": {
        schema: ref("schemas", "ErrorEnvelope"),
        examples: Object.fromEntries(
          Object.entries(examples).map(([name, value]) => [name, { value }]),
        ),
      },
    },
  };
}

const jsonBody = (schema: string) => ({ "application/json": { schema: ref("schemas", schema) } });

const DETECT_ERROR_HEADERS: Headers = [
  HEADER.requestId,
  HEADER.unitsBilled,
  HEADER.detectionsBilled,
];

/** Every failure status of the detect endpoints, as the spec's error table lists them. */
const DETECT_ERRORS = {
  "400": errorResponse("Invalid request.", {
    response_required: { error: "response_required", message: "response is required" },
    bad_json: { error: "bad_json", message: "request body is not valid JSON" },
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
  "401": errorResponse("Missing, malformed or revoked credentials.", {
    unauthorized: { error: "unauthorized", message: "unauthorized", request_id: "req_123" },
    invalid_inference_secret: { detail: "invalid_inference_secret" },
  }, [...DETECT_ERROR_HEADERS, HEADER.wwwAuthenticate]),
  "402": errorResponse("A hard-cap plan has exhausted its monthly or daily cap.", {
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
  "403": errorResponse("Suspended account.", {
    account_suspended: {
      error: "account_suspended",
      message: "account suspended",
      reason: "manual_admin",
      appeal_url: "https://example.com/appeal",
      request_id: "req_123",
    },
  }, [...DETECT_ERROR_HEADERS, HEADER.accountStatus]),
  "429": errorResponse("Requests faster than the plan permits.", {
    rate_limited: { error: "rate_limited", message: "rate limit exceeded" },
  }, [...DETECT_ERROR_HEADERS, HEADER.retryAfter]),
  "500": errorResponse("Not served; retry with a fresh X-Request-Id.", {
    usage_audit_unavailable: {
      error: "usage_audit_unavailable",
      message: "usage audit unavailable",
      request_id: "req_123",
    },
    handler_failed: { error: "handler_failed", request_id: "req_123" },
  }, DETECT_ERROR_HEADERS),
  "502": errorResponse("The inference backend cannot be reached (network, 30 s timeout).", {
    upstream_unreachable: { error: "upstream_unreachable", message: "upstream unreachable" },
  }, DETECT_ERROR_HEADERS),
  "503": errorResponse("The inference backend is not configured or not ready; retry shortly.", {
    detector_not_configured: { error: "detector_not_configured", message: "not configured" },
    model_unavailable: { detail: "model_unavailable" },
  }, DETECT_ERROR_HEADERS),
};

const SESSION_401 = errorResponse("No signed-in session.", {
  unauthorized: { error: "unauthorized", message: "unauthorized" },
});

const NOT_JSON_400 = errorResponse(
  "Body not JSON, or Origin neither this server nor a listed extension (cross-site request " +
    "forgery guards), or invalid.",
  {
    not_json: {
      error: "bad_request",
      message: "request body must be sent with Content-Type: application/json",
    },
    cross_origin: { error: "bad_request", message: "cross-origin request refused" },
  },
);

const KEYS_403 = errorResponse("Suspended account: it cannot create keys.", {
  account_suspended: {
    error: "account_suspended",
    message: "account suspended",
    reason: "manual_admin",
    appeal_url: "https://example.com/appeal",
  },
}, [HEADER.accountStatus]);

function detectOperation(auth: "bearer" | "session") {
  const bearer = auth === "bearer";
  return {
    post: {
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
        : "Same body, response, headers and errors as POST /api/detect, authenticated by the " +
          "dashboard session instead of a key. The body must be sent as application/json.",
      security: bearer ? [{ bearerAuth: [] }] : [{ sessionCookie: [] }],
      parameters: [{
        name: HEADER.requestId,
        in: "header",
        required: false,
        description: "At most 128 printable ASCII characters; retries with the same value and " +
          "the same request are not billed twice; reusing it for a different request is a 400.",
        schema: { type: "string", maxLength: 128 },
      }],
      requestBody: { required: true, content: jsonBody("DetectRequest") },
      responses: {
        "200": {
          description: "Scores.",
          headers: Object.fromEntries(
            [
              HEADER.requestId,
              HEADER.clientRequestId,
              HEADER.unitsBilled,
              HEADER.detectionsBilled,
              HEADER.quotaPeriod,
              HEADER.quotaRemaining,
            ].map((h) => [h, ref("headers", h)]),
          ),
          content: jsonBody("DetectResponse"),
        },
        ...DETECT_ERRORS,
      },
    },
  };
}

const PATHS = {
  "/api/detect": detectOperation("bearer"),
  "/api/web/detect": detectOperation("session"),
  "/api/keys": {
    post: {
      tags: ["Keys"],
      operationId: "createApiKey",
      summary: "Create an API key",
      description:
        "The plaintext key is returned exactly once; only a hash is stored. Whitespace " +
        "in name is collapsed and the value trimmed to 64 characters; other properties are " +
        "rejected.",
      security: [{ sessionCookie: [] }],
      requestBody: { required: false, content: jsonBody("ApiKeyCreateRequest") },
      responses: {
        "201": { description: "Created.", content: jsonBody("ApiKeyCreateResponse") },
        "400": NOT_JSON_400,
        "401": SESSION_401,
        "403": KEYS_403,
      },
    },
    get: {
      tags: ["Keys"],
      operationId: "listApiKeys",
      summary: "List the signed-in user's API keys (metadata only, never plaintext)",
      security: [{ sessionCookie: [] }],
      parameters: [{
        name: "include_revoked",
        in: "query",
        required: false,
        description: "true includes keys whose revoked_at is set.",
        schema: { type: "boolean", default: false },
      }],
      responses: {
        "200": { description: "The keys, oldest first.", content: jsonBody("ApiKeyList") },
        "400": errorResponse("include_revoked is not true or false.", {
          bad_request: { error: "bad_request", message: "include_revoked must be true or false" },
        }),
        "401": SESSION_401,
      },
    },
  },
  "/api/keys/{id}": {
    delete: {
      tags: ["Keys"],
      operationId: "revokeApiKey",
      summary: "Revoke an API key",
      description: "Later authentication with the key fails with 401. Missing, foreign and " +
        "already revoked keys are indistinguishable (404).",
      security: [{ sessionCookie: [] }],
      parameters: [{
        name: "id",
        in: "path",
        required: true,
        schema: { type: "string", format: "uuid" },
      }],
      responses: {
        "200": { description: "Revoked.", content: jsonBody("ApiKeyRevokeResponse") },
        "400": NOT_JSON_400,
        "401": SESSION_401,
        "404": errorResponse("Key missing, not owned, or already revoked.", {
          not_found: { error: "bad_request", message: "not_found" },
        }),
      },
    },
  },
  "/api/usage/summary": {
    get: {
      tags: ["Usage"],
      operationId: "usageSummary",
      summary: "Current-period usage and up to 12 months of history, newest first",
      security: [{ sessionCookie: [] }],
      responses: {
        "200": { description: "Usage of the signed-in user.", content: jsonBody("UsageSummary") },
        "401": SESSION_401,
      },
    },
  },
  "/api/openapi.json": {
    get: {
      tags: ["Reference"],
      operationId: "openapi",
      summary: "This OpenAPI description",
      security: [],
      responses: {
        "200": { description: "OpenAPI 3.1 document.", content: { "application/json": {} } },
      },
    },
  },
  "/api/docs": {
    get: {
      tags: ["Reference"],
      operationId: "docs",
      summary: "Readable API reference generated from this description",
      security: [],
      responses: { "200": { description: "HTML page.", content: { "text/html": {} } } },
    },
  },
};

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: {
    securitySchemes: Record<string, Record<string, unknown>>;
    headers: Record<string, Record<string, unknown>>;
    schemas: Record<string, JsonSchema>;
  };
};

export function openApiDocument(publicUrl: string): OpenApiDocument {
  const schemas = contractSchemas();
  const envelope = schemas.ErrorEnvelope.properties as Record<string, JsonSchema>;
  envelope.error = {
    ...envelope.error,
    description: `One of ${ERROR_CODES.join(", ")}; codes are added compatibly, never removed.`,
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Hallucination Detection API",
      version: API_VERSION,
      description: "Scores LLM-generated text for hallucination risk. Zero retention: prompts " +
        "and responses are never stored. API keys (sk_*) are for server-side use only.",
    },
    servers: [{ url: publicUrl }],
    tags: [
      { name: "Detect", description: "Hallucination scoring." },
      { name: "Keys", description: "API keys of the signed-in user (dashboard session)." },
      { name: "Usage", description: "Usage of the signed-in user (dashboard session)." },
      { name: "Reference", description: "This description and its readable page." },
    ],
    paths: PATHS,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "API key: sk_ followed by 43 base64url characters.",
        },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "__session",
          description: "Dashboard session, set by sign-in at /auth/signin. Bearer keys are not " +
            "accepted on session routes.",
        },
      },
      headers: HEADERS,
      schemas,
    },
  };
}
