/**
 * The verifier in the real detector process (`server/detector/main.ts`, as `deno task serve`
 * starts it) against a fake OpenAI-compatible server over real HTTP: verdicts fused into the
 * score with the verifier's latency in `latency_ms`; 500s, malformed JSON, wrong shapes and
 * timeouts served as the embedded score with `verifier_unavailable` within the timeout;
 * `calibration_uncalibrated` until `deno task calibrate:verifier` has run against that fake (as a
 * subprocess, on a small labelled fixture), gone after; and no call text in any output.
 */
import assert from "node:assert/strict";
import { chatReply, type ChatRequestBody, startFakeVerifier } from "../../server/bench/verifier.ts";
import { startDetectorProcess, waitUntilReady } from "../../server/detector_process.ts";
import { loadDetector } from "../../server/detector/model.ts";
import {
  CALIBRATOR_FILE,
  DEFAULT_MODEL_DIR,
  MODEL_FILE,
  WEIGHTS_FILE,
} from "../../server/detector/model_files.ts";
import {
  DEFAULT_WEIGHTS,
  fusedProbability,
  fusionPath,
} from "../../server/detector/verifier/fusion.ts";
import type { VerifierSettings } from "../../server/detector/verifier/settings.ts";
import { REPO_ROOT } from "../support/env.ts";

const MODEL = "fake-llm:7b";
const SECRET = "verifier-test-secret-0123456789";
const FAKE_DELAY_MS = 60;
const TIMEOUT_MS = 1_000;
/** Strings that must never appear in any output: they only occur in call texts. */
const PROMPT_MARKER = "Zqx-prompt-marker-4471";
const RESPONSE_MARKER = "Zqx-response-marker-9188";
const FIXTURE_MARKER = "Zqx-fixture";

/** A labelled TruthfulQA-shaped fixture: questions with one true and one invented answer. */
async function writeFixture(dir: string): Promise<void> {
  const set = `${dir}/truthfulqa`;
  await Deno.mkdir(set, { recursive: true });
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const lines = ["Type,Category,Question,Best Answer,Correct Answers,Incorrect Answers,Source"];
  for (let i = 0; i < 500; i++) {
    lines.push([
      "Adversarial",
      "Misconceptions",
      quote(`${FIXTURE_MARKER} question #${i}: what is the value of item ${i}?`),
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
  const modelDir = await Deno.makeTempDir({ prefix: "verifier_model_" });
  const dataDir = await Deno.makeTempDir({ prefix: "verifier_data_" });
  for (const f of [MODEL_FILE, WEIGHTS_FILE, CALIBRATOR_FILE]) {
    await Deno.copyFile(`${DEFAULT_MODEL_DIR}${f}`, `${modelDir}/${f}`);
  }
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
  };
  const output: string[] = [];
  const start = async () => {
    const child = await startDetectorProcess({
      host: "127.0.0.1",
      port: 0,
      secret: SECRET,
      modelDir,
      verifier,
      onOutput: (line) => output.push(line),
    });
    const url = `http://127.0.0.1:${child.port}`;
    await waitUntilReady(url);
    return { child, url };
  };
  const detect = async (url: string) => {
    const started = performance.now();
    const res = await fetch(`${url}/v1/detect`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-inference-secret": SECRET },
      body: JSON.stringify({
        prompt: `Who wrote Hamlet? ${PROMPT_MARKER}`,
        response: `Charles Dickens wrote Hamlet in 1850. ${RESPONSE_MARKER}`,
        task: "binary",
      }),
    });
    assert.equal(res.status, 200);
    return { body: await res.json(), elapsedMs: performance.now() - started };
  };
  const local = await loadDetector(modelDir);
  const base = local.score({
    prompt: `Who wrote Hamlet? ${PROMPT_MARKER}`,
    response: `Charles Dickens wrote Hamlet in 1850. ${RESPONSE_MARKER}`,
    task: "binary",
    inputMode: "pr",
    topK: 6,
  });

  let running = await start();
  try {
    await t.step("verdict fused (uncalibrated), verifier latency included", async () => {
      const { body } = await detect(running.url);
      const request = requests.at(-1)!;
      assert.equal(request.model, MODEL);
      assert.equal(request.temperature, 0);
      const user = request.messages.find((m) => m.role === "user")!.content;
      assert.ok(user.includes(`<<<PROMPT\nWho wrote Hamlet? ${PROMPT_MARKER}\nPROMPT>>>`));
      assert.ok(user.includes(`${RESPONSE_MARKER}\nRESPONSE>>>`));
      const expected = fusedProbability(DEFAULT_WEIGHTS.evidence, base.p_hallucination, 0.9);
      assert.ok(Math.abs(body.p_hallucination - expected) < 1e-9, JSON.stringify(body));
      assert.deepEqual(body.warnings, ["calibration_uncalibrated"]);
      assert.equal(
        body.calibrator_version,
        `uncalibrated:${base.calibrator_version}+verifier:${MODEL}`,
      );
      assert.equal(body.model_version, base.model_version);
      assert.ok(body.latency_ms >= FAKE_DELAY_MS, `latency_ms ${body.latency_ms}`);
    });

    await t.step("deno task score honours VERIFIER_* and prints the warnings", async () => {
      const scoreRun = async () => {
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
          JSON.stringify({
            id: 1,
            prompt: `Who wrote Hamlet? ${PROMPT_MARKER}`,
            response: `Charles Dickens wrote Hamlet in 1850. ${RESPONSE_MARKER}`,
          }) + "\n",
        ));
        await writer.close();
        const out = await child.output();
        output.push(new TextDecoder().decode(out.stderr));
        assert.equal(out.code, 0);
        return JSON.parse(new TextDecoder().decode(out.stdout));
      };
      const fused = await scoreRun();
      const expected = fusedProbability(DEFAULT_WEIGHTS.evidence, base.p_hallucination, 0.9);
      assert.ok(Math.abs(fused.p_hallucination - expected) < 1e-9, JSON.stringify(fused));
      assert.deepEqual(fused.warnings, ["calibration_uncalibrated"]);
      mode = "http_500";
      const failed = await scoreRun();
      mode = "verdict";
      assert.deepEqual(failed.warnings, ["verifier_unavailable"]);
      assert.equal(failed.p_hallucination, base.p_hallucination);
    });

    for (const failure of ["http_500", "malformed", "wrong_shape", "hang"] as const) {
      await t.step(
        `${failure}: embedded score with verifier_unavailable within the timeout`,
        async () => {
          mode = failure;
          const { body, elapsedMs } = await detect(running.url);
          assert.deepEqual(body.warnings, ["verifier_unavailable"]);
          assert.equal(body.p_hallucination, base.p_hallucination);
          assert.equal(body.flag, base.flag);
          assert.equal(body.calibrator_version, base.calibrator_version);
          assert.ok(elapsedMs < TIMEOUT_MS + 1_000, `${elapsedMs} ms`);
        },
      );
    }
    hang.resolve();
    mode = "verdict";

    await t.step("calibrate:verifier against the fake, then calibrated", async () => {
      const run = await new Deno.Command(Deno.execPath(), {
        args: [
          "task",
          "-q",
          "calibrate:verifier",
          "--data",
          dataDir,
          "--cache",
          `${dataDir}/cache.jsonl`,
          "--concurrency",
          "4",
        ],
        cwd: REPO_ROOT,
        env: {
          MODEL_DIR: modelDir,
          VERIFIER_URL: fake.url,
          VERIFIER_MODEL: MODEL,
          VERIFIER_TIMEOUT_MS: "5000",
        },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const stdout = new TextDecoder().decode(run.stdout);
      const stderr = new TextDecoder().decode(run.stderr);
      output.push(...stdout.split("\n"), ...stderr.split("\n"));
      assert.equal(run.code, 0, stderr + stdout);
      assert.match(stdout, /fusion written to .*verifier-calibrator\.fake-llm%3A7b\.json/);
      const file = JSON.parse(await Deno.readTextFile(fusionPath(modelDir, MODEL)));
      assert.equal(file.verifierModel, MODEL);
      assert.equal(file.calibratorVersion, base.calibrator_version);
      assert.ok(file.rows.evidence > 50, JSON.stringify(file.rows));

      // A second run resumes from the cache: no verifier call at all.
      const before = requests.length;
      const again = await new Deno.Command(Deno.execPath(), {
        args: [
          "task",
          "-q",
          "calibrate:verifier",
          "--data",
          dataDir,
          "--cache",
          `${dataDir}/cache.jsonl`,
        ],
        cwd: REPO_ROOT,
        env: { MODEL_DIR: modelDir, VERIFIER_URL: fake.url, VERIFIER_MODEL: MODEL },
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.equal(again.code, 0);
      assert.equal(requests.length, before);
      output.push(new TextDecoder().decode(again.stdout), new TextDecoder().decode(again.stderr));

      await running.child.stop();
      running = await start();
      const { body } = await detect(running.url);
      assert.deepEqual(body.warnings, []);
      assert.match(
        body.calibrator_version,
        new RegExp(`^${base.calibrator_version}\\+vf-[0-9a-f]{12}:fake-llm:7b$`),
      );
      const expected = fusedProbability(file.weights.evidence, base.p_hallucination, 0.9);
      assert.ok(Math.abs(body.p_hallucination - expected) < 1e-9);
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
    await running.child.stop();
    await fake.stop();
    await Deno.remove(modelDir, { recursive: true });
    await Deno.remove(dataDir, { recursive: true });
  }
});
