/**
 * Two API processes (`server/main.ts` as subprocesses) on one KV file and one real detector, as a
 * scaled-out deployment runs: a quota cap, request-id retries and a rate limit stay exact across
 * them, and usage matches the audit log.
 */
import assert from "node:assert/strict";
import { listAuditRows } from "../../server/features/metering/audit.ts";
import { openKv } from "../../server/platform/kv/kv.ts";
import { currentUnits } from "../../server/features/metering/counters.ts";
import { getUserByEmail, updateUser } from "../../server/features/auth/users.ts";
import { closedPort, startDetector } from "../support/detector.ts";
import { createKey, detect, type DetectResult, writePlansFile } from "../support/detect.ts";
import { signIn } from "../support/http.ts";
import { startServerProcess } from "../../server/bench/processes.ts";

const count = (results: DetectResult[], status: number) =>
  results.filter((r) => r.status === status).length;

/** Waits until the current one-minute rate window has at least `seconds` left. */
async function awayFromMinuteBoundary(seconds: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((r) => setTimeout(r, left + 50));
}

Deno.test("two API processes on one KV file: caps, retries and rate limits stay exact", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "two_processes_" });
  const detector = await startDetector();
  const plans = await writePlansFile({
    api_free: { monthly: 100, perMinute: 100_000 },
    web_free: { monthly: 100_000, perMinute: 20 },
  });
  const env = {
    KV_PATH: `${dir}/kv.sqlite3`,
    HOST: "127.0.0.1",
    PLANS_FILE: plans,
    ...detector.env,
  };
  const servers = await Promise.all([0, 1].map(() =>
    startServerProcess(
      ["run", "-A", "server/main.ts"],
      { ...env, PORT: String(closedPort()) },
      /API listening on (http:\/\/\S+)/,
    )
  ));
  const urls = servers.map((s) => s.printed[1]);
  const kv = await openKv(env.KV_PATH);
  const account = async (email: string) => {
    const { key } = await createKey(urls[0], await signIn(urls[0], email));
    return { key, userId: (await getUserByEmail(kv, email))!.id };
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
      const rows = (await listAuditRows(kv)).filter((r) => r.accountId === userId);
      assert.equal(rows.filter((r) => r.status === 200).length, 100, "usage = audit = served");
      assert.equal(rows.reduce((sum, r) => sum + r.units, 0), 100);
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
      const { key, userId } = await account("rate@example.com");
      await updateUser(kv, userId, (u) => ({ ...u, plan: "web_free" }));
      await awayFromMinuteBoundary(10);
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) => detect(urls[i % 2], key, { response: `Rate ${i}.` })),
      );
      assert.equal(count(results, 200), 20);
      assert.equal(count(results, 429), 40);
    });
  } finally {
    kv.close();
    await Promise.all(servers.map((s) => s.close("SIGTERM")));
    await detector.stop();
    await Deno.remove(plans);
    await Deno.remove(dir, { recursive: true });
  }
});
