/**
 * Opening the KV store; every read and commit of it goes through `withLockRetry` (another process
 * on the same file may hold the SQLite write lock; a KV Connect server may be unreachable), and
 * every read-modify-write through `retryOnConflict` (another writer may change what was read).
 */
import { dirname } from "node:path";
import { ApiError, type ErrorExtras } from "../errors.ts";

/** A KV Connect URL (a self-hosted denokv, Deno Deploy's KV) rather than a file. */
export const isKvConnectUrl = (path: string) => /^https?:\/\//.test(path);

/**
 * Opens the store at `path`: a file (its folder created) or a KV Connect URL, whose access token
 * Deno reads from DENO_KV_ACCESS_TOKEN. A KV Connect server is asked for its metadata here, so an
 * unreachable server or a refused token stops start-up with the reason.
 */
export async function openKv(path: string): Promise<Deno.Kv> {
  const remote = isKvConnectUrl(path);
  if (!remote && path !== ":memory:") await Deno.mkdir(dirname(path), { recursive: true });
  const kv = await Deno.openKv(path);
  maxChecksByStore.set(kv, remote ? KV_CONNECT_MAX_CHECKS : LOCAL_MAX_CHECKS);
  return kv;
}

/**
 * Versionstamp checks one atomic operation may carry: 100 on a local file, 10 over KV Connect
 * (denokv's limit, `denokv_proto::limits::MAX_CHECKS`).
 */
const LOCAL_MAX_CHECKS = 100;
const KV_CONNECT_MAX_CHECKS = 10;
const maxChecksByStore = new WeakMap<Deno.Kv, number>();

/** The checks one atomic operation on `kv` may carry (the lower limit for a store of unknown kind). */
export function maxChecksOf(kv: Deno.Kv): number {
  return maxChecksByStore.get(kv) ?? KV_CONNECT_MAX_CHECKS;
}

/**
 * How long one store operation may take. Deno's KV Connect client retries a server it cannot
 * reach without end, so a call would otherwise wait for as long as the server is down; a local
 * file answers in milliseconds even under lock contention.
 */
const STORE_TIMEOUT_MS = 5_000;

/** The answer while the store does not answer: 503, for the caller to retry later. */
export const storeUnavailable = (extras: ErrorExtras = {}): ApiError =>
  new ApiError(503, { detail: "store_unavailable", ...extras });

export function isStoreUnavailable(err: unknown): boolean {
  return err instanceof ApiError && err.body.detail === "store_unavailable";
}

/** `op`'s result, or `storeUnavailable()` when the store has not answered in time. */
async function withinStoreTimeout<T>(op: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(storeUnavailable()), STORE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([op, timeout]);
  } finally {
    clearTimeout(timer);
  }
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
 * Runs a KV operation, retrying while another process holds the SQLite write lock, and giving up
 * with `storeUnavailable()` when the store does not answer in time. `op` must be safe to repeat:
 * rebuild the atomic operation inside it. The waits are short (1 to 25 ms, with jitter): a commit
 * holds the lock for a millisecond or two, and longer waits cost a second API process on the same
 * file more than they save (measured with two processes, 32 callers).
 */
export async function withLockRetry<T>(op: () => Promise<T>): Promise<T> {
  for (let attempt = 0;; attempt++) {
    try {
      return await withinStoreTimeout(op());
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
