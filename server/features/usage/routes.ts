/** The usage route as an OpenAPI definition. */
import { createRoute } from "@hono/zod-openapi";
import { UsageSummary } from "../../../shared/contract.ts";
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
