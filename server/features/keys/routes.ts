/** The key routes as OpenAPI definitions (paths relative to the `/api` mount). */
import { createRoute } from "@hono/zod-openapi";
import {
  ApiKeyCreateRequest,
  ApiKeyCreateResponse,
  ApiKeyIdParams,
  ApiKeyList,
  ApiKeyListQuery,
  ApiKeyRevokeResponse,
} from "../../../shared/contract.ts";
import { HEADER } from "../../../shared/headers.ts";
import {
  ACCOUNT_SUSPENDED_EXAMPLE,
  errorResponse,
  NOT_JSON_400,
  SESSION_401,
} from "../../platform/openapi_responses.ts";

const KEYS_403 = errorResponse("Suspended account: it cannot create keys.", {
  account_suspended: ACCOUNT_SUSPENDED_EXAMPLE,
}, [HEADER.accountStatus]);

export const createKeyRoute = createRoute({
  method: "post",
  path: "/keys",
  tags: ["Keys"],
  operationId: "createApiKey",
  summary: "Create an API key",
  description: "The plaintext key is returned exactly once; only a hash is stored. Whitespace " +
    "in name is collapsed and the value trimmed to 64 characters; other properties are " +
    "rejected.",
  security: [{ sessionCookie: [] }],
  // An empty body is a key without a name (the router's jsonBody reads it as `{}`).
  request: {
    body: { required: false, content: { "application/json": { schema: ApiKeyCreateRequest } } },
  },
  responses: {
    201: {
      description: "Created.",
      content: { "application/json": { schema: ApiKeyCreateResponse } },
    },
    400: NOT_JSON_400,
    401: SESSION_401,
    403: KEYS_403,
  },
});

export const listKeysRoute = createRoute({
  method: "get",
  path: "/keys",
  tags: ["Keys"],
  operationId: "listApiKeys",
  summary: "List the signed-in user's API keys (metadata only, never plaintext)",
  security: [{ sessionCookie: [] }],
  request: { query: ApiKeyListQuery },
  responses: {
    200: {
      description: "The keys, oldest first.",
      content: { "application/json": { schema: ApiKeyList } },
    },
    400: errorResponse("include_revoked is not true or false.", {
      bad_request: { error: "bad_request", message: "include_revoked must be true or false" },
    }),
    401: SESSION_401,
  },
});

export const revokeKeyRoute = createRoute({
  method: "delete",
  path: "/keys/{id}",
  tags: ["Keys"],
  operationId: "revokeApiKey",
  summary: "Revoke an API key",
  description: "Later authentication with the key fails with 401. Missing, foreign and " +
    "already revoked keys are indistinguishable (404).",
  security: [{ sessionCookie: [] }],
  request: { params: ApiKeyIdParams },
  responses: {
    200: {
      description: "Revoked.",
      content: { "application/json": { schema: ApiKeyRevokeResponse } },
    },
    400: NOT_JSON_400,
    401: SESSION_401,
    404: errorResponse("Key missing, not owned, or already revoked.", {
      not_found: { error: "bad_request", message: "not_found" },
    }),
  },
});
