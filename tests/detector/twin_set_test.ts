/**
 * The exact checks' evaluation set: generated deterministically from its seed, every wrong answer
 * beside a right twin, the held-out phrasings apart from the tuning ones; documents edited in one
 * number the document also states. The checks on the held-out templates: no right twin
 * contradicted, nearly every wrong one caught by its own kind.
 */
import assert from "node:assert/strict";
import { templateTwins } from "../../server/detector/evaluation/twin_templates.ts";
import { documentTwins } from "../../server/detector/evaluation/twin_documents.ts";
import { exactFindings } from "../../server/detector/checks/run.ts";
import type { BuiltRow } from "../../server/detector/corpus/corpus.ts";

const NOW = new Date(Date.UTC(2026, 10, 25));

Deno.test("twin templates: deterministic from the seed, twins differ, parts apart", () => {
  const pairs = templateTwins(3, 12, NOW);
  assert.deepEqual(templateTwins(3, 12, NOW), pairs);
  assert.notDeepEqual(templateTwins(4, 12, NOW), pairs);
  for (const p of pairs) assert.notEqual(p.wrong, p.right, p.id);
  const texts = (part: string) =>
    new Set(pairs.filter((p) => p.part === part).flatMap((p) => [p.wrong, p.right]));
  const tune = texts("tune");
  assert.ok([...texts("held_out")].every((t) => !tune.has(t)));
  assert.equal(new Set(pairs.map((p) => p.id)).size, pairs.length);
});

Deno.test("twin templates: held-out rights never contradicted, wrongs caught by their kind", () => {
  const held = templateTwins(11, 20, NOW).filter((p) => p.part === "held_out");
  let caught = 0;
  for (const p of held) {
    const on = (text: string) => exactFindings(text, p.prompt, NOW).flatMap((c) => c.findings);
    const right = on(p.right).filter((f) => f.verdict === "contradicted");
    assert.deepEqual(right, [], `${p.right}: ${right.map((f) => f.reason)}`);
    if (on(p.wrong).some((f) => f.verdict === "contradicted" && f.kind === p.kind)) caught++;
  }
  assert.ok(caught / held.length >= 0.95, `${caught} of ${held.length}`);
});

Deno.test("document twins: one number the document states, edited; faithful rows only", () => {
  const row = (response: string, hallucinated = false): BuiltRow => ({
    set: "s",
    prompt: "The dam, finished in 1931, is 221 m tall and holds 35,200 million cubic metres.",
    response,
    regime: hallucinated ? "FABRICATED" : "NORMAL",
    hallucinated,
    groups: [],
    modes: ["pr"],
    trainable: true,
  });
  const rows = [
    row("The dam is 221 m tall and was finished in 1931."),
    row("The dam is 300 m tall.", true),
    row("The dam is tall."),
  ];
  const twins = documentTwins(rows, "held_out", 5, 10);
  assert.deepEqual(documentTwins(rows, "held_out", 5, 10), twins);
  assert.equal(twins.length, 1);
  const [t] = twins;
  assert.equal(t.right, rows[0].response);
  const changed = t.wrong.split(" ").filter((w, i) => w !== t.right.split(" ")[i]);
  assert.equal(changed.length, 1, t.wrong);
  assert.match(changed[0], /^\d/);
  assert.equal(t.kind, /^19/.test(changed[0]) ? "evidence_date" : "evidence_number");
});
