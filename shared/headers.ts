/**
 * The names of the API's own HTTP headers, in one table: the server sets them, CORS exposes them,
 * the OpenAPI description documents them and the client reads them.
 */
export const HEADER = {
  requestId: "X-Request-Id",
  clientRequestId: "X-Client-Request-Id",
  unitsBilled: "X-Units-Billed",
  detectionsBilled: "X-Detections-Billed",
  quotaPeriod: "X-Quota-Period",
  quotaRemaining: "X-Quota-Remaining",
  plan: "X-Plan",
  quotaType: "X-Quota-Type",
  quotaLimit: "X-Quota-Limit",
  quotaPeriodUsed: "X-Quota-Period-Used",
  accountStatus: "X-Account-Status",
  retryAfter: "Retry-After",
  wwwAuthenticate: "WWW-Authenticate",
} as const;
export type HeaderName = typeof HEADER[keyof typeof HEADER];

/** Response headers a browser caller reads beyond the CORS-safelisted ones. */
export const EXPOSED_HEADERS: HeaderName[] = Object.values(HEADER).filter((name) =>
  name !== HEADER.wwwAuthenticate
);

/** Between the API and its detector only: never sent to nor exposed to a browser. */
export const INFERENCE_SECRET_HEADER = "X-Inference-Secret";
