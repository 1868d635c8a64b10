/** The plan table and its PLANS_FILE overrides. */
import assert from "node:assert/strict";
import { loadPlans, planOf } from "../../server/features/billing/plans.ts";
import { writePlansFile } from "../support/detect.ts";

Deno.test("plans: the defaults of DESIGN.md", () => {
  const plans = loadPlans();
  const caps = [...plans.values()].map((p) => [p.slug, p.monthly, p.daily, p.overage]);
  assert.deepEqual(caps.slice(0, 4), [
    ["api_free", 3_700, null, false],
    ["web_free", 300, null, false],
    ["web_pro", 6_000, 200, false],
    ["web_premium", 12_000, 300, false],
  ]);
  for (const slug of ["starter", "growth", "scale"]) {
    const plan = planOf(plans, slug);
    assert.ok(plan.overage && plan.overageRatePer1k > 0 && plan.monthly > 0);
    assert.ok(plan.perMinute > planOf(plans, "api_free").perMinute);
  }
});

Deno.test("plans: PLANS_FILE merges over the defaults and is validated", async () => {
  const file = await writePlansFile({
    api_free: { monthly: 5, perMinute: 1000 },
    web_pro: { daily: null },
  });
  try {
    const plans = loadPlans(file);
    assert.deepEqual(
      { ...planOf(plans, "api_free") },
      { ...planOf(loadPlans(), "api_free"), monthly: 5, perMinute: 1000 },
    );
    assert.equal(planOf(plans, "web_pro").daily, null);
    assert.equal(planOf(plans, "web_pro").monthly, 6_000);
    for (
      const bad of [{ gold: { monthly: 1 } }, { api_free: { monthly: -1 } }, {
        api_free: { hourly: 3 },
      }]
    ) {
      await Deno.writeTextFile(file, JSON.stringify(bad));
      assert.throws(() => loadPlans(file), /invalid plans file/);
    }
  } finally {
    await Deno.remove(file);
  }
});
