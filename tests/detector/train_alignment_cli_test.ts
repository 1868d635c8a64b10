/** `deno task train:alignment`'s flags, read before any data: a bad size is a usage error, exit 2. */
import assert from "node:assert/strict";
import { REPO_ROOT } from "../support/env.ts";

async function trainAlignment(args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "server/detector/cli/train_alignment.ts",
      "--data",
      "/nonexistent",
      ...args,
    ],
    cwd: REPO_ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

Deno.test("train:alignment names a network size or epoch count that is not a positive integer", async () => {
  for (const [flag, value] of [["--epochs", "0"], ["--hidden", "2.5"], ["--compare", "wide"]]) {
    const { code, stderr } = await trainAlignment([flag, value]);
    assert.equal(code, 2, `${flag} ${value}: ${stderr}`);
    assert.match(stderr, new RegExp(`^${flag}: [^\n]+\nusage: deno task train:alignment `));
    assert.doesNotMatch(stderr, /Uncaught|corpus/);
  }
});
