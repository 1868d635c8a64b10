/** Within-set class balance of the training weights, on sets built so the answer is known. */
import assert from "node:assert/strict";
import type { CorpusRow } from "../../server/detector/corpus/types.ts";
import type { SparseVector } from "../../server/detector/signals/vectorize.ts";
import { linearLogits, trainLinear } from "../../server/detector/learners/linear.ts";
import { seededRandom } from "../../server/detector/learners/random.ts";
import {
  CLASS_BALANCE,
  type Example,
  setBalancedWeights,
} from "../../server/detector/training/examples.ts";
import {
  DEFAULT_MODEL_DIR,
  TRAINING_REPORT_FILE,
} from "../../server/detector/inference/model_files.ts";
import type { TrainingReport } from "../../server/detector/training/report.ts";
import { crossFittedFlagAccuracy } from "../../server/detector/training/threshold_rules.ts";

const example = (set: string, hallucinated: boolean): Example => ({
  row: {
    set,
    response: "",
    regime: hallucinated ? "FABRICATED" : "NORMAL",
    hallucinated,
    groups: [],
    modes: ["pr"],
  } satisfies CorpusRow,
  mode: "pr",
  dense: new Float32Array(),
});

/** `positives` hallucinated and `negatives` consistent rows of one set. */
const set = (name: string, positives: number, negatives: number): Example[] => [
  ...Array.from({ length: positives }, () => example(name, true)),
  ...Array.from({ length: negatives }, () => example(name, false)),
];

const sumWhere = (examples: Example[], weights: number[], keep: (e: Example) => boolean) =>
  weights.reduce((s, w, i) => s + (keep(examples[i]) ? w : 0), 0);

Deno.test("at strength 1 each set's classes weigh the same and each set keeps its total", () => {
  const examples = [...set("skewed", 90, 10), ...set("even", 20, 20), ...set("one-class", 0, 30)];
  const plain = setBalancedWeights(examples, 0.5, 0);
  const balanced = setBalancedWeights(examples, 0.5, 1);
  for (const name of ["skewed", "even"]) {
    const positive = sumWhere(examples, balanced, (e) => e.row.set === name && e.row.hallucinated);
    const negative = sumWhere(examples, balanced, (e) => e.row.set === name && !e.row.hallucinated);
    assert.ok(Math.abs(positive - negative) < 1e-9, `${name}: ${positive} vs ${negative}`);
  }
  // Set totals are unchanged (weights are normalised to mean 1 either way).
  for (const name of ["skewed", "even", "one-class"]) {
    const inSet = (e: Example) => e.row.set === name;
    const [before, after] = [sumWhere(examples, plain, inSet), sumWhere(examples, balanced, inSet)];
    assert.ok(Math.abs(before - after) < 1e-9, `${name}: ${before} vs ${after}`);
  }
  // A set with one class only and a balanced set are left as they were.
  examples.forEach((e, i) => {
    if (e.row.set !== "skewed") assert.ok(Math.abs(plain[i] - balanced[i]) < 1e-9);
  });
});

Deno.test("at strength 0 the weights are the set-size weights alone", () => {
  const examples = [...set("a", 90, 10), ...set("b", 5, 20)];
  const weights = setBalancedWeights(examples, 0.5, 0);
  const [a, b] = [weights[0], weights[100]];
  examples.forEach((e, i) => assert.ok(Math.abs(weights[i] - (e.row.set === "a" ? a : b)) < 1e-9));
  // n^-0.5 per row: set "a" has 100 rows, "b" 25.
  assert.ok(Math.abs(a / b - Math.sqrt(25 / 100)) < 1e-9, `${a / b}`);
});

Deno.test("a partial strength moves weight towards the minority class, not all the way", () => {
  const examples = set("skewed", 90, 10);
  const share = (strength: number) => {
    const w = setBalancedWeights(examples, 0.5, strength);
    return sumWhere(examples, w, (e) => !e.row.hallucinated) / w.reduce((a, b) => a + b, 0);
  };
  const [none, half, full] = [share(0), share(0.5), share(1)];
  assert.ok(Math.abs(none - 0.1) < 1e-9, `${none}`);
  assert.ok(none < half && half < full, `${none} < ${half} < ${full}`);
  assert.ok(Math.abs(full - 0.5) < 1e-9, `${full}`);
});

/**
 * Two sets whose base rates differ (80% and 20% hallucinated), each row with one feature that
 * names its set and one noisy feature that carries the label the same way in both. Trained on
 * the natural mix, the model leans on the set feature and one threshold serves neither set
 * well; with the classes balanced in each set it leans on the label feature instead.
 */
Deno.test("balanced within sets, a logistic model stops using the set as a cue", () => {
  const random = seededRandom(5);
  const examples: Example[] = [], xs: SparseVector[] = [];
  for (const [name, rate, slot] of [["mostly-wrong", 0.8, 0], ["mostly-right", 0.2, 1]] as const) {
    for (let i = 0; i < 2000; i++) {
      const hallucinated = random() < rate;
      // Gaussian noise (Box-Muller): the label's likelihood ratio grows smoothly with the signal.
      const noise = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
      const signal = (hallucinated ? 0.5 : -0.5) + noise;
      examples.push(example(name, hallucinated));
      xs.push({
        index: Uint32Array.of(slot, 2),
        value: Float32Array.of(1, signal),
        dense: new Float32Array(),
      });
    }
  }
  const labels = examples.map((e) => (e.row.hallucinated ? 1 : 0));
  const sets = examples.map((e) => e.row.set);
  const y = examples.map((e) => e.row.hallucinated);
  const fit = (strength: number) => {
    const head = trainLinear(xs, labels, setBalancedWeights(examples, 0.5, strength), 1, 3);
    const logits = xs.map((x) => linearLogits(head, x)[0]);
    const gap = head.weights[0][0] - head.weights[0][1];
    const probs = logits.map((z) => 1 / (1 + Math.exp(-z)));
    const folds = examples.map((_, i) => i % 2);
    return {
      gap,
      flag: crossFittedFlagAccuracy("max mean per-set balanced accuracy", probs, y, sets, folds),
    };
  };
  const natural = fit(0), balanced = fit(1);
  assert.ok(natural.gap > 1, `set cue learnt from the natural mix: ${natural.gap}`);
  assert.ok(Math.abs(balanced.gap) < 0.3, `set cue left once balanced: ${balanced.gap}`);
  assert.ok(
    balanced.flag.meanPerSet > natural.flag.meanPerSet + 0.05,
    `mean per-set BAcc ${natural.flag.meanPerSet} -> ${balanced.flag.meanPerSet}`,
  );
});

Deno.test("the committed model trained at the compared strength with the best flag", async () => {
  const report: TrainingReport = JSON.parse(
    await Deno.readTextFile(DEFAULT_MODEL_DIR + TRAINING_REPORT_FILE),
  );
  const mean = (r: TrainingReport["classBalance"][number]) =>
    (r.cells.pr.meanPerSetBalancedAccuracy + r.cells.ro.meanPerSetBalancedAccuracy) / 2;
  const best = report.classBalance.reduce((a, b) => (mean(b) > mean(a) ? b : a));
  assert.equal(best.strength, CLASS_BALANCE);
  assert.deepEqual(report.classBalance.filter((r) => r.shipped).map((r) => r.strength), [
    CLASS_BALANCE,
  ]);
});
