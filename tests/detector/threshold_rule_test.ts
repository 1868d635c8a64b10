/** The flag threshold rule on synthetic sets whose right answer is known by construction. */
import assert from "node:assert/strict";
import {
  balancedAccuracy,
  bestMacroBalancedAccuracyThreshold,
  countsAt,
} from "../../server/detector/learners/metrics.ts";
import { seededRandom } from "../../server/detector/learners/random.ts";
import { flagAccuracy } from "../../server/detector/training/threshold_rules.ts";

Deno.test("one separable set: the threshold is its lowest positive score", () => {
  const p = [0.1, 0.2, 0.3, 0.6, 0.7, 0.9];
  const y = [false, false, false, true, true, true];
  assert.equal(bestMacroBalancedAccuracyThreshold(p, y, p.map(() => "a")), 0.6);
});

Deno.test("a small set counts as much as a large one: the macro rule serves both", () => {
  // Set "big" (100 rows) separates at 0.8; set "small" (4 rows) separates at 0.3 and is
  // misjudged by any threshold above 0.3. Thresholds in (0.3, 0.8] trade: 0.3 keeps "small"
  // perfect and costs "big" its 20 negatives at 0.5 (BAcc 0.8), mean 0.9; 0.8 costs "small"
  // half (0.5) and keeps "big" perfect, mean 0.75. So the rule picks 0.3.
  const p: number[] = [], y: boolean[] = [], sets: string[] = [];
  const add = (set: string, score: number, label: boolean, n: number) => {
    for (let i = 0; i < n; i++) [p.push(score), y.push(label), sets.push(set)];
  };
  add("big", 0.1, false, 30);
  add("big", 0.5, false, 20);
  add("big", 0.8, true, 50);
  add("small", 0.2, false, 2);
  add("small", 0.3, true, 2);
  const threshold = bestMacroBalancedAccuracyThreshold(p, y, sets);
  assert.equal(threshold, 0.3);
  const macro = flagAccuracy(p, y, sets, p.map(() => threshold)).meanPerSet;
  assert.ok(Math.abs(macro - 0.9) < 1e-9, `mean per-set BAcc ${macro}`);
  // Pooled, the big set dominates: its best threshold is 0.8.
  const pooled = bestMacroBalancedAccuracyThreshold(p, y, sets.map(() => ""));
  assert.equal(pooled, 0.8);
  assert.ok(balancedAccuracy(countsAt(p, y, 0.8)) > balancedAccuracy(countsAt(p, y, 0.3)));
});

Deno.test("the macro rule is the exhaustive search's answer on random sets", () => {
  const rand = seededRandom(7);
  const p = Array.from({ length: 300 }, () => Math.round(rand() * 50) / 50);
  const sets = p.map(() => ["a", "b", "c"][Math.floor(rand() * 3)]);
  const y = p.map((s, i) => rand() < (sets[i] === "a" ? s : s * s));
  const mean = (t: number) => flagAccuracy(p, y, sets, p.map(() => t)).meanPerSet;
  const best = Math.max(...p.map(mean));
  const chosen = bestMacroBalancedAccuracyThreshold(p, y, sets);
  assert.ok(Math.abs(mean(chosen) - best) < 1e-12);
});
