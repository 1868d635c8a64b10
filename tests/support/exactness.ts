/**
 * The exactness suite of a scaled-out deployment: API processes (`server/main.ts` as
 * subprocesses) sharing one KV store and one real detector. A quota cap, a daily cap, request-id
 * retries, a rate limit and a revocation stay exact across the processes, and after a process is
 * killed mid-load the usage counters still equal the audit log. Run on a local KV file
 * (multi_process_test.ts) and on a real denokv over KV Connect (denokv_test.ts).
 */
import assert from "node:assert/strict";
import { listAuditRows } from "../../server/features/metering/audit.ts";
import { currentUnits } from "../../server/features/metering/counters.ts";
import { getUserByEmail, updateUser } from "../../server/features/auth/users.ts";
import { type ServerProcess, startServerProcess } from "../../server/bench/processes.ts";
import { startDetector } from "./detector.ts";
import { createKey, detect, type DetectResult, writePlansFile } from "./detect.ts";
import { signIn } from "./http.ts";

const count = (results: DetectResult[], status: number) =>
  results.filter((r) => r.status === status).length;

/** Waits until the current one-minute rate window has at least `seconds` left. */
async function awayFromMinuteBoundary(seconds: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((r) => setTimeout(r, left + 50));
}

export interface SharedStore {
  /** KV_PATH of the API processes (and the store's own variables, e.g. its access token). */
  env: Record<string, string>;
  /** The same store, opened by the test to read what the processes wrote. */
  open(): Promise<Deno.Kv>;
}

/** `processes` API processes on `store`, started as `deno task serve` would be. */
export async function startApiProcesses(
  store: SharedStore,
  detectorEnv: Record<string, string>,
  plansFile: string,
  processes: number,
): Promise<ServerProcess[]> {
  const env = { ...store.env, ...detectorEnv, HOST: "127.0.0.1", PLANS_FILE: plansFile };
  return await Promise.all(Array.from({ length: processes }, () =>
    startServerProcess(
      ["run", "-A", "server/main.ts"],
      // Each process binds a port the system picks and prints it: ports picked here and freed
      // before the processes bind them could be handed out twice.
      { ...env, PORT: "0" },
      /API listening on (http:\/\/\S+)/,
    )));
}

export async function runExactnessSuite(t: Deno.TestContext, store: SharedStore): Promise<void> {
  const detector = await startDetector();
  const plans = await writePlansFile({
    api_free: { monthly: 100, perMinute: 100_000 },
    web_free: { monthly: 100_000, perMinute: 20 },
    web_pro: { monthly: 100_000, daily: 30, perMinute: 100_000 },
    starter: { perMinute: 100_000 },
  });
  const servers = await startApiProcesses(store, detector.env, plans, 2);
  const urls = servers.map((s) => s.printed[1]);
  const kv = await store.open();
  const account = async (email: string, plan?: string) => {
    const { key } = await createKey(urls[0], await signIn(urls[0], email));
    const userId = (await getUserByEmail(kv, email))!.id;
    if (plan) await updateUser(kv, userId, (u) => ({ ...u, plan }));
    return { key, userId };
  };
  /** Units counted for the account, and the units of its served calls in the audit log. */
  const usageAndAudit = async (userId: string) => {
    const rows = (await listAuditRows(kv)).filter((r) => r.accountId === userId);
    return {
      units: (await currentUnits(kv, userId, new Date())).month,
      audited: rows.filter((r) => r.status === 200).reduce((sum, r) => sum + r.units, 0),
      rows: rows.filter((r) => r.status === 200).length,
    };
  };
  try {
    await t.step("400 concurrent calls against 100 units: 100 served, 300 refused", async () => {
      const { key, userId } = await account("cap@example.com");
      const results = await Promise.all(
        Array.from(
          { length: 400 },
          (_, i) => detect(urls[i % 2], key, { response: `Claim number ${i} about the moon.` }),
        ),
      );
      assert.equal(count(results, 200), 100);
      assert.equal(count(results, 402), 300);
      assert.deepEqual(await currentUnits(kv, userId, new Date()), { month: 100, day: 100 });
      assert.deepEqual(await usageAndAudit(userId), { units: 100, audited: 100, rows: 100 });
    });

    await t.step("a daily cap of 30 holds across both processes", async () => {
      const { key, userId } = await account("daily@example.com", "web_pro");
      const results = await Promise.all(
        Array.from({ length: 90 }, (_, i) => detect(urls[i % 2], key, { response: `Day ${i}.` })),
      );
      assert.equal(count(results, 200), 30);
      assert.equal(count(results, 402), 60);
      assert.ok(
        results.filter((r) => r.status === 402).every((r) => r.body.quota_type === "daily"),
      );
      assert.deepEqual(await currentUnits(kv, userId, new Date()), { month: 30, day: 30 });
    });

    await t.step("50 concurrent retries with one X-Request-Id bill 1 unit", async () => {
      const { key, userId } = await account("retry@example.com");
      const body = { response: "The Eiffel Tower is in Rome." };
      const results = await Promise.all(
        Array.from(
          { length: 50 },
          (_, i) => detect(urls[i % 2], key, body, { "X-Request-Id": "same-call-0001" }),
        ),
      );
      assert.equal(count(results, 200), 50);
      assert.ok(results.every((r) => r.body.detections_billed === 1));
      assert.deepEqual(await currentUnits(kv, userId, new Date()), { month: 1, day: 1 });
      const rows = (await listAuditRows(kv)).filter((r) => r.accountId === userId);
      assert.equal(rows.length, 1, "one audit row");
    });

    await t.step(
      "a key revoked, or an account suspended, in one process is refused by the other at once",
      async () => {
        const cookie = await signIn(urls[0], "revoke@example.com");
        const { key, id } = await createKey(urls[0], cookie);
        const userId = (await getUserByEmail(kv, "revoke@example.com"))!.id;
        const call = () => detect(urls[1], key, { response: "Cached key check." });
        assert.equal(
          (await call()).status,
          200,
          "the second process now holds the key in its cache",
        );
        const revoked = await fetch(`${urls[0]}/api/keys/${id}`, {
          method: "DELETE",
          headers: { cookie },
        });
        assert.equal(revoked.status, 200);
        await revoked.body?.cancel();
        assert.equal((await call()).status, 401);

        const second = await createKey(urls[0], cookie);
        const again = () => detect(urls[1], second.key, { response: "Cached account check." });
        assert.equal((await again()).status, 200);
        await updateUser(kv, userId, (u) => ({ ...u, status: "suspended", suspendReason: "x" }));
        assert.equal((await again()).status, 403);
        assert.deepEqual(await currentUnits(kv, userId, new Date()), { month: 2, day: 2 });
      },
    );

    await t.step("a rate limit of 20 per minute holds across both processes", async () => {
      const { key } = await account("rate@example.com", "web_free");
      await awayFromMinuteBoundary(10);
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) => detect(urls[i % 2], key, { response: `Rate ${i}.` })),
      );
      assert.equal(count(results, 200), 20);
      assert.equal(count(results, 429), 40);
    });

    await t.step("a process killed mid-load by SIGKILL: usage still equals the audit", async () => {
      // An overage plan: no cap refuses a call, so every call reaches the record step.
      const { key, userId } = await account("killed@example.com", "starter");
      const [victim] = await startApiProcesses(store, detector.env, plans, 1);
      let answeredByVictim = 0;
      let killed: Promise<void> | undefined;
      const calls = Array.from({ length: 400 }, (_, i) => {
        const toVictim = i % 3 !== 0;
        return detect(toVictim ? victim.printed[1] : urls[0], key, { response: `Load ${i}.` })
          .then((r) => {
            // Killed once it has served a few calls, while the rest are in flight.
            if (toVictim && ++answeredByVictim === 20) killed = victim.close("SIGKILL");
            return r;
          }, () => ({ status: 0 }) as DetectResult);
      });
      const results = await Promise.all(calls);
      await (killed ?? victim.close("SIGKILL"));
      const { units, audited, rows } = await usageAndAudit(userId);
      assert.ok(count(results, 0) > 0, "some calls were cut off by the kill");
      assert.equal(units, audited, "every unit counted has its audit row, and no row lacks units");
      assert.equal(rows, units, "one unit per served call");
      assert.ok(units >= count(results, 200), `units ${units}`);
    });
  } finally {
    kv.close();
    await Promise.all(servers.map((s) => s.close("SIGTERM")));
    await detector.stop();
    await Deno.remove(plans);
  }
}
