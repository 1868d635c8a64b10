/**
 * The API keys and accounts that Bearer calls authenticate with, cached in this process for a few
 * seconds so that a detect call reads nothing before its work. Exactness does not rest on the
 * cache: a served call's record commit checks the versionstamps of the key and account entries it
 * was authorised with (`guards`), so a revocation, suspension or plan change made anywhere since
 * fails that commit and the call is authorised again from the store. Revoked keys and suspended
 * accounts are never cached, and a quota refusal is re-checked on fresh reads, so only the rate
 * limit and the 400s of a call may see a key or account up to `CACHE_TTL_MS` old. Entries are
 * kept by key hash, never by plaintext.
 */
import { type ApiKeyRecord, hashApiKey } from "./api_keys.ts";
import { commit, withLockRetry } from "../../platform/kv/kv.ts";
import { kvKeys } from "../../platform/kv/kv_keys.ts";
import type { User } from "../auth/users.ts";

const CACHE_TTL_MS = 5_000;
const MAX_CACHED = 10_000;
/** `last_used_at` is written at most this often per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface KeyAccount {
  key: Deno.KvEntry<ApiKeyRecord>;
  user: Deno.KvEntry<User>;
}

export interface KeyAccounts {
  /** The key of a plaintext and its account (revoked keys included), or null when unknown. */
  lookup(plaintext: string, now: Date): Promise<KeyAccount | null>;
  /** Reads the key and account again, bypassing the cache. */
  reload(plaintext: string, now: Date): Promise<KeyAccount | null>;
  /** Drops a key from the cache (its revocation in this process). */
  forget(keyHash: string): void;
}

async function readKeyAccount(kv: Deno.Kv, hash: string): Promise<KeyAccount | null> {
  const id = await withLockRetry(() => kv.get<string>(kvKeys.apiKeyByHash(hash)));
  if (!id.value) return null;
  const key = await withLockRetry(() => kv.get<ApiKeyRecord>(kvKeys.apiKey(id.value!)));
  if (!key.value) return null;
  const user = await withLockRetry(() => kv.get<User>(kvKeys.user(key.value!.userId)));
  if (!user.value) return null;
  return { key: key as Deno.KvEntry<ApiKeyRecord>, user: user as Deno.KvEntry<User> };
}

/**
 * Records the use on the entry that authenticated it, when its `last_used_at` is older than a
 * minute. The versionstamp check means a revocation in between is never undone; when the entry
 * changed meanwhile (another process recorded a use, or revoked the key) it is read again instead,
 * and a revocation is then seen by the caller.
 */
async function touched(kv: Deno.Kv, found: KeyAccount, now: Date): Promise<KeyAccount> {
  const last = found.key.value.lastUsedAt;
  if (last !== null && now.getTime() - Date.parse(last) < LAST_USED_RESOLUTION_MS) return found;
  const value = { ...found.key.value, lastUsedAt: now.toISOString() };
  const res = await commit(() => kv.atomic().check(found.key).set(found.key.key, value));
  if (res.ok) return { ...found, key: { ...found.key, value, versionstamp: res.versionstamp } };
  const fresh = await withLockRetry(() => kv.get<ApiKeyRecord>(found.key.key));
  return fresh.value ? { ...found, key: fresh as Deno.KvEntry<ApiKeyRecord> } : found;
}

export function createKeyAccounts(kv: Deno.Kv): KeyAccounts {
  const cache = new Map<string, { found: KeyAccount; until: number }>();

  const remember = (hash: string, found: KeyAccount | null, until: number) => {
    cache.delete(hash);
    // Refusals by key or account state are always decided on fresh reads.
    if (!found || found.key.value.revokedAt || found.user.value.status === "suspended") return;
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(hash, { found, until });
  };

  const reloadHash = async (hash: string, now: Date) => {
    let found = await readKeyAccount(kv, hash);
    if (found && !found.key.value.revokedAt) found = await touched(kv, found, now);
    remember(hash, found, now.getTime() + CACHE_TTL_MS);
    return found;
  };

  return {
    async lookup(plaintext, now) {
      const hash = hashApiKey(plaintext);
      const cached = cache.get(hash);
      if (!cached || cached.until <= now.getTime()) return await reloadHash(hash, now);
      const found = await touched(kv, cached.found, now);
      if (found !== cached.found) remember(hash, found, cached.until);
      return found;
    },
    reload: (plaintext, now) => reloadHash(hashApiKey(plaintext), now),
    forget: (hash) => void cache.delete(hash),
  };
}
