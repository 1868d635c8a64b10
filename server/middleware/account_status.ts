/** Refuses every detect call of a suspended account: 403 `account_suspended` (SPEC, Account). */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../errors.ts";

export function accountStatus({ appealUrl }: { appealUrl: string }) {
  return createMiddleware<AppEnv>(async function accountStatusMiddleware(c, next) {
    const user = c.get("user");
    if (user.status === "suspended") {
      throw new ApiError(403, {
        error: "account_suspended",
        message: "this account is suspended; see appeal_url to appeal",
        reason: user.suspendReason,
        appeal_url: appealUrl,
        plan: user.plan,
        request_id: c.get("requestId"),
      }, { "X-Account-Status": "suspended" });
    }
    await next();
  });
}
