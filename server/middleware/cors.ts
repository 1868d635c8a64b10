/**
 * CORS for the session routes: the browser extension's service worker (origin
 * `chrome-extension://<id>`) calls them with `credentials: "include"`. Only origins listed in
 * EXTENSION_ORIGINS are echoed back, with credentials allowed; any other origin gets no CORS
 * headers, so browsers keep its pages from reading the responses or sending JSON writes.
 */
import { cors } from "hono/cors";
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
  return cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    credentials: true,
    allowMethods: ["GET", "POST", "DELETE"],
    allowHeaders: ["Content-Type", "X-Request-Id"],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
}
