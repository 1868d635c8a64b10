/**
 * Per-account usage counters, the quota check of detect calls, and the record of served calls.
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
import type { Plan } from "./plans.ts";
import { dayOf, monthOf } from "../../platform/periods.ts";
import { AUDIT_RETENTION_MS, type AuditRow, newAuditRowKey } from "./audit.ts";
import { listAll, withLockRetry } from "../../platform/kv/kv.ts";
import { kvKeys } from "../../platform/kv/kv_keys.ts";
import { type RateWindow, windowCountWrite } from "./rate_limits.ts";
import { groupCommit, type Write } from "../../platform/kv/group_commit.ts";

/**
 * A retry with the same X-Request-Id and the same request within this window is served without a
 * new row or units; the same id with another request is refused.
 */
export const REQUEST_ID_TTL_MS = 24 * 3_600_000;

export type QuotaType = "monthly" | "daily";

export interface QuotaBreach {
  quotaType: QuotaType;
  unitsUsed: number;
  quotaUnits: number;
}

export interface UnitsUsed {
  month: number;
  day: number;
}

/** The hard cap that `units` more would cross, or null (never on overage plans). */
export function breachOf(plan: Plan, used: UnitsUsed, units: number): QuotaBreach | null {
  if (plan.overage) return null;
  if (used.month + units > plan.monthly) {
    return { quotaType: "monthly", unitsUsed: used.month, quotaUnits: plan.monthly };
  }
  if (plan.daily !== null && used.day + units > plan.daily) {
    return { quotaType: "daily", unitsUsed: used.day, quotaUnits: plan.daily };
  }
  return null;
}

/** Units the plan can still serve: the monthly quota, bounded by a daily hard cap. */
export function unitsRemaining(plan: Plan, used: UnitsUsed): number {
  const monthly = plan.monthly - used.month;
  const daily = !plan.overage && plan.daily !== null ? plan.daily - used.day : Infinity;
  return Math.max(0, Math.min(monthly, daily));
}

/** The cap a call of `units` would cross now; the binding check is in `recordServedCall`. */
export async function quotaBreach(
  kv: Deno.Kv,
  input: { userId: string; plan: Plan; units: number; now: Date },
): Promise<QuotaBreach | null> {
  return breachOf(input.plan, await currentUnits(kv, input.userId, input.now), input.units);
}

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
 * request-id marker (with `digest`, only for a caller's own X-Request-Id: a minted id is never
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
    digest: string;
    now: Date;
    clientRequestId: boolean;
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
  const marker: ServedRequest = {
    units: row.units,
    servedAt: now.toISOString(),
    digest: input.digest,
  };
  const rowKey = newAuditRowKey(row);
  const reads: Deno.KvKey[] = [monthKey, dayKey, ...guards.map((g) => g.key)];
  // A minted request id is never sent again: it needs no marker.
  if (input.clientRequestId) reads.push(markerKey);
  if (window) reads.push(window.key);
  return groupCommit<RecordOutcome>(kv, {
    reads,
    decide(read) {
      if (guards.some((g) => read(g.key).versionstamp !== g.versionstamp)) {
        return { outcome: { recorded: false, stale: true } };
      }
      // A retry of a call recorded meanwhile is served again, whatever the window or the quota.
      const earlier = input.clientRequestId ? read(markerKey).value as ServedRequest | null : null;
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
      if (input.clientRequestId) {
        writes.push({ kind: "set", key: markerKey, value: marker, expireIn: REQUEST_ID_TTL_MS });
      }
      if (window) writes.push(windowCountWrite(window, windowCount + 1));
      return { outcome: { recorded: true, used }, writes };
    },
  });
}

export interface PeriodUsage {
  requests: number;
  units: number;
}

/**
 * What a call reads before its work, in one read: its rate window's count and the units used this
 * month and day (the early quota check).
 */
export async function readCallCounters(
  kv: Deno.Kv,
  input: { userId: string; window: RateWindow; now: Date },
): Promise<{ window: Deno.KvEntryMaybe<number>; used: UnitsUsed }> {
  const [w, m, d] = await withLockRetry(() =>
    kv.getMany<[number, number, number]>([
      input.window.key,
      kvKeys.unitsMonth(input.userId, monthOf(input.now)),
      kvKeys.unitsDay(input.userId, dayOf(input.now)),
    ])
  );
  return { window: w, used: { month: m.value ?? 0, day: d.value ?? 0 } };
}

/** Units used this UTC month and day. */
export async function currentUnits(kv: Deno.Kv, userId: string, now: Date): Promise<UnitsUsed> {
  const [m, d] = await withLockRetry(() =>
    kv.getMany<[number, number]>([
      kvKeys.unitsMonth(userId, monthOf(now)),
      kvKeys.unitsDay(userId, dayOf(now)),
    ])
  );
  return { month: m.value ?? 0, day: d.value ?? 0 };
}

/** Requests and units of every month the account has used, keyed by `YYYY-MM`. */
export async function usageByMonth(kv: Deno.Kv, userId: string): Promise<Map<string, PeriodUsage>> {
  const months = new Map<string, PeriodUsage>();
  const at = (month: string) => {
    if (!months.has(month)) months.set(month, { requests: 0, units: 0 });
    return months.get(month)!;
  };
  for (const e of await listAll<number>(kv, { prefix: kvKeys.unitsMonthPrefix(userId) })) {
    at(String(e.key[2])).units = e.value;
  }
  const requests = await listAll<Deno.KvU64>(kv, { prefix: kvKeys.requestsMonthPrefix(userId) });
  for (const e of requests) {
    at(String(e.key[2])).requests = Number(e.value.value);
  }
  return months;
}

/** Units per day of one month, keyed by `YYYY-MM-DD`. */
export async function dailyUnitsOfMonth(
  kv: Deno.Kv,
  userId: string,
  month: string,
): Promise<Map<string, number>> {
  const days = new Map<string, number>();
  const prefix = kvKeys.unitsDayPrefix(userId);
  const selector = { start: [...prefix, `${month}-01`], end: [...prefix, `${month}-32`] };
  for (const e of await listAll<number>(kv, selector)) days.set(String(e.key[2]), e.value);
  return days;
}
