/**
 * The learned alignment model over the shipped word vectors: claim pairs from crafted texts, the
 * forward pass (shape, range), its gradients against finite differences, that training learns a
 * crafted rule, and that two trainings from one seed give identical weights.
 */
import assert from "node:assert/strict";
import {
  AlignmentRunner,
  claimPairs,
  initialNetwork,
  NETWORK_FEATURES,
  networkFeatures,
  trainAlignmentNetwork,
  type TrainingResponse,
} from "../../server/detector/learners/alignment_network.ts";
import { readSemantics } from "../../server/detector/inference/model.ts";

const { vectors } = await readSemantics();

const prompt = "The company reported taxable income of 4 million dollars in 2020. " +
  "Its founder did not expand the business abroad. The office moved to a pool house in Leeds.";

Deno.test("claim pairs: each claim with its window's words, caps respected", () => {
  const pairs = claimPairs(
    prompt,
    "The firm reported non-taxable income in 2020. The office is now a billiards hall.",
    vectors,
  );
  assert.equal(pairs.length, 2);
  assert.deepEqual(pairs[0].claim, ["firm", "reported", "non-taxable", "income", "2020"]);
  assert.ok(pairs[0].window.includes("taxable") && pairs[0].window.includes("2020"));
  assert.ok(pairs[1].window.includes("pool"), "the office sentence is the second claim's window");
  const capped = claimPairs(prompt, "The firm reported income. The office moved.", vectors, {
    claimTokens: 2,
    windowTokens: 3,
    claims: 1,
  });
  assert.equal(capped.length, 1);
  assert.equal(capped[0].claim.length, 2);
  assert.equal(capped[0].window.length, 3);
  assert.deepEqual(claimPairs("", "Anything at all.", vectors), []);
});

Deno.test("forward pass: one finite logit per claim, features of the documented shape", () => {
  const runner = new AlignmentRunner(
    initialNetwork(vectors.dims, { hidden: 8, compare: 6 }, 1),
    vectors,
  );
  const pairs = claimPairs(prompt, "Its founder expanded abroad. Income was 9 million.", vectors);
  const logits = runner.claimLogits(pairs);
  assert.equal(logits.length, pairs.length);
  for (const z of logits) assert.ok(Number.isFinite(z) && Math.abs(z) < 50, `logit ${z}`);
  const features = networkFeatures(runner, pairs);
  assert.equal(features.length, NETWORK_FEATURES.length);
  assert.ok(Math.abs(features[0] - Math.max(...logits)) < 1e-5, "worst claim");
  assert.ok(features[1] <= features[0] + 1e-6, "the weighted mean is at most the worst claim");
  assert.deepEqual([...networkFeatures(runner, [])], [0, 0]);
  // Freezing precomputes the vocabulary's projections: the same logits.
  const frozen = new AlignmentRunner(runner.network, vectors).freeze().claimLogits(pairs);
  frozen.forEach((z, k) => assert.ok(Math.abs(z - logits[k]) < 1e-4));
});

Deno.test("backward pass: gradients match finite differences", () => {
  const network = initialNetwork(vectors.dims, { hidden: 6, compare: 5 }, 3);
  const runner = new AlignmentRunner(network, vectors);
  const [pair] = claimPairs(prompt, "The firm reported non-taxable income of 5 million.", vectors);
  const grad = new Float32Array(network.params.length);
  runner.reset();
  runner.backward(runner.forward(pair), 1, grad);
  const logit = () => {
    runner.reset();
    return runner.forward(pair).logit;
  };
  // A step may cross a ReLU or max kink, where finite differences are wrong: allow 3% of them.
  let checked = 0, off = 0;
  for (let i = 0; i < network.params.length; i += 3) {
    const old = network.params[i];
    network.params[i] = old + 1e-3;
    const up = logit();
    network.params[i] = old - 1e-3;
    const down = logit();
    network.params[i] = old;
    const numeric = (up - down) / 2e-3;
    const scale = Math.max(1e-2, Math.abs(numeric) + Math.abs(grad[i]));
    if (Math.abs(numeric - grad[i]) / scale > 0.02) off++;
    checked++;
  }
  assert.ok(checked > 200);
  assert.ok(off <= checked * 0.03, `${off} of ${checked} gradients off`);
});

/** Claims that repeat their window are supported; claims with a swapped word are not. */
function craftedResponses(): TrainingResponse[] {
  const facts = [
    "The river flows north through the valley",
    "The museum opened in the spring with paintings",
    "Farmers grow wheat and barley near the coast",
    "The senator praised the budget proposal",
    "The orchestra performed a symphony in the cathedral",
    "The engineer designed a bridge over the canal",
  ];
  const swaps: [string, string][] = [
    ["north", "south"],
    ["spring", "autumn"],
    [
      "wheat",
      "rice",
    ],
    ["praised", "criticised"],
    ["symphony", "opera"],
    ["bridge", "tunnel"],
  ];
  return facts.flatMap((fact, k) => [
    { pairs: claimPairs(fact + ".", fact + ".", vectors), hallucinated: false, weight: 1 },
    {
      pairs: claimPairs(fact + ".", fact.replace(swaps[k][0], swaps[k][1]) + ".", vectors),
      hallucinated: true,
      weight: 1,
    },
  ]);
}

const SMALL = {
  shape: { hidden: 16, compare: 16 },
  epochs: 40,
  batch: 4,
  learningRate: 0.005,
  seed: 5,
};

Deno.test("training from a seed is deterministic and learns the crafted rule", () => {
  const responses = craftedResponses();
  const a = trainAlignmentNetwork(responses, vectors, SMALL);
  const b = trainAlignmentNetwork(responses, vectors, SMALL);
  assert.deepEqual(a.params, b.params, "same seed, same weights");
  const c = trainAlignmentNetwork(responses, vectors, { ...SMALL, seed: 6 });
  assert.notDeepEqual(a.params, c.params, "another seed, other weights");
  const runner = new AlignmentRunner(a, vectors);
  const worst = (r: TrainingResponse) => Math.max(...runner.claimLogits(r.pairs));
  const faithful = responses.filter((r) => !r.hallucinated).map(worst);
  const swapped = responses.filter((r) => r.hallucinated).map(worst);
  assert.ok(
    Math.max(...faithful) < Math.min(...swapped),
    `faithful ${faithful.map((z) => z.toFixed(2))} vs swapped ${swapped.map((z) => z.toFixed(2))}`,
  );
});
