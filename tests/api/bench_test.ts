/**
 * `deno task bench` runs end to end (API in-process, real detector, sign-in, key, every phase)
 * with tiny sample counts and durations, and prints its two tables with no failed calls. Speed
 * itself is not asserted: the numbers belong to the benchmark's output.
 */
import assert from "node:assert/strict";
import { REPO_ROOT } from "../support/env.ts";

/** The data rows of the table under `title`: cells split on runs of two or more spaces. */
function tableRows(output: string, title: string): string[][] {
  const lines = output.split("\n");
  const start = lines.findIndex((l) => l.startsWith(title));
  assert.ok(start >= 0, `table "${title}" in ${output}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 3)) {
    if (line.trim() === "") break;
    rows.push(line.trim().split(/\s{2,}/));
  }
  return rows;
}

Deno.test("deno task bench: both tables, every call served", async () => {
  const run = await new Deno.Command(Deno.execPath(), {
    args: [
      "task",
      "-q",
      "bench",
      "--samples",
      "3",
      "--warmup",
      "1",
      "--duration",
      "0.3",
      "--concurrency",
      "1,2",
    ],
    cwd: REPO_ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(run.stdout);
  const stderr = new TextDecoder().decode(run.stderr);
  assert.equal(run.code, 0, stderr);
  assert.match(stderr, /warming up/);

  const latency = tableRows(stdout, "POST /api/detect, sequential latency");
  assert.deepEqual(latency.map((r) => [r[0], r[1], r.at(-1)]), [
    ["small (60+300 chars)", "3", "0"],
    ["2048+2048 chars", "3", "0"],
  ]);
  const throughput = tableRows(stdout, "POST /api/detect, throughput");
  assert.deepEqual(throughput.map((r) => [r[0], r.at(-1)]), [["1", "0"], ["2", "0"]]);
  for (const row of throughput) assert.ok(Number(row[2]) > 0, `calls served: ${row}`);
});

Deno.test("deno task bench: a bad flag is a usage error", async () => {
  const run = await new Deno.Command(Deno.execPath(), {
    args: ["task", "-q", "bench", "--duration", "soon"],
    cwd: REPO_ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(run.code, 2);
  assert.match(new TextDecoder().decode(run.stderr), /--duration must be a positive number/);
});
