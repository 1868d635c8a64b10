/** The API-key state table of the spec over real HTTP: create, list, revoke, 401 and 404 rules. */
import assert from "node:assert/strict";
import { signIn, startApi } from "../support/http.ts";
import { hashApiKey } from "../../server/features/keys/api_keys.ts";
import { kvKeys } from "../../server/platform/kv/kv_keys.ts";
import {
  ApiKeyCreateResponse,
  ApiKeyList,
  ApiKeyRevokeResponse,
  ErrorEnvelope,
} from "../../shared/contract.ts";

const NOT_FOUND = { error: "bad_request", message: "not_found" };
const UNAUTHORIZED = { error: "unauthorized", message: "unauthorized" };

function api(url: string, cookie: string | undefined) {
  return (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("cookie", cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    return fetch(`${url}${path}`, { ...init, headers, body });
  };
}

async function createKey(call: ReturnType<typeof api>, json?: unknown) {
  const res = await call("/api/keys", { method: "POST", json });
  assert.equal(res.status, 201);
  return ApiKeyCreateResponse.parse(await res.json());
}

async function listKeys(call: ReturnType<typeof api>, query = "") {
  const res = await call(`/api/keys${query}`);
  assert.equal(res.status, 200);
  const text = await res.text();
  return { text, keys: ApiKeyList.parse(JSON.parse(text)).keys };
}

Deno.test("keys: 401 without a session on every route, and Bearer keys are not accepted", async () => {
  const srv = await startApi();
  try {
    const owner = api(srv.url, await signIn(srv.url, "a@example.com"));
    const created = await createKey(owner);
    const anonymous = api(srv.url, undefined);
    const bearer = api(srv.url, undefined);
    const auth = { authorization: `Bearer ${created.key}` };
    const calls = [
      () => anonymous("/api/keys", { method: "POST", json: {} }),
      () => anonymous("/api/keys"),
      () => anonymous(`/api/keys/${created.id}`, { method: "DELETE" }),
      () => bearer("/api/keys", { method: "POST", json: {}, headers: auth }),
      () => bearer("/api/keys", { headers: auth }),
      () => bearer(`/api/keys/${created.id}`, { method: "DELETE", headers: auth }),
    ];
    for (const call of calls) {
      const res = await call();
      assert.equal(res.status, 401);
      const body = await res.json();
      ErrorEnvelope.parse(body);
      assert.deepEqual(body, UNAUTHORIZED);
    }
    assert.equal((await listKeys(owner)).keys[0].revoked_at, null, "nothing was revoked");
  } finally {
    await srv.close();
  }
});

Deno.test("keys: create returns the plaintext once; only its hash is stored", async () => {
  const srv = await startApi();
  try {
    const call = api(srv.url, await signIn(srv.url, "a@example.com"));
    const noBody = await call("/api/keys", { method: "POST" });
    assert.equal(noBody.status, 201);
    const first = ApiKeyCreateResponse.parse(await noBody.json());
    const second = await createKey(call, { name: "ci" });
    for (const created of [first, second]) {
      assert.match(created.key, /^sk_[A-Za-z0-9_-]{43}$/);
      assert.equal(created.prefix, created.key.slice(0, 7));
    }
    assert.equal(first.name, null);
    assert.notEqual(first.key, second.key);

    const { text, keys } = await listKeys(call);
    assert.deepEqual(keys.map((k) => k.id).sort(), [first.id, second.id].sort());
    for (const k of keys) {
      assert.equal(k.last_used_at, null);
      assert.equal(k.revoked_at, null);
      assert.equal("key" in k, false);
    }
    assert.equal(text.includes(first.key), false, "the plaintext is never listed");
    assert.equal(text.includes(first.key.slice(3)), false);

    const stored = JSON.stringify(
      await Array.fromAsync(srv.kv.list({ prefix: [] }), (e) => [e.key, e.value]),
    );
    for (const created of [first, second]) {
      assert.equal(stored.includes(created.key.slice(3)), false, "no plaintext in KV");
      const byHash = await srv.kv.get<string>(kvKeys.apiKeyByHash(hashApiKey(created.key)));
      assert.equal(byHash.value, created.id, "the key is found by its hash");
    }
  } finally {
    await srv.close();
  }
});

Deno.test("keys: name whitespace collapsed, trimmed, cut to 64; blank means no name", async () => {
  const srv = await startApi();
  try {
    const call = api(srv.url, await signIn(srv.url, "a@example.com"));
    const long = "x".repeat(63) + "  yz";
    const cases: [unknown, string | null][] = [
      [{ name: "  my \t\n  ci   key " }, "my ci key"],
      [{ name: "a".repeat(100) }, "a".repeat(64)],
      [{ name: long }, "x".repeat(63)],
      [{ name: "é".repeat(70) }, "é".repeat(64)],
      [{ name: "😀".repeat(70) }, "😀".repeat(64)],
      [{ name: "   " }, null],
      [{ name: null }, null],
      [{}, null],
    ];
    for (const [body, expected] of cases) {
      const created = await createKey(call, body);
      assert.equal(created.name, expected, JSON.stringify(body));
      const listed = (await listKeys(call)).keys.find((k) => k.id === created.id);
      assert.equal(listed?.name, expected);
    }
  } finally {
    await srv.close();
  }
});

Deno.test("keys: create rejects other properties, non-string names and bad JSON", async () => {
  const srv = await startApi();
  try {
    const call = api(srv.url, await signIn(srv.url, "a@example.com"));
    for (const json of [{ name: "ok", scope: "all" }, { name: 5 }, [], "name"]) {
      const res = await call("/api/keys", { method: "POST", json });
      assert.equal(res.status, 400, JSON.stringify(json));
      const body = ErrorEnvelope.parse(await res.json());
      assert.equal(body.error, "bad_request");
      assert.equal(body.message?.includes("scope"), false, "message never echoes the caller");
    }
    const res = await call("/api/keys", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    assert.equal(res.status, 400);
    assert.equal(ErrorEnvelope.parse(await res.json()).error, "bad_json");
    assert.equal((await listKeys(call)).keys.length, 0, "no key was created");
  } finally {
    await srv.close();
  }
});

Deno.test("keys: revoke moves active to revoked; list hides it unless include_revoked=true", async () => {
  let now = new Date("2026-05-04T09:00:00Z");
  const srv = await startApi({ now: () => now });
  try {
    const call = api(srv.url, await signIn(srv.url, "a@example.com"));
    const kept = await createKey(call, { name: "kept" });
    now = new Date("2026-05-04T09:30:00Z");
    const gone = await createKey(call, { name: "gone" });
    now = new Date("2026-05-04T10:00:00Z");

    const res = await call(`/api/keys/${gone.id}`, { method: "DELETE" });
    assert.equal(res.status, 200);
    const revoked = ApiKeyRevokeResponse.parse(await res.json());
    assert.deepEqual(revoked, { revoked: true, id: gone.id });

    assert.deepEqual((await listKeys(call)).keys.map((k) => k.id), [kept.id]);
    assert.deepEqual((await listKeys(call, "?include_revoked=false")).keys.map((k) => k.id), [
      kept.id,
    ]);
    const all = (await listKeys(call, "?include_revoked=true")).keys;
    assert.deepEqual(all.map((k) => k.id), [kept.id, gone.id]);
    assert.equal(all[0].revoked_at, null);
    assert.equal(all[1].revoked_at, "2026-05-04T10:00:00.000Z", "revoked_at is the current time");

    for (const bad of ["yes", "1", "TRUE", ""]) {
      const r = await call(`/api/keys?include_revoked=${bad}`);
      assert.equal(r.status, 400, bad);
      assert.equal(ErrorEnvelope.parse(await r.json()).error, "bad_request");
    }
  } finally {
    await srv.close();
  }
});

Deno.test("keys: 404 is identical for revoked, missing, foreign and non-uuid ids", async () => {
  const srv = await startApi();
  try {
    const alice = api(srv.url, await signIn(srv.url, "alice@example.com"));
    const bob = api(srv.url, await signIn(srv.url, "bob@example.com"));
    const aliceKey = await createKey(alice);
    const bobKey = await createKey(bob);
    const revoked = await createKey(alice);
    assert.equal((await alice(`/api/keys/${revoked.id}`, { method: "DELETE" })).status, 200);

    const ids = [revoked.id, crypto.randomUUID(), bobKey.id, "not-a-uuid", `${aliceKey.id}x`];
    const bodies = [];
    for (const id of ids) {
      const res = await alice(`/api/keys/${id}`, { method: "DELETE" });
      assert.equal(res.status, 404, id);
      bodies.push(await res.text());
    }
    for (const body of bodies) assert.deepEqual(JSON.parse(body), NOT_FOUND);
    assert.equal(new Set(bodies).size, 1, "byte-identical bodies");

    assert.deepEqual((await listKeys(bob)).keys.map((k) => [k.id, k.revoked_at]), [
      [bobKey.id, null],
    ], "another user's key is untouched and not visible");
    assert.deepEqual((await listKeys(alice)).keys.map((k) => k.id), [aliceKey.id]);
  } finally {
    await srv.close();
  }
});

Deno.test("keys: a key authenticates detect (last_used_at set) until revoked, then 401", async () => {
  const now = new Date("2026-05-04T10:00:00Z");
  // A detector address without a secret: detect answers 503 after authenticating the key.
  const srv = await startApi({ env: { DETECTOR_URL: "http://127.0.0.1:9" }, now: () => now });
  try {
    const call = api(srv.url, await signIn(srv.url, "a@example.com"));
    const created = await createKey(call);
    const detect = () =>
      fetch(`${srv.url}/api/detect`, {
        method: "POST",
        headers: { authorization: `Bearer ${created.key}`, "content-type": "application/json" },
        body: JSON.stringify({ response: "The sky is green." }),
      });

    const served = await detect();
    assert.equal(served.status, 503);
    assert.equal(ErrorEnvelope.parse(await served.json()).error, "detector_not_configured");
    assert.equal((await listKeys(call)).keys[0].last_used_at, "2026-05-04T10:00:00.000Z");

    await (await call(`/api/keys/${created.id}`, { method: "DELETE" })).body?.cancel();
    const refused = await detect();
    assert.equal(refused.status, 401);
    assert.match(refused.headers.get("www-authenticate") ?? "", /^Bearer realm=/);
    assert.equal(ErrorEnvelope.parse(await refused.json()).error, "unauthorized");
  } finally {
    await srv.close();
  }
});
