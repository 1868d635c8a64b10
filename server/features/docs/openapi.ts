/**
 * The OpenAPI 3.1 description of the public `/api` surface (machine description version 0.1.1):
 * paths and schemas generated from the routes' definitions in each feature (their zod bodies,
 * queries, path parameters and responses), and here what they do not say: the document's info and
 * tags, security schemes and header semantics.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { ERROR_CODES } from "../../../shared/contract.ts";
import type { AppEnv } from "../../platform/env.ts";
import { HEADER } from "../../../shared/headers.ts";

export const API_VERSION = "0.1.1";

/** The app whose routes' definitions make the paths (an `OpenAPIHono`). */
export type DescribedRoutes = Pick<OpenAPIHono<AppEnv>, "getOpenAPI31Document">;

/** The OpenAPI 3.1 types (openapi3-ts's, as the generator of `@hono/zod-openapi` returns them). */
type GeneratedDocument = ReturnType<DescribedRoutes["getOpenAPI31Document"]>;
type Components = NonNullable<GeneratedDocument["components"]>;
export type PathItem = NonNullable<GeneratedDocument["paths"]>[string];
export type Operation = NonNullable<PathItem["get"]>;
export type ResponseOrRef = NonNullable<NonNullable<Operation["responses"]>["default"]>;
/** A schema or a `$ref` to one (wherever OpenAPI allows either). */
export type SchemaOrRef = NonNullable<Components["schemas"]>[string];
export type Reference = Extract<SchemaOrRef, { $ref: string }>;
export type Schema = Exclude<SchemaOrRef, Reference>;

type HeaderOrRef = NonNullable<Components["headers"]>[string];

export const isReference = (value: object): value is Reference =>
  "$ref" in value && typeof value.$ref === "string";

const intHeader = (description: string): HeaderOrRef => ({
  description,
  schema: { type: "integer", minimum: 0 },
});
const stringHeader = (description: string): HeaderOrRef => ({
  description,
  schema: { type: "string" },
});

const HEADERS: Record<string, HeaderOrRef> = {
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

const INFO = {
  title: "Hallucination Detection API",
  version: API_VERSION,
  description: "Scores LLM-generated text for hallucination risk. Zero retention: prompts " +
    "and responses are never stored. API keys (sk_*) are for server-side use only.",
};

/** The served document: what the generator makes optional is always there. */
export type OpenApiDocument = GeneratedDocument & {
  info: typeof INFO;
  servers: { url: string }[];
  paths: Record<string, PathItem>;
  components: Components & Required<Pick<Components, "schemas" | "headers" | "securitySchemes">>;
};

/**
 * The document: `paths` and `components.schemas` as the feature routers' definitions generate
 * them (`@hono/zod-openapi`), everything else described here.
 */
export function openApiDocument(publicUrl: string, routes: DescribedRoutes): OpenApiDocument {
  const generated = routes.getOpenAPI31Document({ openapi: "3.1.0", info: INFO });
  const schemas = generated.components?.schemas ?? {};
  const envelope = schemas.ErrorEnvelope;
  const error = envelope && !isReference(envelope) ? envelope.properties?.error : undefined;
  if (error && !isReference(error)) {
    error.description = `One of ${ERROR_CODES.join(", ")}; codes are added compatibly, never ` +
      "removed.";
  }
  return {
    openapi: "3.1.0",
    info: INFO,
    servers: [{ url: publicUrl }],
    tags: [
      { name: "Detect", description: "Hallucination scoring." },
      { name: "Keys", description: "API keys of the signed-in user (dashboard session)." },
      { name: "Usage", description: "Usage of the signed-in user (dashboard session)." },
      { name: "Reference", description: "This description and its readable page." },
    ],
    paths: generated.paths ?? {},
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
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a < b ? -1 : 1)),
    },
  };
}
