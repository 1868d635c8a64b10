/** Sign-in by the development stub, sign-out, the session cookie and session expiry. */
import assert from "node:assert/strict";
import { signIn, startApi } from "../support/http.ts";
import { kvKeys } from "../../server/platform/kv/kv_keys.ts";
import { sessionKvKey } from "../../server/features/auth/sessions.ts";
import { getUserByEmail } from "../../server/features/auth/users.ts";
import { ErrorEnvelope } from "../../shared/contract.ts";

function devSignIn(url: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${url}/auth/dev/signin`, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
    headers: cookie ? { cookie } : {},
  });
}

function sessionCookieOf(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  assert.ok(cookie, "a __session cookie is set");
  return cookie;
}

async function keysStatus(url: string, cookie: string): Promise<number> {
  const res = await fetch(`${url}/api/keys`, { headers: { cookie } });
  await res.body?.cancel();
  return res.status;
}

Deno.test("dev stub: on by default on loopback, the page is clearly marked", async () => {
  const api = await startApi();
  try {
    assert.equal(api.deps.config.devSignin, true);
    const res = await fetch(`${api.url}/auth/signin?return_to=/keys`);
    assert.equal(res.status, 200);
    const page = await res.text();
    assert.match(page, /Development sign-in stub: not for production/);
    assert.match(page, /<form[^>]*method="post"[^>]*action="\/auth\/dev\/signin"/);
    assert.match(page, /name="email"/);
    assert.match(page, /name="name"/);
    assert.match(page, /name="return_to" value="\/keys"/);
  } finally {
    await api.close();
  }
});

Deno.test("dev stub: creates the user once, sets a Lax HttpOnly cookie, redirects to /", async () => {
  const api = await startApi();
  try {
    const res = await devSignIn(api.url, { email: "Ada@Example.com", name: "Ada Lovelace" });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/");
    const cookie = sessionCookieOf(res);
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Lax/);
    assert.match(cookie, /; Path=\//);
    assert.doesNotMatch(cookie, /; Secure/, "no Secure flag on a plain-http public URL");

    const user = await getUserByEmail(api.kv, "ada@example.com");
    assert.equal(user?.name, "Ada Lovelace");
    assert.equal(await keysStatus(api.url, cookie.split(";")[0]), 200);

    await signIn(api.url, "ada@example.com");
    const users = await Array.fromAsync(api.kv.list({ prefix: kvKeys.usersPrefix() }));
    assert.equal(users.length, 1, "a second sign-in finds the same account");

    const home = await (await fetch(`${api.url}/`, { headers: { cookie: cookie.split(";")[0] } }))
      .text();
    assert.match(home, /Signed in as <strong>ada@example.com<\/strong>/);
    assert.match(home, /href="\/api\/docs"/);
  } finally {
    await api.close();
  }
});

Deno.test("dev stub: the cookie is Secure when the public URL is https", async () => {
  const api = await startApi({ env: { PUBLIC_URL: "https://api.example.com" } });
  try {
    assert.match(sessionCookieOf(await devSignIn(api.url, { email: "a@example.com" })), /; Secure/);
  } finally {
    await api.close();
  }
});

Deno.test("dev stub: an invalid email is a 400 and signs nobody in", async () => {
  const api = await startApi();
  try {
    const res = await devSignIn(api.url, { email: "not an email" });
    assert.equal(res.status, 400);
    const body = ErrorEnvelope.parse(await res.json());
    assert.equal(body.error, "bad_request");
    assert.equal(res.headers.getSetCookie().length, 0);
  } finally {
    await api.close();
  }
});

Deno.test("dev stub: off when the server does not listen on loopback, unless DEV_SIGNIN=true", async () => {
  for (
    const [env, on] of [
      [{ HOST: "0.0.0.0" }, false],
      [{ HOST: "0.0.0.0", DEV_SIGNIN: "true" }, true],
      [{ DEV_SIGNIN: "false" }, false],
    ] as const
  ) {
    const api = await startApi({ env });
    try {
      assert.equal(api.deps.config.devSignin, on, JSON.stringify(env));
      const res = await devSignIn(api.url, { email: "a@example.com" });
      await res.body?.cancel();
      assert.equal(res.status, on ? 303 : 404, JSON.stringify(env));
      const page = await fetch(`${api.url}/auth/signin`);
      const text = await page.text();
      assert.equal(/dev\/signin/.test(text), on, JSON.stringify(env));
      if (!on) {
        assert.equal(page.status, 503, "no sign-in method configured");
        assert.match(text, /No sign-in method is configured/);
      }
    } finally {
      await api.close();
    }
  }
});

Deno.test("dev stub: 404 body for the dev route when off is the standard not-found envelope", async () => {
  const api = await startApi({ env: { DEV_SIGNIN: "false" } });
  try {
    const res = await devSignIn(api.url, { email: "a@example.com" });
    assert.deepEqual(await res.json(), { error: "bad_request", message: "not_found" });
  } finally {
    await api.close();
  }
});

Deno.test("return_to: only relative paths on this site are followed", async () => {
  const api = await startApi();
  try {
    const cases: [string, string][] = [
      ["/keys?tab=all#top", "/keys?tab=all#top"],
      ["/", "/"],
      ["", "/"],
      ["keys", "/"],
      ["https://evil.example/", "/"],
      ["//evil.example/path", "/"],
      ["/\\evil.example", "/"],
      ["\\\\evil.example", "/"],
      ["javascript:alert(1)", "/"],
      ["/\t/evil.example", "/"],
      ["/../../etc", "/etc"],
    ];
    for (const [returnTo, expected] of cases) {
      const res = await devSignIn(api.url, { email: "a@example.com", return_to: returnTo });
      await res.body?.cancel();
      assert.equal(res.headers.get("location"), expected, JSON.stringify(returnTo));
    }
    const page = await (await fetch(`${api.url}/auth/signin?return_to=//evil.example`)).text();
    assert.match(page, /name="return_to" value="\/"/);
  } finally {
    await api.close();
  }
});

Deno.test("sign-out deletes the session record and clears the cookie", async () => {
  const api = await startApi();
  try {
    const cookie = await signIn(api.url, "a@example.com");
    const sessionId = cookie.slice("__session=".length);
    assert.ok((await api.kv.get(sessionKvKey(sessionId))).value);

    const res = await fetch(`${api.url}/auth/signout`, {
      method: "POST",
      headers: { cookie },
      redirect: "manual",
    });
    await res.body?.cancel();
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/");
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
    assert.ok(cleared);
    assert.match(cleared, /Max-Age=0/);
    assert.equal((await api.kv.get(sessionKvKey(sessionId))).value, null);
    assert.equal(await keysStatus(api.url, cookie), 401, "the old cookie no longer works");
  } finally {
    await api.close();
  }
});

Deno.test("a new sign-in replaces the browser's previous session", async () => {
  const api = await startApi();
  try {
    const first = await signIn(api.url, "a@example.com");
    const res = await devSignIn(api.url, { email: "b@example.com" }, first);
    await res.body?.cancel();
    assert.equal(await keysStatus(api.url, first), 401);
    assert.equal(await keysStatus(api.url, sessionCookieOf(res).split(";")[0]), 200);
  } finally {
    await api.close();
  }
});

Deno.test("sessions expire at their expiresAt, and unknown session ids are refused", async () => {
  let now = new Date("2026-03-01T12:00:00Z");
  const api = await startApi({ env: { SESSION_TTL_HOURS: "2" }, now: () => now });
  try {
    const cookie = await signIn(api.url, "a@example.com");
    const record = (await api.kv.get<{ expiresAt: string }>(
      sessionKvKey(cookie.slice("__session=".length)),
    )).value;
    assert.equal(record?.expiresAt, "2026-03-01T14:00:00.000Z");

    now = new Date("2026-03-01T13:59:59Z");
    assert.equal(await keysStatus(api.url, cookie), 200);
    now = new Date("2026-03-01T14:00:00Z");
    assert.equal(await keysStatus(api.url, cookie), 401);

    assert.equal(await keysStatus(api.url, "__session=forged"), 401);
    const res = await fetch(`${api.url}/api/keys`);
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), { error: "unauthorized", message: "unauthorized" });
  } finally {
    await api.close();
  }
});
