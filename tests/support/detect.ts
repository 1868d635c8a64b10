/** Helpers of the detect, quota and usage tests: plans files, keys, calls and schema checks. */
import assert from "node:assert/strict";
import type { z } from "zod";
import {
  ApiKeyCreateResponse,
  DetectResponse,
  ErrorEnvelope,
  WebDetectResponse,
} from "../../shared/contract.ts";
import type { RateWindow } from "../../server/features/metering/rate_windows.ts";
import { recordServedCall } from "../../server/features/metering/ledger.ts";
import type { Plan } from "../../server/features/billing/plans.ts";

/** Writes a PLANS_FILE with these overrides; returns its path. */
export async function writePlansFile(overrides: Record<string, unknown>): Promise<string> {
  const path = await Deno.makeTempFile({ prefix: "plans_", suffix: ".json" });
  await Deno.writeTextFile(path, JSON.stringify(overrides));
  return path;
}

/** Parses `body` with `schema`, failing the test with zod's issues when it does not conform. */
export function conform<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  assert.ok(parsed.success, `body does not match schema: ${JSON.stringify(body)} ${parsed.error}`);
  return parsed.data;
}

export async function createKey(url: string, cookie: string): Promise<ApiKeyCreateResponse> {
  const res = await fetch(`${url}/api/keys`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: "{}",
  });
  assert.equal(res.status, 201);
  return conform(ApiKeyCreateResponse, await res.json());
}

export interface DetectResult {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** One `POST /api/detect` call; `body` is sent as JSON unless it is already a string. */
export async function detect(
  url: string,
  key: string | null,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<DetectResult> {
  const res = await fetch(`${url}/api/detect`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(key === null ? {} : { Authorization: `Bearer ${key}` }),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** Checks a 200: DetectResponse schema and the headers every served call carries. */
/** A served call: `schema` is WebDetectResponse for the session route (its `claims`). */
export function assertServed(
  r: DetectResult,
  schema: typeof DetectResponse | typeof WebDetectResponse = DetectResponse,
): WebDetectResponse {
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const body: WebDetectResponse = conform(schema, r.body);
  assert.equal(r.headers.get("X-Request-Id"), body.request_id);
  assert.equal(r.headers.get("X-Units-Billed"), String(body.detections_billed));
  assert.equal(r.headers.get("X-Detections-Billed"), String(body.detections_billed));
  assert.match(r.headers.get("X-Quota-Period") ?? "", /^\d{4}-\d{2}$/);
  assert.match(r.headers.get("X-Quota-Remaining") ?? "", /^\d+$/);
  return body;
}

/**
 * Checks a non-200: error envelope, X-Request-Id, and zero units billed in headers and body.
 * Returns the envelope without the `detections_billed` it checked.
 */
export function assertRefused(r: DetectResult, status: number): ErrorEnvelope {
  assert.equal(r.status, status, JSON.stringify(r.body));
  const { detections_billed, ...body } = conform(ErrorEnvelope, r.body);
  assert.equal(detections_billed, 0, "detections_billed is 0 on every non-200");
  assert.ok(r.headers.get("X-Request-Id"), "X-Request-Id on every response");
  assert.equal(r.headers.get("X-Units-Billed"), "0");
  assert.equal(r.headers.get("X-Detections-Billed"), "0");
  return body;
}

/** A served detect call of `units` (1 unless given), recorded as the detect route records it. */
export function recordServed(
  kv: Deno.Kv,
  input: { userId: string; plan: Plan; now: Date; units?: number; window?: RateWindow },
) {
  return recordServedCall(kv, {
    row: {
      requestId: crypto.randomUUID(),
      time: input.now.toISOString(),
      accountId: input.userId,
      keyId: null,
      status: 200,
      latencyMs: 1,
      units: input.units ?? 1,
      topRegime: "NORMAL",
      inputMode: "ro",
      task: "binary",
    },
    userId: input.userId,
    plan: input.plan,
    digest: null,
    now: input.now,
    window: input.window,
  });
}
