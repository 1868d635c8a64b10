/** Refuses every detect call of a suspended account: 403 `account_suspended` (SPEC, Account). */
import { createMiddleware } from "hono/factory";
import { HEADER } from "../../../shared/headers.ts";
import type { User } from "./users.ts";
import { type ApiError, apiError } from "../../platform/errors.ts";
import type { OptionalRequestIdEnv } from "../../platform/middleware/request_id.ts";
import type { CallerEnv } from "./caller.ts";

export function accountSuspended(user: User, appealUrl: string, requestId?: string): ApiError {
  return apiError("account_suspended", {
    message: "this account is suspended; see appeal_url to appeal",
    reason: user.suspendReason,
    appeal_url: appealUrl,
    plan: user.plan,
    request_id: requestId,
  }, { [HEADER.accountStatus]: "suspended" });
}

export function accountStatus({ appealUrl }: { appealUrl: string }) {
  return createMiddleware<CallerEnv & OptionalRequestIdEnv>(
    async function accountStatusMiddleware(c, next) {
      const { user } = c.get("caller");
      if (user.status === "suspended") throw accountSuspended(user, appealUrl, c.get("requestId"));
      await next();
    },
  );
}
