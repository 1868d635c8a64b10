/**
 * The unit and request counters of each account (per UTC month and day), and what is read from
 * them: the hard cap a call would cross, the units a plan can still serve, the usage history.
 * They are written only by the ledger's record of a served call (`ledger.ts`).
 */
import type { Plan } from "../billing/plans.ts";
import { dayOf, monthOf } from "../../platform/periods.ts";
import { listAll, withLockRetry } from "../../platform/kv/kv.ts";
import { kvKeys } from "../../platform/kv/kv_keys.ts";
import type { RateWindow } from "./rate_windows.ts";

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

export interface PeriodUsage {
  requests: number;
  units: number;
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
