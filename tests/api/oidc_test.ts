/**
 * The real OAuth 2.0 / OIDC sign-in against a local provider (`oauth2-mock-server`, which checks
 * PKCE and signs real ID tokens): state + PKCE S256 + nonce, code exchange, user creation, the
 * session, and every way a callback can be refused.
 */
import assert from "node:assert/strict";
import { Events, OAuth2Server } from "oauth2-mock-server";
import { type RunningApi, startApi } from "../support/http.ts";
import { kvKeys } from "../../server/platform/kv/kv_keys.ts";
import { sha256Hex } from "../../shared/sha256.ts";
import { getUserByEmail } from "../../server/features/auth/users.ts";
import { ApiKeyList, ErrorEnvelope } from "../../shared/contract.ts";
import { authorize, beginSignIn, redirectOf } from "../support/oauth_flow.ts";

interface Provider {
  server: OAuth2Server;
  issuer: string;
}

async function startProvider(claims: Record<string, unknown> | null): Promise<Provider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  if (claims) {
    server.service.on(Events.BeforeTokenSigning, (token) => Object.assign(token.payload, claims));
  }
  return { server, issuer: server.issuer.url! };
}

async function withOidc(
  claims: Record<string, unknown> | null,
  test: (api: RunningApi, provider: Provider) => Promise<void>,
  env: Record<string, string> = {},
) {
  const provider = await startProvider(claims);
  const api = await startApi({
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: "hallucination-api",
      OIDC_CLIENT_SECRET: "client-secret-for-tests",
      DEV_SIGNIN: "false",
      ...env,
    },
  });
  try {
    await test(api, provider);
  } finally {
    await api.close();
    await provider.server.stop();
  }
}

async function errorOf(res: Response) {
  return ErrorEnvelope.parse(await res.json());
}

Deno.test("oidc: sign-in redirect carries state, PKCE S256 and a nonce; state stored once", async () => {
  await withOidc({ email: "grace@example.com", name: "Grace Hopper" }, async (api, provider) => {
    const target = await beginSignIn(api, "/keys");
    assert.equal(`${target.origin}${target.pathname}`, `${provider.issuer}/authorize`);
    const q = target.searchParams;
    assert.equal(q.get("response_type"), "code");
    assert.equal(q.get("client_id"), "hallucination-api");
    assert.equal(q.get("redirect_uri"), `${api.url}/auth/callback`);
    assert.equal(q.get("code_challenge_method"), "S256");
    assert.match(q.get("code_challenge")!, /^[A-Za-z0-9_-]{43}$/);
    assert.match(q.get("scope")!, /\bopenid\b/);
    assert.match(q.get("scope")!, /\bemail\b/);
    assert.ok((q.get("state") ?? "").length >= 32);
    assert.ok((q.get("nonce") ?? "").length >= 32);

    const stored = await api.kv.get<{ provider: string; returnTo: string; codeVerifier: string }>(
      kvKeys.oauthState(sha256Hex(q.get("state")!)),
    );
    assert.equal(stored.value?.provider, "oidc");
    assert.equal(stored.value?.returnTo, "/keys");
    assert.notEqual(
      stored.value?.codeVerifier,
      q.get("code_challenge"),
      "only the challenge leaves",
    );

    const second = await beginSignIn(api);
    assert.notEqual(second.searchParams.get("state"), q.get("state"));
  });
});

Deno.test("oidc: callback exchanges the code, creates the user and opens a session", async () => {
  await withOidc({ email: "Grace@Example.com", name: "Grace Hopper" }, async (api) => {
    const callback = await authorize(await beginSignIn(api, "/keys?tab=1"));
    assert.ok(callback.href.startsWith(`${api.url}/auth/callback?`));

    const res = await redirectOf(callback);
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), "/keys?tab=1");
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Lax/);
    const cookie = setCookie.split(";")[0];

    const user = await getUserByEmail(api.kv, "grace@example.com");
    assert.equal(user?.email, "grace@example.com");
    assert.equal(user?.name, "Grace Hopper");

    const keys = await fetch(`${api.url}/api/keys`, { headers: { cookie } });
    assert.equal(keys.status, 200);
    ApiKeyList.parse(await keys.json());

    const replay = await fetch(callback, { redirect: "manual" });
    assert.equal(replay.status, 400, "a state completes one sign-in only");
    assert.equal((await errorOf(replay)).message, "invalid_state");

    // A second sign-in of the same person finds the same account.
    await redirectOf(await authorize(await beginSignIn(api)));
    const users = await Array.fromAsync(api.kv.list({ prefix: kvKeys.usersPrefix() }));
    assert.equal(users.length, 1);
  });
});

Deno.test("oidc: the email may come from the userinfo endpoint", async () => {
  await withOidc(null, async (api, provider) => {
    provider.server.service.on(Events.BeforeUserinfo, (res) => {
      res.body = { sub: "johndoe", email: "userinfo@example.com", name: "From Userinfo" };
    });
    const res = await redirectOf(await authorize(await beginSignIn(api)));
    assert.equal(res.status, 302);
    assert.equal((await getUserByEmail(api.kv, "userinfo@example.com"))?.name, "From Userinfo");
  });
});

Deno.test("oidc: unknown, missing or forged state is refused and signs nobody in", async () => {
  await withOidc({ email: "a@example.com" }, async (api) => {
    const callback = await authorize(await beginSignIn(api));
    const forged = new URL(callback);
    forged.searchParams.set("state", "forged-state-value");
    const missing = new URL(callback);
    missing.searchParams.delete("state");
    for (const url of [forged, missing]) {
      const res = await fetch(url, { redirect: "manual" });
      assert.equal(res.status, 400);
      assert.deepEqual(await errorOf(res), { error: "bad_request", message: "invalid_state" });
      assert.equal(res.headers.getSetCookie().length, 0);
    }
    assert.equal(await getUserByEmail(api.kv, "a@example.com"), null);
  });
});

Deno.test("oidc: a tampered PKCE challenge or nonce fails the exchange", async () => {
  await withOidc({ email: "a@example.com" }, async (api) => {
    for (const param of ["code_challenge", "nonce"]) {
      const target = await beginSignIn(api);
      target.searchParams.set(param, "A".repeat(43));
      const res = await fetch(await authorize(target), { redirect: "manual" });
      assert.equal(res.status, 400, param);
      assert.deepEqual(await errorOf(res), { error: "bad_request", message: "sign_in_failed" });
      assert.equal(res.headers.getSetCookie().length, 0);
    }
    assert.equal(await getUserByEmail(api.kv, "a@example.com"), null);
  });
});

Deno.test("oidc: an unverified email or a provider error is refused", async () => {
  await withOidc({ email: "a@example.com", email_verified: false }, async (api, provider) => {
    const unverified = await fetch(await authorize(await beginSignIn(api)), { redirect: "manual" });
    assert.equal(unverified.status, 400);
    assert.equal((await errorOf(unverified)).message, "sign_in_failed");

    provider.server.service.once(Events.BeforeAuthorizeRedirect, ({ url }) => {
      url.searchParams.delete("code");
      url.searchParams.set("error", "access_denied");
    });
    const denied = await fetch(await authorize(await beginSignIn(api)), { redirect: "manual" });
    assert.equal(denied.status, 400);
    assert.equal((await errorOf(denied)).message, "sign_in_failed");
    assert.equal(await getUserByEmail(api.kv, "a@example.com"), null);
  });
});

Deno.test("oidc: with the dev stub on, the sign-in page offers both", async () => {
  await withOidc({ email: "a@example.com" }, async (api) => {
    const page = await (await fetch(`${api.url}/auth/signin?return_to=/x`)).text();
    assert.match(page, /href="\/auth\/signin\?provider=oidc&amp;return_to=%2Fx"/);
    assert.match(page, /Development sign-in stub/);
    const res = await redirectOf(`${api.url}/auth/signin?provider=oidc&return_to=/x`);
    assert.equal(res.status, 302);
    assert.ok(res.headers.get("location")!.includes("/authorize?"));
    for (const provider of ["github", "constructor"]) {
      const unknown = await fetch(`${api.url}/auth/signin?provider=${provider}`);
      assert.equal(unknown.status, 404, `an unconfigured provider: ${provider}`);
      await unknown.body?.cancel();
    }
  }, { DEV_SIGNIN: "true" });
});
