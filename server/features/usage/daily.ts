/**
 * The dashboard's daily view of one account (`UsageDaily`): units per UTC day of this month, the
 * plan's daily cap, the hard cap that would refuse the next unit, and the account's state.
 */
import type { UsageDaily } from "../../../shared/contract.ts";
import { monthOf } from "../../platform/periods.ts";
import type { User } from "../auth/users.ts";
import type { Plan } from "../billing/plans.ts";
import { breachOf, currentUnits, dailyUnitsOfMonth } from "../metering/counters.ts";

export async function usageDaily(
  kv: Deno.Kv,
  input: { user: User; plan: Plan; now: Date; upgradeUrl: string; appealUrl: string },
): Promise<UsageDaily> {
  const { user, plan, now } = input;
  const month = monthOf(now);
  const units = await dailyUnitsOfMonth(kv, user.id, month);
  const days: UsageDaily["days"] = [];
  for (let d = 1; d <= now.getUTCDate(); d++) {
    const date = `${month}-${String(d).padStart(2, "0")}`;
    days.push({ date, units: units.get(date) ?? 0 });
  }
  const used = await currentUnits(kv, user.id, now);
  return {
    month,
    dailyCap: plan.overage ? null : plan.daily,
    days,
    quotaExhausted: breachOf(plan, used, 1)?.quotaType ?? null,
    account: { status: user.status, reason: user.suspendReason },
    upgradeUrl: input.upgradeUrl,
    appealUrl: input.appealUrl,
  };
}
