/**
 * The benchmark's load: closed loops of `connections` callers sending `POST /api/detect` with
 * autocannon, from this process (never the API's), for `durationS`. Every call gets a body of its
 * own (`bodyOf`) and an account key in turn (`keyOf`). Several URLs (API processes) share the
 * callers evenly; their calls add up, and their latencies are reported as the worst of them.
 */
// @ts-types="@types/autocannon"
import autocannon from "autocannon";

export interface LoadResult {
  seconds: number;
  /** 2xx answers. */
  served: number;
  callsPerS: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  /** Non-2xx answers, timeouts and connection errors. */
  failed: number;
}

export interface LoadOptions {
  urls: string[];
  connections: number;
  durationS: number;
  bodyOf: (call: number) => string;
  keyOf: (call: number) => string;
}

function runOne(url: string, connections: number, options: LoadOptions, next: () => number) {
  return autocannon({
    url,
    connections,
    duration: options.durationS,
    timeout: 30,
    requests: [{
      method: "POST",
      path: "/api/detect",
      setupRequest: (request) => {
        const call = next();
        return {
          ...request,
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${options.keyOf(call)}`,
          },
          body: options.bodyOf(call),
        };
      },
    }],
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let call = 0;
  const next = () => call++;
  const share = (i: number) =>
    Math.floor(options.connections / options.urls.length) +
    (i < options.connections % options.urls.length ? 1 : 0);
  const results = await Promise.all(
    options.urls.map((url, i) => share(i) > 0 ? runOne(url, share(i), options, next) : null),
  );
  const ran = results.filter((r) => r !== null);
  const served = ran.reduce((sum, r) => sum + r["2xx"], 0);
  const seconds = Math.max(...ran.map((r) => r.duration));
  return {
    seconds,
    served,
    callsPerS: served / seconds,
    p50Ms: Math.max(...ran.map((r) => r.latency.p50)),
    p90Ms: Math.max(...ran.map((r) => r.latency.p90)),
    p99Ms: Math.max(...ran.map((r) => r.latency.p99)),
    failed: ran.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
  };
}
