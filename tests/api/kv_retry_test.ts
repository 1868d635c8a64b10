/** `retryOnConflict` against a real (in-memory) Deno KV: read again on conflict, and bounded. */
import assert from "node:assert/strict";
import { KvConflictError, retryOnConflict } from "../../server/platform/kv/kv.ts";

const noWait = { max: 5, backoffMs: () => 0 };

Deno.test("retryOnConflict: a write that lost to another writer is decided again on a new read", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    await kv.set(["n"], 1);
    let reads = 0;
    const result = await retryOnConflict(
      async () => {
        reads++;
        const entry = await kv.get<number>(["n"]);
        // Another writer gets in between the first read and its commit.
        if (reads === 1) await kv.set(["n"], 10);
        return entry;
      },
      (entry) => ({
        result: entry.value! + 1,
        write: () => kv.atomic().check(entry).set(["n"], entry.value! + 1),
      }),
      noWait,
    );
    assert.equal(reads, 2);
    assert.equal(result, 11);
    assert.equal((await kv.get<number>(["n"])).value, 11);
  } finally {
    kv.close();
  }
});

Deno.test("retryOnConflict: nothing to write returns at once; endless conflict stops at max", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    let reads = 0;
    const read = async () => {
      reads++;
      const entry = await kv.get<number>(["n"]);
      await kv.set(["n"], reads);
      return entry;
    };
    assert.equal(await retryOnConflict(read, () => ({ result: "none" }), noWait), "none");
    assert.equal(reads, 1);
    reads = 0;
    await assert.rejects(
      retryOnConflict(
        read,
        (entry) => ({ result: 0, write: () => kv.atomic().check(entry).set(["m"], 1) }),
        noWait,
      ),
      KvConflictError,
    );
    assert.equal(reads, 5);
    assert.equal((await kv.get(["m"])).value, null, "a conflicting write never lands");
  } finally {
    kv.close();
  }
});
