/**
 * The proxy's call to the inference backend: `POST {url}/v1/detect` over HTTP with the internal
 * secret and a 30 s hard timeout (SPEC, Limits). Failures become the spec's errors: 502
 * `upstream_unreachable` when no usable HTTP answer comes back, the backend's own `{detail}` for
 * its 400, 401 and 503, and a plain Error (the route's `handler_failed`) for a 200 whose body
 * breaks the backend contract.
 */
import { z } from "zod";
import { type DetectorRequest, DetectorScore } from "@hallucination-detection/detector";
import { INFERENCE_SECRET_HEADER } from "../../../shared/headers.ts";
import type { Config } from "../../platform/config.ts";
import { apiError, detailError } from "../../platform/errors.ts";

export const DETECTOR_TIMEOUT_MS = 30_000;

const BackendDetail = z.object({ detail: z.string() });
const PASSED_THROUGH = new Set([400, 401, 503]);

export interface DetectorClient {
  score(request: DetectorRequest): Promise<DetectorScore>;
}

const unreachable = (message: string) => apiError("upstream_unreachable", { message });

/** The backend's base URL: a wildcard listen address is reached over loopback. */
export function detectorBaseUrl(config: Config): string | null {
  const d = config.detector;
  if (d.kind === "remote") return d.url;
  if (d.kind === "unconfigured") return null;
  const host = ["0.0.0.0", "::", "[::]"].includes(config.host) ? "127.0.0.1" : config.host;
  return `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${d.port}`;
}

/** A client for the configured backend, or null when the proxy lacks its address or secret. */
export function createDetectorClient(
  config: Config,
  { timeoutMs = DETECTOR_TIMEOUT_MS }: { timeoutMs?: number } = {},
): DetectorClient | null {
  const baseUrl = detectorBaseUrl(config);
  if (baseUrl === null || config.detector.kind === "unconfigured") return null;
  const secret = config.detector.secret;
  return {
    async score(request) {
      let res: Response;
      let body: unknown;
      try {
        res = await fetch(`${baseUrl}/v1/detect`, {
          method: "POST",
          headers: { "Content-Type": "application/json", [INFERENCE_SECRET_HEADER]: secret },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = await res.json().catch(() => undefined);
      } catch (err) {
        const timedOut = err instanceof DOMException && err.name === "TimeoutError";
        throw unreachable(
          timedOut ? "inference backend timed out" : "inference backend unreachable",
        );
      }
      if (res.status === 200) {
        const score = DetectorScore.safeParse(body);
        if (!score.success) throw new Error("inference backend returned an invalid score");
        return score.data;
      }
      const detail = BackendDetail.safeParse(body);
      if (PASSED_THROUGH.has(res.status) && detail.success) {
        throw detailError(detail.data.detail, res.status as 400 | 401 | 503);
      }
      throw unreachable(`inference backend answered HTTP ${res.status}`);
    },
  };
}
