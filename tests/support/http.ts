/**
 * The API in-process over real HTTP: `createApp` behind `serveGuarded` (127.0.0.1, port 0), a
 * temp-file KV removed on close, config from `loadConfig` with env overrides (no built dashboard
 * unless DASHBOARD_DIR names one), and an injectable clock.
 */
import { createApp } from "../../server/app.ts";
import { loadConfig } from "../../server/platform/config.ts";
import type { AppDeps } from "../../server/platform/env.ts";
import { openKv } from "../../server/platform/kv/kv.ts";
import { serveGuarded } from "../../server/platform/connections.ts";

export interface StartApiOptions {
  /** Environment overrides for `loadConfig`; PUBLIC_URL defaults to the served address. */
  env?: Record<string, string | undefined>;
  /** The app's clock; defaults to the real time. */
  now?: () => Date;
  /** Wraps the app's KV (the test keeps the real one), e.g. to inject a storage fault. */
  wrapKv?: (kv: Deno.Kv) => Deno.Kv;
}

export interface RunningApi {
  url: string;
  kv: Deno.Kv;
  deps: AppDeps;
  close(): Promise<void>;
}

export async function startApi(options: StartApiOptions = {}): Promise<RunningApi> {
  const dir = await Deno.makeTempDir({ prefix: "api_test_" });
  const kv = await openKv(`${dir}/kv.sqlite3`);
  let handler = (_req: Request): Response | Promise<Response> =>
    new Response("starting", { status: 503 });
  // The server `deno task serve` runs: the guarded listener (timeouts, cap) in front of the app.
  const server = serveGuarded(
    { hostname: "127.0.0.1", port: 0, limits: loadConfig({ ...options.env }).connections },
    (req) => handler(req),
  );
  const url = `http://127.0.0.1:${server.addr.port}`;
  const config = loadConfig({
    HOST: "127.0.0.1",
    PORT: String(server.addr.port),
    PUBLIC_URL: url,
    KV_PATH: `${dir}/kv.sqlite3`,
    // Not the working tree's build, whatever state it is in: the dashboard's tests build their own.
    DASHBOARD_DIR: `${dir}/dashboard-not-built`,
    ...options.env,
  });
  const deps: AppDeps = {
    config,
    kv: options.wrapKv?.(kv) ?? kv,
    now: options.now ?? (() => new Date()),
  };
  const app = createApp(deps);
  handler = (req) => app.fetch(req);
  return {
    url,
    kv,
    deps,
    async close() {
      await server.shutdown();
      kv.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/** Signs in through the dev stub over HTTP; returns the `Cookie` header value `__session=...`. */
export async function signIn(url: string, email: string, name?: string): Promise<string> {
  const res = await fetch(`${url}/auth/dev/signin`, {
    method: "POST",
    body: new URLSearchParams({ email, ...(name === undefined ? {} : { name }) }),
    redirect: "manual",
  });
  await res.body?.cancel();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (res.status !== 303 || !cookie) throw new Error(`dev sign-in failed: ${res.status}`);
  return cookie.split(";")[0];
}
