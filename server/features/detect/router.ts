/**
 * `POST /api/detect` (Bearer API key) and `POST /api/web/detect` (dashboard session, JSON only):
 * one contract. Each route's middleware authenticates its caller (key or session), its handler
 * parses the body and hands the typed caller and call to `serveDetectCall` (pipeline.ts), which
 * takes no Hono context. Errors are rendered here, with the zero `detections_billed` of every
 * non-200, and audited (detectAudit, outermost).
 *
 * Order of checks (each failure answers at once, nothing later runs):
 *   1. X-Request-Id valid (400 detail)
 *   2. authentication (401)
 *   3. account not suspended (403)
 *   4. rate limit of the plan (429; every authenticated call counts, even a bad one)
 *   5. body, read by jsonBody within MAX_BODY_BYTES: larger, bad_json, response_required,
 *      input_too_long, other validation (400)
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
import { HEADER } from "../../../shared/headers.ts";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { detailError, renderError } from "../../platform/errors.ts";
import { allowedOrigin } from "../../platform/middleware/allowed_origin.ts";
import { jsonOnly } from "../../platform/middleware/json_only.ts";
import { requestId, type RequestIdEnv } from "../../platform/middleware/request_id.ts";
import { createRouter, jsonBody } from "../../platform/validation_hook.ts";
import { accountStatus } from "../auth/account_status.ts";
import type { CallerEnv } from "../auth/caller.ts";
import { sessionAuth } from "../auth/session_auth.ts";
import type { PlanTable } from "../billing/plans.ts";
import { bearerAuth } from "../keys/bearer_auth.ts";
import type { KeyAccounts } from "../keys/key_accounts.ts";
import { type CountersEnv, rateLimit } from "../metering/rate_limit.ts";
import { type DetectBodyInput, detectCallOf, refuseDetectBody } from "./detect_call.ts";
import { detectAudit, type DetectCallEnv } from "./detect_audit.ts";
import { createDetectorClient } from "./detector_client.ts";
import { type DetectPipelineDeps, serveDetectCall } from "./pipeline.ts";
import { bearerDetectRoute, sessionDetectRoute } from "./routes.ts";

export const BEARER_REALM = "api";

/**
 * Bodies are read whole, so their size is bounded: the largest valid request (2 x 2,048 code
 * points, each escaped as `\uXXXX\uXXXX`) is under 50 KiB; this leaves room for any formatting.
 */
export const MAX_BODY_BYTES = 256 * 1024;

/** What both routes' middleware give their handler (the caller is a key's or a session's). */
type DetectEnv = RequestIdEnv & CallerEnv & CountersEnv & DetectCallEnv;

export function detectRouter(
  deps: AppDeps,
  plans: PlanTable,
  keyAccounts: KeyAccounts,
): OpenAPIHono<AppEnv> {
  const { config, kv, now } = deps;
  const pipeline: DetectPipelineDeps = { kv, config, detector: createDetectorClient(config) };
  const app = createRouter(refuseDetectBody);
  const body = () =>
    jsonBody({
      maxBytes: MAX_BODY_BYTES,
      tooLarge: () => detailError(`request body exceeds ${MAX_BODY_BYTES} bytes`),
      timeoutMs: config.connections.bodyTimeoutMs,
    });
  // Every refusal of a detect call bills nothing, and says so in its headers and body.
  app.onError((err, c) => {
    c.header(HEADER.unitsBilled, "0");
    c.header(HEADER.detectionsBilled, "0");
    return renderError(c, err, { detections_billed: 0 });
  });

  /**
   * The handler of both routes: the validated call, then the pipeline with its route's caller;
   * `claims` for the session route, whose answer carries each claim's risk.
   */
  const serveDetect =
    (claims: boolean) => async <E extends DetectEnv>(c: Context<E, string, DetectBodyInput>) => {
      const started = performance.now();
      const at = now();
      const call = detectCallOf(c.req.valid("json"), { claims });
      c.set("detectCall", { task: call.task, inputMode: call.inputMode });
      const { body, headers } = await serveDetectCall(pipeline, {
        caller: c.var.caller,
        counters: c.var.counters,
        call,
        requestId: c.var.requestId,
        clientRequestId: c.var.clientRequestId !== undefined,
        at,
        started,
      });
      for (const [name, value] of Object.entries(headers)) c.header(name, value);
      return c.json(body, 200);
    };

  app.openapi({
    ...bearerDetectRoute,
    middleware: [
      detectAudit({ kv, now }),
      requestId(),
      bearerAuth({ keyAccounts, plans, now, realm: BEARER_REALM }),
      accountStatus({ appealUrl: config.appealUrl }),
      rateLimit({ kv, now }),
      body(),
    ] as const,
  }, serveDetect(false));
  app.openapi({
    ...sessionDetectRoute,
    middleware: [
      detectAudit({ kv, now }),
      requestId(),
      sessionAuth({ kv, now, plans }),
      allowedOrigin({ config }),
      jsonOnly(),
      accountStatus({ appealUrl: config.appealUrl }),
      rateLimit({ kv, now }),
      body(),
    ] as const,
  }, serveDetect(true));
  return app;
}
