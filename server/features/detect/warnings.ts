/** The advisory warnings of a served detect call (SPEC, DetectResponse warning codes). */
import { UNCALIBRATED_PREFIX } from "../../../shared/contract.ts";
import type { Plan } from "../billing/plans.ts";
import type { SubscriptionStatus } from "../billing/subscription.ts";

export function detectWarnings(input: {
  plan: Plan;
  /** Units used this month, this call included. */
  monthUnits: number;
  /** Units this call added (0 for an idempotent retry). */
  unitsAdded: number;
  subscriptionStatus: SubscriptionStatus;
  calibratorVersion: string;
  /** The detector's own warnings, passed through first. */
  detectorWarnings: readonly string[];
}): string[] {
  const { plan, monthUnits } = input;
  const warnings: string[] = [...input.detectorWarnings];
  // Integer percent comparisons: no rounding at the thresholds.
  if (monthUnits * 100 >= plan.monthly * 80) warnings.push("quota_80pct");
  if (monthUnits * 100 >= plan.monthly * 95) warnings.push("quota_95pct");
  if (plan.overage && input.unitsAdded > 0 && monthUnits > plan.monthly) {
    warnings.push("overage_active");
  }
  if (input.calibratorVersion.startsWith(UNCALIBRATED_PREFIX)) {
    warnings.push("calibration_uncalibrated");
  }
  if (input.subscriptionStatus !== "active") warnings.push("subscription_inactive");
  // The detector may report a code the account checks also raise: each code once, first place kept.
  return [...new Set(warnings)];
}
