/**
 * When a detect call is worth repeating: the model cold-starts (503 model_unavailable, or a 502
 * when the proxy's 30 s timeout hit the warm-up), so the worker waits a few seconds and tries
 * again; a 429 is retried once its `Retry-After` has passed, when that is short.
 */
import type { ApiResult } from "../../../shared/client.ts";

export interface RetryPolicy {
  /** Waits before each retry of a cold-start failure; its length is the number of retries. */
  coldStartDelaysMs: readonly number[];
  /** Longest `Retry-After` (seconds) the worker waits for itself; longer ones go to the user. */
  maxRetryAfterS: number;
  sleep(ms: number): Promise<void>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  coldStartDelaysMs: [3_000, 6_000, 10_000],
  maxRetryAfterS: 10,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Runs `attempt` until it succeeds, fails for good, or the policy's retries are spent. */
export async function withRetries<T>(
  attempt: () => Promise<ApiResult<T>>,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): Promise<ApiResult<T>> {
  let coldStartRetries = 0;
  let rateLimitRetried = false;
  for (;;) {
    const result = await attempt();
    if (result.ok) return result;
    if (
      (result.kind === "model_unavailable" || result.kind === "upstream_unreachable") &&
      coldStartRetries < policy.coldStartDelaysMs.length
    ) {
      await policy.sleep(policy.coldStartDelaysMs[coldStartRetries++]);
      continue;
    }
    if (
      result.kind === "rate_limited" && !rateLimitRetried &&
      result.retryAfterS !== undefined && result.retryAfterS <= policy.maxRetryAfterS
    ) {
      rateLimitRetried = true;
      await policy.sleep(result.retryAfterS * 1000);
      continue;
    }
    return result;
  }
}
