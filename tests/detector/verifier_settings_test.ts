/** `VERIFIER_*` validated alike by the API's config and the detector's own environment. */
import assert from "node:assert/strict";
import { loadConfig } from "../../server/platform/config.ts";
import { readDetectorEnv } from "../../server/detector/service/serve.ts";
import {
  DEFAULT_BREAKER_COOLDOWN_MS,
  DEFAULT_BREAKER_FAILURES,
  DEFAULT_VERIFIER_TIMEOUT_MS,
  verifierEnvOf,
  verifierSettings,
} from "../../server/detector/verifier/settings.ts";

const OLLAMA = {
  VERIFIER_URL: "http://127.0.0.1:11434/v1/",
  VERIFIER_MODEL: "llama3.1:8b",
};

Deno.test("API config: VERIFIER_* parsed into the started detector's settings", () => {
  const config = loadConfig({ ...OLLAMA, VERIFIER_SAMPLES: "3", VERIFIER_API_KEY: "k" });
  assert.equal(config.detector.kind, "embedded");
  assert.deepEqual(config.detector.kind === "embedded" && config.detector.verifier, {
    url: "http://127.0.0.1:11434/v1",
    model: "llama3.1:8b",
    apiKey: "k",
    timeoutMs: DEFAULT_VERIFIER_TIMEOUT_MS,
    samples: 3,
    breaker: { failures: DEFAULT_BREAKER_FAILURES, cooldownMs: DEFAULT_BREAKER_COOLDOWN_MS },
  });
  assert.ok(DEFAULT_VERIFIER_TIMEOUT_MS < 30_000);
  const plain = loadConfig({});
  assert.equal(plain.detector.kind === "embedded" && plain.detector.verifier, undefined);
});

Deno.test("API config: bad VERIFIER_* values stop start-up naming the variable", () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ VERIFIER_URL: OLLAMA.VERIFIER_URL }, /VERIFIER_MODEL: VERIFIER_MODEL is required/],
    [{ ...OLLAMA, VERIFIER_URL: "not a url" }, /VERIFIER_URL/],
    [{ ...OLLAMA, VERIFIER_TIMEOUT_MS: "60000" }, /VERIFIER_TIMEOUT_MS/],
    [{ ...OLLAMA, VERIFIER_SAMPLES: "0" }, /VERIFIER_SAMPLES/],
    [{ ...OLLAMA, VERIFIER_BREAKER_FAILURES: "0" }, /VERIFIER_BREAKER_FAILURES/],
    [{ ...OLLAMA, VERIFIER_BREAKER_COOLDOWN_MS: "x" }, /VERIFIER_BREAKER_COOLDOWN_MS/],
  ];
  for (const [env, message] of cases) {
    assert.throws(() => loadConfig(env), message);
    assert.throws(() => readDetectorEnv({ DETECTOR_SECRET: "s", ...env }), message);
  }
});

Deno.test("the detector reads back exactly the settings the API passes it", () => {
  const config = loadConfig({
    ...OLLAMA,
    VERIFIER_TIMEOUT_MS: "4000",
    VERIFIER_API_KEY: "k",
    VERIFIER_BREAKER_FAILURES: "5",
    VERIFIER_BREAKER_COOLDOWN_MS: "60000",
  });
  const passed = config.detector.kind === "embedded" ? config.detector.verifier : undefined;
  const env = readDetectorEnv({ DETECTOR_SECRET: "s", ...verifierEnvOf(passed) });
  assert.deepEqual(verifierSettings(env), passed);
  assert.deepEqual(verifierEnvOf(undefined), {});
});
