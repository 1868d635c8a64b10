/**
 * `deno task score` as a real subprocess: JSONL out, a bad line gets an error, the run goes on;
 * with `--claims`, the exact checks' findings per claim.
 */
import assert from "node:assert/strict";
import { runScore } from "../../server/bench/score_cli.ts";

Deno.test("score CLI scores good lines and reports bad ones without stopping", async () => {
  const input = [
    JSON.stringify({ id: "a", prompt: "What is the capital of France?", response: "Paris." }),
    "{this is not json",
    JSON.stringify({ id: 7, response: "" }),
    JSON.stringify({ id: "c", response: "Berlin is in Germany.", task: "multiclass" }),
    JSON.stringify({ id: "d", response: "ok", input_mode: "both" }),
  ].join("\n") + "\n";
  const { code, lines, stderr } = await runScore(["--top-k", "3"], input);
  assert.equal(code, 0, stderr);
  assert.equal(lines.length, 5);
  const [a, bad, empty, c, mode] = lines;
  assert.equal(a.id, "a");
  assert.equal(a.task_used, "binary");
  assert.equal(a.input_mode_used, "pr");
  assert.equal(typeof a.flag, "boolean");
  assert.deepEqual(Object.keys(a).sort(), [
    "calibrator_version",
    "flag",
    "id",
    "input_mode_used",
    "model_version",
    "p_hallucination",
    "regime_scores",
    "task_used",
    "top_regime",
    "warnings",
  ]);
  assert.deepEqual(bad, { id: null, error: "invalid JSON" });
  assert.equal(empty.id, 7);
  assert.match(empty.error, /^response: /);
  assert.equal(c.id, "c");
  assert.equal(c.input_mode_used, "ro");
  assert.equal(c.regime_scores.length, 3);
  assert.equal(mode.id, "d");
  assert.match(mode.error, /^input_mode: /);
  assert.match(stderr, /2 scored, 3 invalid/);
});

Deno.test("score CLI flags set the defaults of task and input mode", async () => {
  const input = JSON.stringify({ id: 1, prompt: "Q?", response: "An answer." }) + "\n";
  const { code, lines } = await runScore(["--task", "multiclass", "--input-mode", "ro"], input);
  assert.equal(code, 0);
  assert.equal(lines[0].task_used, "multiclass");
  assert.equal(lines[0].input_mode_used, "ro");
  assert.equal(lines[0].regime_scores.length, 6);
});

Deno.test("score CLI answers an unknown flag with its usage and exit 2, not a stack trace", async () => {
  const { code, lines, stderr } = await runScore(["--colour", "blue"], "");
  assert.equal(code, 2);
  assert.deepEqual(lines, []);
  assert.match(stderr, /Unknown option '--colour'\nusage: deno task score /);
  assert.doesNotMatch(stderr, /Uncaught|at /);
});

const LINES = [
  {
    id: "document",
    prompt: "The suspension bridge is 1,280 m long. The bridge opened on May 28, 1937.",
    response: "The suspension bridge is 2,150 metres long. The bridge opened on May 28, 1937.",
  },
  { id: "plain", response: "The sky is blue." },
].map((l) => JSON.stringify(l)).join("\n") + "\n";

Deno.test("score CLI: --claims prints each claim's findings with their reasons", async () => {
  const out = await runScore(["--claims", "--task", "multiclass"], LINES);
  assert.equal(out.code, 0, out.stderr);
  const [document, plain] = out.lines;
  assert.deepEqual(
    document.claims.map((c: { findings: { kind: string; verdict: string; reason: string }[] }) =>
      c.findings.map((f) => [f.kind, f.verdict, f.reason])
    ),
    [
      [["evidence_number", "contradicted", "2,150 metres; the document says 1,280 metres"]],
      [["evidence_date", "consistent", "May 28, 1937; the document says May 28, 1937"]],
    ],
  );
  assert.equal(document.top_regime, "FABRICATED");
  assert.deepEqual(plain.claims.map((c: { findings: unknown[] }) => c.findings), [[]]);
  const without = await runScore(["--task", "multiclass"], LINES);
  assert.equal(without.code, 0, without.stderr);
  assert.ok(without.lines.every((l) => !("claims" in l)));
  // The same call's score with or without the claims.
  assert.equal(without.lines[0].p_hallucination, document.p_hallucination);
});
