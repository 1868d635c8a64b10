import assert from "node:assert/strict";
import { takeRateToken } from "../../server/data/rate_limits.ts";

Deno.test("rate limit: a concurrent burst admits exactly perMinute", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const now = new Date("2026-05-01T12:00:10Z");
    const decisions = await Promise.all(
      Array.from({ length: 60 }, () => takeRateToken(kv, { userId: "u", perMinute: 10, now })),
    );
    assert.equal(decisions.filter((d) => d.allowed).length, 10);
    const refused = decisions.find((d) => !d.allowed);
    assert.deepEqual(refused, { allowed: false, retryAfterSeconds: 50 });
  } finally {
    kv.close();
  }
});

Deno.test("rate limit: sequential calls get exactly perMinute, then a new window", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const at = (s: string) => new Date(`2026-05-01T12:${s}Z`);
    for (let i = 0; i < 3; i++) {
      assert.equal(
        (await takeRateToken(kv, { userId: "u", perMinute: 3, now: at("00:01") })).allowed,
        true,
      );
    }
    assert.equal(
      (await takeRateToken(kv, { userId: "u", perMinute: 3, now: at("00:59") })).allowed,
      false,
    );
    assert.equal(
      (await takeRateToken(kv, { userId: "v", perMinute: 3, now: at("00:59") })).allowed,
      true,
    );
    assert.equal(
      (await takeRateToken(kv, { userId: "u", perMinute: 3, now: at("05:00") })).allowed,
      true,
    );
  } finally {
    kv.close();
  }
});
