/**
 * The one body reader of every route that reads a body, with that route's size limit. It reads
 * the body whole and hands it to Hono's body cache, so every later read (`c.req.text()`,
 * `json()`, `parseBody()`, the route's validator) is of those bytes.
 *
 * Why this way (measured with Deno 2.9.6, README "Connections and bodies"): a body sent in 1-byte
 * pieces arrives as thousands of chunks; a `for await` that keeps each chunk pins the 64 KiB
 * buffer Deno allocates per read (a 64 KiB body grew the process by about 3 GB). So:
 *   - a body with a Content-Length over the limit is refused before anything is read; one within
 *     it is read by `arrayBuffer()`, natively, with no JavaScript per chunk (the server never
 *     reads past a Content-Length);
 *   - a chunked body is read chunk by chunk, each copied into one buffer and dropped, and refused
 *     as soon as it passes the limit: a bounded cost per chunk, nothing kept. (A BYOB reader,
 *     which would avoid Deno's allocation per read, never resolves on a chunked body of small
 *     chunks in 2.9.6, `{ min }` or not.)
 *
 * A client that goes away mid-body is `ClientClosed`, not a server error; a body not received
 * within `timeoutMs` is refused.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env.ts";
import { type ApiError, apiError, ClientClosed } from "../errors.ts";

export interface BodyLimitOptions {
  maxBytes: number;
  /** The route's refusal of a body over `maxBytes`. */
  tooLarge: () => ApiError;
  /** Longest wait for the whole body once the route reads it. */
  timeoutMs: number;
}

/** A chunked body's first buffer; it doubles as the body grows, up to the limit. */
const FIRST_BUFFER_BYTES = 16 * 1024;

/**
 * Deno allocates 64 KiB per read of a chunked body however small the chunk (one read per chunk,
 * measured: pausing between reads does not merge them), so a body in 1-byte chunks churns 64 KiB
 * of garbage per byte (+260 MB for 64 KiB, measured). A body in more than this many chunks under
 * 1 KiB is refused: at most 64 MB of garbage per request, and no ordinary client comes near it.
 */
const SMALL_CHUNK_BYTES = 1024;
const MAX_SMALL_CHUNKS = 1024;

const notInTime = () => apiError("bad_request", { message: "request body not received in time" });

/** A failed read of a body: its connection failed (the client left), or a bug here (TypeError). */
const readFailure = (err: unknown) => err instanceof TypeError ? err : new ClientClosed();

/** A chunked body, copied chunk by chunk into one buffer within `maxBytes`. */
async function readChunked(
  body: ReadableStream<Uint8Array>,
  { maxBytes, tooLarge }: BodyLimitOptions,
  deadline: AbortSignal,
): Promise<ArrayBuffer> {
  const reader = body.getReader();
  const cancel = () => reader.cancel().catch(() => {});
  deadline.addEventListener("abort", cancel);
  let buffer = new Uint8Array(Math.min(FIRST_BUFFER_BYTES, maxBytes));
  let size = 0;
  let smallChunks = 0;
  try {
    while (true) {
      const read = await reader.read().catch((err) => {
        throw readFailure(err);
      });
      if (deadline.aborted) throw notInTime();
      if (read.done) return buffer.buffer.slice(0, size);
      const end = size + read.value.byteLength;
      if (end > maxBytes) {
        await cancel();
        throw tooLarge();
      }
      if (end > buffer.byteLength) {
        const grown = new Uint8Array(Math.min(Math.max(buffer.byteLength * 2, end), maxBytes));
        grown.set(buffer.subarray(0, size));
        buffer = grown;
      }
      // Copied, not kept: the chunk is a view of a 64 KiB buffer that keeping it would pin.
      buffer.set(read.value, size);
      size = end;
      if (read.value.byteLength < SMALL_CHUNK_BYTES && ++smallChunks > MAX_SMALL_CHUNKS) {
        await cancel();
        throw apiError("bad_request", { message: "request body sent in too many small chunks" });
      }
    }
  } finally {
    deadline.removeEventListener("abort", cancel);
  }
}

/** Reads `request`'s body whole, or throws the route's refusal; `null` when it has none. */
export async function readBody(
  request: Request,
  options: BodyLimitOptions,
): Promise<ArrayBuffer | null> {
  const body = request.body;
  if (!body) return null;
  const declared = request.headers.get("content-length");
  if (Number(declared) > options.maxBytes) {
    await body.cancel().catch(() => {});
    throw options.tooLarge();
  }
  const deadline = AbortSignal.timeout(options.timeoutMs);
  if (declared === null) return await readChunked(body, options, deadline);
  const late = new Promise<never>((_, reject) =>
    deadline.addEventListener("abort", () => reject(notInTime()))
  );
  return await Promise.race([
    request.arrayBuffer().catch((err) => {
      throw readFailure(err);
    }),
    late,
  ]);
}

/** Reads the body (see `readBody`) into the context's body cache; later reads use those bytes. */
export function bodyLimit(options: BodyLimitOptions) {
  return createMiddleware<AppEnv>(async function bodyLimitMiddleware(c, next) {
    const bytes = await readBody(c.req.raw, options);
    // Hono keeps promises in its body cache, whatever its declared type says.
    if (bytes) c.req.bodyCache = { arrayBuffer: Promise.resolve(bytes) as unknown as ArrayBuffer };
    await next();
  });
}
