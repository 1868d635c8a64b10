/**
 * `deno task probe:verifier [--data DIR] [--rows 400] [--timeout-ms 3000] [--before-rows 10]`: the
 * check kept for issue 23, on real open-domain rows of the labelled data (test split), each
 * through `deno task score` as a user runs it:
 *   - a hung verifier (accepts, never answers) at VERIFIER_TIMEOUT_MS: a few lines one at a time
 *     with the breaker kept shut (as before it existed), then every row with the defaults; PASS
 *     when all rows take at most 120 s;
 *   - the uncalibrated fusion (the shipped defaults) against a fake verifier whose verdicts are
 *     drawn from the labels at AUROC 0.8 (seeded): PASS when its AUROC is within 0.05 of the
 *     verifier's alone.
 * Figures and PASS/FAIL lines go to stdout, progress to stderr; exit code 1 on any FAIL.
 */
import { parseArgs } from "node:util";
import { DEFAULT_DATA_DIR, verifierProbeKit } from "@hallucination-detection/detector";
import { runScore, type ScoreRun } from "./score_cli.ts";
import { chatReply, startFakeVerifier, startHungVerifier } from "./verifier.ts";

const HUNG_GOAL_S = 120;
const AUROC_TOLERANCE = 0.05;
const FAKE_AUROC = 0.8;
const ROW_SEED = 23;
const VERDICT_SEED = 7;

/** `deno task score` on `input` with `env` added: its lines and its wall time; a failed run throws. */
async function score(input: string, env: Record<string, string>, args: string[] = []) {
  const run = await runScore(args, input, env);
  if (run.code !== 0) throw new Error(`score exited with ${run.code}`);
  return run;
}

function parseOptions() {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      data: { type: "string", default: DEFAULT_DATA_DIR },
      rows: { type: "string", default: "400" },
      "timeout-ms": { type: "string", default: "3000" },
      "before-rows": { type: "string", default: "10" },
    },
    strict: true,
  });
  const int = (name: string, v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer`);
    return n;
  };
  return {
    dataDir: values.data,
    rows: int("rows", values.rows),
    timeoutMs: int("timeout-ms", values["timeout-ms"]),
    beforeRows: int("before-rows", values["before-rows"]),
  };
}

const verdict = (label: string, pass: boolean, figures: string) => {
  console.log(`${pass ? "PASS" : "FAIL"}  ${label}: ${figures}`);
  return pass;
};

async function main(): Promise<number> {
  const options = parseOptions();
  const kit = await verifierProbeKit();
  console.error("probe: loading the open-domain rows ...");
  const rows = await kit.openDomainRows(options.dataDir, options.rows, ROW_SEED);
  const jsonl = (n: number) =>
    rows.slice(0, n).map((r, id) =>
      JSON.stringify({ id, prompt: r.prompt, response: r.response, input_mode: r.inputMode }) +
      "\n"
    ).join("");
  console.log(
    `verifier probe: ${rows.length} open-domain rows (test split of TruthfulQA, HaluEval ` +
      `general, HaluQuestQA; seed ${ROW_SEED})`,
  );
  let passed = true;

  const hung = startHungVerifier();
  try {
    const env = {
      VERIFIER_URL: hung.url,
      VERIFIER_MODEL: "hung",
      VERIFIER_TIMEOUT_MS: String(options.timeoutMs),
    };
    console.error(`probe: ${options.beforeRows} lines, hung verifier, no breaker ...`);
    const before = await score(
      jsonl(options.beforeRows),
      { ...env, VERIFIER_BREAKER_FAILURES: "1000" },
      ["--concurrency", "1"],
    );
    const perLineMs = (before.seconds * 1000) / options.beforeRows;
    console.log(
      `hung verifier at VERIFIER_TIMEOUT_MS ${options.timeoutMs}, breaker kept shut, one line ` +
        `at a time (as before): ${perLineMs.toFixed(0)} ms per line over ${options.beforeRows} ` +
        `lines; ${rows.length} lines would take ${(perLineMs * rows.length / 1000).toFixed(0)} s`,
    );
    console.error(`probe: ${rows.length} lines, hung verifier, breaker on (defaults) ...`);
    const reached = hung.connections;
    const after = await score(jsonl(rows.length), env);
    const unavailable = after.lines.filter((l) => l.warnings.includes("verifier_unavailable"));
    console.log(
      `hung verifier, breaker and concurrency at their defaults: ${rows.length} lines in ` +
        `${after.seconds.toFixed(1)} s (${(after.seconds * 1000 / rows.length).toFixed(0)} ms ` +
        `per line; ${hung.connections - reached} calls reached the verifier, ` +
        `${unavailable.length} lines served with verifier_unavailable)`,
    );
    passed = verdict(
      `hung verifier, ${rows.length}-line score`,
      after.seconds <= HUNG_GOAL_S && unavailable.length === rows.length,
      `${after.seconds.toFixed(1)} s (goal <= ${HUNG_GOAL_S} s)`,
    ) && passed;
  } finally {
    await hung.stop();
  }

  const labels = rows.map((r) => r.hallucinated);
  const pOf = new Map<string, number>();
  kit.simulatedVerdicts(labels, FAKE_AUROC, VERDICT_SEED).forEach((p, i) => {
    if (!pOf.has(rows[i].response)) pOf.set(rows[i].response, p);
  });
  const pVerifier = rows.map((r) => pOf.get(r.response)!);
  const fake = startFakeVerifier((body) => {
    const response = /<<<RESPONSE\n([^]*)\nRESPONSE>>>$/.exec(body.messages[1].content)![1];
    const p = pOf.get(response)!;
    return chatReply(
      JSON.stringify({ hallucinated: p >= 0.5, confidence: p >= 0.5 ? p : 1 - p }),
    );
  });
  try {
    console.error("probe: the same rows without a verifier, then with the fake verifier ...");
    const alone = await score(jsonl(rows.length), {});
    const fused = await score(jsonl(rows.length), {
      VERIFIER_URL: fake.url,
      VERIFIER_MODEL: "fake-judge",
    });
    const aurocOf = (run: ScoreRun) =>
      kit.auroc(run.lines.map((l: { p_hallucination: number }) => l.p_hallucination), labels);
    const [verifierAuroc, detectorAuroc, fusedAuroc] = [
      kit.auroc(pVerifier, labels),
      aurocOf(alone),
      aurocOf(fused),
    ];
    const noEvidence = alone.lines.filter((l) => l.warnings.includes("no_evidence")).length;
    console.log(
      `uncalibrated fusion (shipped defaults) with a fake verifier of AUROC ${FAKE_AUROC} ` +
        `(seed ${VERDICT_SEED}; ${noEvidence} of ${rows.length} rows no_evidence): AUROC ` +
        `verifier alone ${verifierAuroc.toFixed(3)}, detector alone ${
          detectorAuroc.toFixed(3)
        }, fused ${fusedAuroc.toFixed(3)}`,
    );
    passed = verdict(
      "uncalibrated fusion vs the verifier alone on open-domain rows",
      fusedAuroc >= verifierAuroc - AUROC_TOLERANCE,
      `${fusedAuroc.toFixed(3)} vs ${verifierAuroc.toFixed(3)} (goal: at most ` +
        `${AUROC_TOLERANCE} below)`,
    ) && passed;
  } finally {
    await fake.stop();
  }
  return passed ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main());
