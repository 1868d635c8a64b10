/**
 * API-key authentication of `POST /api/detect`: `Authorization: Bearer sk_...`. A missing,
 * malformed, unknown or revoked key is the spec's 401 with `WWW-Authenticate` and the request id.
 * The key and its account come from the short-lived cache (`key_accounts.ts`), which also records
 * the key's `last_used_at`; `keyAuth` carries the entries the call's record must find unchanged
 * and a way to authorise the call again from the store when they have changed.
 */
import { createMiddleware } from "hono/factory";
import { HEADER } from "../../../shared/headers.ts";
import { API_KEY_PATTERN } from "../../../shared/contract.ts";
import type { ApiKeyRecord } from "./api_keys.ts";
import type { KeyAccount, KeyAccounts } from "./key_accounts.ts";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { unauthorized } from "../../platform/errors.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** The API key of a Bearer-authenticated call. */
    apiKey: ApiKeyRecord;
    /**
     * A Bearer call's key and account entries, which its usage record checks are unchanged, and
     * `reload`, which authorises the call again from the store (throwing its 401) and returns
     * the fresh entries.
     */
    keyAuth: { guards: Deno.AtomicCheck[]; reload(): Promise<Deno.AtomicCheck[]> };
  }
}

export function bearerAuth(
  { keyAccounts, now, realm }: Pick<AppDeps, "now"> & { keyAccounts: KeyAccounts; realm: string },
) {
  return createMiddleware<AppEnv>(async function bearerAuthMiddleware(c, next) {
    const refuse = () =>
      unauthorized({ request_id: c.get("requestId") }, {
        [HEADER.wwwAuthenticate]: `Bearer realm="${realm}"`,
      });
    const match = /^Bearer +(\S+) *$/i.exec(c.req.header("Authorization") ?? "");
    if (!match || !API_KEY_PATTERN.test(match[1])) throw refuse();
    const plaintext = match[1];
    const authorised = (found: KeyAccount | null): KeyAccount => {
      if (!found || found.key.value.revokedAt) throw refuse();
      c.set("apiKey", found.key.value);
      c.set("user", found.user.value);
      return found;
    };
    const found = authorised(await keyAccounts.lookup(plaintext, now()));
    c.set("keyAuth", {
      guards: [found.key, found.user],
      reload: async () => {
        const again = authorised(await keyAccounts.reload(plaintext, now()));
        return [again.key, again.user];
      },
    });
    await next();
  });
}
