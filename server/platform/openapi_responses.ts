/**
 * The parts of the routes' OpenAPI definitions that zod cannot say: error responses with the
 * spec's example bodies, header references (the headers themselves are described once by the docs
 * feature), and the errors every session route shares.
 */
import { ErrorEnvelope } from "../../shared/contract.ts";
import type { HeaderName } from "../../shared/headers.ts";

export const headerRefs = (headers: readonly HeaderName[]) =>
  Object.fromEntries(headers.map((h) => [h, { $ref: `#/components/headers/${h}` }]));

export function errorResponse(
  description: string,
  examples: Record<string, unknown>,
  headers: readonly HeaderName[] = [],
) {
  return {
    description,
    headers: headerRefs(headers),
    content: {
      "application/json": {
        schema: ErrorEnvelope,
        examples: Object.fromEntries(
          Object.entries(examples).map(([name, value]) => [name, { value }]),
        ),
      },
    },
  };
}

/** The documented example body of a suspended account's refusal (`reason` as an admin records it). */
export const ACCOUNT_SUSPENDED_EXAMPLE = {
  error: "account_suspended",
  message: "account suspended",
  reason: "manual_admin",
  appeal_url: "https://example.com/appeal",
};

export const SESSION_401 = errorResponse("No signed-in session.", {
  unauthorized: { error: "unauthorized", message: "unauthorized" },
});

export const NOT_JSON_400 = errorResponse(
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
