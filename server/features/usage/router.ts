/** `GET /api/usage/summary`: the signed-in account's usage (dashboard session only). */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { sessionAuth } from "../../platform/middleware/session_auth.ts";
import { planOf, type PlanTable } from "./plans.ts";
import { usageSummary } from "./summary.ts";

export function usageRouter(deps: AppDeps, plans: PlanTable): Hono<AppEnv> {
  const { kv, now } = deps;
  const app = new Hono<AppEnv>();
  app.get("/api/usage/summary", sessionAuth({ kv, now }), async (c) => {
    const user = c.get("user");
    return c.json(await usageSummary(kv, { user, plan: planOf(plans, user.plan), now: now() }));
  });
  return app;
}
