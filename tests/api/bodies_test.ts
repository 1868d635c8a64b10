/**
 * Request bodies over real sockets (issue 23): every route that reads a body reads it through the
 * one bounded reader, so a body over the route's limit is refused whatever its framing, a body
 * sent one byte at a time is answered, and a client gone mid-body is recorded as that (499), not
 * as a server error.
 */
import assert from "node:assert/strict";
import { signIn, startApi } from "../support/http.ts";
import { createKey, writePlansFile } from "../support/detect.ts";
import { kvKeys } from "../../server/platform/kv/kv_keys.ts";
import { bodyRouteHeads, rawPost } from "../../server/bench/raw_post.ts";

const encoder = new TextEncoder();
const MIB = 1024 * 1024;

/** Sends `head` then `size` bytes of `x` (in `piece`-byte writes); returns the status line. */
Deno.test("bodies: 20 MiB is refused on every route that reads one, by length or chunked", async () => {
  const plans = await writePlansFile({ api_free: { perMinute: 1000 } });
  const api = await startApi({ env: { PLANS_FILE: plans } });
  try {
    const cookie = await signIn(api.url, "big@example.com");
    const { key } = await createKey(api.url, cookie);
    for (const head of bodyRouteHeads({ cookie, key })) {
      for (const chunked of [false, true]) {
        const { answer } = await rawPost(api.url, head, {
          size: 20 * MIB,
          piece: 64 * 1024,
          chunked,
        });
        const route = `${head.split(" HTTP")[0]} ${chunked ? "chunked" : "by length"}`;
        assert.match(answer, /^HTTP\/1\.1 400 /, route);
        assert.match(answer, /request body exceeds \d+ bytes/, route);
      }
    }
  } finally {
    await api.close();
    await Deno.remove(plans);
  }
});

Deno.test("bodies: a 64 KiB detect body sent one byte at a time is answered", async () => {
  const plans = await writePlansFile({ api_free: { perMinute: 1000 } });
  const api = await startApi({ env: { PLANS_FILE: plans } });
  try {
    const { key } = await createKey(api.url, await signIn(api.url, "slow@example.com"));
    const head = `POST /api/detect HTTP/1.1\r\nAuthorization: Bearer ${key}\r\n` +
      "Content-Type: application/json\r\n";
    // Not JSON: the whole body is read before it can be refused as `bad_json`.
    const { answer: byLength } = await rawPost(api.url, head, {
      size: 64 * 1024,
      piece: 1,
      chunked: false,
    });
    assert.match(byLength, /^HTTP\/1\.1 400 /);
    assert.match(byLength, /"error":"bad_json"/);
    // In 1-byte chunks: refused once it has sent more small chunks than any ordinary client.
    const { answer: chunked } = await rawPost(api.url, head, {
      size: 64 * 1024,
      piece: 1,
      chunked: true,
    });
    assert.match(chunked, /^HTTP\/1\.1 400 /);
    assert.match(chunked, /request body sent in too many small chunks/);
    // A chunked body of ordinary chunks is read whole.
    const { answer: ordinary } = await rawPost(api.url, head, {
      size: 64 * 1024,
      piece: 4096,
      chunked: true,
    });
    assert.match(ordinary, /"error":"bad_json"/);
  } finally {
    await api.close();
    await Deno.remove(plans);
  }
});

Deno.test("bodies: a client gone mid-body is audited as 499 and logged as such, never a 500", async () => {
  const plans = await writePlansFile({ api_free: { perMinute: 1000 } });
  const api = await startApi({ env: { PLANS_FILE: plans } });
  const lines: string[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => lines.push(args.join(" "));
  try {
    const { key } = await createKey(api.url, await signIn(api.url, "gone@example.com"));
    for (let i = 0; i < 5; i++) {
      const conn = await Deno.connect({
        hostname: "127.0.0.1",
        port: Number(new URL(api.url).port),
      });
      await conn.write(encoder.encode(
        `POST /api/detect HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
          `Content-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"response": "`,
      ));
      await new Promise((r) => setTimeout(r, 50));
      conn.close();
    }
    let rows: number[] = [];
    for (let tries = 0; tries < 50 && rows.length < 5; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      rows = [];
      for await (const e of api.kv.list<{ status: number }>({ prefix: kvKeys.auditPrefix() })) {
        rows.push(e.value.status);
      }
    }
    assert.deepEqual(rows, [499, 499, 499, 499, 499]);
    assert.equal(lines.filter((l) => l.includes("handler_failed")).length, 0);
    assert.equal(lines.filter((l) => l.includes('"event":"client_closed"')).length, 5);
  } finally {
    console.error = error;
    await api.close();
    await Deno.remove(plans);
  }
});

Deno.test("bodies: a body not whole within BODY_TIMEOUT_MS is refused, by length or chunked", async () => {
  const plans = await writePlansFile({ api_free: { perMinute: 1000 } });
  const api = await startApi({ env: { PLANS_FILE: plans, BODY_TIMEOUT_MS: "300" } });
  try {
    const { key } = await createKey(api.url, await signIn(api.url, "late@example.com"));
    for (const framing of ["Content-Length: 100", "Transfer-Encoding: chunked"]) {
      const conn = await Deno.connect({
        hostname: "127.0.0.1",
        port: Number(new URL(api.url).port),
      });
      await conn.write(encoder.encode(
        `POST /api/detect HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
          `Content-Type: application/json\r\n${framing}\r\n\r\n` +
          (framing.startsWith("Content") ? '{"response": "' : 'e\r\n{"response": "\r\n'),
      ));
      const buf = new Uint8Array(4096);
      const answer = new TextDecoder().decode(buf.subarray(0, await conn.read(buf) ?? 0));
      conn.close();
      assert.match(answer, /^HTTP\/1\.1 400 /, framing);
      assert.match(answer, /request body not received in time/, framing);
    }
  } finally {
    await api.close();
    await Deno.remove(plans);
  }
});
