/**
 * Dashboard-session authentication: the `__session` cookie names a live KV session, whose account
 * and plan become the route's `caller`. Anything else is the spec's 401; Bearer API keys are not
 * accepted here.
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppDeps } from "../../platform/env.ts";
import { unauthorized } from "../../platform/errors.ts";
import type { OptionalRequestIdEnv } from "../../platform/middleware/request_id.ts";
import { planOf, type PlanTable } from "../billing/plans.ts";
import type { CallerEnv, SessionCaller } from "./caller.ts";
import { getSession } from "./sessions.ts";
import { readSessionCookie } from "./session_cookie.ts";
import { getUser, type User } from "./users.ts";

type SessionDeps = Pick<AppDeps, "kv" | "now">;

/** The user of the request's live session, or null (no cookie, unknown or expired session). */
export async function sessionUser(c: Context, { kv, now }: SessionDeps): Promise<User | null> {
  const token = readSessionCookie(c);
  const session = token ? await getSession(kv, token, now()) : null;
  return session ? await getUser(kv, session.userId) : null;
}

export function sessionAuth(deps: SessionDeps & { plans: PlanTable }) {
  return createMiddleware<CallerEnv<SessionCaller> & OptionalRequestIdEnv>(
    async function sessionAuthMiddleware(c, next) {
      const user = await sessionUser(c, deps);
      if (!user) throw unauthorized({ request_id: c.get("requestId") });
      c.set("caller", { kind: "session", user, plan: planOf(deps.plans, user.plan) });
      await next();
    },
  );
}
