/**
 * The detector beside the API (`deno task serve`): a child process (the detector package's
 * `startDetectorProcess`), so that scoring (CPU-bound, synchronous) never stalls the API's event
 * loop, kept running by starting it again when it exits on its own.
 */
import {
  type DetectorProcessOptions,
  startDetectorProcess,
} from "@hallucination-detection/detector";

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
