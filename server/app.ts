/** The public API application: routes mounted here, errors rendered by the one `onError`. */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "./env.ts";
import { ApiError } from "./errors.ts";

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Route modules are mounted here, e.g. app.route("/api", keysRoutes(deps)).
  void deps;

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
    console.error(JSON.stringify({ event: "handler_failed", request_id: requestId, error: String(err) }));
    return c.json({ error: "handler_failed", message: "internal error", request_id: requestId }, 500);
  });
  return app;
}
