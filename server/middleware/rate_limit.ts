/** Per-plan request rate limit of detect calls, shared by every instance on the same KV: 429. */
import { createMiddleware } from "hono/factory";
import { takeRateToken } from "../data/rate_limits.ts";
import type { AppDeps, AppEnv } from "../env.ts";
import { ApiError } from "../errors.ts";
import { planOf, type PlanTable } from "../plans.ts";

export function rateLimit({ kv, now, plans }: Pick<AppDeps, "kv" | "now"> & { plans: PlanTable }) {
  return createMiddleware<AppEnv>(async function rateLimitMiddleware(c, next) {
    const user = c.get("user");
    const { perMinute } = planOf(plans, user.plan);
    const decision = await takeRateToken(kv, { userId: user.id, perMinute, now: now() });
    if (!decision.allowed) {
      throw new ApiError(429, {
        error: "rate_limited",
        message: `rate limit of ${perMinute} requests per minute exceeded; retry later`,
        request_id: c.get("requestId"),
      }, { "Retry-After": String(decision.retryAfterSeconds) });
    }
    await next();
  });
}
