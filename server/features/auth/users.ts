/** Accounts: one plan per account, an account state, and a subscription status. */
import { retryOnConflict, withLockRetry } from "../../platform/kv/kv.ts";
import { kvKeys } from "../../platform/kv/kv_keys.ts";
import type { SubscriptionStatus } from "../billing/subscription.ts";

export type AccountStatus = "active" | "suspended";

export interface User {
  id: string;
  email: string;
  name: string | null;
  createdAt: string;
  plan: string;
  status: AccountStatus;
  suspendReason: string | null;
  subscriptionStatus: SubscriptionStatus;
}

export const DEFAULT_PLAN = "api_free";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function getUser(kv: Deno.Kv, userId: string): Promise<User | null> {
  return (await withLockRetry(() => kv.get<User>(kvKeys.user(userId)))).value;
}

/** An email's index entry (checked by a write that creates its account) and its account. */
async function readByEmail(kv: Deno.Kv, email: string) {
  const emailEntry = await kv.get<string>(kvKeys.userByEmail(normalizeEmail(email)));
  const user = emailEntry.value ? (await kv.get<User>(kvKeys.user(emailEntry.value))).value : null;
  return { emailEntry, user };
}

export async function getUserByEmail(kv: Deno.Kv, email: string): Promise<User | null> {
  return (await withLockRetry(() => readByEmail(kv, email))).user;
}

function newUser(input: { email: string; name?: string | null }): User {
  return {
    id: crypto.randomUUID(),
    email: normalizeEmail(input.email),
    name: input.name?.trim() || null,
    createdAt: new Date().toISOString(),
    plan: DEFAULT_PLAN,
    status: "active",
    suspendReason: null,
    subscriptionStatus: "active",
  };
}

/** The writes of a new account, guarded by its email index entry (absent, or as read). */
function createUserOp(kv: Deno.Kv, user: User, emailEntry: Deno.AtomicCheck) {
  return kv.atomic()
    .check(emailEntry)
    .set(kvKeys.user(user.id), user)
    .set(kvKeys.userByEmail(user.email), user.id);
}

/** Finds the account of an email, creating it on first sign-in; safe under concurrent sign-ins. */
export function getOrCreateUserByEmail(
  kv: Deno.Kv,
  input: { email: string; name?: string | null },
): Promise<User> {
  return retryOnConflict(
    () => readByEmail(kv, input.email),
    ({ emailEntry, user }) => {
      if (user) return { result: user };
      const created = newUser(input);
      return { result: created, write: () => createUserOp(kv, created, emailEntry) };
    },
  );
}

/** Applies `change` to the stored user, guarded by its versionstamp; retried on conflict. */
export function updateUser(
  kv: Deno.Kv,
  userId: string,
  change: (user: User) => User,
): Promise<User> {
  return retryOnConflict(
    () => kv.get<User>(kvKeys.user(userId)),
    (entry) => {
      if (!entry.value) throw new Error("no such user");
      const next = change(entry.value);
      return { result: next, write: () => kv.atomic().check(entry).set(entry.key, next) };
    },
  );
}
