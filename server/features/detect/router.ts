/**
 * `POST /api/detect` (Bearer API key) and `POST /api/web/detect` (dashboard session, JSON only):
 * one contract, one handler. Its errors are rendered here, with the zero `detections_billed` of
 * every non-200, and audited (detectAudit, outermost).
 *
 * Order of checks (each failure answers at once, nothing later runs):
 *   1. X-Request-Id valid (400 detail)
 *   2. authentication (401)
 *   3. account not suspended (403)
 *   4. rate limit of the plan (429; every authenticated call counts, even a bad one)
 *   5. body: larger than MAX_BODY_BYTES, bad_json, response_required, input_too_long, other
 *      validation (400)
 *   6. metering, admit: the request id already served (24 h) for a different request (400
 *      detail; the same request is a retry: served again without quota, units or a new audit
 *      row), then the detector configured (503), then the quota (402), a read that refuses early
 *      what cannot fit; skipped for a retry
 *   7. backend call (400/401/503 pass-through, 502)
 *   8. metering, record: usage + audit (500 usage_audit_unavailable; 402 when concurrent calls
 *      used the quota first; 429 when they filled the rate window first; 401/403 when the key
 *      was revoked or the account suspended since step 2; 400 as at 6 when a concurrent call with
 *      the same request id and a different request was recorded first)
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { DetectResponse } from "../../../shared/contract.ts";
import { HEADER } from "../../../shared/headers.ts";
import {
  collapseRegimeScores,
  type InputMode,
  type RegimeScore,
  type Task,
} from "../../../shared/regimes.ts";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { detailError, renderError } from "../../platform/errors.ts";
import { allowedOrigin } from "../../platform/middleware/allowed_origin.ts";
import { bodyLimit } from "../../platform/middleware/body_limit.ts";
import { jsonOnly } from "../../platform/middleware/json_only.ts";
import { requestId } from "../../platform/middleware/request_id.ts";
import { createRouter, jsonBody, refuseDetectBody } from "../../platform/validation_hook.ts";
import { sessionAuth } from "../auth/session_auth.ts";
import { monthOf } from "../../platform/periods.ts";
import { accountStatus } from "../auth/account_status.ts";
import { bearerAuth } from "../keys/bearer_auth.ts";
import type { KeyAccounts } from "../keys/key_accounts.ts";
import type { PlanTable } from "../usage/plans.ts";
import { rateLimit } from "../usage/rate_limit.ts";
import { unitsRemaining } from "../usage/usage.ts";
import { type DetectBodyInput, detectCallOf } from "./detect_call.ts";
import { detectAudit } from "./detect_audit.ts";
import { type BackendScore, createDetectorClient } from "./detector_client.ts";
import { admitDetectCall } from "./metering.ts";
import { bearerDetectRoute, sessionDetectRoute } from "./routes.ts";
import { detectWarnings } from "./warnings.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** Task and input mode of a detect call once its body is parsed (for its audit row). */
    detectCall: { task: Task; inputMode: InputMode };
  }
}

export const BEARER_REALM = "api";

/** The largest `top_k_regimes` of the contract: what the backend is asked for. */
const MAX_TOP_K = 10;

/**
 * Bodies are read whole, so their size is bounded: the largest valid request (2 x 2,048 code
 * points, each escaped as `\uXXXX\uXXXX`) is under 50 KiB; this leaves room for any formatting.
 */
export const MAX_BODY_BYTES = 256 * 1024;

const detectBodyLimit = () =>
  bodyLimit({
    maxBytes: MAX_BODY_BYTES,
    tooLarge: () => detailError(`request body exceeds ${MAX_BODY_BYTES} bytes`),
  });

/**
 * The public breakdown: every score the backend gave collapsed into public regimes, then the
 * `topK` highest. The backend is asked for all its scores, so that a backend emitting the seven
 * raw classes cannot leave part of `Other` out of the sum or return fewer than `topK` regimes.
 */
function publicRegimeScores(score: BackendScore, topK: number): RegimeScore[] {
  return collapseRegimeScores(score.regime_scores).slice(0, topK);
}

export function detectRouter(
  deps: AppDeps,
  plans: PlanTable,
  keyAccounts: KeyAccounts,
): OpenAPIHono<AppEnv> {
  const { config, kv, now } = deps;
  const detector = createDetectorClient(config);
  const app = createRouter(refuseDetectBody);
  // Every refusal of a detect call bills nothing, and says so in its headers and body.
  app.onError((err, c) => {
    c.header(HEADER.unitsBilled, "0");
    c.header(HEADER.detectionsBilled, "0");
    return renderError(c, err, { detections_billed: 0 });
  });

  const serveDetect = async (c: Context<AppEnv, string, DetectBodyInput>) => {
    const started = performance.now();
    const at = now();
    const call = detectCallOf(c.req.valid("json"));
    c.set("detectCall", { task: call.task, inputMode: call.inputMode });
    const admitted = await admitDetectCall({ kv, config, plans }, c, call, at, detector);
    const score = await admitted.backend.score({
      response: call.response,
      prompt: call.prompt,
      task: call.task,
      input_mode: call.inputMode,
      top_k_regimes: MAX_TOP_K,
    });
    const regimeScores = publicRegimeScores(score, call.topK);
    // SPEC: the highest-probability regime of regime_scores (after the collapse into Other).
    const topRegime = regimeScores[0].regime;
    const billed = await admitted.record({
      topRegime,
      inputMode: score.input_mode_used,
      task: score.task_used,
      latencyMs: Math.round(performance.now() - started),
    });

    const body: DetectResponse = {
      p_hallucination: score.p_hallucination,
      flag: score.flag,
      top_regime: topRegime,
      regime_scores: regimeScores,
      request_id: c.get("requestId"),
      detections_billed: billed.unitsBilled,
      mode: "short",
      latency_ms: Math.round(score.latency_ms),
      model_version: score.model_version,
      calibrator_version: score.calibrator_version,
      input_mode_used: score.input_mode_used,
      task_used: score.task_used,
      warnings: detectWarnings({
        plan: billed.plan,
        monthUnits: billed.used?.month ?? 0,
        unitsAdded: billed.unitsAdded,
        subscriptionStatus: billed.user.subscriptionStatus,
        calibratorVersion: score.calibrator_version,
        detectorWarnings: score.warnings,
      }),
    };
    c.header(HEADER.unitsBilled, String(billed.unitsBilled));
    c.header(HEADER.detectionsBilled, String(billed.unitsBilled));
    c.header(HEADER.quotaPeriod, monthOf(at));
    if (billed.used) {
      c.header(HEADER.quotaRemaining, String(unitsRemaining(billed.plan, billed.used)));
    }
    return c.json(body, 200);
  };

  app.openapi({
    ...bearerDetectRoute,
    middleware: [
      detectAudit({ kv, now }),
      requestId(),
      bearerAuth({ keyAccounts, now, realm: BEARER_REALM }),
      accountStatus({ appealUrl: config.appealUrl }),
      rateLimit({ kv, now, plans }),
      detectBodyLimit(),
      jsonBody(),
    ],
  }, serveDetect);
  app.openapi({
    ...sessionDetectRoute,
    middleware: [
      detectAudit({ kv, now }),
      requestId(),
      sessionAuth({ kv, now }),
      allowedOrigin({ config }),
      jsonOnly(),
      accountStatus({ appealUrl: config.appealUrl }),
      rateLimit({ kv, now, plans }),
      detectBodyLimit(),
      jsonBody(),
    ],
  }, serveDetect);
  return app;
}
