/**
 * API-key management for the signed-in user: `POST /api/keys`, `GET /api/keys`,
 * `DELETE /api/keys/{id}`, exactly the spec's key state table. Mounted under `/api`, after the
 * app's CORS; session auth, the cross-origin and JSON-only guards are applied here.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { allowedOrigin } from "../../platform/middleware/allowed_origin.ts";
import { jsonOnly } from "../../platform/middleware/json_only.ts";
import { sessionAuth } from "../auth/session_auth.ts";
import type { CallerEnv, SessionCaller } from "../auth/caller.ts";
import type { PlanTable } from "../billing/plans.ts";
import { accountStatus } from "../auth/account_status.ts";
import { createKeyRoute, listKeysRoute, revokeKeyRoute } from "./routes.ts";
import type { KeyAccounts } from "./key_accounts.ts";
import { apiError, bodyTooLarge, notFound } from "../../platform/errors.ts";
import { type BodyRefusal, createRouter, jsonBody } from "../../platform/validation_hook.ts";
import { type ApiKeyRecord, createApiKey, listApiKeysByUser, revokeApiKey } from "./api_keys.ts";
import type { ApiKey, ApiKeyCreateResponse } from "../../../shared/contract.ts";

export const MAX_KEY_NAME_CHARS = 64;

/** The largest `POST /api/keys` body: a 64-character name escaped as `\uXXXX` pairs is 768 bytes. */
export const MAX_KEY_BODY_BYTES = 4 * 1024;

/**
 * Collapses whitespace, trims, and cuts to 64 characters (code points, as every length of the
 * service); an absent, null or blank name is no name.
 */
export function normalizeKeyName(name: string | null | undefined): string | null {
  if (name === undefined || name === null) return null;
  return [...name.replace(/\s+/g, " ").trim()].slice(0, MAX_KEY_NAME_CHARS).join("").trimEnd() ||
    null;
}

function toApiKey(record: ApiKeyRecord): ApiKey {
  return {
    id: record.id,
    prefix: record.prefix,
    name: record.name,
    created_at: record.createdAt,
    last_used_at: record.lastUsedAt,
    revoked_at: record.revokedAt,
  };
}

/** `POST /api/keys`: one fixed message, since zod's texts would echo caller property names. */
export const refuseKeyBody: BodyRefusal = () =>
  apiError("bad_request", {
    message: "body must be an object with at most an optional string (or null) property name",
  });

export function keysRouter(
  deps: AppDeps,
  plans: PlanTable,
  keyAccounts: KeyAccounts,
): OpenAPIHono<AppEnv & CallerEnv<SessionCaller>> {
  const { kv, now, config } = deps;
  // Every route here is behind the session: `/keys/*` also matches `/keys`.
  const app = createRouter<AppEnv & CallerEnv<SessionCaller>>(refuseKeyBody);
  app.use("/keys/*", sessionAuth({ kv, now, plans }));
  app.on(["POST", "DELETE"], "/keys/*", allowedOrigin({ config }), jsonOnly());
  // Only creation is refused to a suspended account: its keys stay listable and revocable.
  const notSuspended = accountStatus({ appealUrl: config.appealUrl });

  const body = jsonBody({
    emptyIsObject: true,
    maxBytes: MAX_KEY_BODY_BYTES,
    tooLarge: () => bodyTooLarge(MAX_KEY_BODY_BYTES),
    timeoutMs: config.connections.bodyTimeoutMs,
  });
  app.openapi({ ...createKeyRoute, middleware: [notSuspended, body] }, async (c) => {
    const { name } = c.req.valid("json");
    const { record, plaintext } = await createApiKey(kv, {
      userId: c.var.caller.user.id,
      name: normalizeKeyName(name),
      now: now(),
    });
    const created: ApiKeyCreateResponse = {
      id: record.id,
      name: record.name,
      key: plaintext,
      prefix: record.prefix,
      created_at: record.createdAt,
    };
    return c.json(created, 201);
  });

  app.openapi(listKeysRoute, async (c) => {
    const { include_revoked } = c.req.valid("query");
    const records = await listApiKeysByUser(kv, c.var.caller.user.id);
    const keys = records
      .filter((k) => include_revoked === "true" || k.revokedAt === null)
      .map(toApiKey);
    return c.json({ keys }, 200);
  });

  app.openapi(revokeKeyRoute, async (c) => {
    const { id: keyId } = c.req.valid("param");
    const revoked = await revokeApiKey(kv, { userId: c.var.caller.user.id, keyId, now: now() });
    if (!revoked) throw notFound();
    keyAccounts.forget(revoked.hash);
    return c.json({ revoked: true as const, id: revoked.id }, 200);
  });

  return app;
}
