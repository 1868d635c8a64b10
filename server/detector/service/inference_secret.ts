/** Guards the internal routes: the caller must send the shared `X-Inference-Secret`. */
import type { MiddlewareHandler } from "hono";
import { INFERENCE_SECRET_HEADER } from "../../../shared/headers.ts";

const encoder = new TextEncoder();

/** Compares two strings in time independent of where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const a = encoder.encode(given), b = encoder.encode(expected);
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a[i] ?? 0) ^ b[i];
  return diff === 0;
}

export function inferenceSecret(secret: string): MiddlewareHandler {
  return async function checkInferenceSecret(c, next) {
    const given = c.req.header(INFERENCE_SECRET_HEADER);
    if (given === undefined || !sameSecret(given, secret)) {
      return c.json({ detail: "invalid_inference_secret" }, 401);
    }
    await next();
  };
}
