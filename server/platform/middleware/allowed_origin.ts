/**
 * CSRF guard for cookie-authenticated writes: a browser's request (one with `Origin`) is refused
 * when its `Origin` is neither this server's nor a listed extension origin, or when it is
 * addressed (`Host`) to any name but this server's. This server's names come from the configuration, never from the request: PUBLIC_URL,
 * and for a loopback HOST the loopback names on PORT. Trusting the request's own Host would let a
 * DNS-rebinding page (Host and Origin both the attacker's name, resolving to this server) pass.
 * SameSite=Lax does not cover this either: another port of the same host is the same site. A
 * request without `Origin` is not a browser's cross-origin write (browsers send it on every POST
 * and DELETE that crosses origins), so API clients such as curl keep working.
 */
import { createMiddleware } from "hono/factory";
import { CROSS_ORIGIN_REFUSED } from "../../../shared/contract.ts";
import { type Config, isLoopback } from "../config.ts";
import { apiError } from "../errors.ts";
import type { OptionalRequestIdEnv } from "./request_id.ts";

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];

/** The origins this server is reached at: PUBLIC_URL's, and loopback ones on a loopback HOST. */
export function ownOrigins(config: Config): string[] {
  const loopback = isLoopback(config.host)
    ? LOOPBACK_NAMES.map((name) => `http://${name}:${config.port}`)
    : [];
  return [new URL(config.publicUrl).origin, ...loopback];
}

export function allowedOrigin({ config }: { config: Config }) {
  const own = ownOrigins(config);
  const hosts = new Set(own.map((origin) => new URL(origin).host));
  const allowed = new Set([...own, ...config.extensionOrigins]);
  return createMiddleware<OptionalRequestIdEnv>(async function allowedOriginMiddleware(c, next) {
    const origin = c.req.header("Origin");
    const host = c.req.header("Host");
    const foreignHost = host !== undefined && !hosts.has(host.toLowerCase());
    if (origin !== undefined && (!allowed.has(origin) || foreignHost)) {
      throw apiError("bad_request", {
        message: CROSS_ORIGIN_REFUSED,
        request_id: c.get("requestId"),
      });
    }
    await next();
  });
}
