/** Opening the KV store and retrying the lock contention that several processes on one file cause. */
import { dirname } from "node:path";

export async function openKv(path: string): Promise<Deno.Kv> {
  const remote = /^https?:\/\//.test(path);
  if (!remote && path !== ":memory:") await Deno.mkdir(dirname(path), { recursive: true });
  return await Deno.openKv(path);
}

const LOCK_RETRIES = 50;

/**
 * Runs a KV operation, retrying while another process holds the SQLite write lock. `op` must be
 * safe to repeat: rebuild the atomic operation inside it.
 */
export async function withLockRetry<T>(op: () => Promise<T>): Promise<T> {
  for (let attempt = 0;; attempt++) {
    try {
      return await op();
    } catch (err) {
      if (attempt >= LOCK_RETRIES || !String(err).includes("database is locked")) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * Math.min(attempt + 1, 5)));
    }
  }
}

/** Commits an atomic operation built by `build`, retrying on lock contention. */
export function commit(
  build: () => Deno.AtomicOperation,
): Promise<Deno.KvCommitResult | Deno.KvCommitError> {
  return withLockRetry(() => build().commit());
}
