/**
 * Plans over real HTTP against the real detector: monthly and daily hard caps (402, exact under
 * concurrency), overage plans, quota warnings, per-minute rate limits (429), all across UTC
 * period boundaries with an injected clock.
 */
import assert from "node:assert/strict";
import { UsageSummary } from "../../shared/contract.ts";
import { listAuditRows } from "../../server/features/metering/audit.ts";
import { getUserByEmail, updateUser } from "../../server/features/auth/users.ts";
import { signIn, startApi } from "../support/http.ts";
import { startDetector } from "../support/detector.ts";
import {
  assertRefused,
  assertServed,
  conform,
  createKey,
  detect,
  writePlansFile,
} from "../support/detect.ts";

/** One unit, its claim covered by the prompt (no `no_evidence`), so only quota warnings show. */
const ONE_UNIT = { prompt: "The moon is made of cheese.", response: "The moon is made of cheese." };
/** prompt + response of 2049 code points: two units. */
const TWO_UNITS = { prompt: "p".repeat(2048), response: "r" };

async function account(url: string, email: string, plan?: string, kv?: Deno.Kv) {
  const cookie = await signIn(url, email);
  const { key } = await createKey(url, cookie);
  if (plan && kv) {
    const user = (await getUserByEmail(kv, email))!;
    await updateUser(kv, user.id, (u) => ({ ...u, plan }));
  }
  return { cookie, key };
}

async function summary(url: string, cookie: string): Promise<UsageSummary> {
  const res = await fetch(`${url}/api/usage/summary`, { headers: { Cookie: cookie } });
  assert.equal(res.status, 200);
  return conform(UsageSummary, await res.json());
}

Deno.test("quota: 200 simultaneous calls against a cap of 50 units", async () => {
  const detector = await startDetector();
  const plansFile = await writePlansFile({ api_free: { monthly: 50, perMinute: 1000 } });
  const api = await startApi({ env: { ...detector.env, PLANS_FILE: plansFile } });
  try {
    const { cookie, key } = await account(api.url, "burst@example.com");
    const results = await Promise.all(
      Array.from({ length: 200 }, () => detect(api.url, key, ONE_UNIT)),
    );
    const served = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 402);
    console.log(`200 calls: ${served.length} served, ${refused.length} refused with 402`);
    assert.equal(served.length, 50);
    assert.equal(refused.length, 150);
    for (const r of served) assertServed(r);
    for (const r of refused) assert.equal(assertRefused(r, 402).quota_type, "monthly");
    const usage = await summary(api.url, cookie);
    assert.equal(usage.currentPeriod.units, 50);
    assert.equal(usage.currentPeriod.requests, 50);
    assert.equal(usage.currentPeriod.pct, 100);
    const rows = await listAuditRows(api.kv);
    assert.equal(rows.filter((r) => r.status === 200).length, 50);
    assert.equal(rows.filter((r) => r.status === 402).length, 150);
  } finally {
    await api.close();
    await detector.stop();
    await Deno.remove(plansFile);
  }
});

Deno.test("quota: caps, overage, warnings and rate limits across periods", async (t) => {
  const detector = await startDetector();
  const plansFile = await writePlansFile({
    api_free: { monthly: 10, perMinute: 1000 },
    web_pro: { monthly: 5, daily: 2, perMinute: 1000 },
    web_free: { perMinute: 2 },
    starter: { monthly: 2, overageRatePer1k: 500 },
  });
  let clock = new Date("2026-03-31T23:00:00Z");
  const api = await startApi({ env: { ...detector.env, PLANS_FILE: plansFile }, now: () => clock });
  try {
    await t.step("monthly cap: warnings at 80% and 95%, then 402 with its headers", async () => {
      const { key } = await account(api.url, "monthly@example.com");
      const warnings: string[][] = [];
      for (let i = 0; i < 10; i++) {
        warnings.push(assertServed(await detect(api.url, key, ONE_UNIT)).warnings);
      }
      assert.deepEqual(warnings.slice(0, 7), Array(7).fill([]));
      assert.deepEqual(warnings[7], ["quota_80pct"]);
      assert.deepEqual(warnings[8], ["quota_80pct"]);
      assert.deepEqual(warnings[9], ["quota_80pct", "quota_95pct"]);
      const r = await detect(api.url, key, ONE_UNIT);
      const err = assertRefused(r, 402);
      assert.deepEqual(err, {
        error: "quota_exceeded",
        quota_type: "monthly",
        plan: "api_free",
        message: err.message,
        units_used: 10,
        quota_units: 10,
        upgrade_url: api.deps.config.upgradeUrl,
      });
      assert.equal(r.headers.get("X-Plan"), "api_free");
      assert.equal(r.headers.get("X-Quota-Type"), "monthly");
      assert.equal(r.headers.get("X-Quota-Limit"), "10");
      assert.equal(r.headers.get("X-Quota-Period-Used"), "10");
      assert.equal(r.headers.get("X-Quota-Period"), null);
    });

    await t.step(
      "a retry of a served request id is still served when the cap is reached",
      async () => {
        const { key } = await account(api.url, "retry-at-cap@example.com");
        for (let i = 0; i < 9; i++) assertServed(await detect(api.url, key, ONE_UNIT));
        const headers = { "X-Request-Id": "last-one" };
        const last = await detect(api.url, key, ONE_UNIT, headers);
        assert.equal(assertServed(last).detections_billed, 1);
        assert.equal(last.headers.get("X-Quota-Remaining"), "0");
        assert.equal(
          assertServed(await detect(api.url, key, ONE_UNIT, headers)).request_id,
          "last-one",
        );
        assertRefused(await detect(api.url, key, ONE_UNIT), 402);
      },
    );

    await t.step("daily cap (web_pro): 402 daily, reset at 00:00 UTC, then monthly", async () => {
      const { key } = await account(api.url, "daily@example.com", "web_pro", api.kv);
      clock = new Date("2026-04-01T10:00:00Z");
      assertServed(await detect(api.url, key, ONE_UNIT));
      const r1 = await detect(api.url, key, TWO_UNITS);
      const daily = assertRefused(r1, 402);
      assert.equal(daily.quota_type, "daily");
      assert.equal(daily.units_used, 1);
      assert.equal(daily.quota_units, 2);
      assert.equal(r1.headers.get("X-Quota-Type"), "daily");
      assert.equal(r1.headers.get("X-Plan"), "web_pro");
      const last = await detect(api.url, key, ONE_UNIT);
      assert.equal(last.headers.get("X-Quota-Remaining"), "0", "bounded by the daily cap");
      assertServed(last);
      clock = new Date("2026-04-02T00:00:00Z");
      assertServed(await detect(api.url, key, TWO_UNITS));
      clock = new Date("2026-04-03T00:00:00Z");
      assertServed(await detect(api.url, key, ONE_UNIT));
      const monthly = assertRefused(await detect(api.url, key, ONE_UNIT), 402);
      assert.equal(monthly.quota_type, "monthly");
      assert.equal(monthly.units_used, 5);
      clock = new Date("2026-05-01T00:00:00Z");
      assertServed(await detect(api.url, key, ONE_UNIT));
    });

    await t.step("overage plan (starter): never 402, overage_active above the quota", async () => {
      const { cookie, key } = await account(api.url, "paid@example.com", "starter", api.kv);
      assert.deepEqual(assertServed(await detect(api.url, key, ONE_UNIT)).warnings, []);
      assert.deepEqual(assertServed(await detect(api.url, key, ONE_UNIT)).warnings, [
        "quota_80pct",
        "quota_95pct",
      ]);
      const over = await detect(api.url, key, TWO_UNITS);
      assert.deepEqual(assertServed(over).warnings, [
        "quota_80pct",
        "quota_95pct",
        "overage_active",
      ]);
      assert.equal(over.headers.get("X-Quota-Remaining"), "0");
      const usage = await summary(api.url, cookie);
      assert.equal(usage.currentPeriod.units, 4);
      assert.equal(usage.currentPeriod.pct, 200);
      assert.equal(usage.plan.overageRatePer1k, 500);
    });

    await t.step(
      "429 with Retry-After until the next minute, shared window per account",
      async () => {
        const { key } = await account(api.url, "fast@example.com", "web_free", api.kv);
        clock = new Date("2026-05-01T12:00:45Z");
        assertServed(await detect(api.url, key, ONE_UNIT));
        assertRefused(await detect(api.url, key, "{bad json"), 400);
        const r = await detect(api.url, key, ONE_UNIT);
        const err = assertRefused(r, 429);
        assert.equal(err.error, "rate_limited");
        assert.equal(r.headers.get("Retry-After"), "15");
        const second = await createKey(api.url, await signIn(api.url, "fast@example.com"));
        assertRefused(await detect(api.url, second.key, ONE_UNIT), 429);
        clock = new Date("2026-05-01T12:01:00Z");
        assertServed(await detect(api.url, key, ONE_UNIT));
      },
    );
  } finally {
    await api.close();
    await detector.stop();
    await Deno.remove(plansFile);
  }
});
