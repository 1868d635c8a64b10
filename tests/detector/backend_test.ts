/** The inference backend over real HTTP: secret, validation, 503 while loading, success. */
import assert from "node:assert/strict";
import { DetectResponse } from "../../shared/contract.ts";
import { createDetectorApp } from "../../server/detector/service/detector_app.ts";
import { loadDetector } from "../../server/detector/inference/model.ts";
import type { Detector } from "../../server/detector/inference/types.ts";

const SECRET = "test-inference-secret";

function serve(detector: Promise<Detector> | Detector) {
  const app = createDetectorApp({ secret: SECRET, detector });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
  const url = `http://127.0.0.1:${server.addr.port}`;
  const detect = (body: unknown, secret: string | null = SECRET) =>
    fetch(`${url}/v1/detect`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(secret === null ? {} : { "X-Inference-Secret": secret }),
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  return { url, detect, close: () => server.shutdown() };
}

/** DetectResponse minus the fields the public API adds. */
const BackendResponse = DetectResponse.omit({
  request_id: true,
  detections_billed: true,
  mode: true,
});

const detectorPromise = loadDetector();

Deno.test("health and detect answer 503 model_unavailable while the model loads", async () => {
  const api = serve(new Promise<Detector>(() => {}));
  try {
    for (const path of ["/health", "/v1/health"]) {
      const res = await fetch(api.url + path);
      assert.equal(res.status, 503);
      assert.deepEqual(await res.json(), { detail: "model_unavailable" });
    }
    const res = await api.detect({ response: "Some text." });
    assert.equal(res.status, 503);
    assert.deepEqual(await res.json(), { detail: "model_unavailable" });
  } finally {
    await api.close();
  }
});

Deno.test("the backend turns ready when a slow model load resolves", async () => {
  let resolve!: (d: Detector) => void;
  const api = serve(new Promise<Detector>((r) => (resolve = r)));
  try {
    const loading = await fetch(api.url + "/health");
    assert.equal(loading.status, 503);
    await loading.body?.cancel();
    resolve(await detectorPromise);
    await new Promise((r) => setTimeout(r, 0));
    const res = await fetch(api.url + "/v1/health");
    assert.equal(res.status, 200);
    assert.equal((await res.json()).status, "ok");
  } finally {
    await api.close();
  }
});

Deno.test("health reports the loaded model's versions", async () => {
  const detector = await detectorPromise;
  const api = serve(detectorPromise);
  try {
    for (const path of ["/health", "/v1/health"]) {
      const res = await fetch(api.url + path);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), {
        status: "ok",
        model_version: detector.modelVersion,
        calibrator_version: detector.calibratorVersion,
      });
    }
    assert.match(detector.modelVersion, /^hd-[0-9a-f]{12}$/);
    assert.ok(!detector.calibratorVersion.startsWith("uncalibrated:"));
  } finally {
    await api.close();
  }
});

Deno.test("a missing or wrong inference secret is 401 invalid_inference_secret", async () => {
  const api = serve(detectorPromise);
  try {
    for (const secret of [null, "", "wrong", SECRET + "x"]) {
      const res = await api.detect({ response: "Some text." }, secret);
      assert.equal(res.status, 401);
      assert.deepEqual(await res.json(), { detail: "invalid_inference_secret" });
    }
  } finally {
    await api.close();
  }
});

Deno.test("invalid bodies are 400 with a detail naming the field", async () => {
  const api = serve(detectorPromise);
  try {
    const cases: [unknown, RegExp][] = [
      [{ response: "x", top_k_regimes: 0 }, /^top_k_regimes: /],
      [{ response: "x", top_k_regimes: 11 }, /^top_k_regimes: /],
      [{ response: "x", top_k_regimes: 2.5 }, /^top_k_regimes: /],
      [{ response: "x", task: "ternary" }, /^task: /],
      [{ response: "x", input_mode: "rp" }, /^input_mode: /],
      [{ response: "x", colour: "blue" }, /unknown field\(s\): colour/],
      [{ prompt: "p" }, /^response: /],
      [{ response: "x".repeat(2049) }, /^response: response exceeds 2048 characters/],
      ["{not json", /^body: request body is not valid JSON/],
    ];
    for (const [body, detail] of cases) {
      const res = await api.detect(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const json = await res.json();
      assert.match(json.detail, detail);
    }
  } finally {
    await api.close();
  }
});

Deno.test("detect scores with backend defaults and honours task, mode and top_k", async () => {
  const detector = await detectorPromise;
  const api = serve(detectorPromise);
  try {
    const binary = await api.detect({ response: "The Eiffel Tower is in Rome." });
    assert.equal(binary.status, 200);
    const b = BackendResponse.parse(await binary.json());
    assert.equal(b.task_used, "binary");
    assert.equal(b.input_mode_used, "ro");
    assert.deepEqual(b.regime_scores, [{ regime: "binary_hallucination", p: b.p_hallucination }]);
    assert.equal(b.top_regime, "binary_hallucination");
    assert.equal(b.model_version, detector.modelVersion);

    const multi = await api.detect({
      prompt: "Where is the Eiffel Tower?",
      response: "The Eiffel Tower is in Rome, built in 1999.",
      task: "multiclass",
    });
    const m = BackendResponse.parse(await multi.json());
    assert.equal(m.input_mode_used, "pr");
    assert.equal(m.regime_scores.length, 6);
    assert.deepEqual(
      m.regime_scores.map((s) => s.regime).sort(),
      ["CF_AUTH", "FABRICATED", "FALSE_REFUSAL", "NEAR_FALSE", "NORMAL", "Other"],
    );
    const ps = m.regime_scores.map((s) => s.p);
    assert.deepEqual(ps, [...ps].sort((x, y) => y - x));
    assert.ok(Math.abs(ps.reduce((a, c) => a + c, 0) - 1) < 1e-9);
    assert.equal(m.top_regime, m.regime_scores[0].regime);
    const binaryOfSameCall = await api.detect({
      prompt: "Where is the Eiffel Tower?",
      response: "The Eiffel Tower is in Rome, built in 1999.",
    });
    assert.equal((await binaryOfSameCall.json()).p_hallucination, m.p_hallucination);

    const forced = await api.detect({
      prompt: "Where is the Eiffel Tower?",
      response: "In Paris.",
      task: "multiclass",
      input_mode: "ro",
      top_k_regimes: 2,
    });
    const f = BackendResponse.parse(await forced.json());
    assert.equal(f.input_mode_used, "ro");
    assert.equal(f.regime_scores.length, 2);
  } finally {
    await api.close();
  }
});

Deno.test("per-claim scores point at each claim and rank an invented one higher", async () => {
  const detector = await detectorPromise;
  const prompt =
    "Acme Corp was founded in 1998 in Boston by Jane Smith. It employs 200 people and " +
    "sells bicycles in twelve countries.";
  const response = "Acme Corp was founded in Boston by Jane Smith. It employs 5,000 people and " +
    "sells cars in Japan.";
  const claims = await detector.scoreClaims({ prompt, response, inputMode: "pr" });
  assert.equal(claims.length, 2);
  assert.equal(
    response.slice(claims[0].start, claims[0].end),
    "Acme Corp was founded in Boston by Jane Smith.",
  );
  assert.equal(response.slice(claims[1].start, claims[1].end).startsWith("It employs 5,000"), true);
  for (const c of claims) assert.ok(c.p_hallucination >= 0 && c.p_hallucination <= 1);
  assert.ok(
    claims[1].p_hallucination > claims[0].p_hallucination,
    `${claims[1].p_hallucination} > ${claims[0].p_hallucination}`,
  );
});
