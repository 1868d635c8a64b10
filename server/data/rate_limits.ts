/**
 * Per-account request rate limits in fixed one-minute windows, counted in the KV so that every
 * instance sharing it enforces the same limit. The count is a check-and-set guarded by the
 * window's versionstamp, so concurrent calls never overshoot the limit.
 */
import { commit, withLockRetry } from "./kv.ts";
import { kvKeys } from "./kv_keys.ts";

const WINDOW_MS = 60_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one request of the account; refuses it when the window already holds `perMinute`. */
export async function takeRateToken(
  kv: Deno.Kv,
  input: { userId: string; perMinute: number; now: Date },
): Promise<RateDecision> {
  const nowMs = input.now.getTime();
  const minute = Math.floor(nowMs / WINDOW_MS);
  const key = kvKeys.rateWindow(input.userId, minute);
  for (;;) {
    const entry = await withLockRetry(() => kv.get<number>(key));
    const count = entry.value ?? 0;
    if (count >= input.perMinute) {
      const untilNextWindow = (minute + 1) * WINDOW_MS - nowMs;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(untilNextWindow / 1000)) };
    }
    const res = await commit(() =>
      kv.atomic().check(entry).set(key, count + 1, { expireIn: 2 * WINDOW_MS })
    );
    if (res.ok) return { allowed: true };
  }
}
