/**
 * `Cache-Control: no-store` for answers that carry a plaintext key or account data: no browser or
 * proxy cache keeps them after the tab is closed or the session signed out.
 */
import { createMiddleware } from "hono/factory";

export function noStore() {
  return createMiddleware(async function noStoreMiddleware(c, next) {
    await next();
    c.header("Cache-Control", "no-store");
  });
}
