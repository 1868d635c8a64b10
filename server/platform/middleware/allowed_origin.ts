/**
 * CSRF guard for cookie-authenticated writes: a request whose `Origin` is neither this server's
 * (its PUBLIC_URL, or the address it was reached at) nor a listed extension origin is refused.
 * SameSite=Lax does not cover this: another port of the same host is the same site. A request
 * without `Origin` is not a browser's cross-origin write (browsers send it on every POST and
 * DELETE that crosses origins), so API clients such as curl keep working.
 */
import { createMiddleware } from "hono/factory";
import type { Config } from "../config.ts";
import { apiError } from "../errors.ts";
import type { OptionalRequestIdEnv } from "./request_id.ts";

export function allowedOrigin({ config }: { config: Config }) {
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.extensionOrigins]);
  return createMiddleware<OptionalRequestIdEnv>(async function allowedOriginMiddleware(c, next) {
    const origin = c.req.header("Origin");
    if (origin !== undefined && !allowed.has(origin) && origin !== new URL(c.req.url).origin) {
      throw apiError("bad_request", {
        message: "cross-origin request refused",
        request_id: c.get("requestId"),
      });
    }
    await next();
  });
}
