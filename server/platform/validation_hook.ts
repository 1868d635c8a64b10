/**
 * Request validation by the routes' own schemas. Each route declares its body, query and path
 * parameters in its `createRoute`; `@hono/zod-openapi` checks them after the route's middleware
 * (authentication, rate limit, body limit: their refusals come first) and hands the handler
 * `c.req.valid(...)`. What a refusal answers is decided here, in one hook:
 *
 *   - body: `jsonBody()` (the route's last middleware) answers `bad_json` for a body that is not
 *     JSON, then the router's `BodyRefusal` answers for JSON its schema refused (the detect routes:
 *     the spec's order, `response_required`, `input_too_long`, then a `detail` text);
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
import { type DetectRequestFailure, detectRequestFailure } from "../../shared/detect_request.ts";
import { BAD_JSON_MESSAGE, parseJsonText } from "../../shared/json_text.ts";
import { formatZodIssues } from "../../shared/zod_issues.ts";
import type { AppEnv } from "./env.ts";
import { type ApiError, apiError, detailError, notFound } from "./errors.ts";

/** The answer to a JSON body the route's schema refused (`body` is that JSON, parsed). */
export type BodyRefusal = (body: unknown, error: z.ZodError) => ApiError;

/** A refused body's issues as a `detail` text (unknown properties are not named). */
export const refuseByIssues: BodyRefusal = (_body, error) => detailError(formatZodIssues(error));

/** A detect failure as its error: a spec code with its fields, or a `detail` text. */
function detectFailureError(failure: DetectRequestFailure): ApiError {
  if (failure.code === null) return detailError(failure.detail);
  const { code, ...extras } = failure;
  return apiError(code, extras);
}

/** The detect routes: the spec's order of 400s, shared with the detector's own parse. */
export const refuseDetectBody: BodyRefusal = (body, error) =>
  detectFailureError(detectRequestFailure(body, error));

/** `POST /api/keys`: one fixed message, since zod's texts would echo caller property names. */
export const refuseKeyBody: BodyRefusal = () =>
  apiError("bad_request", {
    message: "body must be an object with at most an optional string (or null) property name",
  });

/** The default hook of a router whose JSON bodies `refuseBody` answers for. */
export function validationHook(refuseBody: BodyRefusal = refuseByIssues): Hook<
  unknown,
  AppEnv,
  string,
  Promise<void>
> {
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

/** A feature router: an `OpenAPIHono` whose routes are validated by `validationHook`. */
export function createRouter(refuseBody?: BodyRefusal): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook(refuseBody) });
}

/**
 * The last middleware of a route with a JSON body: reads the body (whatever its Content-Type:
 * the Bearer detect route parses any body; the session routes' `jsonOnly` has already refused
 * other types) and answers `bad_json` when it is not JSON, so the validator after it only ever
 * sees JSON. With `emptyIsObject`, an empty or blank body is `{}` (a key without a name).
 * The request is then marked `application/json`, the only type the route's validator reads (and
 * its media-type gate would refuse any other with a 415 outside the spec).
 */
export function jsonBody({ emptyIsObject = false } = {}) {
  return createMiddleware<AppEnv>(async function jsonBodyMiddleware(c, next) {
    const raw = c.req.raw;
    let text = await c.req.text();
    if (emptyIsObject && text.trim() === "") text = "{}";
    if (!parseJsonText(text).ok) throw apiError("bad_json", { message: BAD_JSON_MESSAGE });
    const headers = new Headers(raw.headers);
    headers.set("content-type", "application/json");
    headers.delete("content-length"); // the text's own length, from here on
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body: text });
    c.req.bodyCache = {}; // the validator reads the new request's text
    await next();
  });
}
