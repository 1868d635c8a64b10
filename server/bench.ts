/**
 * `deno task bench`: the service measured end to end from outside, as self-hosted. The API runs
 * as its own processes (`server/main.ts`) on one temp KV file with the real detector beside them;
 * this process only drives the load (autocannon) and reads the processes' CPU time and memory.
 * It prints, with the machine's load average at the start and the end:
 *   - cold start: first 200 of `GET /` and of the detector after spawning `server/main.ts`;
 *   - the KV commit rate of this machine (commits shaped like a served call's record);
 *   - a trivial Hono handler under the same load (the HTTP ceiling);
 *   - `POST /api/detect` at small (60+300) and largest (2,048+2,048 code points) inputs, 1/8/32/64
 *     callers, one account and many: calls/s, latency, CPU per call of the API and the detector;
 *   - one API process against two on the same KV file and detector;
 *   - scale-out: 1, 2 and 3 API processes on a local KV file and on a denokv (KV Connect).
 * Every call has a text of its own (news-like sentences). Progress goes to stderr, tables to
 * stdout. Benchmarks of other parts (`server/bench/<part>.ts`) are one more line each in `main`.
 *
 *   deno task bench [--duration 5] [--concurrency 1,8,32,64] [--accounts 64] [--model-dir DIR]
 *                   [--denokv PATH]
 */
import { parseArgs } from "node:util";
import { MAX_FIELD_CHARS } from "../shared/text.ts";
import { measureColdStart } from "./bench/cold_start.ts";
import { measureKvRate } from "./bench/kv_rate.ts";
import { type LoadResult, runLoad } from "./bench/load.ts";
import { cpuMs, rssMiB, startServerProcess } from "./bench/processes.ts";
import { type BenchService, startBenchService } from "./bench/service.ts";
import { formatTable } from "./bench/stats.ts";
import { defaultKnowledgeBenchOptions, runKnowledgeBench } from "./bench/knowledge.ts";
import { benchText } from "./bench/texts.ts";
import { verifierLatencyTable } from "./bench/verifier.ts";
import { scaleOutTable } from "./bench/scale_out.ts";

const USAGE = "usage: deno task bench [--duration SECONDS] [--concurrency 1,8,32,64] " +
  "[--accounts N] [--model-dir DIR] [--denokv PATH]";

interface BenchOptions {
  durationS: number;
  concurrency: number[];
  accounts: number;
  modelDir?: string;
  /** The denokv executable of the scale-out rows. */
  denokv: string;
}

function positiveNumber(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}

function parseOptions(args: string[]): BenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      duration: { type: "string", default: "5" },
      concurrency: { type: "string", default: "1,8,32,64" },
      accounts: { type: "string", default: "64" },
      "model-dir": { type: "string" },
      denokv: { type: "string", default: "denokv" },
    },
    strict: true,
  });
  return {
    durationS: positiveNumber("duration", values.duration),
    concurrency: values.concurrency.split(",").map((c) =>
      Math.ceil(positiveNumber("concurrency", c))
    ),
    accounts: Math.ceil(positiveNumber("accounts", values.accounts)),
    modelDir: values["model-dir"],
    denokv: values.denokv,
  };
}

interface InputSize {
  label: string;
  bodyOf: (seed: number) => string;
}

/** Seeds never repeat within a run: no two calls score the same text. */
let nextSeed = 1;
const SIZES: InputSize[] = [
  {
    label: "60+300",
    bodyOf: () =>
      JSON.stringify({ prompt: benchText(60, nextSeed++), response: benchText(300, nextSeed++) }),
  },
  {
    label: "2048+2048",
    bodyOf: () =>
      JSON.stringify({
        prompt: benchText(MAX_FIELD_CHARS, nextSeed++),
        response: benchText(MAX_FIELD_CHARS, nextSeed++),
      }),
  },
];

const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "-");
const f0 = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : "-");
const loadAverage = () => Deno.loadavg().map((v) => v.toFixed(2)).join(" ");

interface Measured {
  load: LoadResult;
  apiCpuMsPerCall: number;
  detectorCpuMsPerCall: number;
  /** Of the calls the cross-encoder could read, the share it read (the rest: `encoder_busy`). */
  encoderReadShare: number;
}

/** The detector's count of calls its encoder read and turned away. */
async function encoderCalls(service: BenchService): Promise<{ read: number; busy: number }> {
  const health = await (await fetch(`${service.detectorUrl}/health`)).json();
  return health.encoder_calls ?? { read: NaN, busy: NaN };
}

/** One load run against the service, with the CPU its processes spent per served call. */
async function measure(
  service: BenchService,
  size: InputSize,
  connections: number,
  accounts: number,
  durationS: number,
): Promise<Measured> {
  const cpu = () => ({
    api: service.apiPids.reduce((sum, pid) => sum + cpuMs(pid), 0),
    detector: cpuMs(service.detectorPid),
  });
  const before = cpu();
  const encoderBefore = await encoderCalls(service);
  const load = await runLoad({
    urls: service.urls,
    connections,
    durationS,
    bodyOf: size.bodyOf,
    keyOf: (call) => service.keys[call % accounts],
  });
  const after = cpu();
  const encoderAfter = await encoderCalls(service);
  const read = encoderAfter.read - encoderBefore.read;
  return {
    load,
    apiCpuMsPerCall: (after.api - before.api) / load.served,
    detectorCpuMsPerCall: (after.detector - before.detector) / load.served,
    encoderReadShare: read / (read + encoderAfter.busy - encoderBefore.busy),
  };
}

function loadRow(label: string[], m: Measured): string[] {
  const share = m.detectorCpuMsPerCall / (m.apiCpuMsPerCall + m.detectorCpuMsPerCall);
  return [
    ...label,
    f1(m.load.callsPerS),
    f1(m.load.p50Ms),
    f1(m.load.p90Ms),
    f1(m.load.p99Ms),
    f1(m.apiCpuMsPerCall),
    f1(m.detectorCpuMsPerCall),
    Number.isFinite(share) ? `${(share * 100).toFixed(0)}%` : "-",
    Number.isFinite(m.encoderReadShare) ? `${(m.encoderReadShare * 100).toFixed(0)}%` : "-",
    String(m.load.failed),
  ];
}

const LOAD_HEADER = ["calls/s", "p50", "p90", "p99", "API cpu ms", "detector cpu ms"];
/** Of the calls the cross-encoder could read, the share it read (the others: `encoder_busy`). */
const ENCODER_HEADER = "read by the encoder";

async function main(): Promise<void> {
  let options: BenchOptions;
  try {
    options = parseOptions(Deno.args);
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    Deno.exit(2);
  }
  const loadAtStart = loadAverage();
  const { durationS, concurrency, accounts } = options;

  console.error("cold start ...");
  const cold = await measureColdStart();

  console.error("KV commit rate ...");
  const kvRates = await measureKvRate([1, 32], Math.min(2, durationS) * 1000);

  console.error("trivial Hono handler ...");
  const trivial = await startServerProcess(
    ["run", "-A", "server/bench/trivial_server.ts"],
    {},
    /trivial listening on (http:\/\/\S+)/,
  );
  const trivialRuns: [number, LoadResult][] = [];
  try {
    for (const connections of [8, Math.max(...concurrency)]) {
      trivialRuns.push([
        connections,
        await runLoad({
          urls: [trivial.printed[1]],
          connections,
          durationS,
          bodyOf: SIZES[1].bodyOf,
          keyOf: () => "none",
        }),
      ]);
    }
  } finally {
    await trivial.close("SIGTERM");
  }

  console.error(`starting 1 API process, the detector, ${accounts} accounts ...`);
  const one = await startBenchService({ apiProcesses: 1, accounts, modelDir: options.modelDir });
  const rows: string[][] = [];
  let rssStart = NaN;
  let servedTotal = 0;
  let reference: Measured | undefined;
  try {
    // Warm-up: JIT, connection pools, the first KV pages.
    await measure(one, SIZES[0], 8, accounts, Math.min(2, durationS));
    rssStart = rssMiB(one.apiPids[0]);
    for (const size of SIZES) {
      for (const accountCount of [1, accounts]) {
        for (const connections of concurrency) {
          console.error(`${size.label}, ${accountCount} account(s), ${connections} callers ...`);
          const m = await measure(one, size, connections, accountCount, durationS);
          servedTotal += m.load.served;
          rows.push([
            ...loadRow([size.label, String(accountCount), String(connections)], m),
            String(servedTotal),
            f0(rssMiB(one.apiPids[0])),
          ]);
          if (size === SIZES[1] && accountCount === accounts) reference = m;
        }
      }
    }
  } finally {
    await one.stop();
  }

  console.error("starting 2 API processes on one KV file ...");
  const two = await startBenchService({ apiProcesses: 2, accounts, modelDir: options.modelDir });
  let twoRun: Measured;
  const twoConnections = Math.max(...concurrency);
  try {
    await measure(two, SIZES[0], 8, accounts, Math.min(2, durationS));
    twoRun = await measure(two, SIZES[1], twoConnections, accounts, durationS);
  } finally {
    await two.stop();
  }
  const oneRun = reference!;

  console.log(
    `load average at start: ${loadAtStart}; at end: ${loadAverage()} ` +
      `(${navigator.hardwareConcurrency} cores)`,
  );
  console.log("\nCold start (ms from spawning server/main.ts)");
  console.log(formatTable(["first 200 of GET /", "detector model loaded"], [
    [f0(cold.apiMs), f0(cold.detectorMs)],
  ]));
  console.log("\nKV commit rate (one commit shaped like a served call's record)");
  console.log(formatTable(
    ["writers", "commits/s"],
    kvRates.map((r) => [String(r.writers), f0(r.commitsPerS)]),
  ));
  console.log("\nTrivial Hono handler, 2048+2048 bodies");
  console.log(formatTable(
    ["callers", "calls/s", "p50", "p99", "failed"],
    trivialRuns.map((
      [c, r],
    ) => [String(c), f0(r.callsPerS), f1(r.p50Ms), f1(r.p99Ms), String(r.failed)]),
  ));
  console.log(
    `\nPOST /api/detect, 1 API process, ${durationS} s per row (latency ms; CPU per served call; ` +
      `API RSS ${f0(rssStart)} MiB after the warm-up)`,
  );
  console.log(formatTable(
    [
      "input",
      "accounts",
      "callers",
      ...LOAD_HEADER,
      "detector share",
      ENCODER_HEADER,
      "failed",
      "calls so far",
      "API RSS MiB",
    ],
    rows,
  ));
  console.log(
    `\nOne API process against two (2048+2048, ${accounts} accounts, ${twoConnections} callers)`,
  );
  console.log(formatTable(
    ["API processes", ...LOAD_HEADER, "detector share", ENCODER_HEADER, "failed"],
    [loadRow(["1"], oneRun), loadRow(["2"], twoRun)],
  ));
  const best = Math.max(...rows.map((r) => Number(r[3])));
  const trivialBest = Math.max(...trivialRuns.map(([, r]) => r.callsPerS));
  const kvBest = Math.max(...kvRates.map((r) => r.commitsPerS));
  console.log(
    `\nBest detect calls/s ${f1(best)} = ${f1(best / trivialBest * 100)}% of the trivial ` +
      `handler's ${f0(trivialBest)}/s and ${f1(best / kvBest * 100)}% of the KV's ${
        f0(kvBest)
      } commits/s`,
  );
  console.log(
    "\n" + await scaleOutTable({
      ...options,
      connections: twoConnections,
      bodyOf: SIZES[1].bodyOf,
    }),
  );
  console.log("\n" + await verifierLatencyTable({ ...options, bodyOf: SIZES[0].bodyOf }));
  console.log(`\n${await runKnowledgeBench(await defaultKnowledgeBenchOptions())}`);
}

if (import.meta.main) await main();
