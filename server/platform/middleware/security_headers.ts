/**
 * The browser-facing headers of every answer: `nosniff` on all of them, and on every HTML page
 * (sign-in, home, dashboard, API reference) a Content-Security-Policy with no inline script and
 * no inline style (pages load their CSS and scripts from this origin), framing refused twice
 * (CSP `frame-ancestors` and the older `X-Frame-Options`) and no Referer sent to other sites.
 */
import { createMiddleware } from "hono/factory";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

export function securityHeaders() {
  return createMiddleware(async function securityHeadersMiddleware(c, next) {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    if (!c.res.headers.get("Content-Type")?.startsWith("text/html")) return;
    c.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    c.header("X-Frame-Options", "DENY");
    c.header("Referrer-Policy", "same-origin");
  });
}
