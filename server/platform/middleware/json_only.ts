/**
 * CSRF guard for cookie-authenticated writes: a request either has no body or says
 * `Content-Type: application/json`. HTML forms can only send urlencoded, multipart or text/plain
 * bodies cross-site, and a cross-site JSON request needs a CORS preflight, which only the
 * configured extension origins pass.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env.ts";
import { apiError } from "../errors.ts";

function isJson(contentType: string): boolean {
  return contentType.split(";")[0].trim().toLowerCase() === "application/json";
}

function hasBody(headers: Headers): boolean {
  const length = headers.get("content-length");
  return headers.has("transfer-encoding") || (length !== null && length !== "0");
}

export function jsonOnly() {
  return createMiddleware<AppEnv>(async function jsonOnlyMiddleware(c, next) {
    const contentType = c.req.header("content-type");
    const refused = contentType === undefined ? hasBody(c.req.raw.headers) : !isJson(contentType);
    if (refused) {
      throw apiError("bad_request", {
        message: "request body must be sent with Content-Type: application/json",
      });
    }
    await next();
  });
}
