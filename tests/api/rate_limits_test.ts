import assert from "node:assert/strict";
import { countRequest, isFull, rateWindowOf } from "../../server/features/metering/rate_windows.ts";
import { loadPlans } from "../../server/features/billing/plans.ts";
import { recordServed } from "../support/detect.ts";

const plan = loadPlans(undefined).get("scale")!;

function record(kv: Deno.Kv, now: Date, perMinute: number) {
  return recordServed(kv, { userId: "u", plan, now, window: rateWindowOf("u", perMinute, now) });
}

Deno.test("rate limit: a concurrent burst of served calls records exactly perMinute", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const now = new Date("2026-05-01T12:00:10Z");
    const outcomes = await Promise.all(Array.from({ length: 60 }, () => record(kv, now, 10)));
    assert.equal(outcomes.filter((o) => o.recorded).length, 10);
    assert.equal(outcomes.filter((o) => "rateLimited" in o).length, 50);
    const window = rateWindowOf("u", 10, now);
    assert.equal(window.retryAfterSeconds, 50);
    assert.ok(isFull(window, await kv.get<number>(window.key)));
  } finally {
    kv.close();
  }
});

Deno.test("rate limit: every counted call fills the window, then a new window", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const at = (s: string) => new Date(`2026-05-01T12:${s}Z`);
    const window = rateWindowOf("u", 3, at("00:01"));
    await Promise.all(Array.from({ length: 2 }, () => countRequest(kv, window)));
    assert.equal(isFull(window, await kv.get<number>(window.key)), false);
    assert.ok((await record(kv, at("00:30"), 3)).recorded, "the third call of the window");
    assert.ok("rateLimited" in await record(kv, at("00:59"), 3), "the fourth is refused");
    assert.ok((await record(kv, at("01:00"), 3)).recorded, "a new window");
    const other = rateWindowOf("v", 3, at("00:59"));
    assert.equal(isFull(other, await kv.get<number>(other.key)), false, "per account");
  } finally {
    kv.close();
  }
});
