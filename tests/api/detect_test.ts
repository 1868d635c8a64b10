/**
 * `POST /api/detect` and `POST /api/web/detect` over real HTTP against the real detector process:
 * success headers and body, every error row of the spec, warnings, idempotent retries.
 */
import assert from "node:assert/strict";
import { DetectResponse, WebDetectResponse } from "../../shared/contract.ts";
import { PUBLIC_REGIMES } from "../../shared/regimes.ts";
import { createDetectorApp } from "../../server/detector/service/detector_app.ts";
import type { Detector } from "../../server/detector/inference/types.ts";
import { listAuditRows } from "../../server/features/metering/audit.ts";
import type { ServedRequest } from "../../server/features/metering/ledger.ts";
import { getApiKey } from "../../server/features/keys/api_keys.ts";
import { getUserByEmail, updateUser } from "../../server/features/auth/users.ts";
import { MAX_BODY_BYTES } from "../../server/features/detect/router.ts";
import { kvKeys } from "../../server/platform/kv/kv_keys.ts";
import { signIn, startApi } from "../support/http.ts";
import {
  closedPort,
  startDetector,
  startGarbageBackend,
  startStubBackend,
  TEST_DETECTOR_SECRET,
} from "../support/detector.ts";
import { assertRefused, assertServed, createKey, detect } from "../support/detect.ts";

const TEXT = {
  prompt: "Who wrote Hamlet?",
  response: "Hamlet was written by Charles Dickens in 1850.",
};

async function account(url: string, email: string) {
  const cookie = await signIn(url, email, "Test User");
  const { key } = await createKey(url, cookie);
  return { cookie, key };
}

Deno.test("detect against the real detector", async (t) => {
  const detector = await startDetector();
  const api = await startApi({ env: detector.env });
  const { cookie, key } = await account(api.url, "detect@example.com");
  try {
    await t.step("200: body, headers, multiclass default, collapse into Other", async () => {
      const r = await detect(api.url, key, TEXT);
      const body = assertServed(r);
      assert.equal(body.task_used, "multiclass");
      assert.equal(body.input_mode_used, "pr");
      assert.equal(body.mode, "short");
      assert.equal(body.detections_billed, 1);
      // Nothing in the prompt (a question) covers the answer's claims.
      assert.deepEqual(body.warnings, ["no_evidence"]);
      assert.deepEqual(body.regime_scores.map((s) => s.regime).sort(), [...PUBLIC_REGIMES].sort());
      assert.equal(body.top_regime, body.regime_scores[0].regime);
      for (let i = 1; i < body.regime_scores.length; i++) {
        assert.ok(body.regime_scores[i - 1].p >= body.regime_scores[i].p);
      }
      const sum = body.regime_scores.reduce((s, x) => s + x.p, 0);
      assert.ok(Math.abs(sum - 1) < 1e-6, `multiclass scores sum to ${sum}`);
      assert.equal(r.headers.get("X-Client-Request-Id"), null, "no client id supplied");
      assert.equal(r.headers.get("X-Quota-Remaining"), String(3_700 - 1));
      assert.match(body.request_id, /^[0-9a-f-]{36}$/);
    });

    await t.step("200: binary task, response-only mode, top_k, units in code points", async () => {
      const binary = assertServed(
        await detect(api.url, key, { response: TEXT.response, task: "binary" }),
      );
      assert.equal(binary.task_used, "binary");
      assert.equal(binary.input_mode_used, "ro");
      assert.deepEqual(binary.regime_scores.map((s) => s.regime), ["binary_hallucination"]);
      const top2 = assertServed(await detect(api.url, key, { ...TEXT, top_k_regimes: 2 }));
      assert.equal(top2.regime_scores.length, 2);
      // 2048 astral code points (4096 UTF-16 units) plus one: two windows, not three or four.
      const r = await detect(api.url, key, { prompt: "😀".repeat(2048), response: "x" });
      assert.equal(assertServed(r).detections_billed, 2);
      const forced = assertServed(await detect(api.url, key, { ...TEXT, input_mode: "ro" }));
      assert.equal(forced.input_mode_used, "ro");
    });

    await t.step(
      "client X-Request-Id is echoed and a retry is not audited or billed again",
      async () => {
        const headers = { "X-Request-Id": "retry-1 opaque token" };
        const first = assertServed(await detect(api.url, key, TEXT, headers));
        const again = await detect(api.url, key, TEXT, headers);
        const second = assertServed(again);
        assert.equal(first.request_id, "retry-1 opaque token");
        assert.equal(second.request_id, "retry-1 opaque token");
        assert.equal(again.headers.get("X-Client-Request-Id"), "retry-1 opaque token");
        assert.equal(second.detections_billed, first.detections_billed);
        const rows = (await listAuditRows(api.kv)).filter((row) =>
          row.requestId === "retry-1 opaque token"
        );
        assert.equal(rows.length, 1);
        assert.equal(rows[0].status, 200);
        assert.equal(rows[0].units, 1);
        const summary =
          await (await fetch(`${api.url}/api/usage/summary`, { headers: { Cookie: cookie } }))
            .json();
        const usedBefore = summary.currentPeriod.units;
        await detect(api.url, key, TEXT, headers);
        const after =
          await (await fetch(`${api.url}/api/usage/summary`, { headers: { Cookie: cookie } }))
            .json();
        assert.equal(after.currentPeriod.units, usedBefore);
        assert.equal(after.currentPeriod.requests, summary.currentPeriod.requests);
      },
    );

    await t.step("the same request id of another account is that account's own call", async () => {
      const other = await account(api.url, "other@example.com");
      assertServed(
        await detect(api.url, other.key, TEXT, { "X-Request-Id": "retry-1 opaque token" }),
      );
      const rows = (await listAuditRows(api.kv)).filter((row) =>
        row.requestId === "retry-1 opaque token"
      );
      assert.equal(rows.length, 2);
    });

    await t.step(
      "a served X-Request-Id reused for a different request: 400, audited, nothing billed",
      async () => {
        const id = { "X-Request-Id": "reuse-1" };
        const usage = async () =>
          (await (await fetch(`${api.url}/api/usage/summary`, { headers: { Cookie: cookie } }))
            .json()).currentPeriod;
        const first = assertServed(await detect(api.url, key, TEXT, id));
        const before = await usage();
        const variants = [
          { ...TEXT, response: `${TEXT.response} Also, the moon is cheese.` },
          { ...TEXT, prompt: "Who wrote Macbeth?" },
          { response: TEXT.response },
          { ...TEXT, top_k_regimes: 3 },
          { ...TEXT, task: "binary" },
          { ...TEXT, input_mode: "ro" },
        ];
        for (const body of variants) {
          const r = await detect(api.url, key, body, id);
          assert.deepEqual(assertRefused(r, 400), {
            detail: "X-Request-Id was already used for a different request",
          }, JSON.stringify(body));
          assert.equal(r.headers.get("X-Request-Id"), "reuse-1");
        }
        assert.deepEqual(await usage(), before, "no units and no requests for a reused id");
        const rows = (await listAuditRows(api.kv)).filter((row) => row.requestId === "reuse-1");
        assert.deepEqual(
          rows.map((row) => [row.status, row.units]),
          [[200, 1], ...variants.map(() => [400, 0])],
        );
        // The same request, spelled differently (key order, defaults written out), is a retry.
        const retry = assertServed(
          await detect(api.url, key, {
            top_k_regimes: 6,
            input_mode: "pr",
            task: "multiclass",
            response: TEXT.response,
            prompt: TEXT.prompt,
          }, id),
        );
        assert.equal(retry.detections_billed, first.detections_billed);
        assert.equal(retry.p_hallucination, first.p_hallucination);
        assert.deepEqual(await usage(), before);
        assert.equal(
          (await listAuditRows(api.kv)).filter((row) => row.requestId === "reuse-1").length,
          1 + variants.length,
          "a retry adds no audit row",
        );
      },
    );

    await t.step(
      "concurrent calls reusing one X-Request-Id: one served, the rest 400",
      async () => {
        const { cookie: c2, key: k2 } = await account(api.url, "race@example.com");
        const results = await Promise.all(
          Array.from(
            { length: 12 },
            (_, i) =>
              detect(api.url, k2, { response: `Claim number ${i} of the race.` }, {
                "X-Request-Id": "race-1",
              }),
          ),
        );
        const served = results.filter((r) => r.status === 200);
        assert.equal(served.length, 1);
        assertServed(served[0]);
        for (const r of results.filter((r) => r.status !== 200)) {
          assert.equal(
            assertRefused(r, 400).detail,
            "X-Request-Id was already used for a different request",
          );
        }
        const summary =
          await (await fetch(`${api.url}/api/usage/summary`, { headers: { Cookie: c2 } })).json();
        assert.equal(summary.currentPeriod.units, 1);
        assert.equal(summary.currentPeriod.requests, 1);
      },
    );

    await t.step("400 bad_json, response_required, input_too_long, detail", async () => {
      assert.equal(assertRefused(await detect(api.url, key, "{not json"), 400).error, "bad_json");
      assert.equal(assertRefused(await detect(api.url, key, ""), 400).error, "bad_json");
      for (const body of [{}, { response: "" }, { response: null, prompt: "p" }]) {
        assert.equal(
          assertRefused(await detect(api.url, key, body), 400).error,
          "response_required",
        );
      }
      const longResponse = assertRefused(
        await detect(api.url, key, { response: "é".repeat(2049) }),
        400,
      );
      assert.deepEqual(
        { ...longResponse, message: undefined },
        {
          error: "input_too_long",
          field: "response",
          max_chars: 2048,
          provided_chars: 2049,
          message: undefined,
        },
      );
      assert.ok(!longResponse.message!.includes("é"), "message never carries caller text");
      const longPrompt = assertRefused(
        await detect(api.url, key, { response: "ok", prompt: "😀".repeat(3000) }),
        400,
      );
      assert.equal(longPrompt.field, "prompt");
      assert.equal(longPrompt.provided_chars, 3000);
      for (
        const body of [
          { response: "r", top_k_regimes: 11 },
          { response: "r", top_k_regimes: 0 },
          { response: "r", task: "trinary" },
          { response: "r", input_mode: "xx" },
          { response: "r", extra: 1 },
          { response: 42 },
          [1, 2],
        ]
      ) {
        const err = assertRefused(await detect(api.url, key, body), 400);
        assert.equal(typeof err.detail, "string", JSON.stringify(body));
        assert.equal(err.error, undefined);
      }
    });

    await t.step("400 detail for a body over 256 KiB, with or without Content-Length", async () => {
      const padded = `{"response": "ok"${" ".repeat(MAX_BODY_BYTES)}}`;
      const chunked = () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(padded));
            controller.close();
          },
        });
      for (const body of [padded, chunked()]) {
        const res = await fetch(`${api.url}/api/detect`, {
          method: "POST",
          headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
          body,
        });
        const err = assertRefused({
          status: res.status,
          headers: res.headers,
          body: await res.json(),
        }, 400);
        assert.equal(err.detail, `request body exceeds ${MAX_BODY_BYTES} bytes`);
      }
      const formatted = JSON.stringify(TEXT, null, 2).replace(/\n/g, `\n${" ".repeat(1000)}`);
      assertServed(await detect(api.url, key, formatted));
    });

    await t.step("400 detail for an invalid X-Request-Id, answered under a minted id", async () => {
      for (const id of ["x".repeat(129), "naïve"]) {
        const r = await detect(api.url, key, TEXT, { "X-Request-Id": id });
        const err = assertRefused(r, 400);
        assert.match(err.detail!, /X-Request-Id/);
        assert.notEqual(r.headers.get("X-Request-Id"), id);
      }
      assertServed(await detect(api.url, key, TEXT, { "X-Request-Id": "y".repeat(128) }));
    });

    await t.step("401 missing, malformed, unknown and revoked keys; last_used_at", async () => {
      const created = await createKey(api.url, cookie);
      assert.equal((await getApiKey(api.kv, created.id))!.lastUsedAt, null);
      assertServed(await detect(api.url, created.key, TEXT));
      assert.ok((await getApiKey(api.kv, created.id))!.lastUsedAt);
      const revoke = await fetch(`${api.url}/api/keys/${created.id}`, {
        method: "DELETE",
        headers: { Cookie: cookie },
      });
      assert.equal(revoke.status, 200);
      await revoke.body?.cancel();
      const unknown = `sk_${"A".repeat(43)}`;
      for (
        const auth of [
          null,
          "Bearer",
          "Bearer sk_short",
          `Basic ${created.key}`,
          `Bearer ${unknown}`,
          `Bearer ${created.key}`,
        ]
      ) {
        const r = await detect(api.url, null, TEXT, auth === null ? {} : { Authorization: auth });
        const err = assertRefused(r, 401);
        assert.equal(err.error, "unauthorized");
        assert.equal(err.request_id, r.headers.get("X-Request-Id"));
        assert.equal(r.headers.get("WWW-Authenticate"), 'Bearer realm="api"');
      }
      const rows = await listAuditRows(api.kv);
      assert.ok(rows.some((row) => row.status === 401 && row.accountId === null));
    });

    await t.step("403 account_suspended with reason, appeal_url and X-Account-Status", async () => {
      const suspended = await account(api.url, "suspended@example.com");
      const user = (await getUserByEmail(api.kv, "suspended@example.com"))!;
      await updateUser(
        api.kv,
        user.id,
        (u) => ({ ...u, status: "suspended", suspendReason: "threat_high" }),
      );
      const r = await detect(api.url, suspended.key, TEXT);
      const err = assertRefused(r, 403);
      assert.equal(err.error, "account_suspended");
      assert.equal(err.reason, "threat_high");
      assert.equal(err.appeal_url, api.deps.config.appealUrl);
      assert.equal(err.request_id, r.headers.get("X-Request-Id"));
      assert.equal(r.headers.get("X-Account-Status"), "suspended");
      await updateUser(api.kv, user.id, (u) => ({ ...u, status: "active", suspendReason: null }));
      assertServed(await detect(api.url, suspended.key, TEXT));
    });

    await t.step("warning subscription_inactive", async () => {
      const user = (await getUserByEmail(api.kv, "detect@example.com"))!;
      await updateUser(api.kv, user.id, (u) => ({ ...u, subscriptionStatus: "past_due" }));
      assert.deepEqual(assertServed(await detect(api.url, key, TEXT)).warnings, [
        "no_evidence",
        "subscription_inactive",
      ]);
      await updateUser(api.kv, user.id, (u) => ({ ...u, subscriptionStatus: "active" }));
    });

    await t.step(
      "exact findings: in the session route's claims, never in /api/detect",
      async () => {
        const body = {
          prompt: "The suspension bridge is 1,280 m long.",
          response: "The suspension bridge is 2,150 metres long. It was 40 °C (104 °F) that day.",
        };
        const web = await fetch(`${api.url}/api/web/detect`, {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        const served = assertServed(
          { status: web.status, headers: web.headers, body: await web.json() },
          WebDetectResponse,
        );
        assert.deepEqual(
          served.claims?.map((c) => c.findings.map((f) => [f.kind, f.verdict, f.reason])),
          [
            [["evidence_number", "contradicted", "2,150 metres; the document says 1,280 metres"]],
            [["unit_conversion", "consistent", "40 °C is 104 °F"]],
          ],
        );
        const [finding] = served.claims![0].findings;
        assert.equal(body.response.slice(finding.start, finding.end), "2,150 metres");
        assert.equal(served.top_regime, "FABRICATED");
        const api_ = assertServed(await detect(api.url, key, body));
        assert.ok(!("claims" in api_));
        assert.equal(api_.p_hallucination, served.p_hallucination);
        assert.equal(api_.flag, served.flag);
      },
    );

    await t.step("POST /api/web/detect: session auth, same contract, JSON only", async () => {
      const post = (headers: Record<string, string>, body: string) =>
        fetch(`${api.url}/api/web/detect`, { method: "POST", headers, body });
      const ok = await post(
        { Cookie: cookie, "Content-Type": "application/json" },
        JSON.stringify(TEXT),
      );
      const served = assertServed(
        { status: ok.status, headers: ok.headers, body: await ok.json() },
        WebDetectResponse,
      );
      // One claim here: the whole response, with its own risk, from the same call.
      assert.deepEqual(served.claims?.map(({ start, end }) => [start, end]), [
        [0, TEXT.response.length],
      ]);
      assert.equal(served.detections_billed, 1, "the claims cost nothing more");
      const anon = await post({ "Content-Type": "application/json" }, JSON.stringify(TEXT));
      assertRefused({ status: anon.status, headers: anon.headers, body: await anon.json() }, 401);
      const bearer = await post({
        Authorization: `Bearer ${key}`,
        "Content-Type": "application/json",
      }, JSON.stringify(TEXT));
      assertRefused(
        { status: bearer.status, headers: bearer.headers, body: await bearer.json() },
        401,
      );
      const form = await post(
        { Cookie: cookie, "Content-Type": "text/plain" },
        JSON.stringify(TEXT),
      );
      assertRefused({ status: form.status, headers: form.headers, body: await form.json() }, 400);
      const bad = await post({ Cookie: cookie, "Content-Type": "application/json" }, "{");
      assert.equal(
        assertRefused({ status: bad.status, headers: bad.headers, body: await bad.json() }, 400)
          .error,
        "bad_json",
      );
    });

    await t.step("zero retention: no caller text anywhere in the KV", async () => {
      const marker = "Zanzibar-unique-caller-text-7731";
      assertServed(
        await detect(api.url, key, { prompt: `${marker} prompt`, response: `${marker} response` }),
      );
      await detect(api.url, key, { prompt: marker, response: "x".repeat(2049) });
      for await (const entry of api.kv.list({ prefix: [] })) {
        assert.ok(
          !JSON.stringify(entry, (_k, v) => typeof v === "bigint" ? String(v) : v).includes(marker),
        );
      }
    });

    await t.step("401 pass-through: wrong internal secret", async () => {
      const wrong = await startApi({
        env: { ...detector.env, DETECTOR_SECRET: "wrong-secret-0123456789abcdef" },
      });
      try {
        const { key: k } = await account(wrong.url, "secret@example.com");
        const err = assertRefused(await detect(wrong.url, k, TEXT), 401);
        assert.deepEqual(err, { detail: "invalid_inference_secret" });
        const summary = await (await fetch(`${wrong.url}/api/usage/summary`, {
          headers: { Cookie: await signIn(wrong.url, "secret@example.com") },
        })).json();
        assert.equal(summary.currentPeriod.units, 0, "a refused call releases its units");
      } finally {
        await wrong.close();
      }
    });
  } finally {
    await api.close();
    await detector.stop();
  }
});

Deno.test("detect: backend failures", async (t) => {
  await t.step("503 model_unavailable pass-through while the model loads", async () => {
    const loading = createDetectorApp({
      secret: TEST_DETECTOR_SECRET,
      detector: new Promise<Detector>(() => {}),
    });
    const backend = startStubBackend((req) => loading.fetch(req));
    const api = await startApi({ env: backend.env });
    try {
      const { key } = await account(api.url, "loading@example.com");
      assert.deepEqual(assertRefused(await detect(api.url, key, TEXT), 503), {
        detail: "model_unavailable",
      });
    } finally {
      await api.close();
      await backend.stop();
    }
  });

  await t.step("400 detail pass-through; 502 for an unexpected status", async () => {
    let answer = () => Response.json({ detail: "top_k_regimes: too big" }, { status: 400 });
    const backend = startStubBackend(() => answer());
    const api = await startApi({ env: backend.env });
    try {
      const { key } = await account(api.url, "passthrough@example.com");
      assert.deepEqual(assertRefused(await detect(api.url, key, TEXT), 400), {
        detail: "top_k_regimes: too big",
      });
      answer = () => new Response("<html>oops</html>", { status: 500 });
      assert.equal(
        assertRefused(await detect(api.url, key, TEXT), 502).error,
        "upstream_unreachable",
      );
    } finally {
      await api.close();
      await backend.stop();
    }
  });

  await t.step(
    "500 handler_failed: backend 200 breaking its contract; audit row with 500",
    async () => {
      const backend = startStubBackend(() => Response.json({ p_hallucination: "high" }));
      const api = await startApi({ env: backend.env });
      try {
        const { key } = await account(api.url, "broken@example.com");
        const r = await detect(api.url, key, TEXT, { "X-Request-Id": "broken-1" });
        const err = assertRefused(r, 500);
        assert.equal(err.error, "handler_failed");
        assert.equal(err.request_id, "broken-1");
        const rows = (await listAuditRows(api.kv)).filter((row) => row.requestId === "broken-1");
        assert.deepEqual(rows.map((row) => [row.status, row.units]), [[500, 0]]);
      } finally {
        await api.close();
        await backend.stop();
      }
    },
  );

  await t.step("proxy collapses raw classes into Other; calibration_uncalibrated", async () => {
    const raw = [
      { regime: "NORMAL", p: 0.1 },
      { regime: "SELF_CONTR", p: 0.35 },
      { regime: "UNDERSPECIFIED", p: 0.3 },
      { regime: "FABRICATED", p: 0.25 },
    ];
    const backend = startStubBackend(() =>
      Response.json({
        p_hallucination: 0.9,
        flag: true,
        top_regime: "SELF_CONTR",
        regime_scores: raw,
        input_mode_used: "ro",
        task_used: "multiclass",
        model_version: "stub-1",
        calibrator_version: "uncalibrated:identity",
        latency_ms: 3.4,
      })
    );
    const api = await startApi({ env: backend.env });
    try {
      const { key } = await account(api.url, "uncalibrated@example.com");
      const body = assertServed(await detect(api.url, key, { response: "r" }));
      assert.equal(body.top_regime, "Other");
      assert.deepEqual(body.regime_scores.map((s) => s.regime), ["Other", "FABRICATED", "NORMAL"]);
      assert.ok(Math.abs(body.regime_scores[0].p - 0.65) < 1e-9);
      assert.deepEqual(body.warnings, ["calibration_uncalibrated"]);
      assert.equal(body.latency_ms, 3);
    } finally {
      await api.close();
      await backend.stop();
    }
  });

  await t.step(
    "a seven-class backend honouring top_k: Other summed whole, top_regime from the breakdown",
    async () => {
      // FABRICATED is the top raw class, but SELF_CONTR + UNDERSPECIFIED make Other the top one.
      const raw = [
        { regime: "FABRICATED", p: 0.3 },
        { regime: "SELF_CONTR", p: 0.25 },
        { regime: "UNDERSPECIFIED", p: 0.2 },
        { regime: "NORMAL", p: 0.1 },
        { regime: "NEAR_FALSE", p: 0.08 },
        { regime: "CF_AUTH", p: 0.05 },
        { regime: "FALSE_REFUSAL", p: 0.02 },
      ];
      const backend = startStubBackend(async (req) => {
        const { top_k_regimes } = await req.json();
        return Response.json({
          p_hallucination: 0.9,
          flag: true,
          top_regime: "FABRICATED",
          regime_scores: raw.slice(0, top_k_regimes),
          input_mode_used: "ro",
          task_used: "multiclass",
          model_version: "stub-7",
          calibrator_version: "cal-stub",
          latency_ms: 1,
        });
      });
      const api = await startApi({ env: backend.env });
      try {
        const { key } = await account(api.url, "sevenclass@example.com");
        const one = assertServed(await detect(api.url, key, { response: "r", top_k_regimes: 1 }));
        assert.equal(one.top_regime, "Other");
        assert.equal(one.regime_scores.length, 1);
        assert.equal(one.regime_scores[0].regime, "Other");
        assert.ok(Math.abs(one.regime_scores[0].p - 0.45) < 1e-9, "SELF_CONTR + UNDERSPECIFIED");
        const all = assertServed(await detect(api.url, key, { response: "r" }));
        assert.deepEqual(all.regime_scores.map((s) => s.regime), [
          "Other",
          "FABRICATED",
          "NORMAL",
          "NEAR_FALSE",
          "CF_AUTH",
          "FALSE_REFUSAL",
        ]);
        assert.equal(all.top_regime, "Other");
      } finally {
        await api.close();
        await backend.stop();
      }
    },
  );

  await t.step("502 upstream_unreachable: connection refused and a non-HTTP answer", async () => {
    const garbage = startGarbageBackend();
    const refused = {
      DETECTOR_URL: `http://127.0.0.1:${closedPort()}`,
      DETECTOR_SECRET: TEST_DETECTOR_SECRET,
    };
    try {
      for (const env of [refused, garbage.env]) {
        const api = await startApi({ env });
        try {
          const { cookie, key } = await account(api.url, "unreachable@example.com");
          const err = assertRefused(await detect(api.url, key, TEXT), 502);
          assert.equal(err.error, "upstream_unreachable");
          const summary =
            await (await fetch(`${api.url}/api/usage/summary`, { headers: { Cookie: cookie } }))
              .json();
          assert.equal(summary.currentPeriod.units, 0);
        } finally {
          await api.close();
        }
      }
    } finally {
      await garbage.stop();
    }
  });

  await t.step("503 detector_not_configured: DETECTOR_URL without DETECTOR_SECRET", async () => {
    const api = await startApi({ env: { DETECTOR_URL: "http://127.0.0.1:9" } });
    try {
      const { key } = await account(api.url, "unconfigured@example.com");
      assert.equal(
        assertRefused(await detect(api.url, key, TEXT), 503).error,
        "detector_not_configured",
      );
      // A request id served earlier for another request is refused first (README's order: 6, 7).
      const user = (await getUserByEmail(api.kv, "unconfigured@example.com"))!;
      const served: ServedRequest = {
        units: 1,
        servedAt: new Date().toISOString(),
        digest: "another request",
      };
      await api.kv.set(kvKeys.servedRequest(user.id, "served-before"), served);
      assert.deepEqual(
        assertRefused(await detect(api.url, key, TEXT, { "X-Request-Id": "served-before" }), 400),
        { detail: "X-Request-Id was already used for a different request" },
      );
    } finally {
      await api.close();
    }
  });
});

/** A KV whose atomic commits fail whenever they write an audit row: the audit store is down. */
function failingAuditKv(kv: Deno.Kv): Deno.Kv {
  return new Proxy(kv, {
    get(target, prop) {
      if (prop === "atomic") return () => failingAuditOp(target.atomic());
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function failingAuditOp(op: Deno.AtomicOperation): Deno.AtomicOperation {
  let writesAudit = false;
  const proxy: Deno.AtomicOperation = new Proxy(op, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (prop === "set" && (args[0] as Deno.KvKey)[0] === "audit") writesAudit = true;
        if (prop === "commit" && writesAudit) return Promise.reject(new Error("audit store down"));
        const result = value.apply(target, args);
        return result === target ? proxy : result;
      };
    },
  });
  return proxy;
}

Deno.test("detect: 500 usage_audit_unavailable is neither served nor billed", async () => {
  const detector = await startDetector();
  const api = await startApi({ env: detector.env, wrapKv: failingAuditKv });
  try {
    const { cookie, key } = await account(api.url, "audit@example.com");
    const r = await detect(api.url, key, TEXT);
    const err = assertRefused(r, 500);
    assert.equal(err.error, "usage_audit_unavailable");
    assert.equal(err.request_id, r.headers.get("X-Request-Id"));
    assert.equal(DetectResponse.safeParse(r.body).success, false, "no score is served");
    const summary =
      await (await fetch(`${api.url}/api/usage/summary`, { headers: { Cookie: cookie } })).json();
    assert.equal(summary.currentPeriod.units, 0);
    assert.equal(summary.currentPeriod.requests, 0);
  } finally {
    await api.close();
    await detector.stop();
  }
});
