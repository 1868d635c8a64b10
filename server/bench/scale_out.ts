/**
 * Scale-out rows of `deno task bench`: calls/s and latency of 1, 2 and 3 API processes sharing one
 * detector and one store, on a local KV file and on a denokv over KV Connect (when the denokv
 * executable runs here), at 2048+2048 inputs.
 */
import { startDenokv } from "./denokv.ts";
import { runLoad } from "./load.ts";
import { startBenchService } from "./service.ts";
import { formatTable } from "./stats.ts";

export interface ScaleOutOptions {
  /** The denokv executable. */
  denokv: string;
  accounts: number;
  connections: number;
  durationS: number;
  bodyOf: (call: number) => string;
  modelDir?: string;
}

const PROCESSES = [1, 2, 3];
const f1 = (n: number) => n.toFixed(1);

/** One store's rows: each process count started afresh on it, warmed up, then measured. */
async function storeRows(
  label: string,
  store: () => Promise<{ env: Record<string, string>; close(): Promise<void> }>,
  options: ScaleOutOptions,
): Promise<string[][]> {
  const rows: string[][] = [];
  for (const apiProcesses of PROCESSES) {
    console.error(`${label}, ${apiProcesses} API process(es) ...`);
    const opened = await store();
    const service = await startBenchService({
      apiProcesses,
      accounts: options.accounts,
      modelDir: options.modelDir,
      store: opened.env,
    });
    try {
      const load = (durationS: number) =>
        runLoad({
          urls: service.urls,
          connections: options.connections,
          durationS,
          bodyOf: options.bodyOf,
          keyOf: (call) => service.keys[call % options.accounts],
        });
      await load(Math.min(2, options.durationS));
      const r = await load(options.durationS);
      rows.push([
        label,
        String(apiProcesses),
        f1(r.callsPerS),
        f1(r.p50Ms),
        f1(r.p99Ms),
        String(r.failed),
      ]);
    } finally {
      await service.stop();
      await opened.close();
    }
  }
  return rows;
}

async function runs(binary: string): Promise<boolean> {
  try {
    return (await new Deno.Command(binary, { args: ["--help"], stdout: "null", stderr: "null" })
      .output()).success;
  } catch {
    return false;
  }
}

export async function scaleOutTable(options: ScaleOutOptions): Promise<string> {
  const localFile = () => Promise.resolve({ env: {}, close: () => Promise.resolve() });
  const rows = await storeRows("local file", localFile, options);
  const denokv = await runs(options.denokv);
  if (denokv) rows.push(...await storeRows("denokv", () => startDenokv(options.denokv), options));
  const title =
    `Scale-out: API processes on one store and one detector (2048+2048, ${options.accounts} ` +
    `accounts, ${options.connections} callers, ${options.durationS} s per row; latency ms)`;
  const missing = denokv ? "" : `\n(denokv rows skipped: ${options.denokv} does not run here)`;
  return `${title}\n${
    formatTable(["store", "API processes", "calls/s", "p50", "p99", "failed"], rows)
  }${missing}`;
}
