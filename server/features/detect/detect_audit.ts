/**
 * The audit row of every detect call that does not end in HTTP 200 (a served call is recorded by
 * its metering, atomically with its usage), committed with the call's count in its rate window
 * when it was admitted into one. A row that cannot be written is logged, never allowed to change
 * the answer of a call that was already refused.
 */
import { createMiddleware } from "hono/factory";
import { writeAuditRow } from "../usage/audit.ts";
import type { AppDeps, AppEnv } from "../../platform/env.ts";

export function detectAudit({ kv, now }: Pick<AppDeps, "kv" | "now">) {
  return createMiddleware<AppEnv>(async function detectAuditMiddleware(c, next) {
    const started = performance.now();
    const time = now().toISOString();
    await next();
    if (c.res.status === 200) return;
    const call = c.get("detectCall");
    try {
      await writeAuditRow(kv, {
        requestId: c.get("requestId"),
        time,
        accountId: c.get("user")?.id ?? null,
        keyId: c.get("apiKey")?.id ?? null,
        status: c.res.status,
        latencyMs: Math.round(performance.now() - started),
        units: 0,
        topRegime: null,
        inputMode: call?.inputMode ?? null,
        task: call?.task ?? null,
      }, c.get("rateWindow"));
    } catch (err) {
      console.error(JSON.stringify({
        event: "audit_write_failed",
        request_id: c.get("requestId"),
        status: c.res.status,
        error: err instanceof Error ? err.name : "unknown",
      }));
    }
  });
}
