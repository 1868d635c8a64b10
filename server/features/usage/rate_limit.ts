/**
 * Per-plan request rate limit of detect calls, shared by every instance on the same KV: 429. The
 * call's window and the units its account used are read here in one read; the call is counted
 * in the window by the commit that records it (usage or audit row), so it costs no commit here.
 */
import { createMiddleware } from "hono/factory";
import { HEADER } from "../../../shared/headers.ts";
import { isFull, type RateWindow, rateWindowOf } from "./rate_limits.ts";
import { readCallCounters, type UnitsUsed } from "./usage.ts";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { apiError } from "../../platform/errors.ts";
import { planOf, type PlanTable } from "./plans.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** The rate window a detect call was admitted into; the commit recording the call counts it. */
    rateWindow: RateWindow;
    /** Units the account had used when the call was admitted (the early quota check). */
    unitsUsed: UnitsUsed;
  }
}

export function rateLimited(perMinute: number, retryAfterSeconds: number, requestId: string) {
  return apiError("rate_limited", {
    message: `rate limit of ${perMinute} requests per minute exceeded; retry later`,
    request_id: requestId,
  }, { [HEADER.retryAfter]: String(retryAfterSeconds) });
}

export function rateLimit({ kv, now, plans }: Pick<AppDeps, "kv" | "now"> & { plans: PlanTable }) {
  return createMiddleware<AppEnv>(async function rateLimitMiddleware(c, next) {
    const user = c.get("user");
    const at = now();
    const window = rateWindowOf(user.id, planOf(plans, user.plan).perMinute, at);
    const counters = await readCallCounters(kv, { userId: user.id, window, now: at });
    if (isFull(window, counters.window)) {
      throw rateLimited(window.perMinute, window.retryAfterSeconds, c.get("requestId"));
    }
    c.set("rateWindow", window);
    c.set("unitsUsed", counters.used);
    await next();
  });
}
