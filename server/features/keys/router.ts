/**
 * API-key management for the signed-in user: `POST /api/keys`, `GET /api/keys`,
 * `DELETE /api/keys/{id}`, exactly the spec's key state table. Mounted under `/api`, after the
 * app's CORS; session auth, the cross-origin and JSON-only guards are applied here.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { BAD_JSON_MESSAGE, parseJsonText } from "../../../shared/json_text.ts";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { allowedOrigin } from "../../platform/middleware/allowed_origin.ts";
import { jsonOnly } from "../../platform/middleware/json_only.ts";
import { sessionAuth } from "../auth/session_auth.ts";
import type { CallerEnv, SessionCaller } from "../auth/caller.ts";
import type { PlanTable } from "../billing/plans.ts";
import { accountStatus } from "../auth/account_status.ts";
import { createKeyRoute, listKeysRoute, revokeKeyRoute } from "./routes.ts";
import type { KeyAccounts } from "./key_accounts.ts";
import { apiError, notFound } from "../../platform/errors.ts";
import { type ApiKeyRecord, createApiKey, listApiKeysByUser, revokeApiKey } from "./api_keys.ts";
import {
  type ApiKey,
  ApiKeyCreateRequest,
  type ApiKeyCreateResponse,
} from "../../../shared/contract.ts";

export const MAX_KEY_NAME_CHARS = 64;

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

const IncludeRevoked = z.enum(["true", "false"]).optional();

function readCreateBody(raw: string): z.infer<typeof ApiKeyCreateRequest> {
  if (raw.trim() === "") return {};
  const json = parseJsonText(raw);
  if (!json.ok) throw apiError("bad_json", { message: BAD_JSON_MESSAGE });
  const parsed = ApiKeyCreateRequest.safeParse(json.value);
  // Fixed message: zod's issue texts would echo caller-supplied property names.
  if (!parsed.success) {
    throw apiError("bad_request", {
      message: "body must be an object with at most an optional string (or null) property name",
    });
  }
  return parsed.data;
}

export function keysRouter(
  deps: AppDeps,
  plans: PlanTable,
  keyAccounts: KeyAccounts,
): OpenAPIHono<AppEnv & CallerEnv<SessionCaller>> {
  const { kv, now, config } = deps;
  // Every route here is behind the session: `/keys/*` also matches `/keys`.
  const app = new OpenAPIHono<AppEnv & CallerEnv<SessionCaller>>();
  app.use("/keys/*", sessionAuth({ kv, now, plans }));
  app.on(["POST", "DELETE"], "/keys/*", allowedOrigin({ config }), jsonOnly());
  // Only creation is refused to a suspended account: its keys stay listable and revocable.
  const notSuspended = accountStatus({ appealUrl: config.appealUrl });

  app.openapi({ ...createKeyRoute, middleware: [notSuspended] }, async (c) => {
    const body = readCreateBody(await c.req.text());
    const { record, plaintext } = await createApiKey(kv, {
      userId: c.var.caller.user.id,
      name: normalizeKeyName(body.name),
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
    const includeRevoked = IncludeRevoked.safeParse(c.req.query("include_revoked"));
    if (!includeRevoked.success) {
      throw apiError("bad_request", { message: "include_revoked must be true or false" });
    }
    const records = await listApiKeysByUser(kv, c.var.caller.user.id);
    const keys = records
      .filter((k) => includeRevoked.data === "true" || k.revokedAt === null)
      .map(toApiKey);
    return c.json({ keys }, 200);
  });

  app.openapi(revokeKeyRoute, async (c) => {
    const keyId = c.req.param("id");
    if (!z.uuid().safeParse(keyId).success) throw notFound();
    const revoked = await revokeApiKey(kv, { userId: c.var.caller.user.id, keyId, now: now() });
    if (!revoked) throw notFound();
    keyAccounts.forget(revoked.hash);
    return c.json({ revoked: true as const, id: revoked.id }, 200);
  });

  return app;
}
