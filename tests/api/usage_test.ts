/**
 * `GET /api/usage/summary` over real HTTP: per-account counts, 12 months of history across month
 * boundaries (injected clock), labels, rounding, and the overage written by the billing job; and
 * `GET /api/usage/daily`, the dashboard's units per day, daily cap and refusals.
 */
import assert from "node:assert/strict";
import { ErrorEnvelope, UsageDaily, UsageSummary } from "../../shared/contract.ts";
import { runDailyBilling } from "../../server/features/billing/daily_billing.ts";
import { getUserByEmail, updateUser } from "../../server/features/auth/users.ts";
import { loadPlans } from "../../server/features/billing/plans.ts";
import { signIn, startApi } from "../support/http.ts";
import { startDetector } from "../support/detector.ts";
import { assertServed, conform, createKey, detect, writePlansFile } from "../support/detect.ts";

const ONE_UNIT = { response: "Paris is the capital of Germany." };

/** The summary of an account, signed in afresh (the injected clock outruns session lifetimes). */
async function summary(url: string, email: string): Promise<UsageSummary> {
  const cookie = await signIn(url, email);
  const res = await fetch(`${url}/api/usage/summary`, { headers: { Cookie: cookie } });
  assert.equal(res.status, 200);
  return conform(UsageSummary, await res.json());
}

Deno.test("usage summary", async (t) => {
  const detector = await startDetector();
  const plansFile = await writePlansFile({
    api_free: { monthly: 8, perMinute: 1000 },
    starter: { monthly: 2, overageRatePer1k: 500 },
  });
  let clock = new Date("2025-01-15T12:00:00Z");
  const api = await startApi({ env: { ...detector.env, PLANS_FILE: plansFile }, now: () => clock });
  try {
    await t.step("401 without a session; Bearer keys are not accepted", async () => {
      const cookie = await signIn(api.url, "nosession@example.com");
      const { key } = await createKey(api.url, cookie);
      for (const headers of [{}, { Authorization: `Bearer ${key}` }] as Record<string, string>[]) {
        const res = await fetch(`${api.url}/api/usage/summary`, { headers });
        assert.equal(res.status, 401);
        assert.deepEqual(conform(ErrorEnvelope, await res.json()), {
          error: "unauthorized",
          message: "unauthorized",
        });
      }
    });

    await t.step(
      "14 months of calls: 12 months of history, newest first, per account",
      async () => {
        const cookie = await signIn(api.url, "history@example.com", "Grace Brewster Hopper");
        const { key } = await createKey(api.url, cookie);
        const other = await createKey(api.url, await signIn(api.url, "noise@example.com"));
        // Month i (0 = Jan 2025) gets (i % 4) calls; Jun 2025 is skipped entirely.
        for (let i = 0; i < 14; i++) {
          clock = new Date(Date.UTC(2025, i, 20, 8));
          for (let n = 0; n < i % 4; n++) assertServed(await detect(api.url, key, ONE_UNIT));
          assertServed(await detect(api.url, other.key, ONE_UNIT));
        }
        clock = new Date("2026-02-27T23:59:59Z");
        const s = await summary(api.url, "history@example.com");
        assert.deepEqual(s.user, {
          email: "history@example.com",
          name: "Grace Brewster Hopper",
          initials: "GH",
          memberSince: s.user.memberSince,
        });
        assert.match(s.user.memberSince!, /^\d{4}-\d{2}-\d{2}$/);
        assert.deepEqual(s.plan, { name: "API Free", quota: 8, overageRatePer1k: 0 });
        // Feb 2026 is month 13: 13 % 4 = 1 call; 1/8 = 12.5% rounds to 13.
        assert.deepEqual(s.currentPeriod, {
          start: "2026-02-01",
          requests: 1,
          units: 1,
          quota: 8,
          pct: 13,
          periodEndLabel: "Mar 1, 2026",
        });
        assert.equal(s.history.length, 12);
        assert.deepEqual(s.history.slice(0, 3).map((h) => h.period), [
          "Feb 2026",
          "Jan 2026",
          "Dec 2025",
        ]);
        assert.equal(s.history[11].period, "Mar 2025");
        assert.equal(s.history[11].periodStart, "2025-03-01");
        for (const [index, h] of s.history.entries()) {
          const i = 13 - index;
          assert.equal(h.periodStart, new Date(Date.UTC(2025, i, 1)).toISOString().slice(0, 10));
          assert.equal(h.requests, i % 4, h.period);
          assert.equal(h.units, i % 4, h.period);
          assert.equal(h.overage, 0);
          assert.equal(h.charge, "$0.00");
        }
        clock = new Date("2026-03-01T00:00:00Z");
        const march = await summary(api.url, "history@example.com");
        assert.equal(march.currentPeriod.start, "2026-03-01");
        assert.equal(march.currentPeriod.units, 0);
        assert.equal(march.currentPeriod.pct, 0);
        assert.equal(march.currentPeriod.periodEndLabel, "Apr 1, 2026");
        assert.equal(march.history[0].period, "Mar 2026");
        assert.equal(march.history[1].units, 1);
      },
    );

    await t.step("a new account's history is its current month", async () => {
      const s = await summary(api.url, "Newbie@Example.com");
      assert.equal(s.user.initials, "N");
      assert.equal(s.user.name, null);
      assert.ok(s.history.length >= 1 && s.history.length <= 12);
      assert.equal(s.history[0].period, "Mar 2026");
    });

    await t.step("daily billing job: overage units and charge in the history", async () => {
      const cookie = await signIn(api.url, "billed@example.com");
      const { key } = await createKey(api.url, cookie);
      const user = (await getUserByEmail(api.kv, "billed@example.com"))!;
      await updateUser(api.kv, user.id, (u) => ({ ...u, plan: "starter" }));
      clock = new Date("2026-03-10T09:00:00Z");
      for (let n = 0; n < 2; n++) assertServed(await detect(api.url, key, ONE_UNIT));
      clock = new Date("2026-03-11T09:00:00Z");
      for (let n = 0; n < 3; n++) assertServed(await detect(api.url, key, ONE_UNIT));
      const plans = loadPlans(plansFile);
      const first = await runDailyBilling(api.kv, plans, "2026-03-10");
      assert.deepEqual(first.map((b) => [b.email, b.overageUnits]), [["billed@example.com", 0]]);
      assert.equal((await summary(api.url, "billed@example.com")).history[0].overage, 0);
      for (let run = 0; run < 2; run++) {
        const billed = await runDailyBilling(api.kv, plans, "2026-03-11");
        assert.equal(billed[0].overageUnits, 3);
        assert.equal(billed[0].charge, 1.5);
      }
      const s = await summary(api.url, "billed@example.com");
      assert.deepEqual(s.plan, { name: "Starter", quota: 2, overageRatePer1k: 500 });
      assert.equal(s.currentPeriod.pct, 250);
      assert.deepEqual(
        { overage: s.history[0].overage, charge: s.history[0].charge, units: s.history[0].units },
        { overage: 3, charge: "$1.50", units: 5 },
      );
    });
  } finally {
    await api.close();
    await detector.stop();
    await Deno.remove(plansFile);
  }
});

Deno.test("usage daily: units per UTC day of this month, the daily cap and the refusing cap", async () => {
  const detector = await startDetector();
  const plansFile = await writePlansFile({ web_pro: { monthly: 6, daily: 2, perMinute: 1000 } });
  let clock = new Date("2025-03-02T10:00:00Z");
  const api = await startApi({ env: { ...detector.env, PLANS_FILE: plansFile }, now: () => clock });
  const daily = async () => {
    const res = await fetch(`${api.url}/api/usage/daily`, {
      headers: { Cookie: await signIn(api.url, "days@example.com") },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Cache-Control"), "no-store");
    return conform(UsageDaily, await res.json());
  };
  try {
    assert.equal((await fetch(`${api.url}/api/usage/daily`)).status, 401);
    const { key } = await createKey(api.url, await signIn(api.url, "days@example.com"));
    const user = await getUserByEmail(api.kv, "days@example.com");
    await updateUser(api.kv, user!.id, (u) => ({ ...u, plan: "web_pro" }));
    assertServed(await detect(api.url, key, ONE_UNIT));
    clock = new Date("2025-03-04T23:00:00Z");
    for (let i = 0; i < 2; i++) assertServed(await detect(api.url, key, ONE_UNIT));
    const d = await daily();
    assert.deepEqual(d.days, [
      { date: "2025-03-01", units: 0 },
      { date: "2025-03-02", units: 1 },
      { date: "2025-03-03", units: 0 },
      { date: "2025-03-04", units: 2 },
    ]);
    assert.equal(d.month, "2025-03");
    assert.equal(d.dailyCap, 2);
    assert.equal(d.quotaExhausted, "daily", "today's 2 units are the cap: the next call is a 402");
    assert.deepEqual(d.account, { status: "active", reason: null });
    assert.equal(d.upgradeUrl, api.deps.config.upgradeUrl);
    clock = new Date("2025-03-05T00:00:00Z");
    assert.equal((await daily()).quotaExhausted, null, "a new UTC day, a new daily cap");
  } finally {
    await api.close();
    await detector.stop();
  }
});
