/** `deno task admin ...` as a real subprocess on a temp KV file that the test also opens. */
import assert from "node:assert/strict";
import { getBillingRecord } from "../../server/features/billing/billing_records.ts";
import { openKv } from "../../server/platform/kv/kv.ts";
import {
  getOrCreateUserByEmail,
  getUserByEmail,
  type User,
} from "../../server/features/auth/users.ts";
import { loadPlans, type Plan } from "../../server/features/billing/plans.ts";
import { REPO_ROOT } from "../support/env.ts";
import { recordServed, writePlansFile } from "../support/detect.ts";

/** A served detect call of `units`, recorded as the detect route records it. */
function served(kv: Deno.Kv, user: User, plan: Plan, units: number, now: Date) {
  return recordServed(kv, { userId: user.id, plan, now, units });
}

interface AdminRun {
  code: number;
  lines: unknown[];
  stderr: string;
}

async function admin(env: Record<string, string>, ...args: string[]): Promise<AdminRun> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "-q", "admin", ...args],
    cwd: REPO_ROOT,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout).trim();
  return {
    code: out.code,
    lines: stdout ? stdout.split("\n").map((l) => JSON.parse(l)) : [],
    stderr: new TextDecoder().decode(out.stderr),
  };
}

Deno.test("admin commands", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "admin_test_" });
  const plansFile = await writePlansFile({ starter: { monthly: 2, overageRatePer1k: 500 } });
  const env = { KV_PATH: `${dir}/kv.sqlite3`, PLANS_FILE: plansFile };
  const kv = await openKv(env.KV_PATH);
  try {
    await getOrCreateUserByEmail(kv, { email: "ops@example.com", name: "Ops" });
    await getOrCreateUserByEmail(kv, { email: "free@example.com" });
    const user = async () => (await getUserByEmail(kv, "ops@example.com"))!;

    await t.step("plan <email> <plan>", async () => {
      const run = await admin(env, "plan", "OPS@example.com", "web_pro");
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(run.lines, [{
        email: "ops@example.com",
        plan: "web_pro",
        status: "active",
        suspendReason: null,
        subscriptionStatus: "active",
      }]);
      assert.equal((await user()).plan, "web_pro");
      const unknown = await admin(env, "plan", "ops@example.com", "platinum");
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /unknown plan platinum/);
      assert.equal((await user()).plan, "web_pro");
    });

    await t.step("suspend <email> <reason> and unsuspend <email>", async () => {
      const run = await admin(env, "suspend", "ops@example.com", "manual_admin");
      assert.equal(run.code, 0, run.stderr);
      const suspended = await user();
      assert.equal(suspended.status, "suspended");
      assert.equal(suspended.suspendReason, "manual_admin");
      assert.equal((await admin(env, "unsuspend", "ops@example.com")).code, 0);
      const lifted = await user();
      assert.equal(lifted.status, "active");
      assert.equal(lifted.suspendReason, null);
    });

    await t.step("subscription <email> <status>", async () => {
      assert.equal((await admin(env, "subscription", "ops@example.com", "past_due")).code, 0);
      assert.equal((await user()).subscriptionStatus, "past_due");
      assert.equal((await admin(env, "subscription", "ops@example.com", "sleepy")).code, 1);
      assert.equal((await user()).subscriptionStatus, "past_due");
    });

    await t.step("bill-daily --date: overage of paid plans only", async () => {
      assert.equal((await admin(env, "plan", "ops@example.com", "starter")).code, 0);
      const plans = loadPlans(plansFile);
      const ops = await user();
      const free = (await getUserByEmail(kv, "free@example.com"))!;
      for (
        const [day, units] of [["2026-03-10", 2], ["2026-03-11", 3], ["2026-03-12", 4]] as const
      ) {
        const now = new Date(`${day}T12:00:00Z`);
        assert.ok((await served(kv, ops, plans.get("starter")!, units, now)).recorded);
        await served(kv, free, plans.get("api_free")!, units, now);
      }
      const run = await admin(env, "bill-daily", "--date", "2026-03-11");
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(run.lines, [
        {
          month: "2026-03",
          overageUnits: 3,
          charge: 1.5,
          ratePer1k: 500,
          billedThrough: "2026-03-11",
          email: "ops@example.com",
          plan: "starter",
        },
        { billed_day: "2026-03-11", accounts: 1 },
      ]);
      assert.equal((await getBillingRecord(kv, ops.id, "2026-03"))?.overageUnits, 3);
      assert.equal(await getBillingRecord(kv, free.id, "2026-03"), null);
      assert.equal((await admin(env, "bill-daily", "--date=2026-03-12")).code, 0);
      assert.equal((await getBillingRecord(kv, ops.id, "2026-03"))?.overageUnits, 7);
    });

    await t.step("usage errors exit 2, unknown accounts exit 1", async () => {
      for (
        const args of [[], ["frobnicate"], ["plan", "ops@example.com"], [
          "bill-daily",
          "--date",
          "2026-02-30",
        ]]
      ) {
        const run = await admin(env, ...args);
        assert.equal(run.code, 2, args.join(" "));
        assert.match(run.stderr, /usage: deno task admin/);
      }
      assert.equal((await admin(env, "suspend", "nobody@example.com", "x")).code, 1);
    });
  } finally {
    kv.close();
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(plansFile);
  }
});
