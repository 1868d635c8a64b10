/**
 * Gradient-boosted regression trees for a logistic loss (second-order, histogram splits over
 * quantile bins). Used to re-score the binary head: inputs are the dense grounding features plus
 * the linear logit, so interactions between grounding cues can be learnt.
 */

import { z } from "zod";

export const Tree = z.object({
  /** Per node: split feature, or -1 for a leaf. */
  feature: z.array(z.number().int()),
  /** Per node: go left when x[feature] <= threshold; for a leaf, its value. */
  threshold: z.array(z.number()),
  left: z.array(z.number().int()),
  right: z.array(z.number().int()),
});
export type Tree = z.infer<typeof Tree>;

export const TreeEnsemble = z.object({
  base: z.number(),
  learningRate: z.number(),
  trees: z.array(Tree),
});
export type TreeEnsemble = z.infer<typeof TreeEnsemble>;

export interface BoostOptions {
  rounds: number;
  depth: number;
  learningRate: number;
  minLeafHessian: number;
  lambda: number;
  bins: number;
}

export const DEFAULT_BOOST: BoostOptions = {
  rounds: 200,
  depth: 4,
  learningRate: 0.08,
  minLeafHessian: 5,
  lambda: 1,
  bins: 32,
};

export function predictTrees(model: TreeEnsemble, x: ArrayLike<number>): number {
  let s = model.base;
  for (const t of model.trees) {
    let n = 0;
    while (t.feature[n] >= 0) n = x[t.feature[n]] <= t.threshold[n] ? t.left[n] : t.right[n];
    s += model.learningRate * t.threshold[n];
  }
  return s;
}

/** Quantile cut points per feature (at most bins - 1 distinct values). */
function cutPoints(rows: readonly ArrayLike<number>[], f: number, bins: number): number[] {
  const values = rows.map((r) => r[f]).sort((a, b) => a - b);
  const cuts: number[] = [];
  for (let b = 1; b < bins; b++) {
    const v = values[Math.floor((b * values.length) / bins)];
    if (cuts.length === 0 || v > cuts[cuts.length - 1]) cuts.push(v);
  }
  return cuts;
}

function binOf(cuts: readonly number[], v: number): number {
  let lo = 0, hi = cuts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v <= cuts[mid]) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function trainTrees(
  rows: readonly ArrayLike<number>[],
  labels: readonly boolean[],
  sampleWeights: readonly number[],
  options: BoostOptions = DEFAULT_BOOST,
): TreeEnsemble {
  const n = rows.length, nf = rows[0].length;
  const cuts = Array.from({ length: nf }, (_, f) => cutPoints(rows, f, options.bins));
  const binned = Array.from({ length: nf }, (_, f) => {
    const col = new Uint8Array(n);
    for (let i = 0; i < n; i++) col[i] = binOf(cuts[f], rows[i][f]);
    return col;
  });
  let wPos = 0, wAll = 0;
  for (let i = 0; i < n; i++) {
    wAll += sampleWeights[i];
    if (labels[i]) wPos += sampleWeights[i];
  }
  const prior = Math.min(Math.max(wPos / wAll, 1e-6), 1 - 1e-6);
  const base = Math.log(prior / (1 - prior));
  const margin = new Float64Array(n).fill(base);
  const grad = new Float64Array(n), hess = new Float64Array(n);
  const trees: Tree[] = [];
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-margin[i]));
      grad[i] = (p - (labels[i] ? 1 : 0)) * sampleWeights[i];
      hess[i] = Math.max(p * (1 - p), 1e-6) * sampleWeights[i];
    }
    const tree: Tree = { feature: [], threshold: [], left: [], right: [] };
    const leafOf = new Int32Array(n);
    growNode(
      { tree, options, binned, cuts, grad, hess, leafOf },
      Array.from({ length: n }, (_, i) => i),
      0,
    );
    for (let i = 0; i < n; i++) margin[i] += options.learningRate * tree.threshold[leafOf[i]];
    trees.push(tree);
  }
  return { base, learningRate: options.learningRate, trees };
}

/** What every node of one tree is grown from: the round's gradients and the binned rows. */
interface Growth {
  tree: Tree;
  options: BoostOptions;
  binned: Uint8Array[];
  cuts: number[][];
  grad: Float64Array;
  hess: Float64Array;
  /** Per row, the leaf it ends in (written as leaves are made). */
  leafOf: Int32Array;
}

function growNode(growth: Growth, members: number[], depth: number): number {
  const { tree, options, binned, cuts, grad, hess, leafOf } = growth;
  const id = tree.feature.length;
  tree.feature.push(-1);
  tree.threshold.push(0);
  tree.left.push(-1);
  tree.right.push(-1);
  let g = 0, h = 0;
  for (const i of members) {
    g += grad[i];
    h += hess[i];
  }
  const leaf = () => {
    tree.threshold[id] = -g / (h + options.lambda);
    for (const i of members) leafOf[i] = id;
    return id;
  };
  if (depth >= options.depth || h < 2 * options.minLeafHessian) return leaf();
  const parentScore = (g * g) / (h + options.lambda);
  let bestGain = 1e-9, bestF = -1, bestBin = -1;
  const gh = new Float64Array(options.bins), hh = new Float64Array(options.bins);
  for (let f = 0; f < binned.length; f++) {
    const nb = cuts[f].length + 1;
    if (nb < 2) continue;
    gh.fill(0);
    hh.fill(0);
    const col = binned[f];
    for (const i of members) {
      gh[col[i]] += grad[i];
      hh[col[i]] += hess[i];
    }
    let gl = 0, hl = 0;
    for (let b = 0; b < nb - 1; b++) {
      gl += gh[b];
      hl += hh[b];
      const gr = g - gl, hr = h - hl;
      if (hl < options.minLeafHessian || hr < options.minLeafHessian) continue;
      const gain = (gl * gl) / (hl + options.lambda) + (gr * gr) / (hr + options.lambda) -
        parentScore;
      if (gain > bestGain) [bestGain, bestF, bestBin] = [gain, f, b];
    }
  }
  if (bestF < 0) return leaf();
  const col = binned[bestF];
  const leftMembers = members.filter((i) => col[i] <= bestBin);
  const rightMembers = members.filter((i) => col[i] > bestBin);
  tree.feature[id] = bestF;
  tree.threshold[id] = cuts[bestF][bestBin];
  tree.left[id] = growNode(growth, leftMembers, depth + 1);
  tree.right[id] = growNode(growth, rightMembers, depth + 1);
  return id;
}
