/** Inference latency per call at a small input and at 2,048 + 2,048 characters. */
import { quantile } from "./metrics.ts";
import type { Detector } from "../inference/types.ts";

export interface LatencyResult {
  label: string;
  calls: number;
  medianMs: number;
  p95Ms: number;
}

/** Text of exactly `chars` code units, built by repeating the given sentences. */
function textOf(sentences: readonly string[], chars: number, offset: number): string {
  let out = "";
  for (let i = offset; out.length < chars; i++) out += sentences[i % sentences.length] + " ";
  return out.slice(0, chars);
}

export function measureLatency(
  detector: Detector,
  sentences: readonly string[],
  calls = 300,
): LatencyResult[] {
  const cases = [
    { label: "small (60 + 120 chars), multiclass pr", prompt: 60, response: 120 },
    { label: "2,048 + 2,048 chars, multiclass pr", prompt: 2048, response: 2048 },
    { label: "2,048 chars response only, multiclass ro", prompt: 0, response: 2048 },
  ];
  return cases.map(({ label, prompt, response }) => {
    const times: number[] = [];
    for (let i = 0; i < calls + 20; i++) {
      const input = {
        prompt: prompt ? textOf(sentences, prompt, i * 7) : undefined,
        response: textOf(sentences, response, i * 13 + 3),
        task: "multiclass" as const,
        inputMode: prompt ? "pr" as const : "ro" as const,
        topK: 6,
      };
      const started = performance.now();
      detector.score(input);
      if (i >= 20) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { label, calls, medianMs: quantile(times, 0.5), p95Ms: quantile(times, 0.95) };
  });
}
