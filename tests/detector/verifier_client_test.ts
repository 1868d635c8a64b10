/**
 * The verifier client against a fake OpenAI-compatible server over real HTTP: the request it
 * sends (model, both texts verbatim in their own blocks, the exact JSON schema, temperature), the
 * verdict's probability, self-consistency over several samples, and every failure as a reason.
 */
import assert from "node:assert/strict";
import { chatReply, type ChatRequestBody, type FakeVerifier } from "../../server/bench/verifier.ts";
import { type ClientSettings, createVerifier } from "../../server/detector/verifier/client.ts";
import { closedPort } from "../support/detector.ts";
import { withFakeVerifier } from "../support/fake_verifier.ts";

/** The response_format, written out here so the test checks the client, not itself. */
const EXPECTED_RESPONSE_FORMAT = {
  type: "json_schema",
  json_schema: {
    name: "hallucination_verdict",
    strict: true,
    schema: {
      type: "object",
      properties: {
        hallucinated: { type: "boolean" },
        confidence: { type: "number", minimum: 0, maximum: 1 },
      },
      required: ["hallucinated", "confidence"],
      additionalProperties: false,
    },
  },
};

const verdict = (hallucinated: boolean, confidence: number) =>
  chatReply(JSON.stringify({ hallucinated, confidence }));

function settings(fake: FakeVerifier, extra: Partial<ClientSettings> = {}): ClientSettings {
  return { url: fake.url, model: "fake-llm:7b", timeoutMs: 2_000, samples: 1, ...extra };
}

Deno.test("the request: model, both texts verbatim in their own blocks, schema, temperature 0", async () => {
  const seen: { body: ChatRequestBody; auth: string | null }[] = [];
  await withFakeVerifier((body, req) => {
    seen.push({ body, auth: req.headers.get("authorization") });
    return verdict(true, 0.8);
  }, async (fake) => {
    const verifier = createVerifier(settings(fake, { apiKey: "key-123" }));
    const prompt = "Who wrote «Hamlet»?\nAnswer in one line.";
    const response = "Charles Dickens wrote Hamlet in 1850. ✓ <b>sure</b>";
    const first = await verifier.verify(prompt, response);
    assert.deepEqual(first, { ok: true, p: 0.8, samples: 1 });
    const second = await verifier.verify(undefined, "The Eiffel Tower is in Rome.");
    assert.equal(second.ok && second.p, 0.8);

    assert.equal(seen.length, 2);
    const { body, auth } = seen[0];
    assert.equal(auth, "Bearer key-123");
    assert.equal(body.model, "fake-llm:7b");
    assert.equal(body.temperature, 0);
    assert.deepEqual(body.response_format, EXPECTED_RESPONSE_FORMAT);
    const user = body.messages.find((m) => m.role === "user")!.content;
    assert.ok(user.includes(`<<<PROMPT\n${prompt}\nPROMPT>>>`), user);
    assert.ok(user.includes(`<<<RESPONSE\n${response}\nRESPONSE>>>`), user);
    // Nothing of another call: the second request holds only its own response.
    const all = JSON.stringify(seen[1].body.messages);
    assert.ok(!all.includes("Dickens") && !all.includes("Hamlet"), all);
    assert.ok(all.includes("The Eiffel Tower is in Rome."));
    assert.ok(!all.includes("<<<PROMPT"), "no prompt block without a prompt");
  });
});

Deno.test("a verdict's probability: confidence when hallucinated, else 1 - confidence", async () => {
  let next = verdict(false, 0.9);
  await withFakeVerifier(() => next, async (fake) => {
    const verifier = createVerifier(settings(fake));
    const notHallucinated = await verifier.verify("q", "a");
    assert.ok(notHallucinated.ok);
    assert.ok(Math.abs(notHallucinated.p - 0.1) < 1e-12);
    next = verdict(true, 0.3);
    assert.deepEqual(await verifier.verify("q", "a"), { ok: true, p: 0.3, samples: 1 });
  });
});

Deno.test("self-consistency: several samples at temperature > 0 are averaged", async () => {
  const answers = [verdict(true, 0.9), verdict(false, 0.4), verdict(true, 0.3)];
  const temperatures: (number | undefined)[] = [];
  await withFakeVerifier((body) => {
    temperatures.push(body.temperature);
    return answers[temperatures.length - 1];
  }, async (fake) => {
    const result = await createVerifier(settings(fake, { samples: 3 })).verify("q", "a");
    assert.equal(temperatures.length, 3);
    assert.ok(temperatures.every((t) => t !== undefined && t > 0), String(temperatures));
    assert.ok(result.ok);
    assert.equal(result.samples, 3);
    assert.ok(Math.abs(result.p - (0.9 + 0.6 + 0.3) / 3) < 1e-12, String(result.p));
  });
});

Deno.test("self-consistency: a failed sample is left out of the average", async () => {
  let calls = 0;
  await withFakeVerifier(
    () => ++calls === 2 ? new Response("busy", { status: 503 }) : verdict(true, 0.7),
    async (fake) => {
      const result = await createVerifier(settings(fake, { samples: 3 })).verify("q", "a");
      assert.deepEqual(result, { ok: true, p: 0.7, samples: 2 });
    },
  );
});

const FAILURES: [string, () => Response, string][] = [
  ["HTTP 500", () => new Response("boom", { status: 500 }), "http_500"],
  ["a body that is not JSON", () => new Response("{not json", { status: 200 }), "malformed_reply"],
  ["a completion without choices", () => Response.json({ id: "x" }), "wrong_reply_shape"],
  [
    "a refusal (content null)",
    () => Response.json({ choices: [{ message: { content: null, refusal: "I can't" } }] }),
    "wrong_reply_shape",
  ],
  ["content that is not JSON", () => chatReply("I think it is hallucinated."), "malformed_verdict"],
  [
    "confidence above 1",
    () => chatReply('{"hallucinated": true, "confidence": 1.5}'),
    "wrong_verdict_shape",
  ],
  ["a missing field", () => chatReply('{"hallucinated": true}'), "wrong_verdict_shape"],
  [
    "an extra field",
    () => chatReply('{"hallucinated": true, "confidence": 0.5, "why": "x"}'),
    "wrong_verdict_shape",
  ],
  [
    "a string boolean",
    () => chatReply('{"hallucinated": "yes", "confidence": 0.5}'),
    "wrong_verdict_shape",
  ],
];

for (const [what, reply, reason] of FAILURES) {
  Deno.test(`a failed verdict: ${what} → ${reason}`, async () => {
    await withFakeVerifier(reply, async (fake) => {
      assert.deepEqual(await createVerifier(settings(fake)).verify("q", "a"), {
        ok: false,
        reason,
      });
    });
  });
}

Deno.test("a failed verdict: a server that hangs times out within VERIFIER_TIMEOUT_MS", async () => {
  const release = Promise.withResolvers<void>();
  await withFakeVerifier(async () => {
    await release.promise;
    return verdict(true, 0.5);
  }, async (fake) => {
    const started = performance.now();
    const result = await createVerifier(settings(fake, { timeoutMs: 300 })).verify("q", "a");
    const elapsed = performance.now() - started;
    release.resolve();
    assert.deepEqual(result, { ok: false, reason: "timeout" });
    assert.ok(elapsed >= 290 && elapsed < 1_500, `${elapsed} ms`);
  });
});

Deno.test("a failed verdict: nothing listening → unreachable", async () => {
  const verifier = createVerifier({
    url: `http://127.0.0.1:${closedPort()}/v1`,
    model: "m",
    timeoutMs: 2_000,
    samples: 1,
  });
  assert.deepEqual(await verifier.verify("q", "a"), { ok: false, reason: "unreachable" });
});
