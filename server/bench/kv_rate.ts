/**
 * The KV commit rate of this machine, measured in the same run as the service: commits shaped
 * like a served call's record (versionstamp checks, two counters, an audit row, two sums) on a
 * temp file, by one writer in a loop and by `writers` concurrent accounts. A served call costs one
 * such commit, so this bounds the service's calls per second on one KV file.
 */
import { commit, openKv } from "../platform/kv/kv.ts";

export interface KvRate {
  writers: number;
  commitsPerS: number;
}

async function commitsPerS(kv: Deno.Kv, writers: number, durationMs: number): Promise<number> {
  const deadline = performance.now() + durationMs;
  let commits = 0;
  const writer = async (account: number) => {
    const month = ["units_month", `bench-${account}`, "2026-01"];
    const day = ["units_day", `bench-${account}`, "2026-01-01"];
    while (performance.now() < deadline) {
      const [m, d] = await kv.getMany<[number, number]>([month, day]);
      const res = await commit(() =>
        kv.atomic()
          .check(m, d)
          .set(month, (m.value ?? 0) + 1)
          .set(day, (d.value ?? 0) + 1)
          .set(["audit", new Date().toISOString(), crypto.randomUUID()], {
            status: 200,
            units: 1,
            latencyMs: 5,
          })
          .sum(["requests_month", `bench-${account}`, "2026-01"], 1n)
          .sum(["requests_day", `bench-${account}`, "2026-01-01"], 1n)
      );
      if (res.ok) commits++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: writers }, (_, i) => writer(i)));
  return commits / ((performance.now() - started) / 1000);
}

export async function measureKvRate(writerCounts: number[], durationMs: number): Promise<KvRate[]> {
  const dir = await Deno.makeTempDir({ prefix: "bench_kv_" });
  const kv = await openKv(`${dir}/kv.sqlite3`);
  try {
    const rates: KvRate[] = [];
    for (const writers of writerCounts) {
      rates.push({ writers, commitsPerS: await commitsPerS(kv, writers, durationMs) });
    }
    return rates;
  } finally {
    kv.close();
    await Deno.remove(dir, { recursive: true });
  }
}
