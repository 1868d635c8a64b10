/**
 * Per-account request rate limits in fixed one-minute windows, counted in the KV so that every
 * instance sharing it enforces the same limit. A call reads its window before any work (a full
 * window is a 429 at once), and is counted in the commit that records it: the served call's usage
 * commit, or the audit row of a call answered otherwise. Each count is a check-and-set guarded by
 * the window's versionstamp, and a served call's commit also refuses a window that filled up
 * meanwhile, so concurrent calls never serve more than the limit.
 */
import { kvKeys } from "../../platform/kv/kv_keys.ts";
import { groupCommit, type Write } from "../../platform/kv/group_commit.ts";

const WINDOW_MS = 60_000;

/** The window a call counts in, and what a refusal in it tells the caller. */
export interface RateWindow {
  key: Deno.KvKey;
  perMinute: number;
  /** Seconds until the next window, at least 1. */
  retryAfterSeconds: number;
}

export function rateWindowOf(userId: string, perMinute: number, now: Date): RateWindow {
  const minute = Math.floor(now.getTime() / WINDOW_MS);
  const untilNextWindow = (minute + 1) * WINDOW_MS - now.getTime();
  return {
    key: kvKeys.rateWindow(userId, minute),
    perMinute,
    retryAfterSeconds: Math.max(1, Math.ceil(untilNextWindow / 1000)),
  };
}

export function isFull(window: RateWindow, entry: Deno.KvEntryMaybe<number>): boolean {
  return (entry.value ?? 0) >= window.perMinute;
}

/** The write that sets the window's count (it expires after the next window). */
export function windowCountWrite(window: RateWindow, count: number) {
  return { kind: "set" as const, key: window.key, value: count, expireIn: 2 * WINDOW_MS };
}

/**
 * Counts one request in `window`, together with `alsoWrites` (an audit row) in the same commit,
 * through the store's group-commit writer. Counted even when the window is full: the call was
 * already admitted and answered.
 */
export function countRequest(
  kv: Deno.Kv,
  window: RateWindow,
  alsoWrites: Write[] = [],
): Promise<void> {
  return groupCommit<void>(kv, {
    reads: [window.key],
    decide: (read) => ({
      outcome: undefined,
      writes: [
        ...alsoWrites,
        windowCountWrite(window, ((read(window.key).value as number | null) ?? 0) + 1),
      ],
    }),
  });
}
