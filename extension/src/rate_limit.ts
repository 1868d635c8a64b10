/**
 * Waits out 429s: the call is repeated once `Retry-After` has passed (the server's window is a
 * minute), for as long as the server keeps answering with one. `onWait` lets the caller show the
 * wait. The request id derives from the text, so a repeat is never billed twice.
 */
import type { ApiFailure, ApiResult } from "../../shared/client.ts";

export async function waitingOutRateLimits<T>(
  call: () => Promise<ApiResult<T>>,
  onWait: (failure: ApiFailure) => void = () => {},
  sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
): Promise<ApiResult<T>> {
  for (;;) {
    const result = await call();
    if (result.ok || result.kind !== "rate_limited" || result.retryAfterS === undefined) {
      return result;
    }
    onWait(result);
    await sleep(result.retryAfterS * 1000);
  }
}
