/**
 * Dashboard sessions and one-time OAuth sign-in states. Both carry an explicit `expiresAt`: a
 * record past it is treated as absent (KV `expireIn` only frees storage eventually). Both are
 * stored under a SHA-256 hash of their token, as API keys are: a reader of the KV file cannot use
 * a live session, and a cookie or state of any length maps to a key of fixed size.
 */
import { sha256Hex } from "../../../shared/sha256.ts";
import { commit, retryOnConflict, withLockRetry } from "../../platform/kv/kv.ts";
import { randomToken } from "../../platform/random_token.ts";
import { kvKeys } from "../../platform/kv/kv_keys.ts";

export interface SessionRecord {
  userId: string;
  createdAt: string;
  expiresAt: string;
}

/** A new session: the stored record and the token the cookie carries (never stored). */
export interface NewSession {
  token: string;
  record: SessionRecord;
}

/** The KV key of the session a cookie token names. */
export function sessionKvKey(token: string): Deno.KvKey {
  return kvKeys.session(sha256Hex(token));
}

/** The KV key of the OAuth sign-in state a callback names. */
function oauthStateKvKey(state: string): Deno.KvKey {
  return kvKeys.oauthState(sha256Hex(state));
}

const isLive = (expiresAt: string, now: Date) => Date.parse(expiresAt) > now.getTime();

export async function createSession(
  kv: Deno.Kv,
  input: { userId: string; ttlMs: number; now: Date },
): Promise<NewSession> {
  const token = randomToken();
  const record: SessionRecord = {
    userId: input.userId,
    createdAt: input.now.toISOString(),
    expiresAt: new Date(input.now.getTime() + input.ttlMs).toISOString(),
  };
  const key = sessionKvKey(token);
  await commit(() => kv.atomic().set(key, record, { expireIn: input.ttlMs }));
  return { token, record };
}

/** The live session of a cookie token, or null when missing or expired. */
export async function getSession(
  kv: Deno.Kv,
  token: string,
  now: Date,
): Promise<SessionRecord | null> {
  const session = (await withLockRetry(() => kv.get<SessionRecord>(sessionKvKey(token)))).value;
  return session && isLive(session.expiresAt, now) ? session : null;
}

export async function deleteSession(kv: Deno.Kv, token: string): Promise<void> {
  const key = sessionKvKey(token);
  await commit(() => kv.atomic().delete(key));
}

export type OAuthProvider = "oidc" | "github";

/** What the callback needs to finish a sign-in that `GET /auth/signin` started. */
export interface OAuthStateRecord {
  provider: OAuthProvider;
  codeVerifier: string;
  /** Relative path to land on after sign-in. */
  returnTo: string;
  /** OIDC nonce, bound into the ID token. */
  nonce?: string;
  expiresAt: string;
}

export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export async function saveOAuthState(
  kv: Deno.Kv,
  state: string,
  record: Omit<OAuthStateRecord, "expiresAt">,
  now: Date,
): Promise<void> {
  const full: OAuthStateRecord = {
    ...record,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS).toISOString(),
  };
  const key = oauthStateKvKey(state);
  await commit(() => kv.atomic().set(key, full, { expireIn: OAUTH_STATE_TTL_MS }));
}

/**
 * Reads and deletes a state in one atomic step, so a state completes at most one sign-in even
 * when the callback is replayed concurrently. Null when unknown, already used or expired.
 */
export function consumeOAuthState(
  kv: Deno.Kv,
  state: string,
  now: Date,
): Promise<OAuthStateRecord | null> {
  const key = oauthStateKvKey(state);
  return retryOnConflict(
    () => kv.get<OAuthStateRecord>(key),
    (entry) =>
      entry.value
        ? {
          result: isLive(entry.value.expiresAt, now) ? entry.value : null,
          write: () => kv.atomic().check(entry).delete(entry.key),
        }
        : { result: null },
  );
}
