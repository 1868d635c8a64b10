/**
 * One verdict for an answer checked in one call or, when longer than a field, a few: the badge
 * shows the riskiest call, every warning of every call, and how many calls and units the answer
 * took. A call the server could not verify (`no_evidence`) counts towards the risk only when it
 * or one of its claims is flagged anyway: a flag is never hidden. When no call counts, the answer
 * is "not verifiable".
 */
import type { ApiFailure, ApiResult } from "../client.ts";
import type { WebDetectResponse } from "../contract.ts";

export const NO_EVIDENCE = "no_evidence";

export interface Verdict {
  /** The riskiest counted call; with none, the riskiest call (its source-free cues are shown). */
  riskiest: WebDetectResponse;
  notVerifiable: boolean;
  /** Every call's warnings, each once. */
  warnings: string[];
  calls: number;
  /** Units billed by these calls (0 for an answer checked again within 24 hours). */
  units: number;
}

/** Failures that no call of the answer can get past, worst first. */
const FAILURE_ORDER: readonly ApiFailure["kind"][] = [
  "suspended",
  "quota_exceeded",
  "origin_refused",
  "unauthorized",
  "rate_limited",
];

/** Whether a call's score stands: scored against evidence, or flagged (whole or in a claim). */
export function counts(data: WebDetectResponse): boolean {
  return !data.warnings.includes(NO_EVIDENCE) || data.flag ||
    (data.claims ?? []).some((claim) => claim.flag);
}

/** The verdict of all calls, or the failure to show when a call failed. */
export function verdictOf(
  results: readonly ApiResult<WebDetectResponse>[],
): Verdict | ApiFailure {
  const failures = results.filter((r): r is ApiFailure => !r.ok);
  if (failures.length > 0) {
    const rank = (f: ApiFailure) => {
      const i = FAILURE_ORDER.indexOf(f.kind);
      return i < 0 ? FAILURE_ORDER.length : i;
    };
    return failures.reduce((worst, f) => rank(f) < rank(worst) ? f : worst);
  }
  const served = results.filter((r) => r.ok);
  const counted = served.filter((r) => counts(r.data));
  const pool = counted.length > 0 ? counted : served;
  const riskiest = pool.reduce((a, b) => b.data.p_hallucination > a.data.p_hallucination ? b : a);
  return {
    riskiest: riskiest.data,
    notVerifiable: counted.length === 0,
    warnings: [...new Set(served.flatMap((r) => r.data.warnings))],
    calls: served.length,
    units: served.reduce((sum, r) => sum + (r.unitsBilled ?? r.data.detections_billed), 0),
  };
}

export function isVerdict(value: Verdict | ApiFailure): value is Verdict {
  return "riskiest" in value;
}
