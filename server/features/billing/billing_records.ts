/** Overage billed for a paid account and month, as written by the daily billing job. */
import { commit, withLockRetry } from "../../platform/kv/kv.ts";
import { kvKeys } from "../../platform/kv/kv_keys.ts";

export interface BillingRecord {
  month: string;
  /** Units above the included quota, through `billedThrough`. */
  overageUnits: number;
  /** USD, unrounded: overageUnits / 1000 * ratePer1k. */
  charge: number;
  ratePer1k: number;
  /** Last UTC day (`YYYY-MM-DD`) the job counted. */
  billedThrough: string;
}

export async function getBillingRecord(
  kv: Deno.Kv,
  userId: string,
  month: string,
): Promise<BillingRecord | null> {
  return (await withLockRetry(() => kv.get<BillingRecord>(kvKeys.billing(userId, month)))).value;
}

export async function putBillingRecord(
  kv: Deno.Kv,
  userId: string,
  record: BillingRecord,
): Promise<void> {
  const res = await commit(() => kv.atomic().set(kvKeys.billing(userId, record.month), record));
  if (!res.ok) throw new Error("billing record not written");
}
