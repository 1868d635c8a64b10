/** `GET /api/usage/summary`: the signed-in account's usage (dashboard session only). */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { createRouter } from "../../platform/validation_hook.ts";
import { sessionAuth } from "../auth/session_auth.ts";
import { planOf, type PlanTable } from "./plans.ts";
import { usageSummaryRoute } from "./routes.ts";
import { usageSummary } from "./summary.ts";

export function usageRouter(deps: AppDeps, plans: PlanTable): OpenAPIHono<AppEnv> {
  const { kv, now } = deps;
  const app = createRouter();
  app.openapi({ ...usageSummaryRoute, middleware: [sessionAuth({ kv, now })] }, async (c) => {
    const user = c.get("user");
    const summary = await usageSummary(kv, { user, plan: planOf(plans, user.plan), now: now() });
    return c.json(summary, 200);
  });
  return app;
}
