/**
 * Per-plan request rate limit of detect calls, shared by every instance on the same KV: 429. The
 * call's window and the units its account used are read here in one read and handed to the route
 * as `counters`; the call is counted in the window by the commit that records it (the ledger, or
 * the audit row of a call answered otherwise), so it costs no commit here.
 */
import { createMiddleware } from "hono/factory";
import { HEADER } from "../../../shared/headers.ts";
import type { AppDeps } from "../../platform/env.ts";
import { apiError } from "../../platform/errors.ts";
import type { OptionalRequestIdEnv } from "../../platform/middleware/request_id.ts";
import type { CallerEnv } from "../auth/caller.ts";
import { readCallCounters, type UnitsUsed } from "./counters.ts";
import { isFull, type RateWindow, rateWindowOf } from "./rate_windows.ts";

/** What a detect call was admitted with. */
export interface CallCounters {
  /** The rate window it counts in; the commit recording the call counts it. */
  window: RateWindow;
  /** Units the account had used when the call was admitted (the early quota check). */
  unitsUsed: UnitsUsed;
}

export type CountersEnv = { Variables: { counters: CallCounters } };

export function rateLimited(perMinute: number, retryAfterSeconds: number, requestId?: string) {
  return apiError("rate_limited", {
    message: `rate limit of ${perMinute} requests per minute exceeded; retry later`,
    request_id: requestId,
  }, { [HEADER.retryAfter]: String(retryAfterSeconds) });
}

export function rateLimit({ kv, now }: Pick<AppDeps, "kv" | "now">) {
  return createMiddleware<CallerEnv & CountersEnv & OptionalRequestIdEnv>(
    async function rateLimitMiddleware(c, next) {
      const { user, plan } = c.get("caller");
      const at = now();
      const window = rateWindowOf(user.id, plan.perMinute, at);
      const read = await readCallCounters(kv, { userId: user.id, window, now: at });
      if (isFull(window, read.window)) {
        throw rateLimited(window.perMinute, window.retryAfterSeconds, c.get("requestId"));
      }
      c.set("counters", { window, unitsUsed: read.used });
      await next();
    },
  );
}
