/**
 * Sign-in and sign-out: `GET /auth/signin` (provider choice, or straight to the only provider),
 * `GET /auth/callback` (OAuth code exchange), `POST /auth/signout`, the development stub
 * `POST /auth/dev/signin` (404 when off). The home page `GET /` is the dashboard's.
 */
import { type Context, Hono } from "hono";
import * as oauth from "oauth4webapi";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { apiError, bodyTooLarge, notFound } from "../../platform/errors.ts";
import { bodyLimit } from "../../platform/middleware/body_limit.ts";
import {
  consumeOAuthState,
  createSession,
  deleteSession,
  type OAuthProvider,
  saveOAuthState,
} from "./sessions.ts";
import { getOrCreateUserByEmail } from "./users.ts";
import { allowedOrigin } from "../../platform/middleware/allowed_origin.ts";
import { clearSessionCookie, readSessionCookie, setSessionCookie } from "./session_cookie.ts";
import { safeReturnTo } from "./return_to.ts";
import { oauthFlows, SignInError } from "./oauth.ts";
import { signInPage } from "./pages.ts";

const DevSignInForm = z.object({
  email: z.email().max(254),
  name: z.string().trim().max(200).optional(),
  return_to: z.string().optional(),
});

/** The largest sign-in form body (an email, a name, a return path); sign-out has none. */
export const MAX_FORM_BODY_BYTES = 16 * 1024;

export function authRouter(deps: AppDeps): Hono<AppEnv> {
  const { config, kv, now } = deps;
  const flows = oauthFlows(config);
  const providers = Object.keys(flows) as OAuthProvider[];
  const flowOf = (name: string) =>
    Object.hasOwn(flows, name) ? flows[name as OAuthProvider] : undefined;
  const app = new Hono<AppEnv>();
  // Cross-origin sign-in (login CSRF) and sign-out are refused like the other cookie writes.
  app.post(
    "/auth/*",
    allowedOrigin(deps),
    bodyLimit({
      maxBytes: MAX_FORM_BODY_BYTES,
      tooLarge: () => bodyTooLarge(MAX_FORM_BODY_BYTES),
      timeoutMs: config.connections.bodyTimeoutMs,
    }),
  );

  /** Replaces any previous session of this browser with a fresh one (no session fixation). */
  async function startSession(c: Context, userId: string): Promise<void> {
    const previous = readSessionCookie(c);
    if (previous) await deleteSession(kv, previous);
    const session = await createSession(kv, { userId, ttlMs: config.sessionTtlMs, now: now() });
    setSessionCookie(c, config, session);
  }

  app.get("/auth/signin", async (c) => {
    const returnTo = safeReturnTo(c.req.query("return_to"));
    const requested = c.req.query("provider");
    const only = !config.devSignin && providers.length === 1 ? providers[0] : undefined;
    const flow = requested ? flowOf(requested) : only && flows[only];
    if (requested && !flow) throw notFound();
    if (!flow) {
      const configured = config.devSignin || providers.length > 0;
      return c.html(
        signInPage({ devSignin: config.devSignin, providers, returnTo }),
        configured ? 200 : 503,
      );
    }
    const state = oauth.generateRandomState();
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const nonce = oauth.generateRandomNonce();
    let target: URL;
    try {
      target = await flow.authorizationUrl({ state, codeVerifier, nonce });
    } catch {
      throw apiError("upstream_unreachable", {
        message: "identity provider unreachable",
      });
    }
    await saveOAuthState(
      kv,
      state,
      { provider: flow.provider, codeVerifier, nonce, returnTo },
      now(),
    );
    return c.redirect(target.toString(), 302);
  });

  app.get("/auth/callback", async (c) => {
    const url = new URL(c.req.url);
    const state = url.searchParams.get("state");
    const record = state ? await consumeOAuthState(kv, state, now()) : null;
    const flow = record && flows[record.provider];
    if (!state || !record || !flow) throw apiError("bad_request", { message: "invalid_state" });
    let identity;
    try {
      identity = await flow.complete(url, state, record);
    } catch (err) {
      if (
        err instanceof SignInError || err instanceof oauth.AuthorizationResponseError ||
        err instanceof oauth.ResponseBodyError || err instanceof oauth.OperationProcessingError
      ) {
        throw apiError("bad_request", { message: "sign_in_failed" });
      }
      throw apiError("upstream_unreachable", {
        message: "identity provider unreachable",
      });
    }
    const user = await getOrCreateUserByEmail(kv, identity);
    await startSession(c, user.id);
    return c.redirect(record.returnTo, 302);
  });

  app.post("/auth/dev/signin", async (c) => {
    if (!config.devSignin) throw notFound();
    const form = DevSignInForm.safeParse(await c.req.parseBody().catch(() => ({})));
    if (!form.success) throw apiError("bad_request", { message: "a valid email is required" });
    const user = await getOrCreateUserByEmail(kv, { email: form.data.email, name: form.data.name });
    await startSession(c, user.id);
    return c.redirect(safeReturnTo(form.data.return_to), 303);
  });

  app.post("/auth/signout", async (c) => {
    const token = readSessionCookie(c);
    if (token) await deleteSession(kv, token);
    clearSessionCookie(c, config);
    return c.redirect("/", 303);
  });

  return app;
}
