/**
 * The public API application: one router per feature (each with its routes' OpenAPI definitions),
 * errors rendered by `renderError`.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "./platform/env.ts";
import { notFound, renderError } from "./platform/errors.ts";
import { sessionCors } from "./platform/middleware/cors.ts";
import { noStore } from "./platform/middleware/no_store.ts";
import { securityHeaders } from "./platform/middleware/security_headers.ts";
import { createRouter } from "./platform/validation_hook.ts";
import { authRouter } from "./features/auth/router.ts";
import { dashboardRouter } from "./features/dashboard/router.ts";
import { detectRouter } from "./features/detect/router.ts";
import { docsRouter } from "./features/docs/router.ts";
import { createKeyAccounts } from "./features/keys/key_accounts.ts";
import { keysRouter } from "./features/keys/router.ts";
import { loadPlans } from "./features/billing/plans.ts";
import { usageRouter } from "./features/usage/router.ts";

/**
 * Routes the extension and the dashboard call with the session cookie: CORS runs first so even
 * 401s are readable; no cache keeps their answers (plaintext keys, account data, detections).
 */
const SESSION_ROUTES = ["/api/keys/*", "/api/usage/*", "/api/web/*"];

export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = createRouter();
  const cors = sessionCors(deps);
  app.use("*", securityHeaders());
  const noCache = noStore();
  for (const path of SESSION_ROUTES) app.use(path, cors, noCache);
  const keyAccounts = createKeyAccounts(deps.kv);
  const plans = loadPlans(deps.config.plansFile);
  // In the order the OpenAPI document lists them.
  app.route("/", authRouter(deps));
  app.route("/", dashboardRouter(deps));
  app.route("/", detectRouter(deps, plans, keyAccounts));
  app.route("/api", keysRouter(deps, plans, keyAccounts));
  app.route("/", usageRouter(deps, plans));
  app.route("/api", docsRouter(deps, app));

  app.notFound(() => {
    throw notFound();
  });
  app.onError((err, c) => renderError(c, err));
  return app;
}
