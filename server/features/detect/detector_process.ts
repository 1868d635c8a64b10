/**
 * The detector beside the API: `server/detector/service/serve.ts` as a child process of this
 * Deno, so that scoring (CPU-bound, synchronous) never stalls the API's event loop and the same
 * entry point serves `deno task serve:detector`. Its port is read from the line it prints on
 * listening, so port 0 works. Its output is forwarded to this process's stderr. It exits by itself
 * when this process dies (`detector_watchdog.ts`), even by SIGKILL.
 */
import { verifierEnvOf, type VerifierSettings } from "../../detector/verifier/settings.ts";
import { textLines } from "../../../shared/text_lines.ts";

const REPO_ROOT = new URL("../../../", import.meta.url);
const DETECTOR_MAIN = new URL("server/detector/service/serve.ts", REPO_ROOT);
const DETECTOR_WATCHDOG = new URL("server/features/detect/detector_watchdog.ts", REPO_ROOT);
const LISTENING = /detector listening on https?:\/\/\S+:(\d+)/;

export interface DetectorProcess {
  port: number;
  pid: number;
  /** Resolves when the child has exited. */
  exited: Promise<Deno.CommandStatus>;
  stop(): Promise<void>;
}

export interface DetectorProcessOptions {
  host: string;
  port: number;
  secret: string;
  modelDir?: string;
  knowledgeDir?: string;
  /** The verifier the detector fuses with (its `VERIFIER_*` settings). */
  verifier?: VerifierSettings;
  /** Where the child's output lines go (default: this process's stderr). */
  onOutput?: (line: string) => void;
}

async function forwardLines(
  stream: ReadableStream<Uint8Array<ArrayBuffer>>,
  onLine: (line: string) => void,
): Promise<void> {
  for await (const line of textLines(stream)) onLine(line);
}

export async function startDetectorProcess(
  options: DetectorProcessOptions,
): Promise<DetectorProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--config",
      new URL("deno.json", REPO_ROOT).pathname,
      "--preload",
      DETECTOR_WATCHDOG.pathname,
      DETECTOR_MAIN.pathname,
    ],
    env: {
      HOST: options.host,
      DETECTOR_PORT: String(options.port),
      DETECTOR_SECRET: options.secret,
      ...(options.modelDir ? { MODEL_DIR: options.modelDir } : {}),
      ...(options.knowledgeDir ? { KNOWLEDGE_DIR: options.knowledgeDir } : {}),
      ...verifierEnvOf(options.verifier),
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const exited = child.status;
  const port = new Promise<number>((resolve, reject) => {
    const echo = options.onOutput ?? ((line: string) => console.error(line));
    forwardLines(child.stdout, (line) => {
      const match = LISTENING.exec(line);
      if (match) resolve(Number(match[1]));
      echo(line);
    }).catch(reject);
    forwardLines(child.stderr, echo).catch(reject);
    exited.then((s) => reject(new Error(`detector exited with code ${s.code} before listening`)));
  });
  return {
    port: await port,
    pid: child.pid,
    exited,
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch {
        // Already exited.
      }
      await exited;
    },
  };
}

const RESTART_DELAYS_MS = [200, 1_000, 5_000, 30_000];

export interface SupervisedDetector {
  port: number;
  /** The running child's pid (changes on restart). */
  pid(): number;
  stop(): Promise<void>;
}

/**
 * The detector kept running: a child that exits on its own (a crash, an out-of-memory kill) is
 * started again on the same port, with growing delays while restarts keep failing. Detect calls
 * meanwhile answer 502 `upstream_unreachable`, then 503 `model_unavailable` while it loads.
 */
export async function startSupervisedDetector(
  options: DetectorProcessOptions,
): Promise<SupervisedDetector> {
  let current = await startDetectorProcess(options);
  const port = current.port;
  let stopping = false;

  const restartAfter = async (status: Deno.CommandStatus) => {
    if (stopping) return;
    console.error(`detector exited with code ${status.code}; restarting it`);
    for (let attempt = 0; !stopping; attempt++) {
      const delay = RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)];
      await new Promise((r) => setTimeout(r, delay));
      if (stopping) return;
      try {
        current = await startDetectorProcess({ ...options, port });
        current.exited.then(restartAfter);
        return;
      } catch (err) {
        console.error(`detector restart failed: ${(err as Error).message}`);
      }
    }
  };
  current.exited.then(restartAfter);

  return {
    port,
    pid: () => current.pid,
    async stop() {
      stopping = true;
      await current.stop();
    },
  };
}

/** Polls `GET {url}/health` until the model has loaded (200), or throws after `timeoutMs`. */
export async function waitUntilReady(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await fetch(`${url}/health`).then(async (r) => {
      await r.body?.cancel();
      return r.status;
    }, () => 0);
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`detector at ${url} not ready after ${timeoutMs} ms`);
}
