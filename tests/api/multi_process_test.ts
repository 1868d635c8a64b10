/**
 * Two API processes (`server/main.ts` as subprocesses) on one local KV file and one real
 * detector, as a scaled-out deployment on one machine runs: the exactness suite
 * (tests/support/exactness.ts) holds across them.
 */
import { openKv } from "../../server/platform/kv/kv.ts";
import { runExactnessSuite } from "../support/exactness.ts";

Deno.test("API processes on one KV file: caps, retries, rate limits and a crash stay exact", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "two_processes_" });
  const kvPath = `${dir}/kv.sqlite3`;
  try {
    await runExactnessSuite(t, { env: { KV_PATH: kvPath }, open: () => openKv(kvPath) });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
