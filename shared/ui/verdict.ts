/**
 * One verdict for an answer checked in parts: the badge shows the riskiest part, every warning
 * of every part, and how many calls and units the answer took. Parts the server could not verify
 * (`no_evidence`) take no part in the risk; when none could, the answer is "not verifiable".
 */
import type { ApiFailure, ApiResult } from "../client.ts";
import type { DetectResponse } from "../contract.ts";

export const NO_EVIDENCE = "no_evidence";

export interface Verdict {
  /** The riskiest part with evidence; with none, the riskiest part (its regimes are still cues). */
  riskiest: DetectResponse;
  notVerifiable: boolean;
  /** Every part's warnings, each once. */
  warnings: string[];
  calls: number;
  /** Units billed by these calls (0 for an answer checked again within 24 hours). */
  units: number;
}

/** Failures that no part of the answer can get past, worst first. */
const FAILURE_ORDER: readonly ApiFailure["kind"][] = [
  "suspended",
  "quota_exceeded",
  "unauthorized",
  "rate_limited",
];

/** The verdict of all parts, or the failure to show when a part failed. */
export function verdictOf(results: readonly ApiResult<DetectResponse>[]): Verdict | ApiFailure {
  const failures = results.filter((r): r is ApiFailure => !r.ok);
  if (failures.length > 0) {
    const rank = (f: ApiFailure) => {
      const i = FAILURE_ORDER.indexOf(f.kind);
      return i < 0 ? FAILURE_ORDER.length : i;
    };
    return failures.reduce((worst, f) => rank(f) < rank(worst) ? f : worst);
  }
  const served = results.filter((r) => r.ok);
  const evidenced = served.filter((r) => !r.data.warnings.includes(NO_EVIDENCE));
  const pool = evidenced.length > 0 ? evidenced : served;
  const riskiest = pool.reduce((a, b) => b.data.p_hallucination > a.data.p_hallucination ? b : a);
  return {
    riskiest: riskiest.data,
    notVerifiable: evidenced.length === 0,
    warnings: [...new Set(served.flatMap((r) => r.data.warnings))],
    calls: served.length,
    units: served.reduce((sum, r) => sum + (r.unitsBilled ?? r.data.detections_billed), 0),
  };
}

export function isVerdict(value: Verdict | ApiFailure): value is Verdict {
  return "riskiest" in value;
}
