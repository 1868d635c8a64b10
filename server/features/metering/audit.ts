/**
 * The audit log of detect calls: structured telemetry only (SPEC "zero retention"). A row never
 * holds the prompt, the response or any other caller text.
 */
import type { InputMode, Task } from "../../../shared/regimes.ts";
import { commit, listAll } from "../../platform/kv/kv.ts";
import { kvKeys } from "../../platform/kv/kv_keys.ts";
import { countRequest, type RateWindow } from "./rate_windows.ts";

export interface AuditRow {
  requestId: string;
  /** ISO date-time of the request. */
  time: string;
  /** Account id; null when the caller was not authenticated. */
  accountId: string | null;
  /** API key id of a Bearer call; null for session calls and unauthenticated ones. */
  keyId: string | null;
  status: number;
  latencyMs: number;
  units: number;
  topRegime: string | null;
  inputMode: InputMode | null;
  task: Task | null;
}

/**
 * How long a row is kept: the store deletes it after this (KV `expireIn`, eventually). Usage and
 * billing come from the unit and request counters, which are kept; the rows are telemetry.
 */
export const AUDIT_RETENTION_MS = 90 * 24 * 3_600_000;

/** The KV key of a new row: time-ordered, unique even for rows that share a request id. */
export function newAuditRowKey(row: AuditRow): Deno.KvKey {
  return kvKeys.auditRow(row.time, crypto.randomUUID());
}

/**
 * Writes one row on its own (calls not served), in the same commit as the call's count in its
 * rate window when it was admitted into one; throws when the store refuses it.
 */
export async function writeAuditRow(
  kv: Deno.Kv,
  row: AuditRow,
  window?: RateWindow,
): Promise<void> {
  const key = newAuditRowKey(row);
  const expireIn = AUDIT_RETENTION_MS;
  if (window) return await countRequest(kv, window, [{ kind: "set", key, value: row, expireIn }]);
  const res = await commit(() => kv.atomic().set(key, row, { expireIn }));
  if (!res.ok) throw new Error("audit row not written");
}

/** All rows, oldest first (operators and tests). */
export async function listAuditRows(kv: Deno.Kv): Promise<AuditRow[]> {
  return (await listAll<AuditRow>(kv, { prefix: kvKeys.auditPrefix() })).map((e) => e.value);
}
