/**
 * `deno task bench`: an end-to-end benchmark of the service as self-hosted. Starts the API in this
 * process (temp KV, a plans file without effective limits) with the real detector as a child
 * process, signs in, creates an API key, warms up, then measures `POST /api/detect`:
 *   - latency (median, p95, p99), sequential calls, for small inputs and for 2,048 + 2,048
 *     character inputs (the largest a call accepts);
 *   - throughput of closed loops of 1, 8 and 32 concurrent callers, small inputs.
 * Progress goes to stderr, the result table to stdout.
 *
 *   deno task bench [--samples 200] [--warmup 30] [--duration 10] [--concurrency 1,8,32]
 *                   [--model-dir DIR]
 */
import { parseArgs } from "node:util";
import { benchText } from "./bench/texts.ts";
import {
  type DetectInput,
  errorsText,
  runClosedLoop,
  type RunResult,
  runSequential,
} from "./bench/load.ts";
import { formatTable, summarize } from "./bench/stats.ts";
import { startBenchService } from "./bench/service.ts";
import { defaultKnowledgeBenchOptions, runKnowledgeBench } from "./bench/knowledge.ts";
import { MAX_FIELD_CHARS } from "../shared/text.ts";

const USAGE = "usage: deno task bench [--samples N] [--warmup N] [--duration SECONDS] " +
  "[--concurrency 1,8,32] [--model-dir DIR]";

interface BenchOptions {
  samples: number;
  warmup: number;
  durationMs: number;
  concurrency: number[];
  modelDir?: string;
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
      samples: { type: "string", default: "200" },
      warmup: { type: "string", default: "30" },
      duration: { type: "string", default: "10" },
      concurrency: { type: "string", default: "1,8,32" },
      "model-dir": { type: "string" },
    },
    strict: true,
  });
  return {
    samples: Math.ceil(positiveNumber("samples", values.samples)),
    warmup: Math.ceil(positiveNumber("warmup", values.warmup)),
    durationMs: positiveNumber("duration", values.duration) * 1000,
    concurrency: values.concurrency.split(",").map((c) =>
      Math.ceil(positiveNumber("concurrency", c))
    ),
    modelDir: values["model-dir"],
  };
}

/** A short question and a one-paragraph answer (about 60 + 300 characters): one unit. */
const small = (i: number): DetectInput => ({
  prompt: benchText(60, 2 * i + 1),
  response: benchText(300, 2 * i + 2),
});
/** The largest call: 2,048 + 2,048 characters, two units. */
const large = (i: number): DetectInput => ({
  prompt: benchText(MAX_FIELD_CHARS, 2 * i + 1_000_001),
  response: benchText(MAX_FIELD_CHARS, 2 * i + 1_000_002),
});

const ms = (v: number) => (Number.isNaN(v) ? "-" : v.toFixed(1));

/** Reports `label: done/total` on stderr at every tenth of the way. */
function progress(label: string, total: number): (done: number) => void {
  const step = Math.max(1, Math.floor(total / 10));
  return (done) => {
    if (done % step === 0 || done === total) console.error(`${label}: ${done}/${total}`);
  };
}

function latencyRow(label: string, run: RunResult): string[] {
  const s = summarize(run.latenciesMs);
  const inference = summarize(run.inferenceMs);
  return [
    label,
    String(s.count),
    ms(s.medianMs),
    ms(s.p95Ms),
    ms(s.p99Ms),
    ms(inference.medianMs),
    errorsText(run.errors),
  ];
}

function throughputRow(concurrency: number, run: RunResult): string[] {
  const s = summarize(run.latenciesMs);
  return [
    String(concurrency),
    (run.elapsedMs / 1000).toFixed(1),
    String(s.count),
    (s.count / (run.elapsedMs / 1000)).toFixed(1),
    ms(s.medianMs),
    ms(s.p95Ms),
    ms(s.p99Ms),
    errorsText(run.errors),
  ];
}

async function main(): Promise<void> {
  let options: BenchOptions;
  try {
    options = parseOptions(Deno.args);
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    Deno.exit(2);
  }
  console.error("starting the API and the detector ...");
  const service = await startBenchService({ modelDir: options.modelDir });
  try {
    console.error(`API at ${service.url}; warming up with ${options.warmup} calls ...`);
    await runSequential(service, options.warmup, (i) => (i % 2 ? large(-i - 1) : small(-i - 1)));

    const smallRun = await runSequential(
      service,
      options.samples,
      small,
      progress("latency, small inputs", options.samples),
    );
    const largeRun = await runSequential(
      service,
      options.samples,
      large,
      progress("latency, 2048+2048 inputs", options.samples),
    );
    const loops: [number, RunResult][] = [];
    for (const [n, concurrency] of options.concurrency.entries()) {
      console.error(`throughput: ${concurrency} concurrent for ${options.durationMs / 1000} s ...`);
      // Seeds apart from every other phase: no two calls of the run score the same text.
      const base = (n + 1) * 10_000_000;
      const run = await runClosedLoop(service, {
        concurrency,
        durationMs: options.durationMs,
        inputOf: (i) => small(base + i),
      });
      loops.push([concurrency, run]);
    }

    console.log("POST /api/detect, sequential latency (ms, end to end; inference = detector)");
    console.log(formatTable(
      ["input", "calls", "median", "p95", "p99", "inference median", "errors"],
      [latencyRow("small (60+300 chars)", smallRun), latencyRow("2048+2048 chars", largeRun)],
    ));
    console.log("\nPOST /api/detect, throughput (small inputs, closed loop)");
    console.log(formatTable(
      ["concurrency", "seconds", "calls", "calls/s", "median", "p95", "p99", "errors"],
      loops.map(([c, run]) => throughputRow(c, run)),
    ));
  } finally {
    await service.stop();
  }
  console.log(`\n${await runKnowledgeBench(await defaultKnowledgeBenchOptions())}`);
}

if (import.meta.main) await main();
