/**
 * Cold start of `server/main.ts` as `deno task serve` runs it (the detector started beside it): the
 * time from spawning the process to its first 200 on `GET /`, and to the detector's first 200 on
 * `/health` (its model loaded).
 */
import { startServerProcess } from "./processes.ts";
import { waitForOk } from "../../shared/wait_for_ok.ts";

export interface ColdStart {
  apiMs: number;
  detectorMs: number;
}

/** Milliseconds from `since` to the first 200 of `GET url`. */
async function firstOk(url: string, since: number): Promise<number> {
  await waitForOk(url, 60_000, 5);
  return performance.now() - since;
}

export async function measureColdStart(): Promise<ColdStart> {
  const dir = await Deno.makeTempDir({ prefix: "bench_cold_" });
  const started = performance.now();
  const server = await startServerProcess(
    ["run", "-A", "server/main.ts"],
    { HOST: "127.0.0.1", PORT: "0", DETECTOR_PORT: "0", KV_PATH: `${dir}/kv.sqlite3` },
    /API listening on (http:\/\/\S+)[\s\S]*detector started at (http:\/\/\S+)/,
  );
  try {
    const [, apiUrl, detectorUrl] = server.printed;
    const [apiMs, detectorMs] = await Promise.all([
      firstOk(`${apiUrl}/`, started),
      firstOk(`${detectorUrl}/health`, started),
    ]);
    return { apiMs, detectorMs };
  } finally {
    await server.close("SIGTERM");
    await Deno.remove(dir, { recursive: true });
  }
}
