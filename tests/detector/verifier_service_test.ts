/**
 * The verifier in the real detector process (`server/detector/service/serve.ts`, as `deno task serve`
 * starts it) against a fake OpenAI-compatible server over real HTTP: verdicts fused into the
 * score with the verifier's latency in `latency_ms`; 500s, malformed JSON, wrong shapes and
 * timeouts served as the embedded score with `verifier_unavailable` within the timeout;
 * `calibration_uncalibrated` until `deno task calibrate:verifier` has run against that fake (as a
 * subprocess, on a small labelled fixture), gone after; and no call text in any output. Each step
 * makes two calls, one per evidence group: the same response with a prompt whose context is about
 * it (evidence: the detector's grounding check leads the fusion) and with the bare question
 * (`no_evidence`, which the detector reports first in `warnings`: the verifier leads).
 */
import assert from "node:assert/strict";
import { chatReply, type ChatRequestBody, startFakeVerifier } from "../../server/bench/verifier.ts";
import { loadCheckedDetector } from "../../server/detector/checks/checked_detector.ts";
import { modelFolderWith } from "../support/model_folder.ts";
import { startDetector } from "../support/detector.ts";
import { scoreWithEvidence } from "../../server/detector/knowledge/evidence_step.ts";
import type { ScoreOutput } from "../../server/detector/inference/types.ts";
import {
  EVIDENCE_GROUPS,
  type EvidenceGroup,
  fusedProbability,
  fusionPath,
  loadFusionDefaults,
  MIN_GROUP_ROWS,
} from "../../server/detector/verifier/fusion.ts";
import type { VerifierSettings } from "../../server/detector/verifier/settings.ts";
import { REPO_ROOT } from "../support/env.ts";

const MODEL = "fake-llm:7b";
const SECRET = "verifier-test-secret-0123456789";
const FAKE_DELAY_MS = 60;
const TIMEOUT_MS = 1_000;
/** Enough questions for at least MIN_GROUP_ROWS calibration rows in each evidence group. */
const FIXTURE_QUESTIONS = 1_400;
/** Strings that must never appear in any output: they only occur in call texts. */
const PROMPT_MARKER = "Zqx-prompt-marker-4471";
const RESPONSE_MARKER = "Zqx-response-marker-9188";
const FIXTURE_MARKER = "Zqx-fixture";
const RESPONSE = `Charles Dickens wrote Hamlet in 1850. ${RESPONSE_MARKER}`;
const QUESTION = `Who wrote Hamlet? ${PROMPT_MARKER}`;
/** The prompts of the two calls: with context about the response's claim, and the bare question. */
const PROMPTS: Record<EvidenceGroup, string> = {
  evidence: "Hamlet was written by William Shakespeare around 1600; Charles Dickens wrote his " +
    `novels in the 1800s. ${QUESTION}`,
  no_evidence: QUESTION,
};
/** The detector's own warnings for each call: `no_evidence` for the bare question only. */
const GROUP_WARNINGS: Record<EvidenceGroup, string[]> = {
  evidence: [],
  no_evidence: ["no_evidence"],
};

/**
 * A labelled TruthfulQA-shaped fixture: questions with one true and one invented answer. Every
 * other question states the item's recorded value before asking (the answers are about it:
 * evidence), the others only ask (`no_evidence`), so that both groups get their own fusion fit.
 */
async function writeFixture(dir: string): Promise<void> {
  const set = `${dir}/truthfulqa`;
  await Deno.mkdir(set, { recursive: true });
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const lines = ["Type,Category,Question,Best Answer,Correct Answers,Incorrect Answers,Source"];
  for (let i = 0; i < FIXTURE_QUESTIONS; i++) {
    const context = i % 2 === 0 ? `Item ${i} is recorded with value ${i}. ` : "";
    lines.push([
      "Adversarial",
      "Misconceptions",
      quote(`${context}${FIXTURE_MARKER} question #${i}: what is the value of item ${i}?`),
      quote(`The value of item ${i} is ${i}.`),
      quote(`The value of item ${i} is ${i}, as recorded #${i}.`),
      quote(`The value of item ${i} is invented ${i * 7 + 3}, as recorded #${i}.`),
      "",
    ].join(","));
  }
  await Deno.writeTextFile(`${set}/TruthfulQA.csv`, lines.join("\n") + "\n");
  for (const name of ["finetune_truth.jsonl.gz", "finetune_info.jsonl.gz"]) {
    const gz = new Blob([""]).stream().pipeThrough(new CompressionStream("gzip"));
    await Deno.writeFile(`${set}/${name}`, gz);
  }
}

/**
 * The fake's verdict: "invented" answers are hallucinated, wrong on every fifth item (so the
 * verifier is informative but not perfect); the test's own call gets 0.9.
 */
function fixtureVerdict(body: ChatRequestBody): Response {
  const user = body.messages.find((m) => m.role === "user")?.content ?? "";
  if (user.includes(RESPONSE_MARKER)) {
    return chatReply(JSON.stringify({ hallucinated: true, confidence: 0.9 }));
  }
  const item = Number(/#(\d+)\.\nRESPONSE>>>/.exec(user)?.[1] ?? 0);
  const invented = user.includes("invented");
  return chatReply(JSON.stringify({
    hallucinated: item % 5 === 0 ? !invented : invented,
    confidence: 0.6 + (item % 4) * 0.1,
  }));
}

type Mode = "verdict" | "http_500" | "malformed" | "wrong_shape" | "hang";

Deno.test("the verifier in the detector process: fused, failures, calibration, no call text in logs", async (t) => {
  const modelDir = await modelFolderWith();
  const defaults = await loadFusionDefaults(modelDir);
  const dataDir = await Deno.makeTempDir({ prefix: "verifier_data_" });
  await writeFixture(dataDir);

  let mode: Mode = "verdict";
  const requests: ChatRequestBody[] = [];
  const hang = Promise.withResolvers<void>();
  const fake = startFakeVerifier(async (body) => {
    requests.push(body);
    await new Promise((r) => setTimeout(r, FAKE_DELAY_MS));
    switch (mode) {
      case "verdict":
        return fixtureVerdict(body);
      case "http_500":
        return new Response("internal error", { status: 500 });
      case "malformed":
        return new Response("{not json", { headers: { "content-type": "application/json" } });
      case "wrong_shape":
        return chatReply('{"verdict": "hallucinated"}');
      case "hang":
        await hang.promise;
        return fixtureVerdict(body);
    }
  });
  const verifier: VerifierSettings = {
    url: fake.url,
    model: MODEL,
    timeoutMs: TIMEOUT_MS,
    samples: 1,
    // Never opens here: each failure case is asked of the verifier.
    breaker: { failures: 1_000, cooldownMs: 100 },
  };
  const output: string[] = [];
  const start = () =>
    startDetector({ secret: SECRET, modelDir, verifier, onOutput: (line) => output.push(line) });
  const detect = async (url: string, group: EvidenceGroup) => {
    const started = performance.now();
    const res = await fetch(`${url}/v1/detect`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-inference-secret": SECRET },
      body: JSON.stringify({ prompt: PROMPTS[group], response: RESPONSE, task: "binary" }),
    });
    assert.equal(res.status, 200);
    return { body: await res.json(), elapsedMs: performance.now() - started };
  };
  /** `deno task calibrate:verifier` on the fixture against the fake; its output is kept. */
  const calibrate = async (flags: string[], env: Record<string, string>) => {
    const run = await new Deno.Command(Deno.execPath(), {
      args: [
        "task",
        "-q",
        "calibrate:verifier",
        "--data",
        dataDir,
        "--cache",
        `${dataDir}/cache.jsonl`,
        ...flags,
      ],
      cwd: REPO_ROOT,
      env: { MODEL_DIR: modelDir, VERIFIER_URL: fake.url, VERIFIER_MODEL: MODEL, ...env },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stdout = new TextDecoder().decode(run.stdout);
    const stderr = new TextDecoder().decode(run.stderr);
    output.push(stdout, stderr);
    return { code: run.code, stdout, stderr };
  };
  // The embedded detector's output for each call, as the service scores it without a knowledge
  // base (the prompt is the evidence): its warnings say which fusion weights apply.
  const local = await loadCheckedDetector(modelDir);
  const base = {} as Record<EvidenceGroup, ScoreOutput>;
  for (const group of EVIDENCE_GROUPS) {
    base[group] = await scoreWithEvidence(local, undefined, {
      prompt: PROMPTS[group],
      response: RESPONSE,
      task: "binary",
      inputMode: "pr",
    });
    assert.deepEqual(base[group].warnings, GROUP_WARNINGS[group], group);
  }
  const calibratorVersion = base.evidence.calibrator_version;

  let running = await start();
  try {
    await t.step("verdict fused (uncalibrated), verifier latency included", async () => {
      for (const group of EVIDENCE_GROUPS) {
        const { body } = await detect(running.url, group);
        const request = requests.at(-1)!;
        assert.equal(request.model, MODEL);
        assert.equal(request.temperature, 0);
        const user = request.messages.find((m) => m.role === "user")!.content;
        assert.ok(user.includes(`<<<PROMPT\n${PROMPTS[group]}\nPROMPT>>>`));
        assert.ok(user.includes(`${RESPONSE_MARKER}\nRESPONSE>>>`));
        const expected = fusedProbability(
          defaults.weights[group],
          base[group].p_hallucination,
          0.9,
        );
        assert.ok(Math.abs(body.p_hallucination - expected) < 1e-9, JSON.stringify(body));
        assert.equal(body.flag, expected >= defaults.threshold);
        assert.deepEqual(body.warnings, [...GROUP_WARNINGS[group], "calibration_uncalibrated"]);
        assert.equal(
          body.calibrator_version,
          `uncalibrated:${calibratorVersion}+verifier:${MODEL}`,
        );
        assert.equal(body.model_version, base[group].model_version);
        assert.ok(body.latency_ms >= FAKE_DELAY_MS, `latency_ms ${body.latency_ms}`);
      }
    });

    await t.step("deno task score honours VERIFIER_* and prints the warnings", async () => {
      const scoreRun = async (): Promise<Record<EvidenceGroup, Record<string, unknown>>> => {
        const child = new Deno.Command(Deno.execPath(), {
          args: ["task", "-q", "score", "--model", modelDir],
          cwd: REPO_ROOT,
          env: { VERIFIER_URL: fake.url, VERIFIER_MODEL: MODEL, VERIFIER_TIMEOUT_MS: "2000" },
          stdin: "piped",
          stdout: "piped",
          stderr: "piped",
        }).spawn();
        const writer = child.stdin.getWriter();
        await writer.write(new TextEncoder().encode(
          EVIDENCE_GROUPS.map((group) =>
            JSON.stringify({ id: group, prompt: PROMPTS[group], response: RESPONSE }) + "\n"
          ).join(""),
        ));
        await writer.close();
        const out = await child.output();
        output.push(new TextDecoder().decode(out.stderr));
        assert.equal(out.code, 0);
        const lines = new TextDecoder().decode(out.stdout).trim().split("\n").map((l) =>
          JSON.parse(l)
        );
        assert.deepEqual(lines.map((l) => l.id), [...EVIDENCE_GROUPS]);
        return Object.fromEntries(lines.map((l) => [l.id, l])) as Record<
          EvidenceGroup,
          Record<string, unknown>
        >;
      };
      const fused = await scoreRun();
      mode = "http_500";
      const failed = await scoreRun();
      mode = "verdict";
      for (const group of EVIDENCE_GROUPS) {
        const p = base[group].p_hallucination;
        const expected = fusedProbability(defaults.weights[group], p, 0.9);
        const line = JSON.stringify(fused[group]);
        assert.ok(Math.abs(fused[group].p_hallucination as number - expected) < 1e-9, line);
        assert.deepEqual(fused[group].warnings, [
          ...GROUP_WARNINGS[group],
          "calibration_uncalibrated",
        ]);
        assert.deepEqual(failed[group].warnings, [
          ...GROUP_WARNINGS[group],
          "verifier_unavailable",
        ]);
        assert.equal(failed[group].p_hallucination, p);
      }
    });

    for (const failure of ["http_500", "malformed", "wrong_shape", "hang"] as const) {
      await t.step(
        `${failure}: embedded score with verifier_unavailable within the timeout`,
        async () => {
          mode = failure;
          for (const group of EVIDENCE_GROUPS) {
            const { body, elapsedMs } = await detect(running.url, group);
            assert.deepEqual(body.warnings, [...GROUP_WARNINGS[group], "verifier_unavailable"]);
            assert.equal(body.p_hallucination, base[group].p_hallucination);
            assert.equal(body.flag, base[group].flag);
            assert.equal(body.calibrator_version, calibratorVersion);
            assert.ok(elapsedMs < TIMEOUT_MS + 1_000, `${elapsedMs} ms`);
          }
        },
      );
    }
    hang.resolve();
    mode = "verdict";

    await t.step("calibrate:verifier against the fake, then calibrated", async () => {
      const { code, stdout, stderr } = await calibrate(["--concurrency", "4"], {
        VERIFIER_TIMEOUT_MS: "5000",
      });
      assert.equal(code, 0, stderr + stdout);
      assert.match(stdout, /fusion written to .*verifier-calibrator\.fake-llm%3A7b\.json/);
      const file = JSON.parse(await Deno.readTextFile(fusionPath(modelDir, MODEL)));
      assert.equal(file.verifierModel, MODEL);
      assert.equal(file.calibratorVersion, calibratorVersion);
      // Both groups have enough rows for their own fit, so their weights differ.
      for (const group of EVIDENCE_GROUPS) {
        assert.ok(file.rows[group] >= MIN_GROUP_ROWS, JSON.stringify(file.rows));
        assert.equal(file.fittedOn[group], "group", JSON.stringify(file.fittedOn));
      }
      assert.notDeepEqual(file.weights.evidence, file.weights.no_evidence);

      // A second run resumes from the cache: no verifier call at all.
      const before = requests.length;
      const again = await calibrate([], {});
      assert.equal(again.code, 0);
      assert.equal(requests.length, before);

      await running.stop();
      running = await start();
      for (const group of EVIDENCE_GROUPS) {
        const { body } = await detect(running.url, group);
        assert.deepEqual(body.warnings, GROUP_WARNINGS[group]);
        assert.match(
          body.calibrator_version,
          new RegExp(`^${calibratorVersion}\\+vf-[0-9a-f]{12}:fake-llm:7b$`),
        );
        const expected = fusedProbability(file.weights[group], base[group].p_hallucination, 0.9);
        assert.ok(
          Math.abs(body.p_hallucination - expected) < 1e-9,
          `${group}: ${body.p_hallucination}`,
        );
        assert.equal(body.flag, expected >= file.threshold);
      }
    });

    await t.step("no call text in the detector's or the command's output", () => {
      const all = output.join("\n");
      assert.match(all, /verifier unavailable \(http_500\)/, "the output was captured");
      for (
        const marker of [PROMPT_MARKER, RESPONSE_MARKER, FIXTURE_MARKER, "Dickens", "invented"]
      ) {
        assert.ok(!all.includes(marker), `"${marker}" in output:\n${all}`);
      }
    });
  } finally {
    hang.resolve();
    await running.stop();
    await fake.stop();
    await Deno.remove(modelDir, { recursive: true });
    await Deno.remove(dataDir, { recursive: true });
  }
});
