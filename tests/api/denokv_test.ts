/**
 * The service on a real denokv over KV Connect, as a deployment that outgrows one machine runs
 * it: the exactness suite across two API processes, clear start-up errors for an unreachable
 * server or a refused token, and the store stopped mid-load and started again (503 while it is
 * down, nothing billed twice or lost, service resumed by itself).
 */
import assert from "node:assert/strict";
import { listAuditRows } from "../../server/features/metering/audit.ts";
import { currentUnits } from "../../server/features/metering/counters.ts";
import { getUserByEmail, updateUser } from "../../server/features/auth/users.ts";
import { startDenokv } from "../../server/bench/denokv.ts";
import { closedPort, startDetector } from "../support/detector.ts";
import { createKey, detect, type DetectResult, writePlansFile } from "../support/detect.ts";
import { DENOKV_PATH, needing, REPO_ROOT } from "../support/env.ts";
import { runExactnessSuite, startApiProcesses } from "../support/exactness.ts";
import { signIn } from "../support/http.ts";

Deno.test(needing("denokv", {
  name: "denokv: API processes on one KV Connect server stay exact",
  async fn(t) {
    const denokv = await startDenokv(DENOKV_PATH);
    try {
      await runExactnessSuite(t, denokv);
    } finally {
      await denokv.close();
    }
  },
}));

/** `server/main.ts` run to its exit: its code and what it printed on stderr. */
async function serveUntilExit(env: Record<string, string>) {
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "server/main.ts"],
    cwd: REPO_ROOT,
    env: {
      HOST: "127.0.0.1",
      PORT: String(closedPort()),
      DETECTOR_URL: "http://127.0.0.1:1",
      ...env,
    },
    clearEnv: true,
    stdout: "null",
    stderr: "piped",
  }).output();
  return { code, stderr: new TextDecoder().decode(stderr) };
}

Deno.test(needing("denokv", {
  name: "denokv: an unreachable server, a refused token and a missing one stop start-up clearly",
  async fn() {
    const denokv = await startDenokv(DENOKV_PATH);
    try {
      const unreachable = await serveUntilExit({
        KV_PATH: `http://127.0.0.1:${closedPort()}`,
        DENO_KV_ACCESS_TOKEN: "some-token",
      });
      assert.equal(unreachable.code, 2);
      assert.match(
        unreachable.stderr,
        /cannot open the KV store KV_PATH=http:\/\/127\.0\.0\.1:\d+: .*Connection refused/,
      );

      const refused = await serveUntilExit({
        KV_PATH: denokv.url,
        DENO_KV_ACCESS_TOKEN: "not-the-token",
      });
      assert.equal(refused.code, 2);
      assert.match(refused.stderr, /401 Unauthorized: Invalid access token/);
      assert.doesNotMatch(refused.stderr, /not-the-token/, "the token is never printed");

      const missing = await serveUntilExit({ KV_PATH: denokv.url });
      assert.equal(missing.code, 2);
      assert.match(
        missing.stderr,
        /DENO_KV_ACCESS_TOKEN: required when KV_PATH is a KV Connect URL/,
      );
    } finally {
      await denokv.close();
    }
  },
}));

Deno.test(needing("denokv", {
  name: "denokv stopped mid-load: 503 while down, nothing billed twice or lost, resumed by itself",
  async fn() {
    const denokv = await startDenokv(DENOKV_PATH);
    const detector = await startDetector();
    const plans = await writePlansFile({ starter: { perMinute: 100_000 } });
    const servers = await startApiProcesses(denokv, detector.env, plans, 2);
    const urls = servers.map((s) => s.printed[1]);
    const kv = await denokv.open();
    try {
      const { key } = await createKey(urls[0], await signIn(urls[0], "outage@example.com"));
      const userId = (await getUserByEmail(kv, "outage@example.com"))!.id;
      await updateUser(kv, userId, (u) => ({ ...u, plan: "starter" }));
      const call = (i: number, id?: string) =>
        detect(urls[i % 2], key, { response: `Outage ${i}.` }, id ? { "X-Request-Id": id } : {})
          .catch(() => ({ status: 0 }) as DetectResult);

      const before = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call(i, `before-${i}`)),
      );
      assert.ok(before.every((r) => r.status === 200), JSON.stringify(before.map((r) => r.status)));

      // Calls in flight when the store stops, and calls made while it is down.
      const inFlight = Array.from({ length: 40 }, (_, i) => call(i, `during-${i}`));
      await denokv.stop();
      const started = performance.now();
      const down = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i)));
      const waitedMs = performance.now() - started;
      assert.ok(down.every((r) => r.status === 503), JSON.stringify(down.map((r) => r.status)));
      assert.ok(down.every((r) => r.body.detail === "store_unavailable"));
      assert.ok(waitedMs < 15_000, `answered within ${Math.round(waitedMs)} ms`);

      await denokv.start();
      const during = await Promise.all(inFlight);
      assert.ok(during.every((r) => r.status === 200 || r.status === 503), "no other failure");
      // Retried with their own request ids: each is billed once, whatever became of the first try.
      const retried = await Promise.all(
        Array.from({ length: 40 }, (_, i) => call(i, `during-${i}`)),
      );
      assert.ok(
        retried.every((r) => r.status === 200),
        JSON.stringify(retried.map((r) => r.status)),
      );
      const after = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i, `after-${i}`)));
      assert.ok(after.every((r) => r.status === 200), "service resumed by itself");

      const units = (await currentUnits(kv, userId, new Date())).month;
      const rows = (await listAuditRows(kv)).filter((r) =>
        r.accountId === userId && r.status === 200
      );
      assert.equal(units, 20 + 40 + 10, "each request id billed exactly once");
      assert.equal(rows.reduce((sum, r) => sum + r.units, 0), units, "usage equals the audit");
    } finally {
      kv.close();
      await Promise.all(servers.map((s) => s.close("SIGTERM")));
      await detector.stop();
      await Deno.remove(plans);
      await denokv.close();
    }
  },
}));
