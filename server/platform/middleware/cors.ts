/**
 * CORS for the session routes: the browser extension's service worker (origin
 * `chrome-extension://<id>`) calls them with `credentials: "include"`. Only origins listed in
 * EXTENSION_ORIGINS are echoed back, with credentials allowed; any other origin (or none) gets no
 * CORS header at all, so browsers keep its pages from reading the responses or sending JSON writes.
 */
import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import { EXPOSED_HEADERS, HEADER } from "../../../shared/headers.ts";
import type { Config } from "../config.ts";

export function sessionCors({ config }: { config: Config }) {
  const allowed = new Set(config.extensionOrigins);
  const extensionCors = cors({
    origin: (origin) => origin,
    credentials: true,
    allowMethods: ["GET", "POST", "DELETE"],
    allowHeaders: ["Content-Type", HEADER.requestId],
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
