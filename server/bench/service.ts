/**
 * The service as self-hosted, started from outside for the benchmark: the real detector as a
 * child process, and `count` API processes (`server/main.ts`) that share it and one store (a temp
 * KV file unless given),
 * with a plans file whose quota and rate limit never stop the run. Accounts are signed in through
 * the dev stub and given API keys, over HTTP.
 */
import {
  startDetectorProcess,
  type VerifierSettings,
  waitUntilReady,
} from "@hallucination-detection/detector";
import { randomToken } from "../platform/random_token.ts";
import { type ServerProcess, startServerProcess } from "./processes.ts";

/** Far above anything a run can spend: the benchmark measures the service, not its limits. */
const UNLIMITED = { monthly: 1_000_000_000, daily: null, perMinute: 1_000_000_000 };

export interface BenchService {
  urls: string[];
  apiPids: number[];
  detectorPid: number;
  /** The detector's own address (its health answer counts the calls the encoder read). */
  detectorUrl: string;
  /** One API key per account. */
  keys: string[];
  stop(): Promise<void>;
}

async function signInAndCreateKey(url: string, email: string): Promise<string> {
  const signIn = await fetch(`${url}/auth/dev/signin`, {
    method: "POST",
    body: new URLSearchParams({ email, name: "Bench" }),
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

/** The environment of each API process: everything it reads comes from here. */
function apiEnv(
  dir: string,
  detectorUrl: string,
  secret: string,
  store: Record<string, string>,
): Record<string, string> {
  return {
    HOST: "127.0.0.1",
    PORT: "0",
    KV_PATH: `${dir}/kv.sqlite3`,
    ...store,
    DETECTOR_URL: detectorUrl,
    DETECTOR_SECRET: secret,
    PLANS_FILE: `${dir}/plans.json`,
    DEV_SIGNIN: "true",
  };
}

export async function startBenchService(
  options: {
    apiProcesses: number;
    accounts: number;
    modelDir?: string;
    /** The verifier the detector fuses with. */
    verifier?: VerifierSettings;
    /** The store's variables (KV_PATH, DENO_KV_ACCESS_TOKEN); default: a temp KV file. */
    store?: Record<string, string>;
  },
): Promise<BenchService> {
  const dir = await Deno.makeTempDir({ prefix: "bench_" });
  const cleanups: (() => Promise<void> | void)[] = [() => Deno.remove(dir, { recursive: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    await Deno.writeTextFile(`${dir}/plans.json`, JSON.stringify({ api_free: UNLIMITED }));
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

    const apis: ServerProcess[] = [];
    for (let i = 0; i < options.apiProcesses; i++) {
      const api = await startServerProcess(
        ["run", "-A", "server/main.ts"],
        apiEnv(dir, detectorUrl, secret, options.store ?? {}),
        /API listening on (http:\/\/\S+)/,
      );
      cleanups.push(() => api.close("SIGTERM"));
      apis.push(api);
    }
    const urls = apis.map((a) => a.printed[1]);
    const keys: string[] = [];
    for (let i = 0; i < options.accounts; i++) {
      keys.push(await signInAndCreateKey(urls[0], `bench-${i}@example.com`));
    }
    return {
      urls,
      apiPids: apis.map((a) => a.pid),
      detectorPid: detector.pid,
      detectorUrl,
      keys,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
