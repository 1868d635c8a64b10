/**
 * The verifier's cost in the benchmark: the same service started again with `VERIFIER_URL`
 * pointing at a fake OpenAI-compatible server that answers every verdict after a fixed delay
 * (200 ms), measured with one caller against the same service without a verifier. The fakes are
 * also the tests' stand-ins for a verifier (real HTTP on a free loopback port), with a hung one:
 * a server that accepts connections and never answers.
 */
import {
  VerifierEnvFields,
  type VerifierSettings,
  verifierSettings,
} from "@hallucination-detection/detector";
import { type LoadResult, runLoad } from "./load.ts";
import { startBenchService } from "./service.ts";
import { formatTable } from "./stats.ts";

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

export interface HungVerifier extends FakeVerifier {
  /** Connections accepted so far: each verifier call opens its own while the others hang. */
  readonly connections: number;
}

/** A hung verifier: accepts every connection, reads what it is sent, never answers. */
export function startHungVerifier(): HungVerifier {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const open = new Set<Deno.Conn>();
  let connections = 0;
  const drain = async (conn: Deno.Conn) => {
    const buffer = new Uint8Array(4096);
    try {
      while (await conn.read(buffer) !== null);
    } catch {
      // Closed by the caller's abort or by stop().
    }
    open.delete(conn);
  };
  const accepting = (async () => {
    try {
      for await (const conn of listener) {
        connections++;
        open.add(conn);
        drain(conn);
      }
    } catch {
      // The listener was closed by stop().
    }
  })();
  return {
    url: `http://127.0.0.1:${listener.addr.port}/v1`,
    get connections() {
      return connections;
    },
    async stop() {
      listener.close();
      for (const conn of open) {
        try {
          conn.close();
        } catch {
          // Already closed by the caller.
        }
      }
      await accepting;
    },
  };
}

export const FAKE_VERIFIER_DELAY_MS = 200;

/**
 * Latency of one caller with a fake verifier answering in 200 ms, against the same service
 * without a verifier: the table and the added median.
 */
export async function verifierLatencyTable(options: {
  durationS: number;
  modelDir?: string;
  bodyOf: (call: number) => string;
}): Promise<string> {
  const fake = startFakeVerifier(async () => {
    await new Promise((r) => setTimeout(r, FAKE_VERIFIER_DELAY_MS));
    return chatReply(JSON.stringify({ hallucinated: false, confidence: 0.8 }));
  });
  const oneCaller = async (verifier?: VerifierSettings): Promise<LoadResult> => {
    const service = await startBenchService({
      apiProcesses: 1,
      accounts: 1,
      modelDir: options.modelDir,
      verifier,
    });
    try {
      const load = (durationS: number) =>
        runLoad({
          urls: service.urls,
          connections: 1,
          durationS,
          bodyOf: options.bodyOf,
          keyOf: () => service.keys[0],
        });
      await load(1);
      return await load(options.durationS);
    } finally {
      await service.stop();
    }
  };
  try {
    console.error("verifier: one caller without a verifier ...");
    const plain = await oneCaller();
    console.error(
      `verifier: one caller with a fake verifier answering in ${FAKE_VERIFIER_DELAY_MS} ms ...`,
    );
    // The default settings, as a self-hoster who sets only the URL and the model gets them.
    const verified = await oneCaller(
      verifierSettings(
        VerifierEnvFields.parse({ VERIFIER_URL: fake.url, VERIFIER_MODEL: "fake-verifier" }),
      ),
    );
    const row = (label: string, r: LoadResult) => [
      label,
      String(r.served),
      ...[r.p50Ms, r.p90Ms, r.p99Ms].map((v) => v.toFixed(1)),
      String(r.failed),
    ];
    return [
      `POST /api/detect with a verifier answering in ${FAKE_VERIFIER_DELAY_MS} ms ` +
      "(one caller, small inputs; ms)",
      formatTable(
        ["verifier", "calls", "p50", "p90", "p99", "failed"],
        [row("none", plain), row(`fake, ${FAKE_VERIFIER_DELAY_MS} ms`, verified)],
      ),
      "",
      `added median latency: ${(verified.p50Ms - plain.p50Ms).toFixed(1)} ms`,
    ].join("\n");
  } finally {
    await fake.stop();
  }
}
