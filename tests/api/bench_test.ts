/**
 * `deno task bench` runs end to end (API processes, real detector, autocannon from outside, every
 * section) with tiny durations, and prints its tables with no failed call. Speed itself is not
 * asserted: the numbers belong to the benchmark's output.
 */
import assert from "node:assert/strict";
import { DENOKV_PATH, REPO_ROOT } from "../support/env.ts";

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

Deno.test("deno task bench: every section printed, every call served", async () => {
  const run = await new Deno.Command(Deno.execPath(), {
    args: [
      "task",
      "-q",
      "bench",
      ...["--duration", "0.5", "--concurrency", "1,2", "--accounts", "2", "--denokv", DENOKV_PATH],
    ],
    cwd: REPO_ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(run.stdout);
  const stderr = new TextDecoder().decode(run.stderr);
  assert.equal(run.code, 0, stderr);
  assert.match(stdout, /^load average at start: [\d.]+ [\d.]+ [\d.]+; at end: /);

  const [cold] = tableRows(stdout, "Cold start");
  assert.ok(cold.every((ms) => Number(ms) > 0), `cold start: ${cold}`);
  const kv = tableRows(stdout, "KV commit rate");
  assert.deepEqual(kv.map((r) => r[0]), ["1", "32"]);
  assert.ok(kv.every((r) => Number(r[1]) > 0));
  const trivial = tableRows(stdout, "Trivial Hono handler");
  assert.deepEqual(trivial.map((r) => [r[0], r.at(-1)]), [["8", "0"], ["2", "0"]]);

  const detect = tableRows(stdout, "POST /api/detect, 1 API process");
  assert.deepEqual(detect.map((r) => r.slice(0, 3)), [
    ["60+300", "1", "1"],
    ["60+300", "1", "2"],
    ["60+300", "2", "1"],
    ["60+300", "2", "2"],
    ["2048+2048", "1", "1"],
    ["2048+2048", "1", "2"],
    ["2048+2048", "2", "1"],
    ["2048+2048", "2", "2"],
  ]);
  for (const row of detect) {
    assert.ok(Number(row[3]) > 0, `calls served: ${row}`);
    // One caller at a time never finds the encoder busy: every call is read.
    if (row[2] === "1") assert.equal(row[10], "100%", `read by the encoder: ${row}`);
    else assert.match(row[10], /^\d+%$/, `read by the encoder: ${row}`);
    assert.equal(row[11], "0", `no failed call: ${row}`);
    assert.ok(Number(row.at(-1)) > 0, `API RSS: ${row}`);
  }
  const processes = tableRows(stdout, "One API process against two");
  assert.deepEqual(processes.map((r) => [r[0], r.at(-1)]), [["1", "0"], ["2", "0"]]);
  assert.match(stdout, /Best detect calls\/s [\d.]+ = [\d.]+% of the trivial handler/);
  const scaleOut = tableRows(stdout, "Scale-out: API processes on one store");
  const denokv = await Deno.stat(DENOKV_PATH).then(() => true, () => false);
  const stores = denokv ? ["local file", "denokv"] : ["local file"];
  assert.deepEqual(
    scaleOut.map((r) => [r[0], r[1], r.at(-1)]),
    stores.flatMap((store) => ["1", "2", "3"].map((n) => [store, n, "0"])),
  );
  assert.ok(scaleOut.every((r) => Number(r[2]) > 0), `calls served: ${scaleOut}`);
  if (!denokv) assert.match(stdout, /denokv rows skipped/);
  const verifier = tableRows(stdout, "POST /api/detect with a verifier answering in 200 ms");
  assert.deepEqual(verifier.map((r) => [r[0], r.at(-1)]), [["none", "0"], ["fake, 200 ms", "0"]]);
  // The fake answers after 200 ms, so the verified median cannot be below it.
  assert.ok(Number(verifier[1][2]) >= 200, `verified p50: ${verifier[1]}`);
  assert.match(stdout, /added median latency: [\d.]+ ms/);
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
