/**
 * The dashboard's UsageSummary of one account: the current UTC month and up to 12 months of
 * history, newest first, from the account's first month (membership or first use) on. Overage
 * and charge come from the daily billing job's records.
 */
import type { UsageSummary } from "../../../shared/contract.ts";
import { getBillingRecord } from "../billing/billing_records.ts";
import { usageByMonth } from "../metering/counters.ts";
import type { User } from "../auth/users.ts";
import { addMonths, dateLabel, monthLabel, monthOf, monthStart } from "../../platform/periods.ts";
import type { Plan } from "../billing/plans.ts";

const HISTORY_MONTHS = 12;
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** `$1,234.56` */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** Up to two initials from the name, else the first letter of the email. */
export function initialsOf(user: Pick<User, "name" | "email">): string | null {
  const words = (user.name ?? "").split(/\s+/).filter(Boolean);
  const letters = words.length > 0
    ? [words[0], words.length > 1 ? words[words.length - 1] : ""].map((w) => [...w][0] ?? "")
    : [[...user.email][0] ?? ""];
  return letters.join("").toUpperCase() || null;
}

export async function usageSummary(
  kv: Deno.Kv,
  input: { user: User; plan: Plan; now: Date },
): Promise<UsageSummary> {
  const { user, plan } = input;
  const current = monthOf(input.now);
  const months = await usageByMonth(kv, user.id);
  const firstMonth = [monthOf(new Date(user.createdAt)), ...months.keys()].sort()[0];
  const history: UsageSummary["history"] = [];
  for (let i = 0; i < HISTORY_MONTHS; i++) {
    const month = addMonths(current, -i);
    if (i > 0 && month < firstMonth) break;
    const usage = months.get(month) ?? { requests: 0, units: 0 };
    const billing = await getBillingRecord(kv, user.id, month);
    history.push({
      period: monthLabel(month),
      periodStart: monthStart(month),
      requests: usage.requests,
      units: usage.units,
      overage: billing?.overageUnits ?? 0,
      charge: formatUsd(billing?.charge ?? 0),
    });
  }
  const now = months.get(current) ?? { requests: 0, units: 0 };
  return {
    user: {
      email: user.email,
      name: user.name,
      initials: initialsOf(user),
      memberSince: user.createdAt.slice(0, 10),
    },
    plan: {
      name: plan.name,
      quota: plan.monthly,
      overageRatePer1k: plan.overage ? plan.overageRatePer1k : 0,
    },
    currentPeriod: {
      start: monthStart(current),
      requests: now.requests,
      units: now.units,
      quota: plan.monthly,
      pct: plan.monthly > 0 ? Math.round(now.units / plan.monthly * 100) : 0,
      periodEndLabel: dateLabel(monthStart(addMonths(current, 1))),
    },
    history,
  };
}
