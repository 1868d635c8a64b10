/**
 * The audit row of every detect call that does not end in HTTP 200 (a served call is recorded by
 * its metering, atomically with its usage), committed with the call's count in its rate window
 * when it was admitted into one. A row that cannot be written is logged, never allowed to change
 * the answer of a call that was already refused. It runs first, so it reads whatever the
 * middleware after it got to set before the call ended.
 */
import { createMiddleware } from "hono/factory";
import type { InputMode, Task } from "../../../shared/regimes.ts";
import { writeAuditRow } from "../metering/audit.ts";
import type { AppDeps } from "../../platform/env.ts";
import type { Caller } from "../auth/caller.ts";
import type { CallCounters } from "../metering/rate_limit.ts";

/** Task and input mode of a detect call once its body is parsed (for its audit row). */
export type DetectCallEnv = { Variables: { detectCall?: { task: Task; inputMode: InputMode } } };

/** The request id (set first, by `requestId()`), then each set by a later step, if the call got that far. */
type AuditedEnv = {
  Variables:
    & { requestId: string }
    & Partial<{ caller: Caller; counters: CallCounters }>
    & DetectCallEnv["Variables"];
};

export function detectAudit({ kv, now }: Pick<AppDeps, "kv" | "now">) {
  return createMiddleware<AuditedEnv>(async function detectAuditMiddleware(c, next) {
    const started = performance.now();
    const time = now().toISOString();
    await next();
    if (c.res.status === 200) return;
    const caller = c.get("caller");
    const call = c.get("detectCall");
    try {
      await writeAuditRow(kv, {
        requestId: c.get("requestId"),
        time,
        accountId: caller?.user.id ?? null,
        keyId: caller?.kind === "key" ? caller.keyId : null,
        status: c.res.status,
        latencyMs: Math.round(performance.now() - started),
        units: 0,
        topRegime: null,
        inputMode: call?.inputMode ?? null,
        task: call?.task ?? null,
      }, c.get("counters")?.window);
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
