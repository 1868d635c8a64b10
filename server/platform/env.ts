/** The Hono environment shared by the API's middleware and routes. */
import type { Config } from "./config.ts";
import type { User } from "../features/auth/users.ts";
import type { ApiKeyRecord } from "../features/keys/api_keys.ts";
import type { RateWindow } from "../features/usage/rate_limits.ts";
import type { UnitsUsed } from "../features/usage/usage.ts";
import type { InputMode, Task } from "../../shared/regimes.ts";

/** What every route factory receives: built once at start-up, passed down. */
export interface AppDeps {
  config: Config;
  kv: Deno.Kv;
  /** Clock, injectable so tests can cross period boundaries. */
  now: () => Date;
}

export type AppEnv = {
  Variables: {
    /** Server request id: the client's valid X-Request-Id, else minted. */
    requestId: string;
    /** The signed-in or key-authenticated account. */
    user: User;
    /** The API key of a Bearer-authenticated call. */
    apiKey: ApiKeyRecord;
    /** The client's own X-Request-Id, when it supplied a valid one. */
    clientRequestId: string;
    /**
     * A Bearer call's key and account entries, which its usage record checks are unchanged, and
     * `reload`, which authorises the call again from the store (throwing its 401) and returns
     * the fresh entries.
     */
    keyAuth: { guards: Deno.AtomicCheck[]; reload(): Promise<Deno.AtomicCheck[]> };
    /** The rate window a detect call was admitted into; the commit recording the call counts it. */
    rateWindow: RateWindow;
    /** Units the account had used when the call was admitted (the early quota check). */
    unitsUsed: UnitsUsed;
    /** Task and input mode of a detect call once its body is parsed (for its audit row). */
    detectCall: { task: Task; inputMode: InputMode };
  };
};
