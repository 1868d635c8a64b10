/**
 * `deno task serve` as a real subprocess (temp KV_PATH, free ports): sign in through the dev stub,
 * create a key, detect; an admin command on the same KV file while the server runs; and a server
 * killed in the middle of a call, which must leave nothing billed.
 */
import assert from "node:assert/strict";
import { ApiKeyCreateResponse, DetectResponse, UsageSummary } from "../../shared/contract.ts";
import { REPO_ROOT } from "../support/env.ts";
import { startServerProcess } from "../../server/bench/processes.ts";
import { closedPort, startStubBackend } from "../support/detector.ts";
import { signIn } from "../support/http.ts";
import { openKv } from "../../server/platform/kv/kv.ts";
import { currentUnits } from "../../server/features/metering/counters.ts";
import { getUserByEmail } from "../../server/features/auth/users.ts";
import { conform, createKey } from "../support/detect.ts";
import { waitUntilReady } from "../../server/detector/service/launch.ts";

Deno.test("deno task serve: sign-in, key, detect, admin on the same KV", async () => {
  const dir = await Deno.makeTempDir({ prefix: "serve_e2e_" });
  const port = closedPort();
  const env = {
    KV_PATH: `${dir}/data/kv.sqlite3`,
    PORT: String(port),
    DETECTOR_PORT: "0",
    HOST: "127.0.0.1",
  };
  const { printed, close } = await startServerProcess(
    ["task", "-q", "serve"],
    env,
    /API listening on (http:\/\/\S+)[\s\S]*detector started at (http:\/\/\S+)/,
  );
  try {
    const [, url, detectorUrl] = printed;
    assert.equal(url, `http://127.0.0.1:${port}`);
    await waitUntilReady(detectorUrl);

    const cookie = await signIn(url, "e2e@example.com", "End To End");
    const keyRes = await fetch(`${url}/api/keys`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "e2e" }),
    });
    assert.equal(keyRes.status, 201);
    const { key } = conform(ApiKeyCreateResponse, await keyRes.json());

    const call = () =>
      fetch(`${url}/api/detect`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ prompt: "What is 2+2?", response: "2+2 is 5." }),
      });
    const res = await call();
    assert.equal(res.status, 200);
    const body = conform(DetectResponse, await res.json());
    assert.equal(body.task_used, "multiclass");
    assert.equal(res.headers.get("X-Units-Billed"), "1");

    const usage = await fetch(`${url}/api/usage/summary`, { headers: { Cookie: cookie } });
    assert.equal(conform(UsageSummary, await usage.json()).currentPeriod.requests, 1);

    const suspend = await new Deno.Command(Deno.execPath(), {
      args: ["task", "-q", "admin", "suspend", "e2e@example.com", "manual_admin"],
      cwd: REPO_ROOT,
      env,
      stdout: "null",
    }).output();
    assert.equal(suspend.code, 0);
    const refused = await call();
    assert.equal(refused.status, 403);
    assert.equal((await refused.json()).reason, "manual_admin");
  } finally {
    await close("SIGTERM");
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a server killed during a detect call leaves no units charged", async () => {
  const dir = await Deno.makeTempDir({ prefix: "serve_crash_" });
  let reached!: () => void;
  const callReachedBackend = new Promise<void>((resolve) => reached = resolve);
  let release!: () => void;
  const hang = new Promise<void>((resolve) => release = resolve);
  const backend = startStubBackend(async () => {
    reached();
    await hang;
    return new Response(null, { status: 503 });
  });
  const port = closedPort();
  const env = {
    KV_PATH: `${dir}/kv.sqlite3`,
    PORT: String(port),
    HOST: "127.0.0.1",
    ...backend.env,
  };
  const { printed: [, url], close } = await startServerProcess(
    ["run", "-A", "server/main.ts"],
    env,
    /API listening on (http:\/\/\S+)/,
  );
  try {
    const { key } = await createKey(url, await signIn(url, "crash@example.com"));
    const pending = fetch(`${url}/api/detect`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}` },
      body: JSON.stringify({ response: "An answer whose call never completes." }),
    }).then((r) => r.body?.cancel(), () => "connection lost");
    await callReachedBackend;
    await close("SIGKILL");
    assert.equal(await pending, "connection lost");

    const kv = await openKv(env.KV_PATH);
    try {
      const user = (await getUserByEmail(kv, "crash@example.com"))!;
      assert.deepEqual(await currentUnits(kv, user.id, new Date()), { month: 0, day: 0 });
    } finally {
      kv.close();
    }
  } finally {
    release();
    await close("SIGKILL");
    await backend.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an API killed by SIGKILL takes its detector with it, so the service starts again", async () => {
  const dir = await Deno.makeTempDir({ prefix: "serve_orphan_" });
  const env = {
    KV_PATH: `${dir}/kv.sqlite3`,
    PORT: String(closedPort()),
    DETECTOR_PORT: String(closedPort()),
    HOST: "127.0.0.1",
  };
  const ready = /detector started at (http:\/\/\S+)/;
  const first = await startServerProcess(["run", "-A", "server/main.ts"], env, ready);
  const detectorUrl = first.printed[1];
  await first.close("SIGKILL");
  const deadline = Date.now() + 5_000;
  let status = 200;
  while (status !== 0 && Date.now() < deadline) {
    status = await fetch(`${detectorUrl}/health`).then((r) => {
      r.body?.cancel();
      return r.status;
    }, () => 0);
    if (status !== 0) await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(status, 0, "the orphaned detector stopped listening within 5 s");

  const second = await startServerProcess(["run", "-A", "server/main.ts"], env, ready);
  try {
    assert.equal(second.printed[1], detectorUrl, "the restarted service has its detector port");
    await waitUntilReady(detectorUrl);
  } finally {
    await second.close("SIGTERM");
    await Deno.remove(dir, { recursive: true });
  }
});
