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
 *   5. body: larger than MAX_BODY_BYTES, bad_json, response_required, input_too_long, other
 *      validation (400)
 *   6. request id already served (24 h) for a different request (400 detail); the same request
 *      is a retry: served again without quota, units or a new audit row
 *   7. detector configured (503)
 *   8. quota (402), a read that refuses early what cannot fit; skipped for a retry
 *   9. backend call (400/401/503 pass-through, 502)
 *  10. usage + audit record (500 usage_audit_unavailable; 402 when concurrent calls used the
 *      quota first; 429 when they filled the rate window first; 401/403 when the key was revoked
 *      or the account suspended since step 2; 400 as at 6 when a concurrent call with the same
 *      request id and a different request was recorded first)
 * Units are charged only by the record at 10, atomically with the cap check and the rate-limit
 * count, so no other outcome (nor a crash mid-call) ever bills. A retry is recognised by a SHA-256 digest of the request id
 * and the parsed call kept in the request-id marker, never by the text itself.
 */
import { type Context, Hono } from "hono";
import type { DetectResponse } from "../../../shared/contract.ts";
import { collapseRegimeScores, type RegimeScore } from "../../../shared/regimes.ts";
import type { AuditRow } from "../usage/audit.ts";
import { countRequest } from "../usage/rate_limits.ts";
import {
  breachOf,
  currentUnits,
  findServedRequest,
  type QuotaBreach,
  quotaBreach,
  recordServedCall,
  type ServedRequest,
  unitsRemaining,
  type UnitsUsed,
} from "../usage/usage.ts";
import { parseDetectBody, requestDigest } from "./request_digest.ts";
import { detectWarnings } from "./warnings.ts";
import { type BackendScore, createDetectorClient } from "./detector_client.ts";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { ApiError, validationDetail } from "../../platform/errors.ts";
import { accountStatus, accountSuspended } from "../auth/account_status.ts";
import type { KeyAccounts } from "../keys/key_accounts.ts";
import { allowedOrigin } from "../../platform/middleware/allowed_origin.ts";
import { bearerAuth } from "../keys/bearer_auth.ts";
import { bodyLimit } from "../../platform/middleware/body_limit.ts";
import { detectAudit } from "./detect_audit.ts";
import { jsonOnly } from "../../platform/middleware/json_only.ts";
import { rateLimit, rateLimited } from "../usage/rate_limit.ts";
import { requestId } from "../../platform/middleware/request_id.ts";
import { sessionAuth } from "../../platform/middleware/session_auth.ts";
import { monthOf } from "../../platform/periods.ts";
import { type Plan, planOf, type PlanTable } from "../usage/plans.ts";

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
    tooLarge: () => validationDetail(`request body exceeds ${MAX_BODY_BYTES} bytes`),
  });

function quotaExceeded(
  plan: Plan,
  breach: QuotaBreach,
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

/** A served request id may only be retried with the same request (its digest). */
function assertSameRequest(served: ServedRequest, digest: string): void {
  if (served.digest !== digest) {
    throw validationDetail("X-Request-Id was already used for a different request");
  }
}

/**
 * The public breakdown: every score the backend gave collapsed into public regimes, then the
 * `topK` highest. The backend is asked for all its scores, so that a backend emitting the seven
 * raw classes cannot leave part of `Other` out of the sum or return fewer than `topK` regimes.
 */
function publicRegimeScores(score: BackendScore, topK: number): RegimeScore[] {
  return collapseRegimeScores(score.regime_scores).slice(0, topK);
}

export function detectRoutes(
  deps: AppDeps,
  plans: PlanTable,
  keyAccounts: KeyAccounts,
): Hono<AppEnv> {
  const { config, kv, now } = deps;
  const detector = createDetectorClient(config);
  const app = new Hono<AppEnv>();

  async function serveDetect(c: Context<AppEnv>) {
    const started = performance.now();
    const call = parseDetectBody(await c.req.text());
    c.set("detectCall", { task: call.task, inputMode: call.inputMode });
    let user = c.get("user");
    let plan = planOf(plans, user.plan);
    const id = c.get("requestId");
    // A minted id is never sent again: only the caller's own id can name a retry, so only then
    // are the marker and the digest needed.
    const clientRequestId = c.get("clientRequestId") !== undefined;
    const at = now();
    const digest = clientRequestId ? requestDigest(id, call) : "";
    let served = clientRequestId ? await findServedRequest(kv, user.id, id, at) : null;
    if (served) assertSameRequest(served, digest);
    if (!detector) {
      throw new ApiError(503, {
        error: "detector_not_configured",
        message: "the inference backend address or secret is not configured",
      });
    }

    const keyAuth = c.get("keyAuth");
    /** Authorises the call again from the store, for a decision the cached account must not make. */
    const reauthorise = async () => {
      const guards = await keyAuth.reload();
      user = c.get("user");
      if (user.status === "suspended") throw accountSuspended(user, config.appealUrl, id);
      plan = planOf(plans, user.plan);
      return guards;
    };
    if (!served) {
      let breach = breachOf(plan, c.get("unitsUsed"), call.units);
      if (breach && keyAuth) {
        await reauthorise();
        breach = await quotaBreach(kv, { userId: user.id, plan, units: call.units, now: at });
      }
      if (breach) throw quotaExceeded(plan, breach, config.upgradeUrl);
    }

    const score = await detector.score({
      response: call.response,
      prompt: call.prompt,
      task: call.task,
      input_mode: call.inputMode,
      top_k_regimes: MAX_TOP_K,
    });
    const regimeScores = publicRegimeScores(score, call.topK);
    // SPEC: the highest-probability regime of regime_scores (after the collapse into Other).
    const topRegime = regimeScores[0].regime;
    let used: UnitsUsed | null = null;
    if (!served) {
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
      const record = (guards?: Deno.AtomicCheck[]) =>
        recordServedCall(kv, {
          row,
          userId: user.id,
          plan,
          digest,
          now: at,
          clientRequestId,
          guards,
          window: c.get("rateWindow"),
        })
          .catch(() => {
            throw new ApiError(500, {
              error: "usage_audit_unavailable",
              message: "usage could not be recorded; the request was not served and not billed",
              request_id: id,
            });
          });
      let outcome = await record(keyAuth?.guards);
      // The key or account changed since the call was authorised: authorise it again.
      while ("stale" in outcome) outcome = await record(await reauthorise());
      if ("breach" in outcome) throw quotaExceeded(plan, outcome.breach, config.upgradeUrl);
      if ("rateLimited" in outcome) {
        const { perMinute, retryAfterSeconds } = c.get("rateWindow");
        throw rateLimited(perMinute, retryAfterSeconds, id);
      }
      if ("earlier" in outcome) {
        assertSameRequest(outcome.earlier, digest);
        served = outcome.earlier;
      } else {
        used = outcome.used;
      }
    }
    // A retry served again records nothing, but still counts against the rate limit.
    if (served) await countRequest(kv, c.get("rateWindow"));
    used ??= await currentUnits(kv, user.id, at).catch(() => null);
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
        unitsAdded: served ? 0 : call.units,
        subscriptionStatus: user.subscriptionStatus,
        calibratorVersion: score.calibrator_version,
        detectorWarnings: score.warnings,
      }),
    };
    c.header("X-Units-Billed", String(unitsBilled));
    c.header("X-Detections-Billed", String(unitsBilled));
    c.header("X-Quota-Period", monthOf(at));
    if (used) c.header("X-Quota-Remaining", String(unitsRemaining(plan, used)));
    return c.json(body, 200);
  }

  app.post(
    "/api/detect",
    detectAudit({ kv, now }),
    requestId(),
    bearerAuth({ keyAccounts, now, realm: BEARER_REALM }),
    accountStatus({ appealUrl: config.appealUrl }),
    rateLimit({ kv, now, plans }),
    detectBodyLimit(),
    serveDetect,
  );
  app.post(
    "/api/web/detect",
    detectAudit({ kv, now }),
    requestId(),
    sessionAuth({ kv, now }),
    allowedOrigin({ config }),
    jsonOnly(),
    accountStatus({ appealUrl: config.appealUrl }),
    rateLimit({ kv, now, plans }),
    detectBodyLimit(),
    serveDetect,
  );
  return app;
}
