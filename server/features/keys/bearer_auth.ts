/**
 * API-key authentication of `POST /api/detect`: `Authorization: Bearer sk_...`. A missing,
 * malformed, unknown or revoked key is the spec's 401 with `WWW-Authenticate` and the request id.
 * The key and its account come from the short-lived cache (`key_accounts.ts`), which also records
 * the key's `last_used_at`. The route's `caller` carries the entries the call's record must find
 * unchanged, and `reauthorise`, which reads them again from the store into a fresh caller.
 */
import { createMiddleware } from "hono/factory";
import { HEADER } from "../../../shared/headers.ts";
import { API_KEY_PATTERN } from "../../../shared/contract.ts";
import type { KeyAccount, KeyAccounts } from "./key_accounts.ts";
import type { AppDeps } from "../../platform/env.ts";
import { unauthorized } from "../../platform/errors.ts";
import type { OptionalRequestIdEnv } from "../../platform/middleware/request_id.ts";
import { planOf, type PlanTable } from "../billing/plans.ts";
import type { CallerEnv, KeyCaller } from "../auth/caller.ts";

export function bearerAuth(
  { keyAccounts, plans, now, realm }: Pick<AppDeps, "now"> & {
    keyAccounts: KeyAccounts;
    plans: PlanTable;
    realm: string;
  },
) {
  return createMiddleware<CallerEnv<KeyCaller> & OptionalRequestIdEnv>(
    async function bearerAuthMiddleware(c, next) {
      const refuse = () =>
        unauthorized({ request_id: c.get("requestId") }, {
          [HEADER.wwwAuthenticate]: `Bearer realm="${realm}"`,
        });
      const match = /^Bearer +(\S+) *$/i.exec(c.req.header("Authorization") ?? "");
      if (!match || !API_KEY_PATTERN.test(match[1])) throw refuse();
      const plaintext = match[1];
      const callerOf = (found: KeyAccount | null): KeyCaller => {
        if (!found || found.key.value.revokedAt) throw refuse();
        const user = found.user.value;
        return {
          kind: "key",
          user,
          plan: planOf(plans, user.plan),
          keyId: found.key.value.id,
          guards: [found.key, found.user],
          reauthorise: async () => callerOf(await keyAccounts.reload(plaintext, now())),
        };
      };
      c.set("caller", callerOf(await keyAccounts.lookup(plaintext, now())));
      await next();
    },
  );
}
