/**
 * `POST /api/detect` (Bearer API key) and `POST /api/web/detect` (dashboard session, JSON only):
 * one contract, one handler.
 *
 * Every outcome other than 200 is audited and carries zero units (detectAudit, outermost).
 * Order of checks (each failure answers at once, nothing later runs):
 *   1. X-Request-Id valid (400 detail)
 *   2. authentication (401)
 *   3. account not suspended (403)
 *   4. rate limit of the plan (429; every authenticated call counts, even a bad one)
 *   5. body: bad_json, response_required, input_too_long, other validation (400)
 *   6. detector configured (503)
 *   7. quota reservation (402), skipped for an already served request id
 *   8. backend call (400/401/503 pass-through, 502)
 *   9. usage + audit record (500 usage_audit_unavailable)
 * Units are reserved at 7 and released on every outcome other than a recorded 200.
 */
import { type Context, Hono } from "hono";
import type { DetectResponse } from "../../shared/contract.ts";
import {
  collapseRegimeScores,
  RAW_REGIMES,
  type RawRegime,
  toPublicRegime,
} from "../../shared/regimes.ts";
import type { AuditRow } from "../data/audit.ts";
import {
  currentUnits,
  findServedRequest,
  type QuotaType,
  recordServedCall,
  releaseUnits,
  type Reservation,
  reserveUnits,
} from "../data/usage.ts";
import { parseDetectBody } from "../detect_request.ts";
import { detectWarnings } from "../detect_warnings.ts";
import { type BackendScore, createDetectorClient } from "../detector_client.ts";
import type { AppDeps, AppEnv } from "../env.ts";
import { ApiError } from "../errors.ts";
import { accountStatus } from "../middleware/account_status.ts";
import { bearerAuth } from "../middleware/bearer_auth.ts";
import { detectAudit } from "../middleware/detect_audit.ts";
import { jsonOnly } from "../middleware/json_only.ts";
import { rateLimit } from "../middleware/rate_limit.ts";
import { requestId } from "../middleware/request_id.ts";
import { sessionAuth } from "../middleware/session_auth.ts";
import { monthOf } from "../periods.ts";
import { type Plan, planOf, type PlanTable } from "../plans.ts";

export const BEARER_REALM = "api";

function quotaExceeded(
  plan: Plan,
  breach: { quotaType: QuotaType; unitsUsed: number; quotaUnits: number },
  upgradeUrl: string,
): ApiError {
  return new ApiError(402, {
    error: "quota_exceeded",
    quota_type: breach.quotaType,
    plan: plan.slug,
    message:
      `${breach.quotaType} quota of ${breach.quotaUnits} units exhausted; upgrade to continue`,
    units_used: breach.unitsUsed,
    quota_units: breach.quotaUnits,
    upgrade_url: upgradeUrl,
  }, {
    "X-Plan": plan.slug,
    "X-Quota-Type": breach.quotaType,
    "X-Quota-Limit": String(breach.quotaUnits),
    "X-Quota-Period-Used": String(breach.unitsUsed),
  });
}

/** Units the plan can still serve: the monthly quota, bounded by a daily hard cap. */
function unitsRemaining(plan: Plan, used: { month: number; day: number }): number {
  const monthly = plan.monthly - used.month;
  const daily = !plan.overage && plan.daily !== null ? plan.daily - used.day : Infinity;
  return Math.max(0, Math.min(monthly, daily));
}

function publicTopRegime(score: BackendScore): string {
  const raw = (RAW_REGIMES as readonly string[]).includes(score.top_regime);
  return raw ? toPublicRegime(score.top_regime as RawRegime) : score.top_regime;
}

export function detectRoutes(deps: AppDeps, plans: PlanTable): Hono<AppEnv> {
  const { config, kv, now } = deps;
  const detector = createDetectorClient(config);
  const app = new Hono<AppEnv>();

  async function serveDetect(c: Context<AppEnv>) {
    const started = performance.now();
    const call = parseDetectBody(await c.req.text());
    c.set("detectCall", { task: call.task, inputMode: call.inputMode });
    if (!detector) {
      throw new ApiError(503, {
        error: "detector_not_configured",
        message: "the inference backend address or secret is not configured",
      });
    }
    const user = c.get("user");
    const plan = planOf(plans, user.plan);
    const id = c.get("requestId");
    const at = now();

    const served = await findServedRequest(kv, user.id, id, at);
    let reservation: Reservation | null = null;
    let used: { month: number; day: number } | null = null;
    if (!served) {
      const reserved = await reserveUnits(kv, {
        userId: user.id,
        plan,
        units: call.units,
        now: at,
      });
      if (!reserved.ok) throw quotaExceeded(plan, reserved, config.upgradeUrl);
      reservation = reserved.reservation;
      used = { month: reserved.monthUnits, day: reserved.dayUnits };
    }

    let recorded = false;
    try {
      const score = await detector.score({
        response: call.response,
        prompt: call.prompt,
        task: call.task,
        input_mode: call.inputMode,
        top_k_regimes: call.topK,
      });
      const regimeScores = collapseRegimeScores(score.regime_scores);
      const topRegime = publicTopRegime(score);
      if (reservation) {
        const row: AuditRow = {
          requestId: id,
          time: at.toISOString(),
          accountId: user.id,
          keyId: c.get("apiKey")?.id ?? null,
          status: 200,
          latencyMs: Math.round(performance.now() - started),
          units: call.units,
          topRegime,
          inputMode: score.input_mode_used,
          task: score.task_used,
        };
        try {
          recorded = await recordServedCall(kv, { row, reservation, now: at }) === "recorded";
        } catch {
          throw new ApiError(500, {
            error: "usage_audit_unavailable",
            message: "usage could not be recorded; the request was not served and not billed",
            request_id: id,
          });
        }
      }
      if (!used) {
        used = await currentUnits(kv, user.id, at).catch(() => null);
      }
      const unitsBilled = served ? served.units : call.units;
      const body: DetectResponse = {
        p_hallucination: score.p_hallucination,
        flag: score.flag,
        top_regime: topRegime,
        regime_scores: regimeScores,
        request_id: id,
        detections_billed: unitsBilled,
        mode: "short",
        latency_ms: Math.round(score.latency_ms),
        model_version: score.model_version,
        calibrator_version: score.calibrator_version,
        input_mode_used: score.input_mode_used,
        task_used: score.task_used,
        warnings: detectWarnings({
          plan,
          monthUnits: used?.month ?? 0,
          unitsAdded: recorded ? call.units : 0,
          subscriptionStatus: user.subscriptionStatus,
          calibratorVersion: score.calibrator_version,
        }),
      };
      c.header("X-Units-Billed", String(unitsBilled));
      c.header("X-Detections-Billed", String(unitsBilled));
      c.header("X-Quota-Period", monthOf(at));
      if (used) c.header("X-Quota-Remaining", String(unitsRemaining(plan, used)));
      return c.json(body, 200);
    } finally {
      if (reservation && !recorded) await releaseUnits(kv, reservation);
    }
  }

  app.post(
    "/api/detect",
    detectAudit({ kv, now }),
    requestId(),
    bearerAuth({ kv, now, realm: BEARER_REALM }),
    accountStatus({ appealUrl: config.appealUrl }),
    rateLimit({ kv, now, plans }),
    serveDetect,
  );
  app.post(
    "/api/web/detect",
    detectAudit({ kv, now }),
    requestId(),
    sessionAuth({ kv, now }),
    jsonOnly(),
    accountStatus({ appealUrl: config.appealUrl }),
    rateLimit({ kv, now, plans }),
    serveDetect,
  );
  return app;
}
