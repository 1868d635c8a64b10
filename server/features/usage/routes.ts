/** The usage routes as OpenAPI definitions. */
import { createRoute } from "@hono/zod-openapi";
import { UsageDaily, UsageSummary } from "../../../shared/contract.ts";
import { SESSION_401 } from "../../platform/openapi_responses.ts";

export const usageSummaryRoute = createRoute({
  method: "get",
  path: "/api/usage/summary",
  tags: ["Usage"],
  operationId: "usageSummary",
  summary: "Current-period usage and up to 12 months of history, newest first",
  security: [{ sessionCookie: [] }],
  responses: {
    200: {
      description: "Usage of the signed-in user.",
      content: { "application/json": { schema: UsageSummary } },
    },
    401: SESSION_401,
  },
});

export const usageDailyRoute = createRoute({
  method: "get",
  path: "/api/usage/daily",
  tags: ["Usage"],
  operationId: "usageDaily",
  summary: "Units per day of the current month, the daily cap and the account's refusals",
  description: "Not in the specification: the dashboard's overview reads it beside " +
    "`/api/usage/summary`, whose fields it leaves unchanged. Dashboard session only.",
  security: [{ sessionCookie: [] }],
  responses: {
    200: {
      description: "Daily usage of the signed-in user.",
      content: { "application/json": { schema: UsageDaily } },
    },
    401: SESSION_401,
  },
});
