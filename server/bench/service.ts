/**
 * The service as self-hosted, started in this process for the benchmark: the API app on
 * Deno.serve (127.0.0.1, free port) over a temp-file KV, the real detector as a child process
 * (`startDetectorProcess`), and a plans file whose quota and rate limit never stop the run.
 * An account is signed in through the dev stub and given an API key, over HTTP.
 */
import { createApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openKv } from "../data/kv.ts";
import { startDetectorProcess, waitUntilReady } from "../detector_process.ts";
import { randomToken } from "../data/sessions.ts";
import type { VerifierSettings } from "../detector/verifier/settings.ts";

/** Far above anything a run can spend: the benchmark measures the service, not its limits. */
const UNLIMITED = { monthly: 1_000_000_000, daily: null, perMinute: 1_000_000_000 };

export interface BenchService {
  url: string;
  apiKey: string;
  stop(): Promise<void>;
}

async function signInAndCreateKey(url: string): Promise<string> {
  const signIn = await fetch(`${url}/auth/dev/signin`, {
    method: "POST",
    body: new URLSearchParams({ email: "bench@example.com", name: "Bench" }),
    redirect: "manual",
  });
  await signIn.body?.cancel();
  const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error(`dev sign-in failed: HTTP ${signIn.status}`);
  const created = await fetch(`${url}/api/keys`, {
    method: "POST",
    headers: { Cookie: cookie.split(";")[0], "Content-Type": "application/json" },
    body: JSON.stringify({ name: "bench" }),
  });
  if (created.status !== 201) throw new Error(`key creation failed: HTTP ${created.status}`);
  return (await created.json()).key;
}

export async function startBenchService(
  options: { modelDir?: string; verifier?: VerifierSettings } = {},
): Promise<BenchService> {
  const dir = await Deno.makeTempDir({ prefix: "bench_" });
  const cleanups: (() => Promise<void> | void)[] = [() => Deno.remove(dir, { recursive: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const plansFile = `${dir}/plans.json`;
    await Deno.writeTextFile(plansFile, JSON.stringify({ api_free: UNLIMITED }));
    const secret = randomToken();
    const detector = await startDetectorProcess({
      host: "127.0.0.1",
      port: 0,
      secret,
      modelDir: options.modelDir,
      verifier: options.verifier,
    });
    cleanups.push(() => detector.stop());
    const detectorUrl = `http://127.0.0.1:${detector.port}`;
    await waitUntilReady(detectorUrl);

    const kv = await openKv(`${dir}/kv.sqlite3`);
    cleanups.push(() => kv.close());
    let handler: Deno.ServeHandler = () => new Response("starting", { status: 503 });
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      (req, info) => handler(req, info),
    );
    cleanups.push(() => server.shutdown());
    const url = `http://127.0.0.1:${server.addr.port}`;
    const config = loadConfig({
      HOST: "127.0.0.1",
      PORT: String(server.addr.port),
      KV_PATH: `${dir}/kv.sqlite3`,
      DETECTOR_URL: detectorUrl,
      DETECTOR_SECRET: secret,
      PLANS_FILE: plansFile,
      DEV_SIGNIN: "true",
    });
    const app = createApp({ config, kv, now: () => new Date() });
    handler = (req) => app.fetch(req);
    return { url, apiKey: await signInAndCreateKey(url), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
