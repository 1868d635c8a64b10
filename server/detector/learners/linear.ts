/**
 * Sparse linear heads trained with AdaGrad: a logistic head (binary) and a softmax head
 * (the regime given a hallucination). Single-threaded and seeded, so training is reproducible.
 */
import type { SparseVector } from "../signals/vectorize.ts";
import { shuffledIndices } from "./random.ts";

export interface TrainOptions {
  epochs: number;
  learningRate: number;
  l2: number;
  seed: number;
}

export const DEFAULT_TRAIN: TrainOptions = { epochs: 4, learningRate: 0.1, l2: 1e-6, seed: 17 };

export interface LinearHead {
  /** One weight vector per output (1 for logistic). */
  weights: Float32Array[];
  bias: Float64Array;
}

export function dot(weights: Float32Array | Int16Array, x: SparseVector): number {
  let s = 0;
  for (let k = 0; k < x.index.length; k++) s += weights[x.index[k]] * x.value[k];
  return s;
}

/**
 * Dot products of x with several weight vectors stored at `offsets` in one array, in one pass
 * over x (each sum accumulates in the same order as `dot`, so the results are the same).
 */
export function dotMany(
  weights: Int16Array,
  offsets: readonly number[],
  x: SparseVector,
): Float64Array {
  const sums = new Float64Array(offsets.length);
  for (let k = 0; k < x.index.length; k++) {
    const i = x.index[k], v = x.value[k];
    for (let h = 0; h < offsets.length; h++) sums[h] += weights[offsets[h] + i] * v;
  }
  return sums;
}

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

export function softmax(logits: readonly number[]): number[] {
  const max = Math.max(...logits);
  const e = logits.map((z) => Math.exp(z - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

/**
 * Trains a softmax head over `classes` outputs (classes === 1 means logistic on label 0/1).
 * `labels[i]` is the class index (or 0/1 for logistic); `weights[i]` the sample weight.
 */
export function trainLinear(
  xs: readonly SparseVector[],
  labels: readonly number[],
  sampleWeights: readonly number[],
  classes: number,
  dim: number,
  options: TrainOptions = DEFAULT_TRAIN,
): LinearHead {
  const outputs = classes;
  const w = Array.from({ length: outputs }, () => new Float32Array(dim));
  const g2 = Array.from({ length: outputs }, () => new Float32Array(dim));
  const bias = new Float64Array(outputs);
  const biasG2 = new Float64Array(outputs).fill(1e-8);
  const grads = new Float64Array(outputs);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (const i of shuffledIndices(xs.length, options.seed + epoch)) {
      const x = xs[i];
      if (outputs === 1) {
        grads[0] = sigmoid(bias[0] + dot(w[0], x)) - labels[i];
      } else {
        const logits = w.map((wc, c) => bias[c] + dot(wc, x));
        const p = softmax(logits);
        for (let c = 0; c < outputs; c++) grads[c] = p[c] - (labels[i] === c ? 1 : 0);
      }
      const sw = sampleWeights[i];
      for (let c = 0; c < outputs; c++) {
        const gc = grads[c] * sw;
        if (gc === 0) continue;
        const wc = w[c], gc2 = g2[c];
        for (let k = 0; k < x.index.length; k++) {
          const j = x.index[k];
          const g = gc * x.value[k] + options.l2 * wc[j];
          gc2[j] += g * g;
          wc[j] -= (options.learningRate * g) / Math.sqrt(gc2[j] + 1e-8);
        }
        biasG2[c] += gc * gc;
        bias[c] -= (options.learningRate * gc) / Math.sqrt(biasG2[c]);
      }
    }
  }
  return { weights: w, bias };
}

export function linearLogits(head: LinearHead, x: SparseVector): number[] {
  return head.weights.map((wc, c) => head.bias[c] + dot(wc, x));
}
