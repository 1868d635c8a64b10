/**
 * The `VERIFIER_*` settings: one zod schema read by every entry point that scores (the API, which
 * passes them to the detector it starts; `deno task serve:detector`; `deno task score`;
 * `deno task calibrate:verifier`), so they are validated alike everywhere.
 */
import { z } from "zod";
import { formatZodIssues } from "../../../shared/zod_issues.ts";

/** Default wait for all samples of one call: well inside the API's 30 s detector budget. */
export const DEFAULT_VERIFIER_TIMEOUT_MS = 10_000;

/** Consecutive failures that open the circuit breaker: a few, so one slow verdict does not. */
export const DEFAULT_BREAKER_FAILURES = 3;
/** How long an open breaker skips the verifier before one trial call. */
export const DEFAULT_BREAKER_COOLDOWN_MS = 30_000;

/** The fields alone, for schemas that add them to their own (the API's `Env`). */
export const VerifierEnvFields = z.object({
  /** OpenAI-compatible base URL, e.g. http://127.0.0.1:11434/v1 (Ollama). */
  VERIFIER_URL: z.url().optional(),
  VERIFIER_MODEL: z.string().min(1).optional(),
  VERIFIER_API_KEY: z.string().min(1).optional(),
  /** Capped so that the verifier and the embedded scoring together fit the API's 30 s. */
  VERIFIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(25_000).default(
    DEFAULT_VERIFIER_TIMEOUT_MS,
  ),
  VERIFIER_SAMPLES: z.coerce.number().int().min(1).max(16).default(1),
  VERIFIER_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1_000).default(
    DEFAULT_BREAKER_FAILURES,
  ),
  VERIFIER_BREAKER_COOLDOWN_MS: z.coerce.number().int().min(100).max(3_600_000).default(
    DEFAULT_BREAKER_COOLDOWN_MS,
  ),
});
export type VerifierEnv = z.infer<typeof VerifierEnvFields>;

/** The cross-field rule, for `superRefine` of any schema holding the fields. */
export function requireVerifierModel(env: VerifierEnv, ctx: z.RefinementCtx): void {
  if (env.VERIFIER_URL && !env.VERIFIER_MODEL) {
    ctx.addIssue({
      code: "custom",
      message: "VERIFIER_MODEL is required with VERIFIER_URL",
      path: ["VERIFIER_MODEL"],
    });
  }
}

const VerifierEnv = VerifierEnvFields.superRefine(requireVerifierModel);

export interface VerifierSettings {
  /** Base URL without a trailing slash. */
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
  samples: number;
  breaker: BreakerSettings;
}

export interface BreakerSettings {
  /** Consecutive failed calls that open the breaker. */
  failures: number;
  /** How long it stays open (calls answer at once without the verifier) before a trial call. */
  cooldownMs: number;
}

/** The verifier to use, or undefined when `VERIFIER_URL` is unset (nothing changes then). */
export function verifierSettings(env: VerifierEnv): VerifierSettings | undefined {
  if (!env.VERIFIER_URL || !env.VERIFIER_MODEL) return undefined;
  return {
    url: env.VERIFIER_URL.replace(/\/+$/, ""),
    model: env.VERIFIER_MODEL,
    apiKey: env.VERIFIER_API_KEY,
    timeoutMs: env.VERIFIER_TIMEOUT_MS,
    samples: env.VERIFIER_SAMPLES,
    breaker: {
      failures: env.VERIFIER_BREAKER_FAILURES,
      cooldownMs: env.VERIFIER_BREAKER_COOLDOWN_MS,
    },
  };
}

/** The settings as environment variables, for a child process that reads them again. */
export function verifierEnvOf(settings: VerifierSettings | undefined): Record<string, string> {
  if (!settings) return {};
  return {
    VERIFIER_URL: settings.url,
    VERIFIER_MODEL: settings.model,
    ...(settings.apiKey ? { VERIFIER_API_KEY: settings.apiKey } : {}),
    VERIFIER_TIMEOUT_MS: String(settings.timeoutMs),
    VERIFIER_SAMPLES: String(settings.samples),
    VERIFIER_BREAKER_FAILURES: String(settings.breaker.failures),
    VERIFIER_BREAKER_COOLDOWN_MS: String(settings.breaker.cooldownMs),
  };
}

/** Parses only the `VERIFIER_*` variables of an environment; throws naming the bad variable. */
export function readVerifierSettings(
  env: Record<string, string | undefined>,
): VerifierSettings | undefined {
  const parsed = VerifierEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(formatZodIssues(parsed.error, { nameUnknownKeys: true }));
  }
  return verifierSettings(parsed.data);
}
