/** `GET /api/usage/summary`: the signed-in account's usage (dashboard session only). */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { createRouter } from "../../platform/validation_hook.ts";
import { sessionAuth } from "../auth/session_auth.ts";
import type { PlanTable } from "../billing/plans.ts";
import { usageSummaryRoute } from "./routes.ts";
import { usageSummary } from "./summary.ts";

export function usageRouter(deps: AppDeps, plans: PlanTable): OpenAPIHono<AppEnv> {
  const { kv, now } = deps;
  const app = createRouter();
  app.openapi(
    { ...usageSummaryRoute, middleware: [sessionAuth({ kv, now, plans })] as const },
    async (c) => {
      const { user, plan } = c.var.caller;
      return c.json(await usageSummary(kv, { user, plan, now: now() }), 200);
    },
  );
  return app;
}
