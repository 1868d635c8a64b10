/**
 * GitHub sign-in end to end: the API's real `oauth4webapi` flow against a local HTTP server that
 * stands in for GitHub (GITHUB_OAUTH_URL, GITHUB_API_URL). The stand-in checks what GitHub checks:
 * client id and secret, the one-time code, its redirect URI and the PKCE verifier on
 * `POST /login/oauth/access_token`, and the bearer token on `GET /user` and `GET /user/emails`.
 * Like GitHub, it reports a bad code or bad client credentials as a 200 with an `error` field.
 */
import assert from "node:assert/strict";
import { type RunningApi, startApi } from "../support/http.ts";
import { kvKeys } from "../../server/platform/kv/kv_keys.ts";
import { sha256Hex } from "../../shared/sha256.ts";
import { getUserByEmail } from "../../server/features/auth/users.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { ApiKeyList, ErrorEnvelope } from "../../shared/contract.ts";
import { authorize, beginSignIn, redirectOf } from "../support/oauth_flow.ts";

const CLIENT_ID = "gh-client-id";
const CLIENT_SECRET = "gh-client-secret";
/** The REST API under a path prefix, as on GitHub Enterprise Server: proves the prefix is used. */
const API_PREFIX = "/api/v3";

interface GitHubAccount {
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

interface FakeGitHub {
  url: string;
  /** The account that "authorizes" the next sign-ins. */
  account: GitHubAccount;
  /** Requests the stand-in refused, for failure messages. */
  refusals: string[];
  /** Token exchanges that passed every check. */
  exchanges: number;
  stop(): Promise<void>;
}

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)),
  );
  return btoa(String.fromCharCode(...digest)).replaceAll("+", "-").replaceAll("/", "_")
    .replace(/=+$/, "");
}

function startFakeGitHub(): FakeGitHub {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const tokens = new Set<string>();
  const fake: FakeGitHub = {
    url: "",
    account: {
      login: "octocat",
      name: "The Octocat",
      emails: [
        { email: "octo-old@example.com", primary: false, verified: true },
        { email: "Octocat@Example.com", primary: true, verified: true },
      ],
    },
    refusals: [],
    exchanges: 0,
    stop: () => server.shutdown(),
  };
  const tokenError = (error: string) => {
    fake.refusals.push(error);
    return Response.json({ error, error_description: error });
  };

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    if (req.method === "GET" && url.pathname === "/login/oauth/authorize") {
      const q = url.searchParams;
      if (q.get("client_id") !== CLIENT_ID || q.get("code_challenge_method") !== "S256") {
        return new Response("bad authorize request", { status: 400 });
      }
      const code = crypto.randomUUID();
      codes.set(code, { challenge: q.get("code_challenge")!, redirectUri: q.get("redirect_uri")! });
      const back = new URL(q.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.get("state")!);
      return Response.redirect(back, 302);
    }
    if (req.method === "POST" && url.pathname === "/login/oauth/access_token") {
      if (!(req.headers.get("accept") ?? "").includes("application/json")) {
        return new Response("access_token=form-encoded-unless-json-is-asked", { status: 200 });
      }
      const form = new URLSearchParams(await req.text());
      if (form.get("client_id") !== CLIENT_ID || form.get("client_secret") !== CLIENT_SECRET) {
        return tokenError("incorrect_client_credentials");
      }
      const code = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (!code || code.redirectUri !== form.get("redirect_uri")) {
        return tokenError("bad_verification_code");
      }
      if (await s256(form.get("code_verifier") ?? "") !== code.challenge) {
        return tokenError("bad_verification_code");
      }
      const token = `gho_${crypto.randomUUID().replaceAll("-", "")}`;
      tokens.add(token);
      fake.exchanges++;
      return Response.json({
        access_token: token,
        token_type: "bearer",
        scope: "read:user,user:email",
      });
    }
    if (req.method === "GET" && url.pathname.startsWith(`${API_PREFIX}/user`)) {
      const token = /^Bearer (\S+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
      if (!token || !tokens.has(token)) {
        fake.refusals.push(`${url.pathname}: bad token`);
        return Response.json({ message: "Bad credentials" }, { status: 401 });
      }
      const path = url.pathname.slice(API_PREFIX.length);
      if (path === "/user") {
        return Response.json({ login: fake.account.login, name: fake.account.name, id: 1 });
      }
      if (path === "/user/emails") return Response.json(fake.account.emails);
    }
    return new Response("not found", { status: 404 });
  }

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handle);
  fake.url = `http://127.0.0.1:${server.addr.port}`;
  return fake;
}

async function withGitHub(
  test: (api: RunningApi, github: FakeGitHub) => Promise<void>,
  env: Record<string, string> = {},
) {
  const github = startFakeGitHub();
  const api = await startApi({
    env: {
      GITHUB_CLIENT_ID: CLIENT_ID,
      GITHUB_CLIENT_SECRET: CLIENT_SECRET,
      GITHUB_OAUTH_URL: github.url,
      GITHUB_API_URL: `${github.url}${API_PREFIX}`,
      DEV_SIGNIN: "false",
      ...env,
    },
  });
  try {
    await test(api, github);
  } finally {
    await api.close();
    await github.stop();
  }
}

async function assertRefusedCallback(callback: URL): Promise<void> {
  const res = await fetch(callback, { redirect: "manual" });
  assert.equal(res.status, 400);
  assert.deepEqual(ErrorEnvelope.parse(await res.json()), {
    error: "bad_request",
    message: "sign_in_failed",
  });
  assert.equal(res.headers.getSetCookie().length, 0, "no session cookie");
}

Deno.test("github: signin -> callback -> account of the verified primary email -> session", async () => {
  await withGitHub(async (api, github) => {
    const target = await beginSignIn(api, "/after?x=1");
    assert.equal(`${target.origin}${target.pathname}`, `${github.url}/login/oauth/authorize`);
    const callback = await authorize(target);
    assert.equal(`${callback.origin}${callback.pathname}`, `${api.url}/auth/callback`);

    const res = await redirectOf(callback);
    assert.equal(res.status, 302, JSON.stringify(github.refusals));
    assert.equal(res.headers.get("location"), "/after?x=1");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
    assert.ok(cookie, "a session cookie is set");
    assert.equal(github.exchanges, 1);
    assert.deepEqual(github.refusals, []);

    const user = await getUserByEmail(api.kv, "octocat@example.com");
    assert.equal(user?.email, "octocat@example.com", "the primary verified email, normalized");
    assert.equal(user?.name, "The Octocat");
    assert.equal(await getUserByEmail(api.kv, "octo-old@example.com"), null);

    const session = cookie.split(";")[0];
    const keys = await fetch(`${api.url}/api/keys`, { headers: { cookie: session } });
    assert.equal(keys.status, 200);
    ApiKeyList.parse(await keys.json());
    const home = await (await fetch(`${api.url}/`, { headers: { cookie: session } })).text();
    assert.match(home, /Signed in as <strong>octocat@example.com<\/strong>/);

    // The state was consumed: replaying the callback signs nobody in.
    const replay = await fetch(callback, { redirect: "manual" });
    assert.equal(replay.status, 400);
    assert.equal(ErrorEnvelope.parse(await replay.json()).message, "invalid_state");

    // A second sign-in finds the same account.
    const again = await redirectOf(await authorize(await beginSignIn(api)));
    assert.equal(again.status, 302);
    const users = await Array.fromAsync(api.kv.list({ prefix: kvKeys.usersPrefix() }));
    assert.equal(users.length, 1);
  });
});

Deno.test("github: a user without a display name is named by login", async () => {
  await withGitHub(async (api, github) => {
    github.account = {
      login: "nameless",
      name: null,
      emails: [{ email: "nameless@example.com", primary: true, verified: true }],
    };
    assert.equal((await redirectOf(await authorize(await beginSignIn(api)))).status, 302);
    assert.equal((await getUserByEmail(api.kv, "nameless@example.com"))?.name, "nameless");
  });
});

Deno.test("github: an unverified primary email signs nobody in", async () => {
  await withGitHub(async (api, github) => {
    github.account = {
      login: "unverified",
      name: "Un Verified",
      emails: [
        { email: "primary@example.com", primary: true, verified: false },
        { email: "secondary@example.com", primary: false, verified: true },
      ],
    };
    await assertRefusedCallback(await authorize(await beginSignIn(api)));
    assert.equal(github.exchanges, 1, "the code exchange itself succeeded");
    assert.equal(await getUserByEmail(api.kv, "primary@example.com"), null);
    assert.equal(await getUserByEmail(api.kv, "secondary@example.com"), null);
  });
});

Deno.test("github: a bad code, a tampered PKCE challenge or a wrong secret signs nobody in", async () => {
  await withGitHub(async (api, github) => {
    const badCode = await authorize(await beginSignIn(api));
    badCode.searchParams.set("code", "not-a-code-github-issued");
    await assertRefusedCallback(badCode);

    const tampered = await beginSignIn(api);
    tampered.searchParams.set("code_challenge", "A".repeat(43));
    await assertRefusedCallback(await authorize(tampered));

    assert.deepEqual(github.refusals, ["bad_verification_code", "bad_verification_code"]);
    assert.equal(github.exchanges, 0);
    assert.equal(await getUserByEmail(api.kv, "octocat@example.com"), null);
  });
  await withGitHub(async (api, github) => {
    await assertRefusedCallback(await authorize(await beginSignIn(api)));
    assert.deepEqual(github.refusals, ["incorrect_client_credentials"]);
    assert.equal(await getUserByEmail(api.kv, "octocat@example.com"), null);
  }, { GITHUB_CLIENT_SECRET: "not-the-secret" });
});

Deno.test("github: defaults to github.com; provider URLs must be https except on loopback", async () => {
  const api = await startApi({
    env: { GITHUB_CLIENT_ID: "gh-client", GITHUB_CLIENT_SECRET: "gh-secret", DEV_SIGNIN: "false" },
  });
  try {
    assert.equal(api.deps.config.github?.apiUrl, "https://api.github.com");
    const target = await beginSignIn(api, "/after");
    assert.equal(`${target.origin}${target.pathname}`, "https://github.com/login/oauth/authorize");
    const q = target.searchParams;
    assert.equal(q.get("client_id"), "gh-client");
    assert.equal(q.get("redirect_uri"), `${api.url}/auth/callback`);
    assert.equal(q.get("code_challenge_method"), "S256");
    assert.match(q.get("code_challenge")!, /^[A-Za-z0-9_-]{43}$/);
    assert.match(q.get("scope")!, /user:email/);
    const stored = await api.kv.get<{ provider: string }>(
      kvKeys.oauthState(sha256Hex(q.get("state")!)),
    );
    assert.equal(stored.value?.provider, "github");
  } finally {
    await api.close();
  }
  const ghes = loadConfig({
    GITHUB_CLIENT_ID: "id",
    GITHUB_OAUTH_URL: "https://ghe.example.com/",
    GITHUB_API_URL: "https://ghe.example.com/api/v3/",
  });
  assert.equal(ghes.github?.oauthUrl, "https://ghe.example.com");
  assert.equal(ghes.github?.apiUrl, "https://ghe.example.com/api/v3");
  for (
    const env of [
      { GITHUB_OAUTH_URL: "http://github.example.com" },
      { GITHUB_API_URL: "http://api.github.example.com" },
      { GITHUB_API_URL: "not a url" },
      { OIDC_ISSUER: "http://idp.example.com" },
    ]
  ) {
    assert.throws(
      () => loadConfig(env),
      new RegExp(Object.keys(env)[0]),
      JSON.stringify(env),
    );
  }
});
