/**
 * The benchmark's load: `POST /api/detect` calls with the service's API key, timed on the client
 * (end to end: HTTP, auth, rate limit, quota, detector, audit). Sequential runs give latency;
 * closed loops of N concurrent callers for a fixed time give throughput.
 */

export interface DetectInput {
  prompt?: string;
  response: string;
}

export interface Target {
  url: string;
  apiKey: string;
}

export interface RunResult {
  /** End-to-end latency of each 200, in milliseconds. */
  latenciesMs: number[];
  /** The detector's own `latency_ms` of each 200. */
  inferenceMs: number[];
  /** Non-200 answers (and network failures, as status 0), by status. */
  errors: Map<number, number>;
  elapsedMs: number;
}

function emptyRun(): RunResult {
  return { latenciesMs: [], inferenceMs: [], errors: new Map(), elapsedMs: 0 };
}

async function callOnce(target: Target, input: DetectInput, run: RunResult): Promise<void> {
  const started = performance.now();
  let status = 0;
  try {
    const res = await fetch(`${target.url}/api/detect`, {
      method: "POST",
      headers: { Authorization: `Bearer ${target.apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify(input),
    });
    status = res.status;
    const body = await res.json();
    if (status === 200) {
      run.latenciesMs.push(performance.now() - started);
      run.inferenceMs.push(body.latency_ms);
      return;
    }
  } catch {
    // A network failure counts as status 0.
  }
  run.errors.set(status, (run.errors.get(status) ?? 0) + 1);
}

/** `count` calls one after another; `onProgress(done)` after each. */
export async function runSequential(
  target: Target,
  count: number,
  inputOf: (i: number) => DetectInput,
  onProgress: (done: number) => void = () => {},
): Promise<RunResult> {
  const run = emptyRun();
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    await callOnce(target, inputOf(i), run);
    onProgress(i + 1);
  }
  run.elapsedMs = performance.now() - started;
  return run;
}

/** `concurrency` callers, each calling again as soon as its answer arrives, for `durationMs`. */
export async function runClosedLoop(
  target: Target,
  options: { concurrency: number; durationMs: number; inputOf: (i: number) => DetectInput },
): Promise<RunResult> {
  const run = emptyRun();
  const started = performance.now();
  const deadline = started + options.durationMs;
  let next = 0;
  const caller = async () => {
    while (performance.now() < deadline) await callOnce(target, options.inputOf(next++), run);
  };
  await Promise.all(Array.from({ length: options.concurrency }, caller));
  run.elapsedMs = performance.now() - started;
  return run;
}

/** `{ "429": 3 }`-style text of the errors, or `0`. */
export function errorsText(errors: Map<number, number>): string {
  if (errors.size === 0) return "0";
  return [...errors].map(([status, n]) => `${n}x${status === 0 ? "net" : status}`).join(",");
}
