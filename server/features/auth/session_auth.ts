/**
 * Dashboard-session authentication: the `__session` cookie names a live KV session whose user is
 * put on `c.var.user`. Anything else is the spec's 401; Bearer API keys are not accepted here.
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { unauthorized } from "../../platform/errors.ts";
import { getSession } from "../../platform/sessions.ts";
import { getUser, type User } from "./users.ts";
import { readSessionCookie } from "../../platform/session_cookie.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** The signed-in or key-authenticated account (set here or by keys' bearerAuth). */
    user: User;
  }
}

type SessionDeps = Pick<AppDeps, "kv" | "now">;

/** The user of the request's live session, or null (no cookie, unknown or expired session). */
export async function sessionUser(c: Context, { kv, now }: SessionDeps): Promise<User | null> {
  const token = readSessionCookie(c);
  const session = token ? await getSession(kv, token, now()) : null;
  return session ? await getUser(kv, session.userId) : null;
}

export function sessionAuth(deps: SessionDeps) {
  return createMiddleware<AppEnv>(async function sessionAuthMiddleware(c, next) {
    const user = await sessionUser(c, deps);
    if (!user) throw unauthorized({ request_id: c.get("requestId") });
    c.set("user", user);
    await next();
  });
}
