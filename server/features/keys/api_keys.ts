/** API keys: only a SHA-256 hash of the plaintext is stored; the plaintext is returned once. */
import { sha256Hex } from "../../../shared/sha256.ts";
import { commit, listAll, retryOnConflict, withLockRetry } from "../../platform/kv/kv.ts";
import { randomToken } from "../../platform/random_token.ts";
import { kvKeys } from "../../platform/kv/kv_keys.ts";

export interface ApiKeyRecord {
  id: string;
  userId: string;
  prefix: string;
  name: string | null;
  hash: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** `sk_` + 43 base64url characters: 32 random bytes, 256 bits of entropy. */
export function generateApiKey(): string {
  return `sk_${randomToken()}`;
}

export function hashApiKey(plaintext: string): string {
  return sha256Hex(plaintext);
}

export async function createApiKey(
  kv: Deno.Kv,
  input: { userId: string; name: string | null; now?: Date },
): Promise<{ record: ApiKeyRecord; plaintext: string }> {
  const plaintext = generateApiKey();
  const record: ApiKeyRecord = {
    id: crypto.randomUUID(),
    userId: input.userId,
    prefix: plaintext.slice(0, 7),
    name: input.name,
    hash: hashApiKey(plaintext),
    createdAt: (input.now ?? new Date()).toISOString(),
    lastUsedAt: null,
    revokedAt: null,
  };
  const res = await commit(() =>
    kv.atomic()
      .check({ key: kvKeys.apiKeyByHash(record.hash), versionstamp: null })
      .set(kvKeys.apiKey(record.id), record)
      .set(kvKeys.apiKeyByHash(record.hash), record.id)
      .set(kvKeys.apiKeyByUser(record.userId, record.id), record.id)
  );
  if (!res.ok) throw new Error("api key collision");
  return { record, plaintext };
}

export async function getApiKey(kv: Deno.Kv, keyId: string): Promise<ApiKeyRecord | null> {
  return (await withLockRetry(() => kv.get<ApiKeyRecord>(kvKeys.apiKey(keyId)))).value;
}

/** The user's keys, oldest first. */
export async function listApiKeysByUser(kv: Deno.Kv, userId: string): Promise<ApiKeyRecord[]> {
  const ids = (await listAll<string>(kv, { prefix: kvKeys.apiKeysByUserPrefix(userId) }))
    .map((e) => e.value);
  const records: ApiKeyRecord[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    const entries = await withLockRetry(() =>
      kv.getMany<ApiKeyRecord[]>(ids.slice(i, i + 10).map(kvKeys.apiKey))
    );
    for (const e of entries) if (e.value) records.push(e.value);
  }
  return records.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Revokes the user's active key. Returns null when the key is missing, foreign or already
 * revoked: the three are indistinguishable to the caller.
 */
export function revokeApiKey(
  kv: Deno.Kv,
  input: { userId: string; keyId: string; now?: Date },
): Promise<ApiKeyRecord | null> {
  return retryOnConflict(
    () => kv.get<ApiKeyRecord>(kvKeys.apiKey(input.keyId)),
    (entry) => {
      const key = entry.value;
      if (!key || key.userId !== input.userId || key.revokedAt) return { result: null };
      const revoked = { ...key, revokedAt: (input.now ?? new Date()).toISOString() };
      return { result: revoked, write: () => kv.atomic().check(entry).set(entry.key, revoked) };
    },
  );
}
