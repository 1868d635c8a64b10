/** `deno task score --knowledge DIR` as a real subprocess: evidence from the folder, warnings out. */
import assert from "node:assert/strict";
import { REPO_ROOT } from "../support/env.ts";

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
      const child = new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "server/detector/score.ts", ...args],
        cwd: REPO_ROOT,
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const writer = child.stdin.getWriter();
      await writer.write(new TextEncoder().encode(input));
      await writer.close();
      const out = await child.output();
      const text = new TextDecoder().decode(out.stdout).trim().split("\n");
      return {
        code: out.code,
        stderr: new TextDecoder().decode(out.stderr),
        warnings: Object.fromEntries(text.map((l) => JSON.parse(l)).map((o) => [o.id, o.warnings])),
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
