/**
 * The verifier's circuit breaker: after `failures` consecutive failed calls it opens, and for
 * `cooldownMs` every call fails at once (`breaker_open`) instead of waiting out the verifier's
 * timeout; then one trial call is let through (half-open): its success closes the breaker, its
 * failure opens it for another cool-down. A verifier that hangs thus costs a few timeouts per
 * cool-down, not one per call.
 */
import type { Verifier, VerifierResult } from "./client.ts";
import type { BreakerSettings } from "./settings.ts";

/** The failure reason of a call the open breaker answered without asking the verifier. */
export const BREAKER_OPEN = "breaker_open";

export type BreakerState = "closed" | "open" | "half_open";

export interface GuardedVerifier extends Verifier {
  readonly state: BreakerState;
}

export function withBreaker(
  verifier: Verifier,
  settings: BreakerSettings,
  log: (line: string) => void,
  now: () => number = () => performance.now(),
): GuardedVerifier {
  let state: BreakerState = "closed";
  let failures = 0, openUntil = 0;

  const open = (reason: string) => {
    state = "open";
    openUntil = now() + settings.cooldownMs;
    log(
      `detector: verifier failing (${reason}); skipped for ${settings.cooldownMs} ms, ` +
        "then one trial call",
    );
  };

  async function trial(prompt: string | undefined, response: string): Promise<VerifierResult> {
    state = "half_open";
    const result = await verifier.verify(prompt, response);
    if (result.ok) {
      state = "closed";
      failures = 0;
      log("detector: verifier answered the trial call; breaker closed");
    } else open(result.reason);
    return result;
  }

  return {
    model: verifier.model,
    samples: verifier.samples,
    get state() {
      return state;
    },
    async verify(prompt, response) {
      if (state === "half_open" || (state === "open" && now() < openUntil)) {
        return { ok: false, reason: BREAKER_OPEN };
      }
      if (state === "open") return await trial(prompt, response);
      const result = await verifier.verify(prompt, response);
      // Calls that were in flight when the breaker opened change nothing.
      if (state !== "closed") return result;
      if (result.ok) failures = 0;
      else if (++failures >= settings.failures) open(result.reason);
      return result;
    },
  };
}
