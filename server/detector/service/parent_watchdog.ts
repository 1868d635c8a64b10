/**
 * Preloaded into every detector child `launch.ts` starts (`--preload`): the child exits once its
 * parent is gone. A SIGKILLed or crashed API cannot stop its child, which would then be
 * re-parented and keep DETECTOR_PORT, so the next `deno task serve` could not start its own.
 */
const PARENT_POLL_MS = 200;

const parent = Deno.ppid;
const poll = setInterval(() => {
  if (Deno.ppid !== parent) Deno.exit(0);
}, PARENT_POLL_MS);
Deno.unrefTimer(poll);
