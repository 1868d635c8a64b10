/**
 * The detector as a child process of this Deno: `serve.ts`, the same entry point as
 * `deno task serve:detector`, started by the API beside it (`deno task serve`), by the benchmark
 * and by `deno task eval` (time to ready). Its port is read from the line it prints on listening,
 * so port 0 works. Its output is forwarded to this process's stderr unless told otherwise. It exits
 * by itself when this process dies (`parent_watchdog.ts`), even by SIGKILL.
 */
import { verifierEnvOf, type VerifierSettings } from "../verifier/settings.ts";
import { textLines } from "../../../shared/text_lines.ts";
import { waitForOk } from "../../../shared/wait_for_ok.ts";

const REPO_ROOT = new URL("../../../", import.meta.url);
const DETECTOR_MAIN = new URL("server/detector/service/serve.ts", REPO_ROOT);
const PARENT_WATCHDOG = new URL("server/detector/service/parent_watchdog.ts", REPO_ROOT);
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
  /** `ENCODER_CONCURRENCY` as given (the detector validates it). */
  encoderConcurrency?: string;
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
      PARENT_WATCHDOG.pathname,
      DETECTOR_MAIN.pathname,
    ],
    env: {
      HOST: options.host,
      DETECTOR_PORT: String(options.port),
      DETECTOR_SECRET: options.secret,
      ...(options.modelDir ? { MODEL_DIR: options.modelDir } : {}),
      ...(options.knowledgeDir ? { KNOWLEDGE_DIR: options.knowledgeDir } : {}),
      ...(options.encoderConcurrency ? { ENCODER_CONCURRENCY: options.encoderConcurrency } : {}),
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

/** Waits until the detector at `url` has loaded its model (`GET /health` answers 200). */
export function waitUntilReady(url: string, timeoutMs = 60_000, pollMs = 100): Promise<void> {
  return waitForOk(`${url}/health`, timeoutMs, pollMs);
}
