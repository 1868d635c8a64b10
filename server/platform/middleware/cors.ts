/**
 * CORS for the session routes: the browser extension's service worker (origin
 * `chrome-extension://<id>`) calls them with `credentials: "include"`. Only origins listed in
 * EXTENSION_ORIGINS are echoed back, with credentials allowed; any other origin (or none) gets no
 * CORS header at all, so browsers keep its pages from reading the responses or sending JSON writes.
 */
import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import type { Config } from "../config.ts";

/** Response headers the extension reads, beyond the CORS-safelisted ones. */
const EXPOSED_HEADERS = [
  "X-Request-Id",
  "X-Client-Request-Id",
  "X-Units-Billed",
  "X-Detections-Billed",
  "X-Quota-Period",
  "X-Quota-Remaining",
  "X-Plan",
  "X-Quota-Type",
  "X-Quota-Limit",
  "X-Quota-Period-Used",
  "X-Account-Status",
  "Retry-After",
];

export function sessionCors({ config }: { config: Config }) {
  const allowed = new Set(config.extensionOrigins);
  const extensionCors = cors({
    origin: (origin) => origin,
    credentials: true,
    allowMethods: ["GET", "POST", "DELETE"],
    allowHeaders: ["Content-Type", "X-Request-Id"],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
  return createMiddleware(async function sessionCorsMiddleware(c, next) {
    // Hono's cors sends Allow-Credentials even when it allows no origin: skip it entirely then.
    if (allowed.has(c.req.header("Origin") ?? "")) return await extensionCors(c, next);
    await next();
    c.header("Vary", "Origin", { append: true });
  });
}
