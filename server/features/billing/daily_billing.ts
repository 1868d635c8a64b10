/**
 * The daily billing job of the paid API plans (starter, growth, scale): for each such account it
 * counts the month's units through the billed day from the daily counters, and writes the units
 * above the included quota and their charge into the month's billing record, which the usage
 * history shows. Recomputed from the counters, so running it twice for a day changes nothing.
 */
import type { BillingRecord } from "./billing_records.ts";
import { putBillingRecord } from "./billing_records.ts";
import { listAll } from "../../platform/kv/kv.ts";
import { kvKeys } from "../../platform/kv/kv_keys.ts";
import { dailyUnitsOfMonth } from "../metering/counters.ts";
import type { User } from "../auth/users.ts";
import { dayOf } from "../../platform/periods.ts";
import { planOf, type PlanTable } from "./plans.ts";

export interface BilledAccount extends BillingRecord {
  email: string;
  plan: string;
}

/** The day a scheduled run bills: yesterday (UTC), the last complete day. */
export function defaultBillingDay(now: Date): string {
  return dayOf(new Date(now.getTime() - 86_400_000));
}

export async function runDailyBilling(
  kv: Deno.Kv,
  plans: PlanTable,
  day: string,
): Promise<BilledAccount[]> {
  const month = day.slice(0, 7);
  const billed: BilledAccount[] = [];
  for (const entry of await listAll<User>(kv, { prefix: kvKeys.usersPrefix() })) {
    const user = entry.value;
    const plan = planOf(plans, user.plan);
    if (!plan.overage) continue;
    const days = await dailyUnitsOfMonth(kv, user.id, month);
    let units = 0;
    for (const [d, n] of days) if (d <= day) units += n;
    const overageUnits = Math.max(0, units - plan.monthly);
    const record: BillingRecord = {
      month,
      overageUnits,
      charge: overageUnits / 1000 * plan.overageRatePer1k,
      ratePer1k: plan.overageRatePer1k,
      billedThrough: day,
    };
    await putBillingRecord(kv, user.id, record);
    billed.push({ ...record, email: user.email, plan: plan.slug });
  }
  return billed;
}
