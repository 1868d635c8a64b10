/**
 * Request validation by the routes' own schemas. Each route declares its body, query and path
 * parameters in its `createRoute`; `@hono/zod-openapi` checks them after the route's middleware
 * (authentication, rate limit: their refusals come first) and hands the handler
 * `c.req.valid(...)`. What a refusal answers is decided here, in one hook:
 *
 *   - body: `jsonBody()` (the route's last middleware) reads it within the route's size limit and
 *     answers `bad_json` for a body that is not JSON, then the router's `BodyRefusal` answers for
 *     JSON its schema refused (the detect routes' is the spec's order, `response_required`,
 *     `input_too_long`, then a `detail` text);
 *   - query: 400 `bad_request` with the schema's own message (fixed texts, never caller text);
 *   - path parameters: the spec's one 404 (`not_found`): an id of the wrong shape names nothing;
 *   - headers: only described (the detect routes' X-Request-Id, which their first middleware has
 *     already checked); a refusal would be a `detail` text.
 *
 * Every feature router is made by `createRouter`, so every route gets the hook.
 */
import { type Hook, OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { z } from "zod";
import { BAD_JSON_MESSAGE, parseJsonText } from "../../shared/json_text.ts";
import { formatZodIssues } from "../../shared/zod_issues.ts";
import type { AppEnv } from "./env.ts";
import { type BodyLimitOptions, readBody } from "./middleware/body_limit.ts";
import { type ApiError, apiError, detailError, notFound } from "./errors.ts";

/** The answer to a JSON body the route's schema refused (`body` is that JSON, parsed). */
export type BodyRefusal = (body: unknown, error: z.ZodError) => ApiError;

/** A refused body's issues as a `detail` text (unknown properties are not named). */
export const refuseByIssues: BodyRefusal = (_body, error) => detailError(formatZodIssues(error));

/**
 * A Content-Type that both checks after `jsonBody()` take as JSON: @hono/zod-openapi's media-type
 * gate (this is its pattern, the stricter one) and Hono's json validator.
 */
function isJsonType(contentType: string | undefined): boolean {
  return /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i.test(contentType ?? "");
}

/** The default hook of a router whose JSON bodies `refuseBody` answers for. */
export function validationHook<E extends AppEnv>(
  refuseBody: BodyRefusal = refuseByIssues,
): Hook<unknown, E, string, Promise<void>> {
  return async (result, c) => {
    if (result.success) return;
    const { error } = result;
    switch (result.target) {
      case "json":
        // jsonBody() has made sure the body is JSON text (read once, then cached).
        throw refuseBody(await c.req.json(), error);
      case "query":
        throw apiError("bad_request", { message: error.issues.map((i) => i.message).join("; ") });
      case "param":
        throw notFound();
      default:
        throw detailError(formatZodIssues(error));
    }
  };
}

/**
 * A feature router: an `OpenAPIHono` whose routes are validated by `validationHook` (`E`: the
 * variables every route of it has, when the router applies their middleware to all of them).
 */
export function createRouter<E extends AppEnv = AppEnv>(refuseBody?: BodyRefusal): OpenAPIHono<E> {
  return new OpenAPIHono<E>({ defaultHook: validationHook<E>(refuseBody) });
}

/**
 * The last middleware of a route with a JSON body, and its one read of it: the body is read whole
 * within the route's limit (`readBody`, middleware/body_limit.ts), whatever its Content-Type (the
 * Bearer detect route parses any body; the session routes' `jsonOnly` has already refused other
 * types), and answered `bad_json` when it is not JSON, so the validator after it only ever sees
 * JSON. With `emptyIsObject`, an empty or blank body is `{}` (a key without a name).
 * The request is then marked `application/json`, the only type the route's validator reads (and
 * its media-type gate would refuse any other with a 415 outside the spec).
 */
export function jsonBody({ emptyIsObject = false, ...limit }: BodyLimitOptions & {
  emptyIsObject?: boolean;
}) {
  return createMiddleware<AppEnv>(async function jsonBodyMiddleware(c, next) {
    const bytes = await readBody(c.req.raw, limit);
    const text = bytes ? new TextDecoder().decode(bytes) : "";
    const body = emptyIsObject && text.trim() === "" ? "{}" : text;
    if (!parseJsonText(body).ok) throw apiError("bad_json", { message: BAD_JSON_MESSAGE });
    const raw = c.req.raw;
    if (!isJsonType(raw.headers.get("content-type") ?? undefined)) {
      const headers = new Headers(raw.headers);
      headers.set("content-type", "application/json");
      c.req.raw = new Request(raw.url, { method: raw.method, headers });
    }
    // The validator and the hook read this text: no second read or decoding of the body.
    // (Hono keeps promises in its body cache, whatever its declared type says.)
    c.req.bodyCache = { text: Promise.resolve(body) as unknown as string };
    await next();
  });
}
