import assert from "node:assert/strict";
import type { BuiltRow } from "../../server/detector/corpus/corpus.ts";
import { peerAurocs } from "../../server/detector/evaluation/peers.ts";

const row = (set: string, hallucinated: boolean, score: number, part?: string): BuiltRow => ({
  set,
  part,
  prompt: "A document.",
  response: String(score),
  regime: hallucinated ? "FABRICATED" : "NORMAL",
  hallucinated,
  groups: [],
  modes: ["pr"],
  trainable: true,
});

Deno.test("peerAurocs: a benchmark's rows only, averaged per domain where its peers are, rows without a score left out", async () => {
  const test = [
    // WiCE: one of four pairs ranked the wrong way -> 0.75.
    row("wice", true, 0.9),
    row("wice", true, 0.2),
    row("wice", false, 0.3),
    row("wice", false, 0.1),
    // A row without a reading is not counted.
    row("wice", true, Number.NaN),
    // SummEdits: one domain ranked right (1), one wrong (0) -> a mean per domain of 0.5,
    // where the pooled rows would give 0.25.
    row("summedits", true, 0.8, "news"),
    row("summedits", false, 0.1, "news"),
    row("summedits", true, 0.3, "sales"),
    row("summedits", false, 0.9, "sales"),
    // Not a benchmark's row: another set, and a response-only row.
    row("halueval", true, 0.5),
    { ...row("frank", true, 0.5), modes: ["ro"] as BuiltRow["modes"] },
  ];
  const results = await peerAurocs(test, (r) => {
    const score = Number(r.response);
    return Promise.resolve(Number.isNaN(score) ? undefined : score);
  });
  const of = (name: string) => results.find((r) => r.name.startsWith(name))!;
  assert.deepEqual(of("WiCE"), { name: "WiCE", n: 4, auroc: 0.75 });
  assert.equal(of("SummEdits").n, 4);
  assert.equal(of("SummEdits").auroc, 0.5);
  assert.equal(of("FRANK").n, 0);
});
