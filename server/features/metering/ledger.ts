/**
 * The ledger of served calls: the record that charges a call's units, and the request-id markers
 * that tell a retry from a new call.
 *
 * Units are charged only when a served call is recorded: one atomic commit (shared with the other
 * calls recorded at the same moment: `platform/kv/group_commit.ts`), guarded by the versionstamps
 * of the month and day unit counters, of the rate window, of the request-id marker and of the key
 * and account the call was authorised with, checks the hard caps, adds the units, and writes the
 * audit row and the marker; it is decided again on conflict. So a cap holds exactly under any
 * concurrency and across instances sharing the KV, and a call that fails, or a process that dies
 * mid-call, never leaves units charged. A cheap read before the detector is asked refuses calls
 * that already cannot fit.
 */
import type { Plan } from "../billing/plans.ts";
import { dayOf, monthOf } from "../../platform/periods.ts";
import { AUDIT_RETENTION_MS, type AuditRow, newAuditRowKey } from "./audit.ts";
import { withLockRetry } from "../../platform/kv/kv.ts";
import { kvKeys } from "../../platform/kv/kv_keys.ts";
import { type RateWindow, windowCountWrite } from "./rate_windows.ts";
import { groupCommit, type Write } from "../../platform/kv/group_commit.ts";
import { breachOf, type QuotaBreach, type UnitsUsed } from "./counters.ts";

/**
 * A retry with the same X-Request-Id and the same request within this window is served without a
 * new row or units; the same id with another request is refused.
 */
export const REQUEST_ID_TTL_MS = 24 * 3_600_000;

/** The marker of a served request id. Holds a digest of the request, never its text. */
export interface ServedRequest {
  units: number;
  servedAt: string;
  /** `requestDigest` of the served call: tells a true retry from a reuse of the id. */
  digest: string;
}

/** The earlier served call of this account with this request id, within the last 24 hours. */
export async function findServedRequest(
  kv: Deno.Kv,
  userId: string,
  requestId: string,
  now: Date,
): Promise<ServedRequest | null> {
  const entry = await withLockRetry(() =>
    kv.get<ServedRequest>(kvKeys.servedRequest(userId, requestId))
  );
  return isFresh(entry.value, now) ? entry.value : null;
}

function isFresh(served: ServedRequest | null, now: Date): served is ServedRequest {
  return served !== null && now.getTime() - Date.parse(served.servedAt) < REQUEST_ID_TTL_MS;
}

export type RecordOutcome =
  | { recorded: true; used: UnitsUsed }
  | { recorded: false; earlier: ServedRequest }
  | { recorded: false; breach: QuotaBreach }
  | { recorded: false; rateLimited: true }
  | { recorded: false; stale: true };

/**
 * Records a served call in one commit: its units (within the plan's hard caps), its audit row, its
 * request-id marker (with `digest`; none when `digest` is null, for a minted id, which is never
 * retried) and the request counters. `guards` are the entries the call was authorised with (API
 * key, account): when one has changed since, nothing is written and the outcome is `stale`, so
 * the caller authorises again. Writes nothing, and says why, when the units would cross a cap or
 * a concurrent call with the same request id was recorded first, or when its rate `window`
 * (counted in the same commit) filled up since the call was admitted. Throws when the store
 * refuses the write.
 */
export function recordServedCall(
  kv: Deno.Kv,
  input: {
    row: AuditRow;
    userId: string;
    plan: Plan;
    digest: string | null;
    now: Date;
    guards?: Deno.AtomicCheck[];
    window?: RateWindow;
  },
): Promise<RecordOutcome> {
  const { row, userId, plan, now, window } = input;
  const guards = input.guards ?? [];
  const month = monthOf(now);
  const day = dayOf(now);
  const markerKey = kvKeys.servedRequest(userId, row.requestId);
  const monthKey = kvKeys.unitsMonth(userId, month);
  const dayKey = kvKeys.unitsDay(userId, day);
  const digest = input.digest;
  const rowKey = newAuditRowKey(row);
  const reads: Deno.KvKey[] = [monthKey, dayKey, ...guards.map((g) => g.key)];
  // A minted request id is never sent again: it needs no marker.
  if (digest !== null) reads.push(markerKey);
  if (window) reads.push(window.key);
  return groupCommit<RecordOutcome>(kv, {
    reads,
    decide(read) {
      if (guards.some((g) => read(g.key).versionstamp !== g.versionstamp)) {
        return { outcome: { recorded: false, stale: true } };
      }
      // A retry of a call recorded meanwhile is served again, whatever the window or the quota.
      const earlier = digest !== null ? read(markerKey).value as ServedRequest | null : null;
      if (isFresh(earlier, now)) return { outcome: { recorded: false, earlier } };
      const windowCount = window ? (read(window.key).value as number | null) ?? 0 : 0;
      if (window && windowCount >= window.perMinute) {
        return { outcome: { recorded: false, rateLimited: true } };
      }
      const before = {
        month: (read(monthKey).value as number | null) ?? 0,
        day: (read(dayKey).value as number | null) ?? 0,
      };
      const breach = breachOf(plan, before, row.units);
      if (breach) return { outcome: { recorded: false, breach } };
      const used = { month: before.month + row.units, day: before.day + row.units };
      const writes: Write[] = [
        { kind: "set", key: monthKey, value: used.month },
        { kind: "set", key: dayKey, value: used.day },
        { kind: "set", key: rowKey, value: row, expireIn: AUDIT_RETENTION_MS },
        { kind: "sum", key: kvKeys.requestsMonth(userId, month), by: 1n },
        { kind: "sum", key: kvKeys.requestsDay(userId, day), by: 1n },
      ];
      if (digest !== null) {
        const marker: ServedRequest = { units: row.units, servedAt: now.toISOString(), digest };
        writes.push({ kind: "set", key: markerKey, value: marker, expireIn: REQUEST_ID_TTL_MS });
      }
      if (window) writes.push(windowCountWrite(window, windowCount + 1));
      return { outcome: { recorded: true, used }, writes };
    },
  });
}
