/**
 * The Hono environment shared by the API's middleware and routes. Each context variable is
 * declared, as Hono's own middleware do, in `ContextVariableMap` by the module that sets it: the
 * request ids here (request_id.ts), the account in auth, the key in keys, the rate window in
 * usage, the parsed call in detect. So platform depends on no feature.
 */
import type { Config } from "./config.ts";

/** What every route factory receives: built once at start-up, passed down. */
export interface AppDeps {
  config: Config;
  kv: Deno.Kv;
  /** Clock, injectable so tests can cross period boundaries. */
  now: () => Date;
}

/** The API's Hono environment: no bindings; its variables are in `ContextVariableMap`. */
export type AppEnv = { Variables: Record<never, never> };
