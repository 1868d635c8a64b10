/**
 * The service configuration: read from the environment once, at start-up, validated with zod, and
 * passed down as a typed object. Nothing else reads Deno.env.
 */
import { z } from "zod";
import { formatZodIssues } from "../../shared/zod_issues.ts";
import { EXTENSION_ORIGIN } from "../../shared/extension_id.ts";
import { randomToken } from "./random_token.ts";
import { isKvConnectUrl } from "./kv/kv.ts";
import {
  requireVerifierModel,
  VerifierEnvFields,
  type VerifierSettings,
  verifierSettings,
} from "@hallucination-detection/detector";

const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** An identity provider's address: https, or plain http only on this machine (tests, dev). */
const providerUrl = z.url().refine((value) => {
  const url = URL.parse(value);
  return url === null || url.protocol === "https:" || isLoopbackHttp(url);
}, "must be an https URL (plain http only on loopback)");

/** A base address as the config keeps it: without a trailing slash, so paths join with one. */
const withoutTrailingSlash = (url: string) => url.replace(/\/$/, "");

const Env = z.object({
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  DETECTOR_PORT: z.coerce.number().int().min(0).max(65535).default(8001),
  /** Use this detector instead of starting one beside the API. */
  DETECTOR_URL: z.url().transform(withoutTrailingSlash).optional(),
  DETECTOR_SECRET: z.string().min(16).optional(),
  MODEL_DIR: z.string().optional(),
  /** Documents folder the started detector retrieves evidence from (the detector checks it). */
  KNOWLEDGE_DIR: z.string().min(1).optional(),
  /** Calls the started detector's cross-encoder reads at once (the detector checks it). */
  ENCODER_CONCURRENCY: z.string().min(1).optional(),
  /** A file path (folder created on start) or a KV Connect URL shared by several instances. */
  KV_PATH: z.string().default("./data/kv.sqlite3"),
  /** A KV Connect server's access token: Deno reads it itself; checked here, never kept or logged. */
  DENO_KV_ACCESS_TOKEN: z.string().min(1).optional(),
  /** JSON file merged over the default plan table. */
  PLANS_FILE: z.string().optional(),
  /** Public base address of this service, used in redirects and OAuth callbacks. */
  PUBLIC_URL: z.url().optional(),
  UPGRADE_URL: z.url().default("https://example.com/billing"),
  APPEAL_URL: z.url().default("https://example.com/appeal"),
  /** Local sign-in stub: on by default when listening on loopback, off otherwise. */
  DEV_SIGNIN: flag.optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  OIDC_ISSUER: providerUrl.optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  /** GitHub's web address (authorize, token); a GitHub Enterprise Server's address for GHES. */
  GITHUB_OAUTH_URL: providerUrl.default("https://github.com"),
  /** GitHub's REST API (`/user`, `/user/emails`); `https://<ghes>/api/v3` for GHES. */
  GITHUB_API_URL: providerUrl.default("https://api.github.com"),
  /** Extension origins (chrome-extension://<id>) allowed to call the session API with cookies. */
  EXTENSION_ORIGINS: z.string().default(""),
  /**
   * Trust this project's extension (its id is fixed by the manifest's key) without listing it:
   * on by default, so the extension works out of the box; off for a hardened deployment that
   * lists in EXTENSION_ORIGINS exactly the extensions it allows.
   */
  TRUST_BUILT_EXTENSION: flag.optional(),
  /** Longest wait for a request's headers, from its first byte (or the connection's). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Longest wait for a request's whole body, once its route reads it. */
  BODY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** A connection with no request in flight and no byte received for this long is closed. */
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** Open client connections at most; default and ceiling: what the descriptor limit allows. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).optional(),
  /**
   * The guarded listener (the timeouts above, the cap): on by default; off only behind a proxy
   * that enforces its own timeouts and connection limits, for the relay's throughput cost.
   */
  CONNECTION_GUARD: flag.optional(),
  /**
   * The built dashboard (`deno task build:dashboard`); by default the dashboard app's dist/.
   */
  DASHBOARD_DIR: z.string().min(1).optional(),
}).extend(VerifierEnvFields.shape).superRefine(requireVerifierModel).superRefine((env, ctx) => {
  if (isKvConnectUrl(env.KV_PATH) && env.DENO_KV_ACCESS_TOKEN === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["DENO_KV_ACCESS_TOKEN"],
      message: "required when KV_PATH is a KV Connect URL (the server's access token)",
    });
  }
});

export interface OAuthClientConfig {
  clientId: string;
  clientSecret?: string;
}

export interface Config {
  host: string;
  port: number;
  publicUrl: string;
  kvPath: string;
  detector:
    | {
      kind: "embedded";
      port: number;
      secret: string;
      modelDir?: string;
      /** `KNOWLEDGE_DIR`, passed to the started detector (a remote one reads its own). */
      knowledgeDir?: string;
      /** `ENCODER_CONCURRENCY`, passed to the started detector (a remote one reads its own). */
      encoderConcurrency?: string;
      /** `VERIFIER_*`, passed to the started detector (a remote one reads its own). */
      verifier?: VerifierSettings;
    }
    | { kind: "remote"; url: string; secret: string }
    | { kind: "unconfigured" };
  plansFile?: string;
  upgradeUrl: string;
  appealUrl: string;
  devSignin: boolean;
  sessionTtlMs: number;
  oidc?: OAuthClientConfig & { issuer: string };
  github?: OAuthClientConfig & { oauthUrl: string; apiUrl: string };
  extensionOrigins: string[];
  /** The built dashboard's folder; the dashboard's own build folder when not given. */
  dashboardDir?: string;
  /** What a client connection may hold and for how long (server/connections.ts). */
  connections: {
    headersTimeoutMs: number;
    bodyTimeoutMs: number;
    idleTimeoutMs: number;
    /** Unset, or above it: what the descriptor limit allows (server/platform/connections.ts). */
    maxConnections?: number;
    /** False: Deno.serve on the port itself, with only the body timeout (CONNECTION_GUARD). */
    guard: boolean;
  };
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host) || host.startsWith("127.");
}

/** A plain-http URL on this machine: the only kind of insecure provider URL accepted. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === "http:" && isLoopback(url.hostname);
}

/** Parses an environment (Deno.env.toObject() at start-up; a plain object in tests). */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `invalid configuration: ${formatZodIssues(parsed.error, { nameUnknownKeys: true })}`,
    );
  }
  const e = parsed.data;
  const detector: Config["detector"] = e.DETECTOR_URL
    ? e.DETECTOR_SECRET
      ? { kind: "remote", url: e.DETECTOR_URL, secret: e.DETECTOR_SECRET }
      : { kind: "unconfigured" }
    : {
      kind: "embedded",
      port: e.DETECTOR_PORT,
      secret: e.DETECTOR_SECRET ?? randomToken(),
      modelDir: e.MODEL_DIR,
      verifier: verifierSettings(e),
      knowledgeDir: e.KNOWLEDGE_DIR,
      encoderConcurrency: e.ENCODER_CONCURRENCY,
    };
  return {
    host: e.HOST,
    port: e.PORT,
    publicUrl: withoutTrailingSlash(e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`),
    kvPath: e.KV_PATH,
    detector,
    plansFile: e.PLANS_FILE,
    upgradeUrl: e.UPGRADE_URL,
    appealUrl: e.APPEAL_URL,
    devSignin: e.DEV_SIGNIN ?? isLoopback(e.HOST),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    oidc: e.OIDC_ISSUER && e.OIDC_CLIENT_ID
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
      : undefined,
    github: e.GITHUB_CLIENT_ID
      ? {
        clientId: e.GITHUB_CLIENT_ID,
        clientSecret: e.GITHUB_CLIENT_SECRET,
        oauthUrl: withoutTrailingSlash(e.GITHUB_OAUTH_URL),
        apiUrl: withoutTrailingSlash(e.GITHUB_API_URL),
      }
      : undefined,
    extensionOrigins: [
      ...(e.TRUST_BUILT_EXTENSION ?? true ? [EXTENSION_ORIGIN] : []),
      ...e.EXTENSION_ORIGINS.split(",").map((s) => s.trim()).filter(Boolean),
    ],
    connections: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      bodyTimeoutMs: e.BODY_TIMEOUT_MS,
      idleTimeoutMs: e.IDLE_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
      guard: e.CONNECTION_GUARD ?? true,
    },
    dashboardDir: e.DASHBOARD_DIR,
  };
}
