/** `deno task score --knowledge DIR` as a real subprocess: evidence from the folder, warnings out. */
import assert from "node:assert/strict";
import { runScore } from "../../server/bench/score_cli.ts";

Deno.test("score CLI: --knowledge checks answers against the folder's documents", async () => {
  const dir = await Deno.makeTempDir({ prefix: "knowledge_score_" });
  await Deno.writeTextFile(
    `${dir}/bridges.txt`,
    "The Brooklyn Bridge opened in 1883 and crosses the East River in New York City.",
  );
  try {
    const input = [
      {
        id: "q",
        prompt: "When did the Brooklyn Bridge open?",
        response: "The Brooklyn Bridge opened in 1901.",
      },
      {
        id: "other",
        prompt: "Who wrote Hamlet?",
        response: "Hamlet was written by Charles Dickens in 1850.",
      },
      { id: "refusal", response: "I'm sorry, but I can't help with that." },
    ].map((l) => JSON.stringify(l)).join("\n") + "\n";
    const run = async (args: string[]) => {
      const out = await runScore(args, input);
      return {
        code: out.code,
        stderr: out.stderr,
        warnings: Object.fromEntries(out.lines.map((o) => [o.id, o.warnings])),
      };
    };
    const withBase = await run(["--knowledge", dir]);
    assert.equal(withBase.code, 0, withBase.stderr);
    assert.match(withBase.stderr, /knowledge: 1 files, 1 passages/);
    assert.deepEqual(withBase.warnings, { q: [], other: ["no_evidence"], refusal: [] });
    const without = await run([]);
    assert.deepEqual(without.warnings, { q: ["no_evidence"], other: ["no_evidence"], refusal: [] });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
