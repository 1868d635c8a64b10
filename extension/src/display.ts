/**
 * Words the extension shows for the server's codes. Codes it does not know (new regimes,
 * warnings or error codes of later releases) are shown as they are, never dropped.
 */
import type { ApiFailure } from "../../shared/client.ts";

const REGIME_LABELS: Record<string, string> = {
  NORMAL: "No hallucination",
  FABRICATED: "Invented facts",
  NEAR_FALSE: "Misleading but technically true",
  CF_AUTH: "Fake or misattributed citation",
  FALSE_REFUSAL: "Refused a reasonable request",
  Other: "Other",
  binary_hallucination: "Hallucination",
};

export function regimeLabel(regime: string): string {
  return REGIME_LABELS[regime] ?? regime;
}

const WARNING_TEXTS: Record<string, string> = {
  quota_80pct: "80% of this month's quota is used.",
  quota_95pct: "95% of this month's quota is used.",
  overage_active: "Above the included quota: this check is billed as overage.",
  calibration_uncalibrated: "The model is being updated: treat this score with extra caution.",
  input_truncated: "The text was truncated before scoring.",
  subscription_inactive: "Your subscription is not active.",
};

export function warningText(code: string): string {
  return WARNING_TEXTS[code] ?? `Server notice: ${code}`;
}

export function percent(p: number): string {
  return `${Math.round(p * 100)}%`;
}

/** One sentence for a failed call, naming what the user can do about it. */
export function failureText(failure: ApiFailure): string {
  switch (failure.kind) {
    case "unauthorized":
      return "Not signed in to the detection server.";
    case "quota_exceeded":
      return "Monthly quota used up.";
    case "suspended":
      return "This account is suspended.";
    case "rate_limited":
      return failure.retryAfterS !== undefined
        ? `Too many checks: try again in ${failure.retryAfterS} s.`
        : "Too many checks: try again shortly.";
    case "model_unavailable":
      return "The detector is warming up: try again in a moment.";
    case "upstream_unreachable":
      return "The detector did not answer in time: try again.";
    case "network":
      return "The detection server cannot be reached.";
    case "invalid_request":
      return "The server refused this text.";
    default:
      return failure.body.message ?? failure.body.error ?? "The server had a problem.";
  }
}
