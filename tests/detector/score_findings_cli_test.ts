/** `deno task score` as a real subprocess: the exact checks' findings with `--claims`, only then. */
import assert from "node:assert/strict";
import { runScore } from "../../server/bench/score_cli.ts";

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
