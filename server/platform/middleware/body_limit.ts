/**
 * Bounds a request body that a route reads whole: a body over `maxBytes` (by its Content-Length,
 * or once that many bytes of a chunked body have arrived) is refused with `tooLarge()`. The body
 * stream is cancelled then, so the server stops waiting on it and the connection is closed after
 * the answer: Hono's bodyLimit leaves a chunked body locked and half-read, and a client still
 * writing it blocks forever on a socket nobody reads.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env.ts";
import type { ApiError } from "../errors.ts";

export function bodyLimit({ maxBytes, tooLarge }: { maxBytes: number; tooLarge: () => ApiError }) {
  return createMiddleware<AppEnv>(async function bodyLimitMiddleware(c, next) {
    const body = c.req.raw.body;
    if (!body) return await next();
    if (Number(c.req.header("content-length") ?? 0) > maxBytes) {
      await body.cancel();
      throw tooLarge();
    }
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(); // leaving the loop cancels the stream
      chunks.push(chunk as Uint8Array<ArrayBuffer>);
    }
    c.req.raw = new Request(c.req.raw, { body: new Blob(chunks) });
    await next();
  });
}
