/**
 * What the API's routers share: the dependencies built once at start-up, and the base Hono
 * environment. No context variable is declared app-wide: each middleware types the variables it
 * sets in its own environment (`RequestIdEnv`, `CallerEnv`, ...), and a handler sees exactly those
 * of the middleware on its route. So platform depends on no feature.
 */
import type { Config } from "./config.ts";

/** What every route factory receives: built once at start-up, passed down. */
export interface AppDeps {
  config: Config;
  kv: Deno.Kv;
  /** Clock, injectable so tests can cross period boundaries. */
  now: () => Date;
}

/** The API's base Hono environment: no bindings, no app-wide variables. */
export type AppEnv = { Variables: Record<never, never> };
