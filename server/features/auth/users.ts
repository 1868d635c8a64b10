/** Accounts: one plan per account, an account state, and a subscription status. */
import { commit, withLockRetry } from "../../platform/kv/kv.ts";
import { kvKeys } from "../../platform/kv/kv_keys.ts";

export type AccountStatus = "active" | "suspended";

export interface User {
  id: string;
  email: string;
  name: string | null;
  createdAt: string;
  plan: string;
  status: AccountStatus;
  suspendReason: string | null;
  subscriptionStatus: string;
}

export const DEFAULT_PLAN = "api_free";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function getUser(kv: Deno.Kv, userId: string): Promise<User | null> {
  return (await kv.get<User>(kvKeys.user(userId))).value;
}

export async function getUserByEmail(kv: Deno.Kv, email: string): Promise<User | null> {
  const id = await kv.get<string>(kvKeys.userByEmail(normalizeEmail(email)));
  return id.value ? await getUser(kv, id.value) : null;
}

export async function createUser(
  kv: Deno.Kv,
  input: { email: string; name?: string | null; now?: Date },
): Promise<User> {
  const user: User = {
    id: crypto.randomUUID(),
    email: normalizeEmail(input.email),
    name: input.name?.trim() || null,
    createdAt: (input.now ?? new Date()).toISOString(),
    plan: DEFAULT_PLAN,
    status: "active",
    suspendReason: null,
    subscriptionStatus: "active",
  };
  const res = await commit(() =>
    kv.atomic()
      .check({ key: kvKeys.userByEmail(user.email), versionstamp: null })
      .set(kvKeys.user(user.id), user)
      .set(kvKeys.userByEmail(user.email), user.id)
  );
  if (!res.ok) throw new Error("email already registered");
  return user;
}

/** Finds the account of an email, creating it on first sign-in; safe under concurrent sign-ins. */
export async function getOrCreateUserByEmail(
  kv: Deno.Kv,
  input: { email: string; name?: string | null },
): Promise<User> {
  for (;;) {
    const existing = await getUserByEmail(kv, input.email);
    if (existing) return existing;
    try {
      return await createUser(kv, input);
    } catch (err) {
      if (!String(err).includes("already registered")) throw err;
    }
  }
}

/** Applies `change` to the stored user, guarded by its versionstamp; retried on conflict. */
export async function updateUser(
  kv: Deno.Kv,
  userId: string,
  change: (user: User) => User,
): Promise<User> {
  for (;;) {
    const entry = await withLockRetry(() => kv.get<User>(kvKeys.user(userId)));
    if (!entry.value) throw new Error("no such user");
    const next = change(entry.value);
    const res = await commit(() => kv.atomic().check(entry).set(kvKeys.user(userId), next));
    if (res.ok) return next;
  }
}
