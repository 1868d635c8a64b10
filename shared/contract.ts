/**
 * The wire contract of SPEC.md as zod schemas: the server validates with them, the tests check
 * every response body against them, the extension's client types come from them, and the OpenAPI
 * description is generated from them.
 */
import { z } from "zod";
import { ClaimRisk } from "./claims.ts";
import { INPUT_MODES, RegimeScore, TASKS } from "./regimes.ts";
import { codePointLength, MAX_FIELD_CHARS } from "./text.ts";

/**
 * A string of at most `max` Unicode code points. zod's own `max` counts UTF-16 units, so the limit
 * is a refinement, published as JSON Schema `maxLength` (which counts code points).
 */
function codePointString(field: string, max: number) {
  return z.string()
    .refine((s) => codePointLength(s) <= max, `${field} exceeds ${max} characters`)
    .meta({ maxLength: max, description: `At most ${max} characters (Unicode code points).` });
}

const isoDateTime = z.iso.datetime();
const isoDate = z.iso.date();

export const DetectRequest = z.strictObject({
  response: codePointString("response", MAX_FIELD_CHARS).min(1),
  prompt: codePointString("prompt", MAX_FIELD_CHARS).optional(),
  top_k_regimes: z.int().min(1).max(10).default(6),
  task: z.enum(TASKS).optional(),
  input_mode: z.enum(INPUT_MODES).optional(),
}).meta({ id: "DetectRequest" });
export type DetectRequest = z.input<typeof DetectRequest>;

/** How `calibrator_version` starts while the verifier's fusion is not fitted yet. */
export const UNCALIBRATED_PREFIX = "uncalibrated:";

export const DetectResponse = z.strictObject({
  p_hallucination: z.number().min(0).max(1),
  flag: z.boolean(),
  top_regime: z.string(),
  regime_scores: z.array(RegimeScore).min(1).max(10),
  request_id: z.string(),
  detections_billed: z.int().min(0),
  mode: z.enum(["short", "long"]),
  latency_ms: z.int().min(0),
  model_version: z.string(),
  calibrator_version: z.string().meta({
    description: "Content hash of the calibration in use; with a verifier (VERIFIER_URL) it also " +
      "names the verifier model and its fitted fusion, and starts `uncalibrated:` until that " +
      "fusion has been fitted (`deno task calibrate:verifier`).",
  }),
  input_mode_used: z.enum(INPUT_MODES),
  task_used: z.enum(TASKS),
  warnings: z.array(z.string()).meta({
    description: "Advisory codes; clients ignore codes they do not know. The detector's own come " +
      "first: `no_evidence` (nothing in the prompt or the knowledge base covers the response's " +
      "factual claims), `verifier_unavailable` (the configured verifier LLM timed out, failed " +
      "or gave no valid verdict; the embedded detector's score was served) and `encoder_busy` " +
      "(the cross-encoder was reading as many calls as it reads at once, so this call was " +
      "scored without it: the model and its exact checks alone).",
  }),
}).meta({ id: "DetectResponse" });
export type DetectResponse = z.infer<typeof DetectResponse>;

/**
 * The session route's answer (`POST /api/web/detect`, the project's own): the spec's body plus
 * `claims`, each claim's risk and exact findings, for the extension's underlines.
 */
export const WebDetectResponse = DetectResponse.extend({
  claims: z.array(ClaimRisk).optional().meta({
    description: "Each claim (sentence) of `response`, in order: offsets, its own calibrated " +
      "risk and the exact checks' findings. Absent only when the configured inference backend " +
      "does not compute claims. Not part of `POST /api/detect`.",
  }),
}).meta({ id: "WebDetectResponse" });
export type WebDetectResponse = z.infer<typeof WebDetectResponse>;

/**
 * Warning codes of v1. Clients must ignore codes they do not know. The last three are the
 * detector's own (the spec lets warnings be added without a version change): `no_evidence`, no
 * evidence covers the response's factual claims; `verifier_unavailable`, the configured verifier
 * gave no verdict and the embedded score was served; `encoder_busy`, the cross-encoder was busy
 * and the call was scored without it.
 */
export const WARNINGS = [
  "quota_80pct",
  "quota_95pct",
  "overage_active",
  "calibration_uncalibrated",
  "input_truncated",
  "subscription_inactive",
  "no_evidence",
  "verifier_unavailable",
  "encoder_busy",
] as const;
export type Warning = typeof WARNINGS[number];

const keyName = codePointString("name", 64);

export const ApiKey = z.strictObject({
  id: z.uuid(),
  prefix: z.string().length(7),
  name: keyName.nullable().optional(),
  created_at: isoDateTime,
  last_used_at: isoDateTime.nullable().optional(),
  revoked_at: isoDateTime.nullable().optional(),
}).meta({ id: "ApiKey" });
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyList = z.strictObject({ keys: z.array(ApiKey) }).meta({ id: "ApiKeyList" });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** `sk_` followed by 43 base64url characters (256-bit entropy). */
export const API_KEY_PATTERN = /^sk_[A-Za-z0-9_-]{43}$/;

export const ApiKeyCreateRequest = z.strictObject({
  name: z.string().nullable().optional(),
}).meta({ id: "ApiKeyCreateRequest" });

/**
 * `GET /api/keys`'s query: `include_revoked` is spelled `true` or `false`, nothing else; when
 * repeated, its first value counts (as for every query parameter the server reads).
 */
export const ApiKeyListQuery = z.object({
  include_revoked: z.preprocess(
    (value) => Array.isArray(value) ? value[0] : value,
    z.enum(["true", "false"], { error: "include_revoked must be true or false" }).default("false"),
  ).meta({ description: "true includes keys whose revoked_at is set." }),
});

/** `DELETE /api/keys/{id}`'s path: key ids are UUIDs (any other id names no key: 404). */
export const ApiKeyIdParams = z.object({ id: z.uuid() });

export const ApiKeyCreateResponse = z.strictObject({
  id: z.uuid(),
  name: keyName.nullable().optional(),
  key: z.string().regex(API_KEY_PATTERN),
  prefix: z.string().length(7),
  created_at: isoDateTime,
}).meta({ id: "ApiKeyCreateResponse" });
export type ApiKeyCreateResponse = z.infer<typeof ApiKeyCreateResponse>;

export const ApiKeyRevokeResponse = z.strictObject({
  revoked: z.literal(true),
  id: z.uuid(),
}).meta({ id: "ApiKeyRevokeResponse" });

export const UsageSummary = z.strictObject({
  user: z.strictObject({
    email: z.email().nullable(),
    name: z.string().nullable(),
    initials: z.string().nullable(),
    memberSince: isoDate.nullable(),
  }),
  plan: z.strictObject({
    name: z.string(),
    quota: z.int().min(0),
    overageRatePer1k: z.number().min(0),
  }),
  currentPeriod: z.strictObject({
    start: isoDate,
    requests: z.int().min(0),
    units: z.int().min(0),
    quota: z.int().min(0),
    pct: z.int().min(0),
    periodEndLabel: z.string(),
  }),
  history: z.array(z.strictObject({
    period: z.string().regex(/^[A-Z][a-z]{2} \d{4}$/),
    periodStart: isoDate,
    requests: z.int().min(0),
    units: z.int().min(0),
    overage: z.int().min(0),
    charge: z.string(),
  })).max(12),
}).meta({ id: "UsageSummary" });
export type UsageSummary = z.infer<typeof UsageSummary>;

/**
 * `GET /api/usage/daily` (the project's own session route, beside the spec's summary): what the
 * dashboard's overview shows and the summary lacks: units per UTC day of this month, the plan's
 * daily cap, whether a hard cap now refuses calls (402) or the account is suspended (403), and
 * where the user upgrades or appeals.
 */
export const UsageDaily = z.strictObject({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  dailyCap: z.int().min(0).nullable(),
  /** Every day of the month up to today (UTC), oldest first. */
  days: z.array(z.strictObject({ date: isoDate, units: z.int().min(0) })).min(1).max(31),
  /** The hard cap that refuses the next unit, or null while calls are served. */
  quotaExhausted: z.enum(["monthly", "daily"]).nullable(),
  account: z.strictObject({
    status: z.enum(["active", "suspended"]),
    reason: z.string().nullable(),
  }),
  upgradeUrl: z.url(),
  appealUrl: z.url(),
}).meta({ id: "UsageDaily" });
export type UsageDaily = z.infer<typeof UsageDaily>;

/** The spec's error codes: the closed set the server answers with (SPEC, Errors). */
export const ErrorCode = z.enum([
  "bad_json",
  "response_required",
  "input_too_long",
  "unauthorized",
  "account_suspended",
  "quota_exceeded",
  "rate_limited",
  "usage_audit_unavailable",
  "handler_failed",
  "upstream_unreachable",
  "detector_not_configured",
  "bad_request",
]);
export type ErrorCode = z.infer<typeof ErrorCode>;
export const ERROR_CODES = ErrorCode.options;

/**
 * The `message` of the 400 a browser request gets when its `Origin` is neither the server's nor
 * a trusted extension's: clients name it, so a user learns which setting lets their extension in.
 */
export const CROSS_ORIGIN_REFUSED = "cross-origin request refused";

/**
 * The one error envelope: an open object; clients read `error`, or `detail` for pass-through.
 * `error` stays an open string on the wire, since codes may be added within v1 (SPEC); what the
 * server itself sends is `ErrorCode`.
 */
export const ErrorEnvelope = z.looseObject({
  error: z.string().optional(),
  detail: z.string().optional(),
  message: z.string().optional(),
  quota_type: z.enum(["monthly", "daily"]).optional(),
  plan: z.string().optional(),
  units_used: z.int().min(0).optional(),
  quota_units: z.int().min(0).optional(),
  field: z.enum(["response", "prompt"]).optional(),
  max_chars: z.int().optional(),
  provided_chars: z.int().optional(),
  reason: z.string().nullable().optional(),
  appeal_url: z.url().optional(),
  upgrade_url: z.url().optional(),
  request_id: z.string().optional(),
  /** On detect errors: always 0, as X-Units-Billed. */
  detections_billed: z.literal(0).optional(),
}).refine((e) => e.error !== undefined || e.detail !== undefined, "error or detail required")
  .meta({ id: "ErrorEnvelope" });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
