/**
 * When a detect call is worth repeating at once: the model cold-starts (503 model_unavailable,
 * or a 502 when the proxy's 30 s timeout hit the warm-up), so the worker waits a few seconds and
 * tries again. A 429 goes back to the caller, which counts its `Retry-After` down where the user
 * sees it (rate_limit.ts).
 */
import type { ApiResult } from "../../../shared/client.ts";

export interface RetryPolicy {
  /** Waits before each retry of a cold-start failure; its length is the number of retries. */
  coldStartDelaysMs: readonly number[];
  sleep(ms: number): Promise<void>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  coldStartDelaysMs: [3_000, 6_000, 10_000],
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Runs `attempt` until it succeeds, fails for good, or the policy's retries are spent. */
export async function withRetries<T>(
  attempt: () => Promise<ApiResult<T>>,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): Promise<ApiResult<T>> {
  for (let retries = 0;; retries++) {
    const result = await attempt();
    if (
      result.ok ||
      (result.kind !== "model_unavailable" && result.kind !== "upstream_unreachable") ||
      retries >= policy.coldStartDelaysMs.length
    ) {
      return result;
    }
    await policy.sleep(policy.coldStartDelaysMs[retries]);
  }
}
