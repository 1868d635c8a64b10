/**
 * The plan table (DESIGN.md): monthly and daily unit caps, per-minute request limits and overage
 * rates. Hard-cap plans answer 402 when a cap would be crossed; the paid API plans (starter,
 * growth, scale) have an included monthly quota instead and bill overage through the daily job.
 * A JSON file (PLANS_FILE) can override any of monthly, daily, perMinute and overageRatePer1k of
 * any plan; it is read once, when the table is loaded.
 */
import { z } from "zod";
import { formatZodIssues } from "../../../shared/zod_issues.ts";

export interface Plan {
  /** Internal slug, e.g. `api_free`: the value of `plan` in errors and of `X-Plan`. */
  slug: string;
  /** Display name for the dashboard. */
  name: string;
  /** Monthly units: the hard cap, or the included quota of an overage plan. */
  monthly: number;
  /** Daily hard cap in units, reset at 00:00 UTC; null for none. */
  daily: number | null;
  /** Detect requests per minute, across all instances. */
  perMinute: number;
  /** USD per 1,000 units above `monthly`; 0 on hard-cap plans. */
  overageRatePer1k: number;
  /** True for paid API plans: never 402, units above `monthly` are billed as overage. */
  overage: boolean;
}

export type PlanTable = ReadonlyMap<string, Plan>;

const DEFAULT_PLANS: readonly Plan[] = [
  {
    slug: "api_free",
    name: "API Free",
    monthly: 3_700,
    daily: null,
    perMinute: 60,
    overageRatePer1k: 0,
    overage: false,
  },
  {
    slug: "web_free",
    name: "Web Free",
    monthly: 300,
    daily: null,
    perMinute: 60,
    overageRatePer1k: 0,
    overage: false,
  },
  {
    slug: "web_pro",
    name: "Web Pro",
    monthly: 6_000,
    daily: 200,
    perMinute: 120,
    overageRatePer1k: 0,
    overage: false,
  },
  {
    slug: "web_premium",
    name: "Web Premium",
    monthly: 12_000,
    daily: 300,
    perMinute: 120,
    overageRatePer1k: 0,
    overage: false,
  },
  {
    slug: "starter",
    name: "Starter",
    monthly: 20_000,
    daily: null,
    perMinute: 600,
    overageRatePer1k: 0.8,
    overage: true,
  },
  {
    slug: "growth",
    name: "Growth",
    monthly: 100_000,
    daily: null,
    perMinute: 600,
    overageRatePer1k: 0.6,
    overage: true,
  },
  {
    slug: "scale",
    name: "Scale",
    monthly: 500_000,
    daily: null,
    perMinute: 600,
    overageRatePer1k: 0.4,
    overage: true,
  },
];

const units = z.int().min(0);
const PlanOverride = z.strictObject({
  monthly: units.optional(),
  daily: units.nullable().optional(),
  perMinute: z.int().min(1).optional(),
  overageRatePer1k: z.number().min(0).optional(),
});
const PlansFile = z.record(z.string(), PlanOverride);

/** The default table merged with the overrides of `plansFile`, if given. Throws on a bad file. */
export function loadPlans(plansFile?: string): PlanTable {
  const table = new Map(DEFAULT_PLANS.map((p) => [p.slug, { ...p }]));
  if (!plansFile) return table;
  const parsed = PlansFile.safeParse(JSON.parse(Deno.readTextFileSync(plansFile)));
  if (!parsed.success) {
    throw new Error(
      `invalid plans file ${plansFile}: ${
        formatZodIssues(parsed.error, { nameUnknownKeys: true })
      }`,
    );
  }
  for (const [slug, override] of Object.entries(parsed.data)) {
    const plan = table.get(slug);
    if (!plan) throw new Error(`invalid plans file ${plansFile}: unknown plan ${slug}`);
    table.set(slug, { ...plan, ...override });
  }
  return table;
}

/** The plan of an account; an unknown slug (a plan removed from the table) is an error. */
export function planOf(plans: PlanTable, slug: string): Plan {
  const plan = plans.get(slug);
  if (!plan) throw new Error(`unknown plan ${slug}`);
  return plan;
}
