/**
 * Regression tests of the defects a black-box probe found (issue 11), over real HTTP against a
 * real KV file: open redirects by dot-segments, 500s on over-long KV keys, a chunked oversize body
 * left half-read, the web 401 without `request_id`, plaintext session ids in the KV, cross-origin
 * cookie writes, key creation by a suspended account, and credentials allowed without an origin;
 * and audit rows that never expired.
 */
import assert from "node:assert/strict";
import { signIn, startApi } from "../support/http.ts";
import { createKey, recordServed, writePlansFile } from "../support/detect.ts";
import { getUserByEmail, updateUser } from "../../server/features/auth/users.ts";
import { listApiKeysByUser } from "../../server/features/keys/api_keys.ts";
import { MAX_BODY_BYTES } from "../../server/features/detect/router.ts";
import { AUDIT_RETENTION_MS } from "../../server/features/metering/audit.ts";
import { loadPlans } from "../../server/features/billing/plans.ts";
import { DatabaseSync } from "node:sqlite";

const EXTENSION = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";

async function drained(res: Response): Promise<Response> {
  await res.body?.cancel();
  return res;
}

Deno.test("return_to: dot-segments that normalise to //host land on /", async () => {
  const api = await startApi({ env: { OIDC_ISSUER: "http://127.0.0.1:9/", OIDC_CLIENT_ID: "x" } });
  try {
    const family = [
      "/.//evil.example",
      "/..//evil.example",
      "/a/..//evil.example",
      "/%2e//evil.example",
      "/%2E%2E//evil.example",
      "/.///evil.example/path",
      "/a/b/../..//evil.example",
    ];
    for (const returnTo of family) {
      const res = await drained(
        await fetch(`${api.url}/auth/dev/signin`, {
          method: "POST",
          body: new URLSearchParams({ email: "a@example.com", return_to: returnTo }),
          redirect: "manual",
        }),
      );
      assert.equal(res.headers.get("location"), "/", returnTo);
      const page = await (await fetch(
        `${api.url}/auth/signin?${new URLSearchParams({ return_to: returnTo })}`,
      )).text();
      assert.match(page, /name="return_to" value="\/"/, returnTo);
      // The OAuth links of the page carry the same checked value.
      assert.match(page, /provider=oidc&amp;return_to=%2F"/, returnTo);
    }
  } finally {
    await api.close();
  }
});

Deno.test("over-long session cookies and OAuth states are 401/400, never 500", async () => {
  const api = await startApi();
  try {
    const cookie = `__session=${"A".repeat(4096)}`;
    const cases: [string, RequestInit, number][] = [
      ["/", {}, 200],
      ["/api/usage/summary", {}, 401],
      ["/api/keys", {}, 401],
      ["/api/keys", { method: "POST", body: "{}" }, 401],
      ["/api/web/detect", { method: "POST", body: '{"response":"x"}' }, 401],
      ["/auth/signout", { method: "POST" }, 303],
    ];
    for (const [path, init, status] of cases) {
      const res = await drained(
        await fetch(`${api.url}${path}`, {
          ...init,
          headers: { cookie, "content-type": "application/json" },
          redirect: "manual",
        }),
      );
      assert.equal(res.status, status, `${init.method ?? "GET"} ${path}`);
    }
    const callback = await fetch(`${api.url}/auth/callback?state=${"s".repeat(4096)}&code=c`);
    assert.equal(callback.status, 400);
    assert.deepEqual(await callback.json(), { error: "bad_request", message: "invalid_state" });
  } finally {
    await api.close();
  }
});

Deno.test("a chunked body over the limit is answered and the connection not left half-read", async () => {
  const plans = await writePlansFile({ api_free: { perMinute: 1000 } });
  const api = await startApi({ env: { PLANS_FILE: plans } });
  try {
    const { key } = await createKey(api.url, await signIn(api.url, "big@example.com"));
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(new URL(api.url).port) });
    const encoder = new TextEncoder();
    const chunk = new Uint8Array(64 * 1024).fill(0x78);
    // A client that writes its whole 8 MiB body before reading the answer.
    const written = (async () => {
      await conn.write(encoder.encode(
        `POST /api/detect HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n` +
          "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
      ));
      for (let sent = 0; sent < 8 << 20; sent += chunk.length) {
        await conn.write(encoder.encode(`${chunk.length.toString(16)}\r\n`));
        await conn.write(chunk);
        await conn.write(encoder.encode("\r\n"));
      }
      await conn.write(encoder.encode("0\r\n\r\n"));
      return "whole body written";
    })().catch(() => "connection closed by the server");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const outcome = await Promise.race([
      written,
      new Promise((r) => timer = setTimeout(() => r("client still blocked after 5 s"), 5_000)),
    ]);
    clearTimeout(timer);
    assert.notEqual(outcome, "client still blocked after 5 s");
    const buf = new Uint8Array(4096);
    const n = await conn.read(buf).catch(() => null);
    conn.close();
    if (n !== null) {
      const answer = new TextDecoder().decode(buf.subarray(0, n));
      assert.match(answer, /^HTTP\/1\.1 400 /);
      assert.ok(answer.includes(`request body exceeds ${MAX_BODY_BYTES} bytes`));
    }
  } finally {
    await api.close();
    await Deno.remove(plans);
  }
});

Deno.test("web detect: the 401 body carries request_id, as /api/detect's does", async () => {
  const api = await startApi();
  try {
    const res = await fetch(`${api.url}/api/web/detect`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "web-401-id" },
      body: '{"response":"x"}',
    });
    assert.equal(res.status, 401);
    const body = await res.json();
    assert.equal(body.error, "unauthorized");
    assert.equal(body.request_id, "web-401-id");
    assert.equal(res.headers.get("x-request-id"), "web-401-id");
  } finally {
    await api.close();
  }
});

Deno.test("sessions: the cookie's token is stored nowhere in the KV file", async () => {
  const api = await startApi();
  try {
    const cookie = await signIn(api.url, "token@example.com");
    const token = cookie.slice("__session=".length);
    assert.equal((await fetch(`${api.url}/api/keys`, { headers: { cookie } })).status, 200);
    const dump: string[] = [];
    for await (const entry of api.kv.list({ prefix: [] })) {
      dump.push(JSON.stringify(entry.key), JSON.stringify(entry.value));
    }
    assert.ok(dump.length > 0);
    assert.ok(!dump.some((text) => text.includes(token)), "the session token is not in the KV");
    // Recent writes are in SQLite's write-ahead log until a checkpoint: read both files.
    const files = [api.deps.config.kvPath, `${api.deps.config.kvPath}-wal`];
    const bytes = await Promise.all(files.map((f) => Deno.readFile(f).catch(() => null)));
    const file = bytes.map((b) => b ? new TextDecoder("latin1").decode(b) : "").join("");
    assert.ok(file.includes("token@example.com"), "the file dump holds the KV's entries");
    assert.ok(!file.includes(token), "nor in the file");
  } finally {
    await api.close();
  }
});

Deno.test("cookie writes from another origin are refused; own and extension origins pass", async () => {
  const api = await startApi({ env: { EXTENSION_ORIGINS: EXTENSION } });
  try {
    const cookie = await signIn(api.url, "origin@example.com");
    const user = (await getUserByEmail(api.kv, "origin@example.com"))!;
    const { id } = await createKey(api.url, cookie);
    const otherPort = new URL(api.url);
    otherPort.port = String(Number(otherPort.port) + 1);
    for (const origin of ["https://evil.example", otherPort.origin, "null"]) {
      for (const [method, path] of [["POST", "/api/keys"], ["DELETE", `/api/keys/${id}`]]) {
        const res = await fetch(`${api.url}${path}`, { method, headers: { cookie, origin } });
        assert.equal(res.status, 400, `${method} ${path} from ${origin}`);
        assert.deepEqual(await res.json(), {
          error: "bad_request",
          message: "cross-origin request refused",
        });
      }
      const detect = await drained(
        await fetch(`${api.url}/api/web/detect`, {
          method: "POST",
          headers: { cookie, origin, "content-type": "application/json" },
          body: '{"response":"x"}',
        }),
      );
      assert.equal(detect.status, 400, `web detect from ${origin}`);
      const signout = await drained(
        await fetch(`${api.url}/auth/signout`, {
          method: "POST",
          headers: { cookie, origin },
          redirect: "manual",
        }),
      );
      assert.equal(signout.status, 400, `sign-out from ${origin}`);
    }
    const keys = await listApiKeysByUser(api.kv, user.id);
    assert.deepEqual(keys.map((k) => [k.id, k.revokedAt]), [[id, null]], "nothing changed");

    for (const origin of [new URL(api.url).origin, EXTENSION]) {
      const res = await drained(
        await fetch(`${api.url}/api/keys`, { method: "POST", headers: { cookie, origin } }),
      );
      assert.equal(res.status, 201, origin);
    }
  } finally {
    await api.close();
  }
});

Deno.test("a suspended account cannot create keys, and can still read usage and its keys", async () => {
  const api = await startApi({ env: { APPEAL_URL: "https://example.com/appeal-here" } });
  try {
    const cookie = await signIn(api.url, "suspended@example.com");
    const { id } = await createKey(api.url, cookie);
    const user = (await getUserByEmail(api.kv, "suspended@example.com"))!;
    await updateUser(api.kv, user.id, (u) => ({
      ...u,
      status: "suspended",
      suspendReason: "manual_admin",
    }));
    const res = await fetch(`${api.url}/api/keys`, { method: "POST", headers: { cookie } });
    assert.equal(res.status, 403);
    assert.equal(res.headers.get("x-account-status"), "suspended");
    const body = await res.json();
    assert.equal(body.error, "account_suspended");
    assert.equal(body.reason, "manual_admin");
    assert.equal(body.appeal_url, "https://example.com/appeal-here");
    assert.equal((await listApiKeysByUser(api.kv, user.id)).length, 1, "no key created");

    const usage = await drained(
      await fetch(`${api.url}/api/usage/summary`, { headers: { cookie } }),
    );
    assert.equal(usage.status, 200);
    const list = await drained(await fetch(`${api.url}/api/keys`, { headers: { cookie } }));
    assert.equal(list.status, 200);
    const revoke = await drained(
      await fetch(`${api.url}/api/keys/${id}`, { method: "DELETE", headers: { cookie } }),
    );
    assert.equal(revoke.status, 200, "a suspended account can still revoke its keys");
  } finally {
    await api.close();
  }
});

Deno.test("cors: no Access-Control-Allow-Credentials without an allowed origin", async () => {
  const api = await startApi({ env: { EXTENSION_ORIGINS: EXTENSION } });
  try {
    for (const headers of [{}, { origin: "https://evil.example" }] as Record<string, string>[]) {
      for (const method of ["GET", "OPTIONS"]) {
        const res = await drained(
          await fetch(`${api.url}/api/keys`, {
            method,
            headers: { ...headers, "access-control-request-method": "POST" },
          }),
        );
        assert.equal(res.headers.get("access-control-allow-credentials"), null, method);
        assert.equal(res.headers.get("access-control-allow-origin"), null, method);
        assert.match(res.headers.get("vary") ?? "", /origin/i);
      }
    }
    const allowed = await drained(
      await fetch(`${api.url}/api/keys`, { headers: { origin: EXTENSION } }),
    );
    assert.equal(allowed.headers.get("access-control-allow-credentials"), "true");
    assert.equal(allowed.headers.get("access-control-allow-origin"), EXTENSION);
  } finally {
    await api.close();
  }
});

Deno.test("audit rows expire after the stated retention, served and refused alike", async () => {
  const api = await startApi();
  try {
    const refused = await fetch(`${api.url}/api/detect`, { method: "POST", body: "{}" });
    assert.equal(refused.status, 401);
    await refused.body?.cancel();
    const now = new Date();
    const plan = loadPlans(undefined).get("scale")!;
    const outcome = await recordServed(api.kv, { userId: "u", plan, now });
    assert.ok(outcome.recorded);
    // Deno KV's SQLite file: keys are tuples encoded with a type byte, 0x02 for strings.
    const db = new DatabaseSync(api.deps.config.kvPath, { readOnly: true });
    try {
      const prefix = new Uint8Array([0x02, ...new TextEncoder().encode("audit"), 0x00]);
      const rows = db.prepare("SELECT k, expiration_ms FROM kv").all()
        .filter((r) =>
          (r.k as Uint8Array).subarray(0, prefix.length).every((b, i) => b === prefix[i])
        );
      assert.equal(rows.length, 2, "the 401's row and the served call's row");
      for (const row of rows) {
        const expiresIn = Number(row.expiration_ms) - now.getTime();
        assert.ok(Math.abs(expiresIn - AUDIT_RETENTION_MS) < 60_000, `expires in ${expiresIn} ms`);
      }
    } finally {
      db.close();
    }
    assert.equal(AUDIT_RETENTION_MS, 90 * 24 * 3_600_000, "the README states 90 days");
  } finally {
    await api.close();
  }
});

Deno.test("DNS rebinding: a cookie write whose Host and Origin both name another host is refused", async () => {
  const api = await startApi();
  const port = new URL(api.url).port;
  /** A raw sign-in POST with the given Host and Origin; returns the status line. */
  const post = async (host: string, origin: string) => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(port) });
    const body = "email=rebind%40example.com";
    await conn.write(new TextEncoder().encode(
      `POST /auth/dev/signin HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    ));
    const buf = new Uint8Array(4096);
    const n = await conn.read(buf);
    conn.close();
    return new TextDecoder().decode(buf.subarray(0, n ?? 0));
  };
  try {
    const rebound = await post(`evil.example:${port}`, `http://evil.example:${port}`);
    assert.match(rebound, /^HTTP\/1\.1 400 /);
    assert.match(rebound, /cross-origin request refused/);
    // This server's own loopback names pass (HOST is loopback).
    for (const name of ["127.0.0.1", "localhost"]) {
      assert.match(await post(`${name}:${port}`, `http://${name}:${port}`), /^HTTP\/1\.1 303 /);
    }
    // An allowed Origin sent to a foreign Host is refused too.
    assert.match(await post(`evil.example:${port}`, api.url), /^HTTP\/1\.1 400 /);
  } finally {
    await api.close();
  }
});
