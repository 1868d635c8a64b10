/**
 * Inference latency per call at a small input and at 2,048 + 2,048 characters, and how long the
 * detector service takes from launch to ready.
 */
import { quantile } from "../learners/metrics.ts";
import type { Detector } from "../inference/types.ts";
import { startDetectorProcess, waitUntilReady } from "../service/launch.ts";

export interface LatencyResult {
  label: string;
  calls: number;
  /** Calls made before the timed ones, not timed. */
  warmUp: number;
  medianMs: number;
  p95Ms: number;
}

/** Text of exactly `chars` code units, built by repeating the given sentences. */
function textOf(sentences: readonly string[], chars: number, offset: number): string {
  let out = "";
  for (let i = offset; out.length < chars; i++) out += sentences[i % sentences.length] + " ";
  return out.slice(0, chars);
}

/**
 * The same calls timed on each detector in turn, call by call, so that a busy machine slows them
 * alike and their difference is the detectors' own (one list of results per detector). The
 * first `warmUp` calls of each case are not timed.
 */
export async function measurePairedLatency(
  detectors: readonly Detector[],
  sentences: readonly string[],
  { calls = 300, warmUp = 20 } = {},
): Promise<LatencyResult[][]> {
  const cases = [
    { label: "small (60 + 120 chars), multiclass pr", prompt: 60, response: 120 },
    { label: "2,048 + 2,048 chars, multiclass pr", prompt: 2048, response: 2048 },
    { label: "2,048 chars response only, multiclass ro", prompt: 0, response: 2048 },
  ];
  const results = detectors.map(() => [] as LatencyResult[]);
  for (const { label, prompt, response } of cases) {
    const times = detectors.map(() => [] as number[]);
    for (let i = 0; i < calls + warmUp; i++) {
      const input = {
        prompt: prompt ? textOf(sentences, prompt, i * 7) : undefined,
        response: textOf(sentences, response, i * 13 + 3),
        task: "multiclass" as const,
        inputMode: prompt ? "pr" as const : "ro" as const,
      };
      for (const [d, detector] of detectors.entries()) {
        const started = performance.now();
        await detector.score(input);
        if (i >= warmUp) times[d].push(performance.now() - started);
      }
    }
    times.forEach((t, d) => {
      t.sort((a, b) => a - b);
      results[d].push({
        label,
        calls,
        warmUp,
        medianMs: quantile(t, 0.5),
        p95Ms: quantile(t, 0.95),
      });
    });
  }
  return results;
}

export interface ReadinessResult {
  launches: number;
  medianMs: number;
  maxMs: number;
  /** The detector process's resident memory once ready, the largest of the launches. */
  residentMb: number;
}

/**
 * From spawning the detector service (`serve.ts` on `modelDir`) to its first 200 on `/health`
 * (model loaded), over `launches` launches one after the other: process start, module load and
 * model load, as a user's `deno task serve:detector` meets them. Throws when a launch is not
 * ready within `timeoutMs`.
 */
export async function measureReadiness(
  modelDir: string,
  { launches = 5, timeoutMs = 60_000 } = {},
): Promise<ReadinessResult> {
  const times: number[] = [], residentMb: number[] = [];
  for (let i = 0; i < launches; i++) {
    // Kept, not echoed: shown only when a launch fails, so the detector's own reason is seen.
    const output: string[] = [];
    const started = performance.now();
    try {
      const child = await startDetectorProcess({
        host: "127.0.0.1",
        port: 0,
        secret: crypto.randomUUID(),
        modelDir,
        onOutput: (line) => output.push(line),
      });
      try {
        await waitUntilReady(`http://127.0.0.1:${child.port}`, timeoutMs, 5);
        times.push(performance.now() - started);
        residentMb.push(await residentMemoryMb(child.pid));
      } finally {
        await child.stop();
      }
    } catch (error) {
      throw new Error(`${(error as Error).message}; detector output:\n${output.join("\n")}`);
    }
  }
  times.sort((a, b) => a - b);
  return {
    launches: times.length,
    medianMs: quantile(times, 0.5),
    maxMs: times[times.length - 1],
    residentMb: Math.max(...residentMb),
  };
}

/** The resident memory of a process, from Linux's /proc (NaN elsewhere). */
async function residentMemoryMb(pid: number): Promise<number> {
  try {
    const status = await Deno.readTextFile(`/proc/${pid}/status`);
    const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}
