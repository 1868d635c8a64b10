/**
 * Property-based fuzzing (fast-check) of every route over real HTTP, against the real detector and
 * a real KV file: random bodies, headers, cookies, query strings and paths. Every answer must come
 * within 5 s, never be a 5xx, be the error envelope whenever it is an error, and never echo the
 * caller's text. Bounded: a few hundred requests in all. The seed is printed at the start and in
 * any failure; `FUZZ_SEED=<n>` replays a run.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { ErrorEnvelope } from "../../shared/contract.ts";
import { signIn, startApi } from "../support/http.ts";
import { startDetector } from "../support/detector.ts";
import { createKey, writePlansFile } from "../support/detect.ts";

const SEED = Number(Deno.env.get("FUZZ_SEED") ?? (Date.now() ^ (Math.random() * 2 ** 31)));
const RUNS_PER_PROPERTY = 60;
const ANSWER_WITHIN_MS = 5_000;
const EXTENSION = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";

/** Caller text carries this marker; no answer may contain it (beyond the rules listed below). */
const MARKER = "QZXMARKER";

const printable = (max: number) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength: max,
  });
const latin1 = (max: number) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)),
    maxLength: max,
  })
    .filter((s) => !s.includes("\x7f"));
const marked = (text: fc.Arbitrary<string>) => text.map((s) => `${MARKER}${s}`);

/** A valid detect body whose texts carry the marker. */
const validBody = fc.record({
  response: marked(fc.string({ minLength: 1, maxLength: 300 })),
  prompt: marked(fc.string({ maxLength: 300 })),
}).map((o) => JSON.stringify(o));

/** JSON-ish detect bodies: valid, almost valid, and arbitrary. */
const detectBody = fc.oneof(
  validBody,
  {
    arbitrary: fc.record({
      response: marked(fc.string({ maxLength: 300 })),
      prompt: fc.option(marked(fc.string({ maxLength: 300 })), { nil: undefined }),
      task: fc.option(fc.constantFrom("binary", "multiclass", "other", ""), { nil: undefined }),
      input_mode: fc.option(fc.constantFrom("pr", "ro", "auto", 7), { nil: undefined }),
      top_k_regimes: fc.option(fc.oneof(fc.integer({ min: -3, max: 12 }), fc.double()), {
        nil: undefined,
      }),
    }, { requiredKeys: ["response"] }).map((o) => JSON.stringify(o)),
    weight: 4,
  },
  fc.dictionary(marked(printable(12)), fc.jsonValue({ maxDepth: 2 })).map((o) => JSON.stringify(o)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  marked(fc.string({ maxLength: 200 })),
  fc.constant(`{"response": "${MARKER}${"x".repeat(3000)}"}`),
);

const contentType = fc.option(
  fc.oneof(
    { arbitrary: fc.constant("application/json"), weight: 4 },
    fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "multipart/form-data",
    ),
    printable(40),
  ),
  { nil: undefined },
);

const cookie = fc.option(
  fc.oneof(
    { arbitrary: fc.constant("VALID"), weight: 4 },
    marked(printable(60)).map((v) => `__session=${v}`),
    fc.integer({ min: 1, max: 6000 }).map((n) => `__session=${MARKER}${"A".repeat(n)}`),
    printable(80),
  ),
  { nil: undefined },
);

const origin = fc.option(
  fc.constantFrom("SELF", EXTENSION, "https://evil.example", "null", "http://127.0.0.1:1"),
  { nil: undefined },
);

const authorization = fc.option(
  fc.oneof(
    { arbitrary: fc.constant("VALID"), weight: 4 },
    marked(printable(60)).map((v) => `Bearer sk_${v}`),
    printable(80),
  ),
  { nil: undefined },
);

const requestId = fc.option(
  fc.oneof(
    { arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 128 }), weight: 3 },
    printable(140),
    latin1(20),
  ),
  { nil: undefined, freq: 2 },
);

const ROUTES: [string, string][] = [
  ["GET", "/"],
  ["GET", "/auth/signin"],
  ["GET", "/auth/callback"],
  ["POST", "/auth/dev/signin"],
  ["POST", "/auth/signout"],
  ["POST", "/api/detect"],
  ["POST", "/api/web/detect"],
  ["GET", "/api/keys"],
  ["POST", "/api/keys"],
  ["DELETE", "/api/keys/"],
  ["GET", "/api/usage/summary"],
  ["GET", "/api/openapi.json"],
  ["GET", "/api/docs"],
  ["OPTIONS", "/api/keys"],
  ["PUT", "/api/detect"],
];

const query = fc.option(
  fc.dictionary(
    fc.oneof(
      fc.constantFrom("return_to", "provider", "state", "code", "include_revoked"),
      printable(10),
    ),
    fc.oneof(marked(fc.string({ maxLength: 60 })), fc.constantFrom("/.//evil.example", "oidc")),
  ).map((q) => `?${new URLSearchParams(q)}`),
  { nil: "" },
);

const pathSuffix = fc.oneof(
  { arbitrary: fc.constant(""), weight: 12 },
  fc.uuid(),
  marked(printable(30)).map((s) => encodeURIComponent(s)),
  fc.constantFrom("..%2f..%2f", "%00", "%", "//", "x/../../api/keys"),
);

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: BodyInit;
}

type Dimension = "bodies" | "headers" | "cookies" | "query strings" | "paths";

/** Requests valid in every way but `fuzzed`: random there, on every route. */
function request(
  base: string,
  secrets: { cookie: string; spareCookie: string; key: string },
  fuzzed: Dimension,
): fc.Arbitrary<Sent> {
  const either = <T>(dimensions: Dimension[], random: fc.Arbitrary<T>, valid: T) =>
    dimensions.includes(fuzzed) ? random : fc.constant(valid);
  const anyBody = fc.option(fc.oneof(detectBody, fc.uint8Array({ maxLength: 512 })), {
    nil: undefined,
  });
  return fc.record({
    route: fc.constantFrom(...ROUTES),
    suffix: either(["paths"], pathSuffix, ""),
    query: either(["query strings"], query, ""),
    body: fuzzed === "bodies" ? anyBody : validBody,
    contentType: either(["bodies", "headers"], contentType, "application/json"),
    cookie: either(["cookies"], cookie, "VALID"),
    origin: either(["headers"], origin, undefined),
    authorization: either(["headers"], authorization, "VALID"),
    requestId: either(["headers"], requestId, undefined),
  }).map((r): Sent => {
    const [method, path] = r.route;
    const headers: Record<string, string> = {};
    if (r.contentType !== undefined) headers["content-type"] = r.contentType;
    // Sign-in and sign-out end the session they are sent: they get the cookie of a spare one.
    const valid = path.startsWith("/auth/") ? secrets.spareCookie : secrets.cookie;
    if (r.cookie !== undefined) headers.cookie = r.cookie === "VALID" ? valid : r.cookie;
    if (r.origin !== undefined) headers.origin = r.origin === "SELF" ? base : r.origin;
    if (r.authorization !== undefined) {
      headers.authorization = r.authorization === "VALID"
        ? `Bearer ${secrets.key}`
        : r.authorization;
    }
    if (r.requestId !== undefined) headers["x-request-id"] = r.requestId;
    const suffix = path.endsWith("/") || r.suffix === "" ? r.suffix : `/${r.suffix}`;
    const hasBody = method !== "GET" && method !== "OPTIONS" && r.body !== undefined;
    return {
      method,
      url: `${base}${path}${suffix}${r.query}`,
      headers,
      body: hasBody
        ? (typeof r.body === "string" ? r.body : r.body as Uint8Array<ArrayBuffer>)
        : undefined,
    };
  });
}

/** Sends one request; fails on a hang, a 5xx, a non-envelope error or an echo of caller text. */
async function checkAnswer(sent: Sent): Promise<void> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(sent.url, {
      method: sent.method,
      headers: sent.headers,
      body: sent.body,
      redirect: "manual",
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    text = await res.text();
  } catch (err) {
    if ((err as Error).name === "TimeoutError") {
      throw new Error(`no answer within ${ANSWER_WITHIN_MS} ms: ${sent.method} ${sent.url}`);
    }
    throw err;
  }
  const what = `${sent.method} ${new URL(sent.url).pathname} -> ${res.status}`;
  assert.ok(res.status < 500, `${what}: ${text.slice(0, 300)}`);
  if (res.status >= 400) {
    const parsed = ErrorEnvelope.safeParse(JSON.parse(text));
    assert.ok(parsed.success, `${what}: not the error envelope: ${text.slice(0, 300)}`);
  }
  // Echoes the contract allows: a key's own name (201), the sign-in page's checked return_to,
  // and the request id (X-Request-Id is the caller's to choose).
  const path = new URL(sent.url).pathname;
  const allowed = (res.status === 201 && path.startsWith("/api/keys")) ||
    path === "/auth/signin" ||
    (sent.headers["x-request-id"]?.includes(MARKER) ?? false);
  if (!allowed) {
    assert.ok(!text.includes(MARKER), `${what}: echoes caller text: ${text.slice(0, 300)}`);
    for (const [name, value] of res.headers) {
      if (name === "location" && path.startsWith("/auth/")) continue; // the checked return_to
      assert.ok(!value.includes(MARKER), `${what}: header ${name} echoes caller text`);
    }
  }
}

Deno.test("fuzz: every route answers within 5 s, never 5xx, errors in the envelope, no echo", async (t) => {
  console.log(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED} deno test -A tests/api/fuzz_test.ts)`);
  const detector = await startDetector();
  const plans = await writePlansFile({ api_free: { perMinute: 100_000 } });
  const api = await startApi({
    env: { ...detector.env, PLANS_FILE: plans, EXTENSION_ORIGINS: EXTENSION },
  });
  try {
    const cookie = await signIn(api.url, "fuzz@example.com");
    const spareCookie = await signIn(api.url, "fuzz-spare@example.com");
    const { key } = await createKey(api.url, cookie);
    const dimensions: Dimension[] = ["bodies", "headers", "cookies", "query strings", "paths"];
    for (const fuzzed of dimensions) {
      await t.step(`random ${fuzzed}`, () =>
        fc.assert(
          fc.asyncProperty(request(api.url, { cookie, spareCookie, key }, fuzzed), checkAnswer),
          { seed: SEED, numRuns: RUNS_PER_PROPERTY, endOnFailure: true },
        ));
    }
  } finally {
    await api.close();
    await detector.stop();
    await Deno.remove(plans);
  }
});
