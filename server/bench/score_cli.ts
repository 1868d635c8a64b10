/**
 * `deno task score`'s entry point run as a real subprocess (with extra environment variables, e.g.
 * `VERIFIER_*`): JSONL in; the parsed lines, standard error and wall time out. For the verifier
 * probe and the tests.
 */
const REPO_ROOT = new URL("../../", import.meta.url).pathname;

export interface ScoreRun {
  code: number;
  /** The output lines, parsed. */
  lines: ReturnType<typeof JSON.parse>[];
  stderr: string;
  seconds: number;
}

export async function runScore(
  args: string[],
  input: string,
  env: Record<string, string> = {},
): Promise<ScoreRun> {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "server/detector/cli/score.ts", ...args],
    cwd: REPO_ROOT,
    env,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(input));
  await writer.close();
  const out = await child.output();
  const stdout = new TextDecoder().decode(out.stdout).trim();
  return {
    code: out.code,
    lines: stdout === "" ? [] : stdout.split("\n").map((l) => JSON.parse(l)),
    stderr: new TextDecoder().decode(out.stderr),
    seconds: (performance.now() - started) / 1000,
  };
}
