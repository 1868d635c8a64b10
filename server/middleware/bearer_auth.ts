/**
 * API-key authentication of `POST /api/detect`: `Authorization: Bearer sk_...`. A missing,
 * malformed, unknown or revoked key is the spec's 401 with `WWW-Authenticate` and the request id.
 * A successful authentication records the key's `last_used_at`.
 */
import { createMiddleware } from "hono/factory";
import { API_KEY_PATTERN } from "../../shared/contract.ts";
import { getApiKeyEntryByPlaintext, touchApiKey } from "../data/api_keys.ts";
import { getUser } from "../data/users.ts";
import type { AppDeps, AppEnv } from "../env.ts";
import { unauthorized } from "../errors.ts";

export function bearerAuth({ kv, now, realm }: Pick<AppDeps, "kv" | "now"> & { realm: string }) {
  return createMiddleware<AppEnv>(async function bearerAuthMiddleware(c, next) {
    const refuse = () =>
      unauthorized({ request_id: c.get("requestId") }, {
        "WWW-Authenticate": `Bearer realm="${realm}"`,
      });
    const match = /^Bearer +(\S+) *$/i.exec(c.req.header("Authorization") ?? "");
    if (!match || !API_KEY_PATTERN.test(match[1])) throw refuse();
    const entry = await getApiKeyEntryByPlaintext(kv, match[1]);
    if (!entry || entry.value.revokedAt) throw refuse();
    const key = entry.value;
    const user = await getUser(kv, key.userId);
    if (!user) throw refuse();
    c.set("apiKey", key);
    c.set("user", user);
    await touchApiKey(kv, entry, now());
    await next();
  });
}
