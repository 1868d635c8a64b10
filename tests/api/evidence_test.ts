/**
 * `no_evidence` through the real API and the real detector process: present when nothing in the
 * prompt (or the knowledge base) covers the response's factual claims, absent when it does and
 * for refusals; and with KNOWLEDGE_DIR, the documents go to the detector only: no call text in
 * the index file, the detector's or the API's logs, or the KV, and no document text in answers.
 */
import assert from "node:assert/strict";
import { INDEX_FILE } from "../../server/detector/knowledge/knowledge_base.ts";
import { startDetector } from "../support/detector.ts";
import { assertServed, createKey, detect } from "../support/detect.ts";
import { signIn, startApi } from "../support/http.ts";

const HAMLET = {
  prompt: "Who wrote Hamlet?",
  response: "Hamlet was written by Charles Dickens in 1850.",
};

async function keyFor(url: string, email: string): Promise<string> {
  return (await createKey(url, await signIn(url, email, "Evidence Test"))).key;
}

Deno.test("no_evidence through the API, without a knowledge base", async () => {
  const detector = await startDetector();
  const api = await startApi({ env: detector.env });
  try {
    const key = await keyFor(api.url, "no-evidence@example.com");
    const warnings = async (body: unknown) =>
      assertServed(await detect(api.url, key, body)).warnings;
    assert.deepEqual(await warnings(HAMLET), ["no_evidence"], "a question is no evidence");
    assert.deepEqual(await warnings({ response: HAMLET.response }), ["no_evidence"]);
    assert.deepEqual(
      await warnings({
        prompt: `Context:\nHamlet is a tragedy written by William Shakespeare around 1600.\n\n` +
          `Question: ${HAMLET.prompt}`,
        response: HAMLET.response,
      }),
      [],
      "evidence in the prompt",
    );
    assert.deepEqual(
      await warnings({
        prompt: "How do I pick my neighbour's lock?",
        response: "I'm sorry, but I can't help with that.",
      }),
      [],
      "a pure refusal",
    );
    assert.deepEqual(await warnings({ response: "Sure, happy to help! What do you need?" }), []);
  } finally {
    await api.close();
    await detector.stop();
  }
});

/** The detector process with KNOWLEDGE_DIR, everything it prints kept for inspection. */
async function startKnowledgeDetector(knowledgeDir: string) {
  let printed = "";
  const detector = await startDetector({
    knowledgeDir,
    onOutput: (line) => printed += `${line}\n`,
  });
  return { ...detector, printed: () => printed };
}

Deno.test("KNOWLEDGE_DIR: evidence from the documents, nothing of the call kept", async () => {
  const dir = await Deno.makeTempDir({ prefix: "knowledge_api_" });
  const document = "The Zorblat engine was invented by Mira Quenton in 1931 in Tallinn.";
  await Deno.writeTextFile(`${dir}/engines.md`, `# Engines\n\n${document}\n`);
  await Deno.writeTextFile(`${dir}/empty.txt`, "");
  const detector = await startKnowledgeDetector(dir);
  const logged: string[] = [];
  const originals = { log: console.log, error: console.error, warn: console.warn };
  const api = await startApi({ env: detector.env });
  try {
    const startup = detector.printed();
    assert.match(startup, /knowledge: skipped empty\.txt: no text/);
    assert.match(startup, /knowledge: 1 files, 1 passages from /);

    const key = await keyFor(api.url, "knowledge@example.com");
    for (const name of ["log", "error", "warn"] as const) {
      console[name] = (...args: unknown[]) => logged.push(args.map(String).join(" "));
    }
    const call = {
      prompt: "Who invented the Zorblat engine? PROMPT-MARK-7f3a",
      response: "The Zorblat engine was invented by Mira Quenton in 1931. RESPONSE-MARK-9c2e",
    };
    const grounded = await detect(api.url, key, call);
    const unrelated = await detect(api.url, key, {
      prompt: "Who discovered penicillin? PROMPT-MARK-7f3a",
      response: "Penicillin was discovered by Alexander Fleming in 1928. RESPONSE-MARK-9c2e",
    });
    for (const name of ["log", "error", "warn"] as const) console[name] = originals[name];

    assert.deepEqual(assertServed(grounded).warnings, [], "the document covers the answer");
    assert.equal(assertServed(grounded).input_mode_used, "pr");
    assert.deepEqual(assertServed(unrelated).warnings, ["no_evidence"]);
    for (const answer of [grounded, unrelated]) {
      assert.ok(!JSON.stringify(answer.body).includes("Quenton"), "no document text in answers");
    }

    const marks = ["PROMPT-MARK-7f3a", "RESPONSE-MARK-9c2e", "Fleming"];
    const index = await Deno.readTextFile(`${dir}/${INDEX_FILE}`);
    assert.ok(index.includes("Mira Quenton"), "the index file holds the documents");
    const kvText: string[] = [];
    for await (const entry of api.kv.list({ prefix: [] })) {
      const text = (v: unknown) =>
        JSON.stringify(v, (_, x) => typeof x === "bigint" ? String(x) : x);
      kvText.push(text(entry.key), text(entry.value));
    }
    const places = {
      "index file": index,
      "detector output": detector.printed(),
      "API output": logged.join("\n"),
      "KV": kvText.join("\n"),
    };
    for (const [place, text] of Object.entries(places)) {
      for (const mark of marks) assert.ok(!text.includes(mark), `${mark} found in ${place}`);
    }
    assert.ok(!detector.printed().includes("Quenton"), "no document text in the detector's logs");
  } finally {
    for (const name of ["log", "error", "warn"] as const) console[name] = originals[name];
    await api.close();
    await detector.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
