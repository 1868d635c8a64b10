/** Opening the KV store and retrying the lock contention that several processes on one file cause. */
import { dirname } from "node:path";

export async function openKv(path: string): Promise<Deno.Kv> {
  const remote = /^https?:\/\//.test(path);
  if (!remote && path !== ":memory:") await Deno.mkdir(dirname(path), { recursive: true });
  return await Deno.openKv(path);
}

/** About three seconds of waiting in all before giving up. */
const LOCK_RETRIES = 250;

/**
 * Runs a KV operation, retrying while another process holds the SQLite write lock. `op` must be
 * safe to repeat: rebuild the atomic operation inside it. The waits are short (1 to 25 ms, with
 * jitter): a commit holds the lock for a millisecond or two, and longer waits cost a second API
 * process on the same file more than they save (measured with two processes, 32 callers).
 */
export async function withLockRetry<T>(op: () => Promise<T>): Promise<T> {
  for (let attempt = 0;; attempt++) {
    try {
      return await op();
    } catch (err) {
      if (attempt >= LOCK_RETRIES || !String(err).includes("database is locked")) throw err;
      await new Promise((r) => setTimeout(r, 1 + Math.random() * 3 * Math.min(attempt + 1, 8)));
    }
  }
}

/** Commits an atomic operation built by `build`, retrying on lock contention. */
export function commit(
  build: () => Deno.AtomicOperation,
): Promise<Deno.KvCommitResult | Deno.KvCommitError> {
  return withLockRetry(() => build().commit());
}
