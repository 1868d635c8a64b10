/**
 * The metering of one detect call, in the steps its route takes in order: `findRetry` (a served
 * request id is recognised: the same request is a retry, another request is refused), `admit`
 * (a call that already cannot fit the plan's caps is refused before the detector is asked), and
 * `record` once the detector has answered (units, audit row, rate-window count and request-id
 * marker in one commit: the ledger's `recordServedCall`).
 *
 * Units are charged only by that record, atomically with the cap check and the rate-limit count,
 * so no other outcome (nor a crash mid-call) ever bills. A retry is recognised by a SHA-256 digest
 * of the request id and the parsed call kept in the request-id marker, never by the text itself.
 * Every step is a function of its inputs: the caller is passed in, and a caller authorised again
 * from the store is returned, never stored anywhere.
 */
import { HEADER } from "../../../shared/headers.ts";
import type { InputMode, Task } from "../../../shared/regimes.ts";
import type { AppDeps } from "../../platform/env.ts";
import { type ApiError, apiError, detailError } from "../../platform/errors.ts";
import { isStoreUnavailable, storeUnavailable } from "../../platform/kv/kv.ts";
import { accountSuspended } from "../auth/account_status.ts";
import type { Caller, KeyCaller } from "../auth/caller.ts";
import type { Plan } from "../billing/plans.ts";
import { breachOf, currentUnits, type QuotaBreach, type UnitsUsed } from "./counters.ts";
import { findServedRequest, recordServedCall, type ServedRequest } from "./ledger.ts";
import { type CallCounters, rateLimited } from "./rate_limit.ts";
import { countRequest } from "./rate_windows.ts";

type MeteringDeps = Pick<AppDeps, "kv" | "config">;

/** One detect call as metering sees it: who pays, how much, and how to tell a retry. */
export interface MeteredCall {
  caller: Caller;
  units: number;
  requestId: string;
  /**
   * `requestDigest` of the call when the caller sent its own X-Request-Id; null for a minted id,
   * which is never sent again, so it needs no marker.
   */
  digest: string | null;
  at: Date;
  counters: CallCounters;
}

/** What the detector's answer adds to the audit row of a served call. */
export interface ServedCall {
  topRegime: string;
  inputMode: InputMode;
  task: Task;
  latencyMs: number;
}

/** What was billed: the account and plan it was billed to, as last authorised. */
export interface Billed {
  caller: Caller;
  /** `detections_billed`: the call's units, or the earlier call's for a retry. */
  unitsBilled: number;
  /** Units this call added (0 for a retry served again). */
  unitsAdded: number;
  /** Units used this month and day after the call; null when they could not be read. */
  used: UnitsUsed | null;
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
function assertSameRequest(served: ServedRequest, digest: string | null): void {
  if (served.digest !== digest) {
    throw detailError("X-Request-Id was already used for a different request");
  }
}

/** The earlier served call this one retries, or null; 400 when the id named another request. */
export async function findRetry(
  { kv }: Pick<MeteringDeps, "kv">,
  call: MeteredCall,
): Promise<ServedRequest | null> {
  if (call.digest === null) return null;
  const served = await findServedRequest(kv, call.caller.user.id, call.requestId, call.at);
  if (served) assertSameRequest(served, call.digest);
  return served;
}

/** A Bearer caller authorised again from the store; 403 when its account was suspended since. */
async function reauthorised(caller: KeyCaller, appealUrl: string, requestId: string) {
  const fresh = await caller.reauthorise();
  if (fresh.user.status === "suspended") throw accountSuspended(fresh.user, appealUrl, requestId);
  return fresh;
}

/**
 * The caller a new call is admitted for: refused (402) when its units would cross a hard cap by
 * the units read with its rate window. A Bearer caller's refusal is decided again on fresh reads,
 * since its account may come from the key cache.
 */
export async function admit({ kv, config }: MeteringDeps, call: MeteredCall): Promise<Caller> {
  let caller = call.caller;
  let breach = breachOf(caller.plan, call.counters.unitsUsed, call.units);
  if (breach && caller.kind === "key") {
    caller = await reauthorised(caller, config.appealUrl, call.requestId);
    const used = await currentUnits(kv, caller.user.id, call.at);
    breach = breachOf(caller.plan, used, call.units);
  }
  if (breach) throw quotaExceeded(caller.plan, breach, config.upgradeUrl);
  return caller;
}

/**
 * Records a served call: a new call in the ledger (authorised again while its key or account
 * changed since; 402 when concurrent calls used the quota first, 429 when they filled the rate
 * window first, 400 when a concurrent call with the same id and another request was recorded
 * first), a retry (`retry`, or one recorded meanwhile) counted in the rate window only.
 */
export async function record(
  { kv, config }: MeteringDeps,
  call: MeteredCall & { retry: ServedRequest | null },
  served: ServedCall,
): Promise<Billed> {
  let { caller, retry } = call;
  let used: UnitsUsed | null = null;
  if (!retry) {
    const recordOnce = (current: Caller) =>
      recordServedCall(kv, {
        row: {
          requestId: call.requestId,
          time: call.at.toISOString(),
          accountId: current.user.id,
          keyId: current.kind === "key" ? current.keyId : null,
          status: 200,
          latencyMs: served.latencyMs,
          units: call.units,
          topRegime: served.topRegime,
          inputMode: served.inputMode,
          task: served.task,
        },
        userId: current.user.id,
        plan: current.plan,
        digest: call.digest,
        now: call.at,
        guards: current.kind === "key" ? current.guards : [],
        window: call.counters.window,
      }).catch((err) => {
        // The store did not answer: the record may still land, so only a retry with this
        // X-Request-Id (a served id is recognised) is sure to be billed at most once.
        if (isStoreUnavailable(err)) {
          throw storeUnavailable({
            message: "the store did not confirm the record; retry with the same X-Request-Id",
            request_id: call.requestId,
          });
        }
        throw apiError("usage_audit_unavailable", {
          message: "usage could not be recorded; the request was not served and not billed",
          request_id: call.requestId,
        });
      });
    let outcome = await recordOnce(caller);
    // The key or account changed since the call was authorised: authorise it again.
    while ("stale" in outcome) {
      if (caller.kind !== "key") throw new Error("only a key caller has guards that go stale");
      caller = await reauthorised(caller, config.appealUrl, call.requestId);
      outcome = await recordOnce(caller);
    }
    if ("breach" in outcome) throw quotaExceeded(caller.plan, outcome.breach, config.upgradeUrl);
    if ("rateLimited" in outcome) {
      const { perMinute, retryAfterSeconds } = call.counters.window;
      throw rateLimited(perMinute, retryAfterSeconds, call.requestId);
    }
    if ("earlier" in outcome) {
      assertSameRequest(outcome.earlier, call.digest);
      retry = outcome.earlier;
    } else {
      used = outcome.used;
    }
  }
  // A retry served again records nothing, but still counts against the rate limit.
  if (retry) await countRequest(kv, call.counters.window);
  used ??= await currentUnits(kv, caller.user.id, call.at).catch(() => null);
  return {
    caller,
    unitsBilled: retry ? retry.units : call.units,
    unitsAdded: retry ? 0 : call.units,
    used,
  };
}
