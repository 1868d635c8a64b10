/**
 * Who a call is billed to, as its route authenticated it: a dashboard session or an API key, with
 * the account and its plan. The route's authentication middleware builds it once; below the
 * router it is passed as an argument, never read back from the request's context.
 */
import type { Plan } from "../billing/plans.ts";
import type { User } from "./users.ts";

export interface SessionCaller {
  kind: "session";
  user: User;
  plan: Plan;
}

export interface KeyCaller {
  kind: "key";
  user: User;
  plan: Plan;
  keyId: string;
  /** The key and account entries the call was authorised with: its record checks them unchanged. */
  guards: Deno.AtomicCheck[];
  /** Authorises the call again from the store (throwing its 401): a fresh caller. */
  reauthorise(): Promise<KeyCaller>;
}

export type Caller = SessionCaller | KeyCaller;

/** The Hono variables of a route behind an authentication middleware that makes `C`. */
export type CallerEnv<C extends Caller = Caller> = { Variables: { caller: C } };
