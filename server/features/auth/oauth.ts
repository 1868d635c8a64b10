/**
 * The OAuth 2.0 / OIDC sign-in flows (authorization code + PKCE S256 + state, and a nonce for
 * OIDC) on `oauth4webapi`. Each flow builds the provider's authorization URL and, on the callback,
 * exchanges the code and returns the verified email and name.
 */
import * as oauth from "oauth4webapi";
import { type Config, isLoopbackHttp, type OAuthClientConfig } from "../../platform/config.ts";
import type { OAuthProvider, OAuthStateRecord } from "./sessions.ts";

export interface SignInIdentity {
  email: string;
  name: string | null;
}

export interface OAuthFlow {
  provider: OAuthProvider;
  authorizationUrl(input: { state: string; codeVerifier: string; nonce: string }): Promise<URL>;
  /** Verifies the callback against its consumed state and returns who signed in. */
  complete(callbackUrl: URL, state: string, record: OAuthStateRecord): Promise<SignInIdentity>;
}

/** A failure the user caused or the provider reported; rendered as a 400, never as a 500. */
export class SignInError extends Error {}

function clientAuth(as: oauth.AuthorizationServer, secret: string | undefined): oauth.ClientAuth {
  if (!secret) return oauth.None();
  const methods = as.token_endpoint_auth_methods_supported;
  return !methods || methods.includes("client_secret_basic")
    ? oauth.ClientSecretBasic(secret)
    : oauth.ClientSecretPost(secret);
}

async function withChallenge(
  endpoint: string,
  params: Record<string, string>,
  codeVerifier: string,
): Promise<URL> {
  const url = new URL(endpoint);
  url.search = new URLSearchParams({
    ...params,
    response_type: "code",
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  }).toString();
  return url;
}

/** Plain http only for a provider on this machine (local development and the tests). */
function insecureOnLoopback(url: URL) {
  return { [oauth.allowInsecureRequests]: isLoopbackHttp(url) };
}

function oidcFlow(cfg: OAuthClientConfig & { issuer: string }, redirectUri: string): OAuthFlow {
  const issuer = new URL(cfg.issuer);
  const options = insecureOnLoopback(issuer);
  const client: oauth.Client = { client_id: cfg.clientId };
  let discovery: Promise<oauth.AuthorizationServer> | undefined;
  const server = () =>
    discovery ??= oauth.discoveryRequest(issuer, { algorithm: "oidc", ...options })
      .then((res) => oauth.processDiscoveryResponse(issuer, res))
      .catch((err) => {
        discovery = undefined; // retry discovery on the next sign-in
        throw err;
      });

  return {
    provider: "oidc",
    async authorizationUrl({ state, codeVerifier, nonce }) {
      const as = await server();
      if (!as.authorization_endpoint) throw new Error("issuer has no authorization_endpoint");
      return withChallenge(as.authorization_endpoint, {
        client_id: cfg.clientId,
        redirect_uri: redirectUri,
        scope: "openid email profile",
        state,
        nonce,
      }, codeVerifier);
    },
    async complete(callbackUrl, state, record) {
      const as = await server();
      const params = oauth.validateAuthResponse(as, client, callbackUrl, state);
      const tokenResponse = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth(as, cfg.clientSecret),
        params,
        redirectUri,
        record.codeVerifier,
        options,
      );
      const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenResponse, {
        expectedNonce: record.nonce,
        requireIdToken: true,
      });
      const claims = oauth.getValidatedIdTokenClaims(tokens)!;
      let profile: Record<string, unknown> = claims;
      if (typeof claims.email !== "string" && as.userinfo_endpoint) {
        const res = await oauth.userInfoRequest(as, client, tokens.access_token, options);
        profile = await oauth.processUserInfoResponse(as, client, claims.sub, res);
      }
      if (typeof profile.email !== "string" || profile.email_verified === false) {
        throw new SignInError("the identity provider returned no verified email");
      }
      return { email: profile.email, name: typeof profile.name === "string" ? profile.name : null };
    },
  };
}

type GitHubConfig = NonNullable<Config["github"]>;

async function githubJson<T>(apiUrl: string, path: string, accessToken: string): Promise<T> {
  const res = await fetch(`${apiUrl}${path}`, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: "application/vnd.github+json",
      "user-agent": "hallucination-detection-api",
    },
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new SignInError(`GitHub API ${path} answered ${res.status}`);
  }
  return await res.json() as T;
}

/**
 * GitHub is OAuth 2.0 without OIDC: the email comes from its REST API (primary, verified). Its
 * addresses come from the config (GITHUB_OAUTH_URL, GITHUB_API_URL): github.com by default, a
 * GitHub Enterprise Server, or the tests' stand-in.
 */
function githubFlow(cfg: GitHubConfig, redirectUri: string): OAuthFlow {
  const github: oauth.AuthorizationServer = {
    issuer: cfg.oauthUrl,
    authorization_endpoint: `${cfg.oauthUrl}/login/oauth/authorize`,
    token_endpoint: `${cfg.oauthUrl}/login/oauth/access_token`,
  };
  const options = insecureOnLoopback(new URL(cfg.oauthUrl));
  const client: oauth.Client = { client_id: cfg.clientId };
  return {
    provider: "github",
    authorizationUrl({ state, codeVerifier }) {
      return withChallenge(github.authorization_endpoint!, {
        client_id: cfg.clientId,
        redirect_uri: redirectUri,
        scope: "read:user user:email",
        state,
      }, codeVerifier);
    },
    async complete(callbackUrl, state, record) {
      const params = oauth.validateAuthResponse(github, client, callbackUrl, state);
      const tokenResponse = await oauth.authorizationCodeGrantRequest(
        github,
        client,
        oauth.ClientSecretPost(cfg.clientSecret ?? ""),
        params,
        redirectUri,
        record.codeVerifier,
        options,
      );
      // GitHub reports a bad code or bad client credentials as a 200 without access_token:
      // processing refuses it (OperationProcessingError), which the callback answers as a 400.
      const tokens = await oauth.processAuthorizationCodeResponse(github, client, tokenResponse);
      const emails = await githubJson<{ email: string; primary: boolean; verified: boolean }[]>(
        cfg.apiUrl,
        "/user/emails",
        tokens.access_token,
      );
      const primary = emails.find((e) => e.primary && e.verified);
      if (!primary) throw new SignInError("the GitHub account has no verified primary email");
      const user = await githubJson<{ name?: string | null; login: string }>(
        cfg.apiUrl,
        "/user",
        tokens.access_token,
      );
      return { email: primary.email, name: user.name || user.login };
    },
  };
}

/** The flows configured in `config`, keyed by provider. */
export function oauthFlows(config: Config): Partial<Record<OAuthProvider, OAuthFlow>> {
  const redirectUri = `${config.publicUrl}/auth/callback`;
  const flows: Partial<Record<OAuthProvider, OAuthFlow>> = {};
  if (config.oidc) flows.oidc = oidcFlow(config.oidc, redirectUri);
  if (config.github) flows.github = githubFlow(config.github, redirectUri);
  return flows;
}
