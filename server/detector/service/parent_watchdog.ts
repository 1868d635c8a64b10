/**
 * Preloaded into every detector child `launch.ts` starts (`--preload`): the child exits once its
 * parent is gone. A SIGKILLed or crashed API cannot stop its child, which would then be
 * re-parented and keep DETECTOR_PORT, so the next `deno task serve` could not start its own.
 *
 * The check runs in a worker of its own, so that scoring or a model load (synchronous work on
 * the detector's main thread) cannot delay it: the child is gone within about one poll (measured
 * in README "Connections and bodies"). The worker ends the process with SIGKILL, which needs no
 * main thread (the detector holds nothing to flush).
 */
const PARENT_POLL_MS = 50;

const WORKER_NAME = "parent-watchdog:";

if (self.name.startsWith(WORKER_NAME)) {
  // The parent as the child first saw it: one that died before this worker started still counts.
  const parent = Number(self.name.slice(WORKER_NAME.length));
  setInterval(() => {
    if (Deno.ppid !== parent) Deno.kill(Deno.pid, "SIGKILL");
  }, PARENT_POLL_MS);
} else {
  // Started once the main module has loaded: a preload's pending work holds the main module back.
  const name = `${WORKER_NAME}${Deno.ppid}`;
  addEventListener("load", () => new Worker(import.meta.url, { type: "module", name }));
}
