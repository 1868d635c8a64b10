/**
 * Opening the KV store; every read and commit of it goes through `withLockRetry` (another process
 * on the same file may hold the SQLite write lock), and every read-modify-write through
 * `retryOnConflict` (another writer may change what was read).
 */
import { dirname } from "node:path";

export async function openKv(path: string): Promise<Deno.Kv> {
  const remote = /^https?:\/\//.test(path);
  if (!remote && path !== ":memory:") await Deno.mkdir(dirname(path), { recursive: true });
  return await Deno.openKv(path);
}

/** About three seconds of waiting in all before giving up. */
const LOCK_RETRIES = 250;

/**
 * Deno KV reports SQLITE_BUSY only in its message (no error class or code), so this is the one
 * place that reads an error's text.
 */
function isLockContention(err: unknown): boolean {
  return String(err).includes("database is locked");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
      if (attempt >= LOCK_RETRIES || !isLockContention(err)) throw err;
      await sleep(1 + Math.random() * 3 * Math.min(attempt + 1, 8));
    }
  }
}

/** Commits an atomic operation built by `build`, retrying on lock contention. */
export function commit(
  build: () => Deno.AtomicOperation,
): Promise<Deno.KvCommitResult | Deno.KvCommitError> {
  return withLockRetry(() => build().commit());
}

/** Every entry of a listing, read again from the start on lock contention. */
export function listAll<T>(kv: Deno.Kv, selector: Deno.KvListSelector): Promise<Deno.KvEntry<T>[]> {
  return withLockRetry(() => Array.fromAsync(kv.list<T>(selector)));
}

/** What one attempt decided: the result, and the atomic operation to commit for it, if any. */
export interface Attempt<T> {
  result: T;
  /** Built again for each commit attempt; its checks guard what was read. */
  write?: () => Deno.AtomicOperation;
}

export interface ConflictRetry {
  /** Attempts before giving up with `KvConflictError`. */
  max: number;
  /** Wait before attempt `n` (1-based) after a conflict, in milliseconds. */
  backoffMs(n: number): number;
}

/** Jittered and doubling from 1 ms, at most 32 ms: conflicts clear within a commit or two. */
const DEFAULT_CONFLICT_RETRY: ConflictRetry = {
  max: 64,
  backoffMs: (n) => Math.random() * Math.min(32, 2 ** n),
};

export class KvConflictError extends Error {
  override name = "KvConflictError";
}

/**
 * A read-modify-write: reads, decides (`build`) on what it read, and commits the decision;
 * when a check of the commit fails (another writer got there first) it reads and decides again,
 * at most `max` times, waiting `backoffMs` between attempts.
 */
export async function retryOnConflict<R, T>(
  read: () => Promise<R>,
  build: (current: R) => Attempt<T>,
  { max, backoffMs }: ConflictRetry = DEFAULT_CONFLICT_RETRY,
): Promise<T> {
  for (let attempt = 1; attempt <= max; attempt++) {
    const { result, write } = build(await withLockRetry(read));
    if (!write) return result;
    if ((await commit(write)).ok) return result;
    await sleep(backoffMs(attempt));
  }
  throw new KvConflictError(`still conflicting after ${max} attempts`);
}
