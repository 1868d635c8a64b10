/**
 * Per-account usage counters and the quota reservation of detect calls.
 *
 * Units are reserved before the detector is called, by an atomic check-and-set over the monthly
 * and daily unit counters (guarded by their versionstamps and retried on conflict), so a hard cap
 * holds exactly under any concurrency and across instances sharing the KV. A call that does not
 * end in HTTP 200 releases its reservation; a served call is recorded together with its audit row
 * and its request-id marker in one atomic commit.
 */
import type { Plan } from "../plans.ts";
import { dayOf, monthOf } from "../periods.ts";
import { type AuditRow, newAuditRowKey } from "./audit.ts";
import { commit, withLockRetry } from "./kv.ts";
import { kvKeys } from "./kv_keys.ts";

/**
 * A retry with the same X-Request-Id and the same request within this window is served without a
 * new row or units; the same id with another request is refused.
 */
export const REQUEST_ID_TTL_MS = 24 * 3_600_000;

export interface Reservation {
  userId: string;
  units: number;
  month: string;
  day: string;
}

export type QuotaType = "monthly" | "daily";

export type ReserveResult =
  | { ok: true; reservation: Reservation; monthUnits: number; dayUnits: number }
  | { ok: false; quotaType: QuotaType; unitsUsed: number; quotaUnits: number };

/** Reserves `units` for the account, or reports the hard cap it would cross (never on overage plans). */
export async function reserveUnits(
  kv: Deno.Kv,
  input: { userId: string; plan: Plan; units: number; now: Date },
): Promise<ReserveResult> {
  const { userId, plan, units } = input;
  const month = monthOf(input.now);
  const day = dayOf(input.now);
  const monthKey = kvKeys.unitsMonth(userId, month);
  const dayKey = kvKeys.unitsDay(userId, day);
  for (;;) {
    const [m, d] = await withLockRetry(() => kv.getMany<[number, number]>([monthKey, dayKey]));
    const monthUnits = (m.value ?? 0) + units;
    const dayUnits = (d.value ?? 0) + units;
    if (!plan.overage && monthUnits > plan.monthly) {
      return { ok: false, quotaType: "monthly", unitsUsed: m.value ?? 0, quotaUnits: plan.monthly };
    }
    if (!plan.overage && plan.daily !== null && dayUnits > plan.daily) {
      return { ok: false, quotaType: "daily", unitsUsed: d.value ?? 0, quotaUnits: plan.daily };
    }
    const res = await commit(() =>
      kv.atomic().check(m).check(d).set(monthKey, monthUnits).set(dayKey, dayUnits)
    );
    if (res.ok) {
      return { ok: true, reservation: { userId, units, month, day }, monthUnits, dayUnits };
    }
  }
}

/** Gives back the units of a call that was not served. */
export async function releaseUnits(kv: Deno.Kv, r: Reservation): Promise<void> {
  const monthKey = kvKeys.unitsMonth(r.userId, r.month);
  const dayKey = kvKeys.unitsDay(r.userId, r.day);
  for (;;) {
    const [m, d] = await withLockRetry(() => kv.getMany<[number, number]>([monthKey, dayKey]));
    const res = await commit(() =>
      kv.atomic().check(m).check(d)
        .set(monthKey, Math.max(0, (m.value ?? 0) - r.units))
        .set(dayKey, Math.max(0, (d.value ?? 0) - r.units))
    );
    if (res.ok) return;
  }
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
  | { recorded: true }
  | { recorded: false; earlier: ServedRequest };

/**
 * Records a served call: its audit row, its request-id marker (with `digest`) and the request
 * counters, in one commit. Writes nothing and returns the earlier marker when a concurrent call
 * with the same request id was recorded first. Throws when the store refuses the write.
 */
export async function recordServedCall(
  kv: Deno.Kv,
  input: { row: AuditRow; reservation: Reservation; digest: string; now: Date },
): Promise<RecordOutcome> {
  const { row, reservation: r } = input;
  const markerKey = kvKeys.servedRequest(r.userId, row.requestId);
  const marker: ServedRequest = {
    units: row.units,
    servedAt: input.now.toISOString(),
    digest: input.digest,
  };
  const rowKey = newAuditRowKey(row);
  for (;;) {
    const existing = await withLockRetry(() => kv.get<ServedRequest>(markerKey));
    if (isFresh(existing.value, input.now)) return { recorded: false, earlier: existing.value };
    const res = await commit(() =>
      kv.atomic()
        .check(existing)
        .set(rowKey, row)
        .set(markerKey, marker, { expireIn: REQUEST_ID_TTL_MS })
        .sum(kvKeys.requestsMonth(r.userId, r.month), 1n)
        .sum(kvKeys.requestsDay(r.userId, r.day), 1n)
    );
    if (res.ok) return { recorded: true };
  }
}

export interface PeriodUsage {
  requests: number;
  units: number;
}

/** Units used this UTC month and day (units of calls in flight included). */
export async function currentUnits(
  kv: Deno.Kv,
  userId: string,
  now: Date,
): Promise<{ month: number; day: number }> {
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
  for await (const e of kv.list<number>({ prefix: kvKeys.unitsMonthPrefix(userId) })) {
    at(String(e.key[2])).units = e.value;
  }
  for await (const e of kv.list<Deno.KvU64>({ prefix: kvKeys.requestsMonthPrefix(userId) })) {
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
  for await (const e of kv.list<number>(selector)) days.set(String(e.key[2]), e.value);
  return days;
}
