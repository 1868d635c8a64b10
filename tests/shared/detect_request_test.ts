import assert from "node:assert/strict";
import { z } from "zod";
import { parseDetectRequest } from "../../shared/detect_request.ts";
import { formatZodIssues } from "../../shared/zod_issues.ts";

const failure = (text: string) => {
  const parsed = parseDetectRequest(text);
  assert.equal(parsed.ok, false, text);
  return (parsed as { ok: false; failure: unknown }).failure;
};

Deno.test("parseDetectRequest: the spec's checks in order, each failure as envelope fields", () => {
  assert.deepEqual(failure("{not json"), {
    code: "bad_json",
    message: "request body is not valid JSON",
  });
  // Not JSON first, then a missing response, before any length or schema rule.
  assert.equal(
    (failure('{"response": null, "top_k_regimes": 0}') as { code: string }).code,
    "response_required",
  );
  assert.deepEqual(failure(JSON.stringify({ response: "r", prompt: "p".repeat(2049) })), {
    code: "input_too_long",
    message: "prompt exceeds 2048 characters; inputs are rejected, never truncated",
    field: "prompt",
    max_chars: 2048,
    provided_chars: 2049,
  });
  // The response is checked before the prompt, in code points.
  const both = failure(JSON.stringify({ response: "😀".repeat(2050), prompt: "p".repeat(3000) }));
  assert.equal((both as { field: string; provided_chars: number }).field, "response");
  assert.equal((both as { provided_chars: number }).provided_chars, 2050);
  assert.deepEqual(failure("[1]"), { code: null, detail: "request body must be a JSON object" });
  assert.deepEqual(failure(JSON.stringify({ response: "r", top_k_regimes: 11 })), {
    code: null,
    detail: "top_k_regimes: Too big: expected number to be <=10",
  });
});

Deno.test("parseDetectRequest: a valid body with the schema's defaults, nothing resolved beyond", () => {
  assert.deepEqual(parseDetectRequest(JSON.stringify({ response: "😀".repeat(2048) })), {
    ok: true,
    request: { response: "😀".repeat(2048), top_k_regimes: 6 },
  });
});

Deno.test("formatZodIssues: one line, unknown properties never named unless trusted", () => {
  const Flags = z.strictObject({ count: z.int().min(1) });
  const error = Flags.safeParse({ count: 0, secret_name: 1 }).error!;
  assert.equal(
    formatZodIssues(error),
    "count: Too small: expected number to be >=1; unknown properties are not allowed",
  );
  assert.match(formatZodIssues(error, { nameUnknownKeys: true }), /secret_name/);
  assert.match(formatZodIssues(error, { pathPrefix: "--" }), /^--count: /);
});
