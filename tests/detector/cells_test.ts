/** Per-set figures of the test split: evaluation-only rows inside a trained set are kept apart. */
import assert from "node:assert/strict";
import type { BuiltRow } from "../../server/detector/corpus/corpus.ts";
import { evaluateCells } from "../../server/detector/evaluation/cells.ts";
import { loadDetector } from "../../server/detector/inference/model.ts";

const prompt = "Summarize: The council approved the new library budget of $4 million on Tuesday.";
const row = (
  set: string,
  part: string,
  trainable: boolean,
  [response, hallucinated]: [string, boolean],
): BuiltRow => ({
  set,
  part,
  trainable,
  prompt,
  response,
  hallucinated,
  regime: hallucinated ? "NEAR_FALSE" : "NORMAL",
  groups: [`${set}:${part}:${response}`],
  modes: ["pr"],
});

const answers: [string, boolean][] = [
  ["The council approved a $4 million library budget on Tuesday.", false],
  ["On Tuesday the council approved the library budget of $4 million.", false],
  ["The council rejected the library budget of $9 million on Friday.", true],
  ["The mayor cut the library budget to $1 million on Friday.", true],
];
const rows: BuiltRow[] = [
  ...answers.map((a) => row("mixed", "licensed", true, a)),
  ...answers.map((a) => row("mixed", "unlicensed", false, a)),
  ...answers.map((a) => row("other", "only", false, a)),
];

Deno.test("evaluation-only rows of a trained set are reported as their own set, outside the trained mean", async () => {
  const detector = await loadDetector();
  const cell = (await evaluateCells(detector, rows)).find((c) =>
    c.task === "binary" && c.mode === "pr"
  )!;
  assert.deepEqual(Object.keys(cell.perSet), ["mixed", "mixed/unlicensed", "other"]);
  assert.deepEqual(
    Object.values(cell.perSet).map((m) => [m.n, m.positives]),
    [[4, 2], [4, 2], [4, 2]],
  );
  assert.equal(cell.meanPerSetAuroc, cell.perSet.mixed.auroc);
  const all = Object.values(cell.perSet).map((m) => m.auroc);
  assert.equal(cell.meanPerSetAurocAll, all.reduce((a, b) => a + b, 0) / all.length);
});
