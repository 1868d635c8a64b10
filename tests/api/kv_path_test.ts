/**
 * The KV work of a served detect call, counted on the real store through a counting wrapper: once
 * the key is cached, a call without X-Request-Id costs one read before the detector (rate window
 * and unit counters together), one read and one commit to record it; a caller's own request id
 * adds the marker lookup. Concurrent calls of one account share commits (group commit).
 */
import assert from "node:assert/strict";
import { startApi } from "../support/http.ts";
import { startDetector } from "../support/detector.ts";
import { assertServed, createKey, detect, writePlansFile } from "../support/detect.ts";
import { signIn } from "../support/http.ts";

interface KvCounts {
  reads: number;
  commits: number;
}

/** The store with its reads (get, getMany, list) and commits counted. */
function counting(kv: Deno.Kv, counts: KvCounts): Deno.Kv {
  return new Proxy(kv, {
    get(target, name) {
      const value = Reflect.get(target, name, target);
      if (name === "get" || name === "getMany" || name === "list") {
        return (...args: unknown[]) => {
          counts.reads++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      if (name === "atomic") {
        return () => {
          const op = target.atomic();
          const commit = op.commit.bind(op);
          op.commit = () => {
            counts.commits++;
            return commit();
          };
          return op;
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

Deno.test("kv path: one commit and two reads per served call; concurrent calls share commits", async () => {
  const detector = await startDetector();
  const plans = await writePlansFile({ api_free: { perMinute: 100_000, monthly: 100_000 } });
  const counts: KvCounts = { reads: 0, commits: 0 };
  const api = await startApi({
    env: { ...detector.env, PLANS_FILE: plans },
    wrapKv: (kv) => counting(kv, counts),
  });
  try {
    const { key } = await createKey(api.url, await signIn(api.url, "kv@example.com"));
    assertServed(await detect(api.url, key, { response: "Warm-up: caches the key." }));

    counts.reads = counts.commits = 0;
    const calls = 10;
    for (let i = 0; i < calls; i++) {
      assertServed(await detect(api.url, key, { response: `Sequential call ${i}.` }));
    }
    assert.deepEqual(counts, { reads: 2 * calls, commits: calls });

    counts.reads = counts.commits = 0;
    assertServed(await detect(api.url, key, { response: "Own id." }, { "X-Request-Id": "kv-1" }));
    assert.deepEqual(counts, { reads: 3, commits: 1 }, "the marker lookup of a caller's own id");

    counts.reads = counts.commits = 0;
    const burst = 32;
    const results = await Promise.all(
      Array.from({ length: burst }, (_, i) => detect(api.url, key, { response: `Burst ${i}.` })),
    );
    results.forEach((r) => assertServed(r));
    assert.ok(counts.commits < burst, `${counts.commits} commits for ${burst} concurrent calls`);
  } finally {
    await api.close();
    await detector.stop();
    await Deno.remove(plans);
  }
});
