/** The public API application: routes mounted here, errors rendered by the one `onError`. */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "./platform/env.ts";
import { ApiError } from "./platform/errors.ts";
import { authRoutes } from "./features/auth/router.ts";
import { keysRoutes } from "./features/keys/router.ts";
import { docsRoutes } from "./features/docs/router.ts";
import { sessionCors } from "./platform/middleware/cors.ts";
import { sessionAuth } from "./platform/middleware/session_auth.ts";
import { jsonOnly } from "./platform/middleware/json_only.ts";
import { allowedOrigin } from "./platform/middleware/allowed_origin.ts";
import { accountStatus } from "./features/auth/account_status.ts";
import { loadPlans } from "./features/usage/plans.ts";
import { detectRoutes } from "./features/detect/router.ts";
import { usageRoutes } from "./features/usage/router.ts";
import { createKeyAccounts } from "./features/keys/key_accounts.ts";

/** Routes the extension calls with its session cookie; CORS runs first so even 401s are readable. */
const SESSION_ROUTES = ["/api/keys/*", "/api/usage/*", "/api/web/*"];

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const cors = sessionCors(deps);
  for (const path of SESSION_ROUTES) app.use(path, cors);
  app.route("/", authRoutes(deps));
  // `/api/keys/*` also matches `/api/keys`.
  app.use("/api/keys/*", sessionAuth(deps));
  app.on(["POST", "DELETE"], "/api/keys/*", allowedOrigin(deps), jsonOnly());
  // Usage and the key list stay readable, and keys revocable, while an account is suspended.
  app.post("/api/keys", accountStatus({ appealUrl: deps.config.appealUrl }));
  const keyAccounts = createKeyAccounts(deps.kv);
  app.route("/api", keysRoutes(deps, keyAccounts));
  app.route("/api", docsRoutes(deps));
  const plans = loadPlans(deps.config.plansFile);
  app.route("/", detectRoutes(deps, plans, keyAccounts));
  app.route("/", usageRoutes(deps, plans));

  app.notFound(() => {
    throw new ApiError(404, { error: "bad_request", message: "not_found" });
  });
  app.onError((err, c) => {
    const requestId = c.get("requestId");
    if (requestId) c.header("X-Request-Id", requestId);
    if (err instanceof ApiError) {
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
      return c.json(err.body, err.status);
    }
    // The error's name and where it came from, never its message: it could quote caller text.
    const at = err.stack?.split("\n").slice(1, 4).map((line) => line.trim());
    console.error(
      JSON.stringify({ event: "handler_failed", request_id: requestId, error: err.name, at }),
    );
    return c.json(
      { error: "handler_failed", message: "internal error", request_id: requestId },
      500,
    );
  });
  return app;
}
