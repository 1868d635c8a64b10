/**
 * Evidence for a call: per-claim retrieval within the evidence budget, the prompt the detector
 * scores, and the coverage rule behind `no_evidence` (present for unchecked factual claims,
 * absent for covered ones, refusals and replies without factual claims), through the real model.
 */
import assert from "node:assert/strict";
import { codePointLength, MAX_FIELD_CHARS } from "../../shared/text.ts";
import { evidenceCoverage, lacksEvidence } from "../../server/detector/knowledge/coverage.ts";
import { KnowledgeBase } from "../../server/detector/knowledge/knowledge_base.ts";
import { chunkDocument, PASSAGE_MAX_CHARS } from "../../server/detector/knowledge/passages.ts";
import {
  evidenceBudget,
  evidencePrompt,
  MIN_EVIDENCE_CHARS,
  retrievePassages,
} from "../../server/detector/knowledge/retrieve.ts";
import { createScorer } from "../../server/detector/scoring/scorer.ts";
import { loadPassageEncoder } from "../../server/detector/knowledge/passage_encoder.ts";
import { DEFAULT_MODEL_DIR } from "../../server/detector/inference/model_files.ts";
import { loadDetector } from "../../server/detector/inference/model.ts";
import type { DetectInput } from "../../shared/detect_request.ts";
import type { Detector } from "../../server/detector/inference/types.ts";

const encoder = await loadPassageEncoder(DEFAULT_MODEL_DIR);

/** A knowledge base of these documents, searched as a knowledge folder is (hybrid ranking). */
function baseOf(documents: Record<string, string>): Promise<KnowledgeBase> {
  const passages = Object.entries(documents).flatMap(([source, text]) =>
    chunkDocument({ text }, source)
  );
  return KnowledgeBase.build(passages, encoder, () => {});
}

const DOCUMENTS = {
  "hamlet.txt": "Hamlet is a tragedy written by William Shakespeare around 1600.",
  "eiffel.txt": "The Eiffel Tower in Paris was completed in 1889 and is 330 metres tall.",
  "everest.txt": "Mount Everest is 8,849 metres high and stands on the border of Nepal and China.",
};

Deno.test("chunking packs whole sentences up to the passage size", () => {
  const sentence = "The river floods every spring and the farmers plant rice afterwards. ";
  const passages = chunkDocument({ text: sentence.repeat(30), title: "Rice" }, "rice.txt");
  assert.ok(passages.length > 1);
  for (const p of passages) {
    assert.ok(codePointLength(p.text) <= PASSAGE_MAX_CHARS);
    assert.match(p.text, /^The river.*afterwards\.$/);
    assert.equal(p.title, "Rice");
  }
});

Deno.test("retrieval queries every claim and keeps to the evidence budget", async () => {
  const base = await baseOf(DOCUMENTS);
  const response = "The Eiffel Tower was finished in 1889. Mount Everest is in Nepal.";
  const passages = await retrievePassages(base, "Tell me two facts.", response);
  const sources = passages.map((p) => p.source);
  assert.equal(sources[0], "eiffel.txt", "the first claim's best passage first");
  assert.equal(sources[1], "everest.txt", "then the second claim's");

  const prompt = evidencePrompt("Tell me two facts.", passages);
  assert.ok(prompt.startsWith(`Context:\n${DOCUMENTS["eiffel.txt"]}\n`));
  assert.ok(prompt.endsWith("\n\nQuestion: Tell me two facts."));
  assert.ok(codePointLength(prompt) <= MAX_FIELD_CHARS);

  // Many long passages: the evidence never passes the 2,048 code points of the detector's prompt.
  const many = await baseOf(Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => [
      `d${i}.txt`,
      `Volcano ${i} erupted in ${1800 + i}. `.repeat(20),
    ]),
  ));
  const question = "Which volcanoes erupted? ".repeat(20);
  const filled = await retrievePassages(many, question, "Volcano 3 erupted. Volcano 7 erupted.");
  assert.ok(filled.length > 1);
  assert.ok(codePointLength(evidencePrompt(question, filled)) <= MAX_FIELD_CHARS);

  // A prompt that leaves less than the minimum budget gets no passages.
  const long = "x".repeat(MAX_FIELD_CHARS - MIN_EVIDENCE_CHARS);
  assert.ok(evidenceBudget(long) < MIN_EVIDENCE_CHARS);
  assert.deepEqual(await retrievePassages(base, long, "The Eiffel Tower is in Paris."), []);
});

Deno.test("coverage: factual claims without evidence lack it; refusals and chat do not", () => {
  const lacks = (evidence: string, response: string) =>
    lacksEvidence(evidenceCoverage(evidence, response));
  const answer = "Hamlet was written by Charles Dickens in 1850.";
  assert.equal(lacks("Who wrote Hamlet?", answer), true, "a question is no evidence");
  assert.equal(lacks("", answer), true);
  assert.equal(
    lacks(`Context:\n${DOCUMENTS["hamlet.txt"]}\n\nQuestion: Who wrote Hamlet?`, answer),
    false,
    "evidence about the claim covers it, even when it contradicts it",
  );
  assert.equal(lacks("", "I'm sorry, but I can't help with that request."), false);
  assert.equal(lacks("Who wrote Hamlet?", "Sure! What would you like to know?"), false);
  assert.equal(lacks("", "Thanks, I will do that."), false);
  assert.deepEqual(evidenceCoverage("", "Hello there!").support, []);
});

/** A document in the prompt, and an answer paragraph that contradicts its year, place and founder. */
const FOUNDING_DOCUMENT =
  "Write a short profile of Redstone Outfitters from this document. Document: Redstone " +
  "Outfitters is an outdoor equipment retailer. The company was founded in 1987 in Denver, " +
  "Colorado, by Maria Lopez, a former mountain guide. It now runs 42 stores across the western " +
  "United States.";
const CONTRADICTING_PARAGRAPH = "The business was started in 1995 in Seattle by John Carter. " +
  "Carter opened the first shop after a career as a ski instructor.";

Deno.test("coverage: a claim whose slots the prompt's evidence states, with other values, is covered", () => {
  const coverage = evidenceCoverage(FOUNDING_DOCUMENT, CONTRADICTING_PARAGRAPH);
  // The founding claim: its year, place and founder are stated by the document (differently).
  assert.ok(coverage.support[0] >= 0.3, `${coverage.support}`);
  assert.equal(lacksEvidence(coverage), false);
  // The same slots with no statement to fill them: a question, or nothing, is still no evidence.
  assert.equal(
    lacksEvidence(evidenceCoverage("Who founded Redstone Outfitters?", CONTRADICTING_PARAGRAPH)),
    true,
  );
  assert.equal(lacksEvidence(evidenceCoverage("", CONTRADICTING_PARAGRAPH)), true);
  // One kind of slot alone, about nothing the evidence names, is not enough.
  assert.equal(
    lacksEvidence(
      evidenceCoverage(
        "The museum opened in 1901.",
        "Volcanic soil suits vineyards planted in 1950.",
      ),
    ),
    true,
  );
});

Deno.test("scorer: the contradicting paragraph is scored against the document, no no_evidence", async () => {
  const detector = await loadDetector();
  const scored = await createScorer(detector)({
    prompt: FOUNDING_DOCUMENT,
    response: CONTRADICTING_PARAGRAPH,
    task: "multiclass",
    inputMode: "pr",
  });
  assert.deepEqual(scored.warnings, []);
  // Scored against the document it contradicts, the paragraph is flagged.
  assert.equal(scored.flag, true);
});

Deno.test("scorer: no_evidence without a knowledge base, evidence from it with one", async () => {
  const detector = await loadDetector();
  const call: DetectInput = {
    prompt: "Who wrote Hamlet?",
    response: "Hamlet was written by Charles Dickens in 1850.",
    task: "binary",
    inputMode: "pr",
  };
  const plain = await createScorer(detector)(call);
  assert.deepEqual(plain.warnings, ["no_evidence"]);
  assert.deepEqual(plain, { ...(await detector.score(call)), warnings: ["no_evidence"] });

  const seen: (string | undefined)[] = [];
  const spy: Detector = {
    modelVersion: detector.modelVersion,
    calibratorVersion: "cal-retrieval",
    score: (input) => {
      seen.push(input.prompt);
      return detector.score(input);
    },
  };
  const scorer = createScorer(detector, { base: await baseOf(DOCUMENTS), detector: spy });
  const withBase = await scorer(call);
  assert.deepEqual(withBase.warnings, []);
  assert.deepEqual(seen, [
    `Context:\n${DOCUMENTS["hamlet.txt"]}\n\nQuestion: Who wrote Hamlet?`,
  ]);
  assert.equal(withBase.input_mode_used, "pr");

  // Response only, no prompt: retrieval still runs and the call is scored with its evidence.
  const ro = await scorer({
    response: "The Eiffel Tower is 330 metres tall.",
    task: "binary",
    inputMode: "ro",
  });
  assert.equal(ro.input_mode_used, "pr");
  assert.deepEqual(ro.warnings, []);
  // An explicit response-only call with a prompt ignores context: nothing retrieved, no evidence.
  seen.length = 0;
  const ignored = await scorer({ ...call, inputMode: "ro" });
  assert.deepEqual(seen, []);
  assert.equal(ignored.input_mode_used, "ro");
  assert.deepEqual(ignored.warnings, ["no_evidence"]);
  // Nothing in the base about the claim: no_evidence still.
  const unrelated = await scorer({
    ...call,
    prompt: "Who painted the Mona Lisa?",
    response: "Leonardo da Vinci painted the Mona Lisa in Florence.",
  });
  assert.deepEqual(unrelated.warnings, ["no_evidence"]);
});
