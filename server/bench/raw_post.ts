/**
 * A POST written by hand on a raw socket, its body in pieces of a chosen size (by Content-Length
 * or chunked), as a slow or hostile client sends it; and the heads of every route that reads a
 * body. For the probe and the body tests.
 */
const encoder = new TextEncoder();

/** The request heads (request line and headers, no Host or framing) of every route with a body. */
export function bodyRouteHeads({ cookie, key }: { cookie: string; key: string }): string[] {
  return [
    `POST /api/detect HTTP/1.1\r\nAuthorization: Bearer ${key}\r\n`,
    `POST /api/web/detect HTTP/1.1\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\n`,
    `POST /api/keys HTTP/1.1\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\n`,
    "POST /auth/dev/signin HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\n",
    `POST /auth/signout HTTP/1.1\r\nCookie: ${cookie}\r\n`,
  ];
}

/**
 * Sends `head` and a body of `size` bytes in `piece`-byte writes, stopping once the server has
 * answered; returns the answer's first read ("closed" when the connection ended without one, "no
 * answer" past `limitMs`) and the milliseconds until then.
 */
export async function rawPost(
  url: string,
  head: string,
  { size, piece, chunked, limitMs = 30_000 }: {
    size: number;
    piece: number;
    chunked: boolean;
    limitMs?: number;
  },
): Promise<{ answer: string; ms: number }> {
  const started = performance.now();
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(new URL(url).port) });
  conn.setNoDelay(true);
  const framing = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${size}`;
  await conn.write(encoder.encode(`${head}Host: 127.0.0.1\r\n${framing}\r\n\r\n`));
  let answer = "";
  const answered = (async () => {
    const buf = new Uint8Array(4096);
    const n = await conn.read(buf);
    answer = n === null ? "closed" : new TextDecoder().decode(buf.subarray(0, n));
  })().catch(() => answer = "closed");
  const data = new Uint8Array(piece).fill(0x78);
  const frame = chunked
    ? new Uint8Array([...encoder.encode(`${piece.toString(16)}\r\n`), ...data, 13, 10])
    : data;
  try {
    for (let sent = 0; sent < size && !answer; sent += piece) {
      if (performance.now() - started > limitMs) break;
      await conn.write(frame);
    }
    if (chunked && !answer) await conn.write(encoder.encode("0\r\n\r\n"));
  } catch {
    // Closed by the server after its answer.
  }
  const left = Math.max(0, limitMs - (performance.now() - started));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([answered, new Promise((r) => timer = setTimeout(r, left))]);
  clearTimeout(timer);
  conn.close();
  return { answer: answer || "no answer", ms: Math.round(performance.now() - started) };
}
