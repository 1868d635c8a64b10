/**
 * Inference backends for the API tests: the REAL detector (`server/detector/service/serve.ts` as
 * a child process on a free port, waited on until its model has loaded), and small stand-in HTTP
 * servers for the backend failures the real one does not produce on demand (a hang, a malformed
 * answer, a pass-through 400).
 */
import {
  type DetectorProcessOptions,
  startDetectorProcess,
  waitUntilReady,
} from "../../server/detector/service/launch.ts";

export interface RunningBackend {
  url: string;
  secret: string;
  /** Environment for `startApi` that points the API at this backend. */
  env: { DETECTOR_URL: string; DETECTOR_SECRET: string };
  stop(): Promise<void>;
}

export const TEST_DETECTOR_SECRET = "test-inference-secret-0123456789";

function backend(url: string, secret: string, stop: () => Promise<void>): RunningBackend {
  return { url, secret, env: { DETECTOR_URL: url, DETECTOR_SECRET: secret }, stop };
}

/**
 * The real detector process on a free loopback port, ready to score: the committed model and the
 * test secret unless `options` say otherwise (a model or knowledge folder, a verifier, where its
 * output goes).
 */
export async function startDetector(
  options: Partial<Omit<DetectorProcessOptions, "host" | "port">> = {},
): Promise<RunningBackend> {
  const secret = options.secret ?? TEST_DETECTOR_SECRET;
  const child = await startDetectorProcess({ ...options, host: "127.0.0.1", port: 0, secret });
  const url = `http://127.0.0.1:${child.port}`;
  await waitUntilReady(url);
  return backend(url, secret, () => child.stop());
}

/** A stand-in backend answering every request with `handler`. */
export function startStubBackend(
  handler: (req: Request) => Response | Promise<Response>,
  secret = TEST_DETECTOR_SECRET,
): RunningBackend {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handler);
  return backend(`http://127.0.0.1:${server.addr.port}`, secret, () => server.shutdown());
}

/** A TCP server that answers every connection with bytes that are not HTTP. */
export function startGarbageBackend(): RunningBackend {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const served = (async () => {
    for await (const conn of listener) {
      await conn.write(new TextEncoder().encode("this is not http\r\n\r\n")).catch(() => {});
      conn.close();
    }
  })();
  return backend(`http://127.0.0.1:${listener.addr.port}`, TEST_DETECTOR_SECRET, async () => {
    listener.close();
    await served.catch(() => {});
  });
}

/** A loopback port with nothing listening on it (bound, read, released). */
export function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = listener.addr.port;
  listener.close();
  return port;
}
