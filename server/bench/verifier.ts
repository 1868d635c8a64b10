/**
 * The verifier's cost in the benchmark: the same service started again with `VERIFIER_URL`
 * pointing at a fake OpenAI-compatible server that answers every verdict after a fixed delay
 * (200 ms), measured with the same sequential calls as the plain run. The fake is also the tests'
 * stand-in for a verifier (real HTTP on a free loopback port).
 */
import { type DetectInput, errorsText, type RunResult, runSequential } from "./load.ts";
import { startBenchService } from "./service.ts";
import { formatTable, summarize } from "./stats.ts";

/** The body of a chat completion request, as far as the fake reads it. */
export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  response_format?: unknown;
}

export interface FakeVerifier {
  /** OpenAI-compatible base URL (`.../v1`). */
  url: string;
  stop(): Promise<void>;
}

/** A chat completion whose first choice's message content is `content`. */
export function chatReply(content: string): Response {
  return Response.json({
    id: "chatcmpl-fake",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  });
}

/** A fake server: `POST /v1/chat/completions` is answered by `answer`, anything else 404. */
export function startFakeVerifier(
  answer: (body: ChatRequestBody, request: Request) => Response | Promise<Response>,
): FakeVerifier {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    if (req.method !== "POST" || new URL(req.url).pathname !== "/v1/chat/completions") {
      return new Response("not found", { status: 404 });
    }
    return await answer(await req.json(), req);
  });
  return { url: `http://127.0.0.1:${server.addr.port}/v1`, stop: () => server.shutdown() };
}

export const FAKE_VERIFIER_DELAY_MS = 200;

/**
 * Sequential latency with a fake verifier answering in 200 ms, beside the plain run's: the table
 * and the added median.
 */
export async function verifierLatencyTable(options: {
  samples: number;
  warmup: number;
  modelDir?: string;
  inputOf: (i: number) => DetectInput;
  /** The plain service's run over the same inputs. */
  plain: RunResult;
}): Promise<string> {
  const fake = startFakeVerifier(async () => {
    await new Promise((r) => setTimeout(r, FAKE_VERIFIER_DELAY_MS));
    return chatReply(JSON.stringify({ hallucinated: false, confidence: 0.8 }));
  });
  const service = await startBenchService({
    modelDir: options.modelDir,
    verifier: { url: fake.url, model: "fake-verifier", timeoutMs: 10_000, samples: 1 },
  });
  try {
    console.error(`verifier: warming up with ${options.warmup} calls ...`);
    await runSequential(service, options.warmup, (i) => options.inputOf(-i - 1));
    console.error(`verifier: ${options.samples} sequential calls ...`);
    const run = await runSequential(service, options.samples, options.inputOf);
    const row = (label: string, r: RunResult) => {
      const s = summarize(r.latenciesMs), inference = summarize(r.inferenceMs);
      return [
        label,
        String(s.count),
        ...[s.medianMs, s.p95Ms, inference.medianMs].map((v) => v.toFixed(1)),
        errorsText(r.errors),
      ];
    };
    const added = summarize(run.latenciesMs).medianMs -
      summarize(options.plain.latenciesMs).medianMs;
    return [
      `POST /api/detect with a verifier answering in ${FAKE_VERIFIER_DELAY_MS} ms ` +
      "(sequential, small inputs; ms)",
      formatTable(
        ["verifier", "calls", "median", "p95", "inference median", "errors"],
        [row("none", options.plain), row(`fake, ${FAKE_VERIFIER_DELAY_MS} ms`, run)],
      ),
      `added median latency: ${added.toFixed(1)} ms`,
    ].join("\n");
  } finally {
    await service.stop();
    await fake.stop();
  }
}
