/**
 * Group commit of detect calls' records (a served call's usage and audit row, a refused call's
 * audit row, their rate-limit counts): one writer per KV store in this process takes the records
 * waiting for it and commits them together in one atomic operation (one fsync for many calls),
 * then takes the next group. Each record is decided in order against the entries just
 * read, as if committed alone: later records of a group see the units, rate-window counts and
 * request ids of earlier ones. The commit checks the versionstamp of every entry a written record
 * was decided on, so another process writing meanwhile fails the group, which is then read and
 * decided again: caps, rate limits and request ids stay exact across processes.
 */
import { type Attempt, maxChecksOf, retryOnConflict } from "./kv.ts";

/** What deciding one record needs from the store, and what it writes when it is recorded. */
export interface RecordPlan<T> {
  /** Keys whose entries the decision reads (and the commit checks, when it writes). */
  reads: Deno.KvKey[];
  /**
   * Decides on the entries read: `versionstamp` as stored, `value` as left by the earlier records
   * of the group. Returns the outcome, and the writes when the record is to be committed.
   */
  decide(read: (key: Deno.KvKey) => { versionstamp: string | null; value: unknown }): {
    outcome: T;
    writes?: Write[];
  };
}

export type Write =
  | { kind: "set"; key: Deno.KvKey; value: unknown; expireIn?: number }
  | { kind: "sum"; key: Deno.KvKey; by: bigint };

interface Waiting<T> {
  plan: RecordPlan<T>;
  resolve(outcome: T): void;
  reject(err: unknown): void;
}

/**
 * Records per group at most; a group also stays within the store's checks per atomic operation
 * (`maxChecksOf`: 100 on a file, 10 over KV Connect), counting the keys its records read, which
 * records of one account share (a record reads at most 6 keys).
 */
const MAX_GROUP = 16;
const GET_MANY_MAX = 10;

const keyId = (key: Deno.KvKey) =>
  JSON.stringify(key, (_, v) => typeof v === "bigint" ? `${v}n` : v);

async function readAll(
  kv: Deno.Kv,
  keys: Deno.KvKey[],
): Promise<Map<string, Deno.KvEntryMaybe<unknown>>> {
  const chunks: Deno.KvKey[][] = [];
  for (let i = 0; i < keys.length; i += GET_MANY_MAX) chunks.push(keys.slice(i, i + GET_MANY_MAX));
  const entries = (await Promise.all(
    chunks.map((chunk) => kv.getMany<unknown[]>(chunk)),
  )).flat();
  return new Map(entries.map((e) => [keyId(e.key), e]));
}

/**
 * Decides and commits one group, resolving every record of it; decided again when another writer
 * changed an entry it read; throws on a store error.
 */
async function commitGroup<T>(kv: Deno.Kv, group: Waiting<T>[]): Promise<void> {
  const unique = new Map<string, Deno.KvKey>();
  for (const w of group) for (const key of w.plan.reads) unique.set(keyId(key), key);
  const outcomes = await retryOnConflict(
    () => readAll(kv, [...unique.values()]),
    (read): Attempt<T[]> => {
      const current = new Map<string, unknown>([...read].map(([id, e]) => [id, e.value]));
      const checks = new Map<string, Deno.AtomicCheck>();
      const sums: (Write & { kind: "sum" })[] = [];
      const sets = new Map<string, Write & { kind: "set" }>();
      const outcomes: T[] = [];
      for (const w of group) {
        const decided = w.plan.decide((key) => {
          const id = keyId(key);
          return { versionstamp: read.get(id)!.versionstamp, value: current.get(id) };
        });
        outcomes.push(decided.outcome);
        if (!decided.writes) continue;
        for (const key of w.plan.reads) checks.set(keyId(key), read.get(keyId(key))!);
        for (const write of decided.writes) {
          if (write.kind === "sum") sums.push(write);
          else {
            current.set(keyId(write.key), write.value);
            sets.set(keyId(write.key), write);
          }
        }
      }
      if (sets.size === 0 && sums.length === 0) return { result: outcomes };
      return {
        result: outcomes,
        write: () => {
          const op = kv.atomic().check(...checks.values());
          for (const { key, value, expireIn } of sets.values()) {
            op.set(key, value, expireIn ? { expireIn } : undefined);
          }
          for (const { key, by } of sums) op.sum(key, by);
          return op;
        },
      };
    },
  );
  group.forEach((w, i) => w.resolve(outcomes[i]));
}

/** How many of the waiting records (at least one) make a group within `maxChecks` keys read. */
function groupSize(waiting: Waiting<unknown>[], maxChecks: number): number {
  const keys = new Set<string>();
  let size = 0;
  while (size < Math.min(waiting.length, MAX_GROUP)) {
    const reads = waiting[size].plan.reads.map(keyId).filter((id) => !keys.has(id));
    if (size > 0 && keys.size + reads.length > maxChecks) break;
    for (const id of reads) keys.add(id);
    size++;
  }
  return size;
}

interface Writer {
  waiting: Waiting<unknown>[];
  busy: boolean;
}

const writers = new WeakMap<Deno.Kv, Writer>();

/** Queues a record for the store's writer; resolves with its outcome once its group committed. */
export function groupCommit<T>(kv: Deno.Kv, plan: RecordPlan<T>): Promise<T> {
  let writer = writers.get(kv);
  if (!writer) writers.set(kv, writer = { waiting: [], busy: false });
  const w = writer;
  const queued = new Promise<T>((resolve, reject) => {
    w.waiting.push({ plan, resolve, reject } as Waiting<unknown>);
  });
  if (!w.busy) {
    w.busy = true;
    (async () => {
      try {
        while (w.waiting.length > 0) {
          const group = w.waiting.splice(0, groupSize(w.waiting, maxChecksOf(kv)));
          await commitGroup(kv, group).catch((err) => group.forEach((g) => g.reject(err)));
        }
      } finally {
        w.busy = false;
      }
    })();
  }
  return queued;
}
