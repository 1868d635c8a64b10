/**
 * Cross-origin rules of the session routes: CORS with credentials only for the configured
 * extension origins, and the JSON-only guard against form-based CSRF on cookie-authenticated writes.
 */
import assert from "node:assert/strict";
import { signIn, startApi } from "../support/http.ts";
import { ApiKeyCreateResponse, ApiKeyList, ErrorEnvelope } from "../../shared/contract.ts";

const EXTENSION = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";
const env = { EXTENSION_ORIGINS: `${EXTENSION}, chrome-extension://second` };

Deno.test("cors: preflight from an extension origin allows credentials and JSON writes", async () => {
  const srv = await startApi({ env });
  try {
    for (const path of ["/api/keys", "/api/keys/0e6a4f4e-7c43-4a57-a0f0-3b1e55b0f9a1"]) {
      const res = await fetch(`${srv.url}${path}`, {
        method: "OPTIONS",
        headers: {
          origin: EXTENSION,
          "access-control-request-method": path === "/api/keys" ? "POST" : "DELETE",
          "access-control-request-headers": "content-type",
        },
      });
      await res.body?.cancel();
      assert.equal(res.status, 204);
      assert.equal(res.headers.get("access-control-allow-origin"), EXTENSION);
      assert.equal(res.headers.get("access-control-allow-credentials"), "true");
      assert.match(res.headers.get("access-control-allow-methods") ?? "", /POST/);
      assert.match(res.headers.get("access-control-allow-methods") ?? "", /DELETE/);
      assert.match(res.headers.get("access-control-allow-headers") ?? "", /Content-Type/i);
    }
  } finally {
    await srv.close();
  }
});

Deno.test("cors: other origins get no Access-Control-Allow-Origin", async () => {
  const srv = await startApi({ env });
  try {
    for (const origin of ["https://evil.example", "chrome-extension://other", "null"]) {
      const res = await fetch(`${srv.url}/api/keys`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST" },
      });
      await res.body?.cancel();
      assert.equal(res.headers.get("access-control-allow-origin"), null, origin);
    }
  } finally {
    await srv.close();
  }
});

Deno.test("cors: responses, 401s included, carry the origin and Vary: Origin", async () => {
  const srv = await startApi({ env });
  try {
    const cookie = await signIn(srv.url, "a@example.com");
    const ok = await fetch(`${srv.url}/api/keys`, { headers: { origin: EXTENSION, cookie } });
    ApiKeyList.parse(await ok.json());
    assert.equal(ok.headers.get("access-control-allow-origin"), EXTENSION);
    assert.match(ok.headers.get("vary") ?? "", /Origin/);
    assert.match(ok.headers.get("access-control-expose-headers") ?? "", /X-Request-Id/);

    const denied = await fetch(`${srv.url}/api/keys`, { headers: { origin: EXTENSION } });
    assert.equal(denied.status, 401);
    ErrorEnvelope.parse(await denied.json());
    assert.equal(denied.headers.get("access-control-allow-origin"), EXTENSION);
    assert.equal(denied.headers.get("access-control-allow-credentials"), "true");
  } finally {
    await srv.close();
  }
});

Deno.test("csrf: cookie-authenticated writes refuse bodies that are not JSON", async () => {
  const srv = await startApi();
  try {
    const cookie = await signIn(srv.url, "a@example.com");
    const key = ApiKeyCreateResponse.parse(
      await (await fetch(`${srv.url}/api/keys`, { method: "POST", headers: { cookie } })).json(),
    );
    const form = new FormData();
    form.set("name", "x");
    const refused: [string, string, RequestInit][] = [
      ["POST", "/api/keys", { body: new URLSearchParams({ name: "x" }) }],
      ["POST", "/api/keys", { body: form }],
      ["POST", "/api/keys", { body: '{"name":"x"}' }], // text/plain, as a form with enctype can send
      ["POST", "/api/keys", { body: "{}", headers: { "content-type": "text/json" } }],
      ["POST", "/api/keys", { body: new TextEncoder().encode("{}") }], // a body with no type
      ["DELETE", `/api/keys/${key.id}`, { body: "x=1" }],
      ["DELETE", `/api/keys/${key.id}`, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }],
    ];
    for (const [method, path, init] of refused) {
      const headers = new Headers(init.headers);
      headers.set("cookie", cookie);
      const res = await fetch(`${srv.url}${path}`, { ...init, method, headers });
      assert.equal(res.status, 400, `${method} ${path} ${headers.get("content-type")}`);
      const body = ErrorEnvelope.parse(await res.json());
      assert.equal(body.error, "bad_request");
      assert.match(body.message ?? "", /application\/json/);
    }
    const list = ApiKeyList.parse(
      await (await fetch(`${srv.url}/api/keys`, {
        headers: { cookie },
      })).json(),
    );
    assert.deepEqual(
      list.keys.map((k) => [k.id, k.revoked_at]),
      [[key.id, null]],
      "no refused write took effect",
    );

    const json = await fetch(`${srv.url}/api/keys`, {
      method: "POST",
      headers: { cookie, "content-type": "Application/JSON; charset=utf-8" },
      body: '{"name":"ok"}',
    });
    assert.equal(json.status, 201);
    assert.equal(ApiKeyCreateResponse.parse(await json.json()).name, "ok");
    const revoke = await fetch(`${srv.url}/api/keys/${key.id}`, {
      method: "DELETE",
      headers: { cookie },
    });
    assert.equal(revoke.status, 200, "a DELETE without a body needs no Content-Type");
    await revoke.body?.cancel();
  } finally {
    await srv.close();
  }
});
