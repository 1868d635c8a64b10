/**
 * The metering of one detect call, the route's two calls into usage: `admitDetectCall` before the
 * detector is asked (a retry of a served request id is recognised; a call is refused when no
 * detector is configured, or when it already cannot fit the plan's caps), then `record` once it
 * has answered (units, audit row, rate-window count and request-id marker in one commit,
 * `recordServedCall`).
 *
 * Units are charged only by that record, atomically with the cap check and the rate-limit count,
 * so no other outcome (nor a crash mid-call) ever bills. A retry is recognised by a SHA-256 digest
 * of the request id and the parsed call kept in the request-id marker, never by the text itself.
 */
import type { Context } from "hono";
import { HEADER } from "../../../shared/headers.ts";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { type ApiError, apiError, detailError } from "../../platform/errors.ts";
import { accountSuspended } from "../auth/account_status.ts";
import type { User } from "../auth/users.ts";
import { type Plan, planOf, type PlanTable } from "../usage/plans.ts";
import { rateLimited } from "../usage/rate_limit.ts";
import { countRequest } from "../usage/rate_limits.ts";
import {
  breachOf,
  currentUnits,
  findServedRequest,
  type QuotaBreach,
  quotaBreach,
  recordServedCall,
  type ServedRequest,
  type UnitsUsed,
} from "../usage/usage.ts";
import { type DetectCall, requestDigest } from "./detect_call.ts";
import type { DetectorClient } from "./detector_client.ts";

type MeteringDeps = Pick<AppDeps, "kv" | "config"> & { plans: PlanTable };

/** What the detector's answer adds to the audit row of a served call. */
export interface ServedCall {
  topRegime: string;
  inputMode: DetectCall["inputMode"];
  task: DetectCall["task"];
  latencyMs: number;
}

/** What was billed: the account and plan it was billed to, as last authorised. */
export interface Billed {
  user: User;
  plan: Plan;
  /** `detections_billed`: the call's units, or the earlier call's for a retry. */
  unitsBilled: number;
  /** Units this call added (0 for a retry served again). */
  unitsAdded: number;
  /** Units used this month and day after the call; null when they could not be read. */
  used: UnitsUsed | null;
}

export interface AdmittedCall {
  /** The backend to ask: admitting refuses a call (503) when none is configured. */
  backend: DetectorClient;
  record(served: ServedCall): Promise<Billed>;
}

function quotaExceeded(plan: Plan, breach: QuotaBreach, upgradeUrl: string): ApiError {
  return apiError("quota_exceeded", {
    quota_type: breach.quotaType,
    plan: plan.slug,
    message:
      `${breach.quotaType} quota of ${breach.quotaUnits} units exhausted; upgrade to continue`,
    units_used: breach.unitsUsed,
    quota_units: breach.quotaUnits,
    upgrade_url: upgradeUrl,
  }, {
    [HEADER.plan]: plan.slug,
    [HEADER.quotaType]: breach.quotaType,
    [HEADER.quotaLimit]: String(breach.quotaUnits),
    [HEADER.quotaPeriodUsed]: String(breach.unitsUsed),
  });
}

/** A served request id may only be retried with the same request (its digest). */
function assertSameRequest(served: ServedRequest, digest: string): void {
  if (served.digest !== digest) {
    throw detailError("X-Request-Id was already used for a different request");
  }
}

export async function admitDetectCall(
  { kv, config, plans }: MeteringDeps,
  c: Context<AppEnv>,
  call: DetectCall,
  at: Date,
  backend: DetectorClient | null,
): Promise<AdmittedCall> {
  let user = c.get("user");
  let plan = planOf(plans, user.plan);
  const id = c.get("requestId");
  // A minted id is never sent again: only the caller's own id can name a retry, so only then
  // are the marker and the digest needed.
  const clientRequestId = c.get("clientRequestId") !== undefined;
  const digest = clientRequestId ? requestDigest(id, call) : "";
  let served = clientRequestId ? await findServedRequest(kv, user.id, id, at) : null;
  if (served) assertSameRequest(served, digest);
  if (backend === null) {
    throw apiError("detector_not_configured", {
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

  async function record(result: ServedCall): Promise<Billed> {
    let used: UnitsUsed | null = null;
    if (!served) {
      const recordOnce = (guards?: Deno.AtomicCheck[]) =>
        recordServedCall(kv, {
          row: {
            requestId: id,
            time: at.toISOString(),
            accountId: user.id,
            keyId: c.get("apiKey")?.id ?? null,
            status: 200,
            latencyMs: result.latencyMs,
            units: call.units,
            topRegime: result.topRegime,
            inputMode: result.inputMode,
            task: result.task,
          },
          userId: user.id,
          plan,
          digest,
          now: at,
          clientRequestId,
          guards,
          window: c.get("rateWindow"),
        }).catch(() => {
          throw apiError("usage_audit_unavailable", {
            message: "usage could not be recorded; the request was not served and not billed",
            request_id: id,
          });
        });
      let outcome = await recordOnce(keyAuth?.guards);
      // The key or account changed since the call was authorised: authorise it again.
      while ("stale" in outcome) outcome = await recordOnce(await reauthorise());
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
    return {
      user,
      plan,
      unitsBilled: served ? served.units : call.units,
      unitsAdded: served ? 0 : call.units,
      used,
    };
  }
  return { backend, record };
}
