/**
 * `GET /api/usage/summary` (the spec's) and `GET /api/usage/daily` (the dashboard's): the
 * signed-in account's usage, dashboard session only.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { createRouter } from "../../platform/validation_hook.ts";
import { sessionAuth } from "../auth/session_auth.ts";
import type { PlanTable } from "../billing/plans.ts";
import { usageDailyRoute, usageSummaryRoute } from "./routes.ts";
import { usageDaily } from "./daily.ts";
import { usageSummary } from "./summary.ts";

export function usageRouter(deps: AppDeps, plans: PlanTable): OpenAPIHono<AppEnv> {
  const { kv, now, config } = deps;
  const app = createRouter();
  const session = sessionAuth({ kv, now, plans });
  app.openapi(
    { ...usageSummaryRoute, middleware: [session] as const },
    async (c) => {
      const { user, plan } = c.var.caller;
      return c.json(await usageSummary(kv, { user, plan, now: now() }), 200);
    },
  );
  app.openapi(
    { ...usageDailyRoute, middleware: [session] as const },
    async (c) => {
      const { user, plan } = c.var.caller;
      const { upgradeUrl, appealUrl } = config;
      return c.json(await usageDaily(kv, { user, plan, now: now(), upgradeUrl, appealUrl }), 200);
    },
  );
  return app;
}
