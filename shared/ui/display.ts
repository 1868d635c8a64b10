/**
 * Words the extension shows for the server's codes and results, in one place for the badge, the
 * selection panel and the popup. Codes it does not know (new regimes, warnings or error codes of
 * later releases) are shown as they are, never dropped.
 */
import type { ApiFailure } from "../client.ts";
import { shownRisk } from "../regimes.ts";

const REGIME_LABELS: Record<string, string> = {
  NORMAL: "No hallucination",
  FABRICATED: "Invented facts",
  NEAR_FALSE: "Misleading but technically true",
  CF_AUTH: "Fake or misattributed citation",
  FALSE_REFUSAL: "Refused a reasonable request",
  Other: "Other",
  binary_hallucination: "Hallucination",
};

/**
 * What the detector measures without sources: a refusal, the form of a citation, and the
 * answer's consistency with itself (SELF_CONTR, in `Other`). The other regimes need sources.
 */
export const SOURCE_FREE_REGIMES: readonly string[] = ["FALSE_REFUSAL", "CF_AUTH", "Other"];

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
  no_evidence: "No sources cover these claims: they could not be verified.",
  verifier_unavailable: "The fact verifier did not answer: this is the model's own score.",
  encoder_busy: "The server was busy: this score was made without reading each claim against " +
    "the source.",
};

export function warningText(code: string): string {
  return WARNING_TEXTS[code] ?? `Server notice: ${code}`;
}

/** A probability as a whole percentage, e.g. "86%" (rounded as `shownRisk` rounds it). */
export function percent(p: number): string {
  return `${shownRisk(p).percent}%`;
}

/** "1 call", "3 calls". */
function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** What a check took, e.g. "3 calls · 2 units" (the badge adds "billed"). */
export function usageText(calls: number, units: number): string {
  return `${plural(calls, "call")} · ${plural(units, "unit")}`;
}

export const FLAG_EXPLANATION = "flagged: above this model's threshold";
export const NOT_VERIFIABLE = "Not verifiable: no sources";
export const UNREACHABLE_HINT =
  "Is the server running (`deno task serve`), and is the address in the popup right?";

/** The first day after `now` on which the refused quota starts again, as "1 Dec 2026" (UTC). */
export function quotaResetDate(
  quotaType: "monthly" | "daily" | undefined,
  now = new Date(),
): string {
  const reset = quotaType === "daily"
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return reset.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** What the user can do about a failure: sign in, follow a link, wait, or try again. */
export type FailureAction =
  | { kind: "signin" }
  | { kind: "link"; label: string; url: string }
  | { kind: "wait"; seconds: number }
  | { kind: "retry" };

export interface FailureView {
  text: string;
  action?: FailureAction;
}

/**
 * One sentence for a failed call, and the action that can fix it (none that cannot). `hint`: what
 * to check when the server cannot be reached (the extension's names its popup setting).
 */
export function failureView(
  failure: ApiFailure,
  now = new Date(),
  hint = UNREACHABLE_HINT,
): FailureView {
  const body = failure.body;
  switch (failure.kind) {
    case "unauthorized":
      return { text: "Not signed in to the detection server.", action: { kind: "signin" } };
    case "quota_exceeded": {
      const which = body.quota_type === "daily" ? "Daily" : "Monthly";
      const used = body.units_used !== undefined && body.quota_units !== undefined
        ? ` (${body.units_used.toLocaleString("en")} of ${
          body.quota_units.toLocaleString("en")
        } units)`
        : "";
      const plan = body.plan ? ` of plan ${body.plan}` : "";
      return {
        text: `${which} quota${plan} used up${used}; it resets on ${
          quotaResetDate(body.quota_type, now)
        }.`,
        action: body.upgrade_url
          ? { kind: "link", label: "Upgrade", url: body.upgrade_url }
          : undefined,
      };
    }
    case "suspended":
      return {
        text: body.reason
          ? `This account is suspended: ${body.reason}`
          : "This account is suspended.",
        action: body.appeal_url
          ? { kind: "link", label: "Appeal", url: body.appeal_url }
          : undefined,
      };
    case "rate_limited":
      return failure.retryAfterS !== undefined
        ? {
          text: `Too many checks: trying again in ${failure.retryAfterS} s.`,
          action: { kind: "wait", seconds: failure.retryAfterS },
        }
        : { text: "Too many checks: try again shortly.", action: { kind: "retry" } };
    case "model_unavailable":
      return {
        text: "The detector is warming up: try again in a moment.",
        action: { kind: "retry" },
      };
    case "upstream_unreachable":
      return { text: "The detector did not answer in time.", action: { kind: "retry" } };
    case "network":
      return {
        text: `The detection server cannot be reached. ${hint}`,
        action: { kind: "retry" },
      };
    case "invalid_request":
      return { text: "The server refused this text." };
    case "origin_refused": {
      // The extension adds its own origin to the body (the worker knows it; the server does not).
      const origin = typeof body.origin === "string" ? body.origin : "this extension's origin";
      return {
        text: `The server does not accept requests from this extension. Add ${origin} to the ` +
          "server's EXTENSION_ORIGINS setting (or keep TRUST_BUILT_EXTENSION on for the " +
          "project's own build) and restart it.",
      };
    }
    default:
      return {
        text: body.message ?? body.error ?? body.detail ?? "The server had a problem.",
        action: { kind: "retry" },
      };
  }
}
