/**
 * `deno task probe:verifier` runs end to end on a small sample (real rows, real `score` processes,
 * a hung and a fake verifier) and prints one PASS line per check; its figures belong to its output
 * and to docs/benchmarks.md, not to this test.
 */
import assert from "node:assert/strict";
import { needing, REPO_ROOT, sharedDataDir } from "../support/env.ts";

Deno.test(needing("sharedData", {
  name: "deno task probe:verifier: both checks printed, PASS, exit code 0",
  fn: async () => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "task",
        "-q",
        "probe:verifier",
        "--data",
        sharedDataDir(),
        "--rows",
        "120",
        "--before-rows",
        "2",
        "--timeout-ms",
        "300",
      ],
      cwd: REPO_ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stdout = new TextDecoder().decode(out.stdout);
    assert.equal(out.code, 0, stdout + new TextDecoder().decode(out.stderr));
    assert.match(stdout, /^PASS {2}hung verifier, 120-line score: /m);
    assert.match(
      stdout,
      /^PASS {2}uncalibrated fusion vs the verifier alone on open-domain rows: /m,
    );
    assert.doesNotMatch(stdout, /^FAIL/m);
  },
}));
