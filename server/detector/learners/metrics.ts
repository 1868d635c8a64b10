/**
 * Metrics over scores and 0/1 labels (AUROC, balanced accuracy, ECE, thresholds, quantiles): what
 * the learners and training optimise and select on, and what evaluation reports.
 */

/** Area under the ROC curve (Mann-Whitney U, ties counted half); NaN when one class is absent. */
export function auroc(scores: readonly number[], labels: readonly boolean[]): number {
  const order = scores.map((s, i) => [s, i] as const).sort((a, b) => a[0] - b[0]);
  let pos = 0, neg = 0, rankSum = 0;
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j < order.length && order[j][0] === order[i][0]) j++;
    const midRank = (i + j + 1) / 2;
    for (let k = i; k < j; k++) if (labels[order[k][1]]) rankSum += midRank;
    i = j;
  }
  for (const l of labels) l ? pos++ : neg++;
  if (pos === 0 || neg === 0) return NaN;
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

export interface BinaryCounts {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

export function countsAt(
  probs: readonly number[],
  labels: readonly boolean[],
  threshold: number,
): BinaryCounts {
  const c = { tp: 0, fp: 0, tn: 0, fn: 0 };
  probs.forEach((p, i) => {
    const predicted = p >= threshold;
    if (predicted && labels[i]) c.tp++;
    else if (predicted) c.fp++;
    else if (labels[i]) c.fn++;
    else c.tn++;
  });
  return c;
}

export function precisionRecallF1(
  c: BinaryCounts,
): { precision: number; recall: number; f1: number } {
  const precision = c.tp + c.fp === 0 ? 0 : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? 0 : c.tp / (c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

export function balancedAccuracy(c: BinaryCounts): number {
  const tpr = c.tp + c.fn === 0 ? NaN : c.tp / (c.tp + c.fn);
  const tnr = c.tn + c.fp === 0 ? NaN : c.tn / (c.tn + c.fp);
  if (Number.isNaN(tpr)) return tnr;
  if (Number.isNaN(tnr)) return tpr;
  return (tpr + tnr) / 2;
}

export const ECE_BINS = 10;

export interface ReliabilityBin {
  count: number;
  meanConfidence: number;
  positiveRate: number;
}

/** Equal-width bins of predicted probability. */
export function reliabilityBins(
  probs: readonly number[],
  labels: readonly boolean[],
  bins = ECE_BINS,
): ReliabilityBin[] {
  const sums = Array.from({ length: bins }, () => ({ count: 0, p: 0, y: 0 }));
  probs.forEach((p, i) => {
    const b = Math.min(bins - 1, Math.floor(p * bins));
    sums[b].count++;
    sums[b].p += p;
    sums[b].y += labels[i] ? 1 : 0;
  });
  return sums.map((s) => ({
    count: s.count,
    meanConfidence: s.count ? s.p / s.count : 0,
    positiveRate: s.count ? s.y / s.count : 0,
  }));
}

/** Expected calibration error: count-weighted |mean p - positive rate| over equal-width bins. */
export function expectedCalibrationError(
  probs: readonly number[],
  labels: readonly boolean[],
): number {
  if (probs.length === 0) return NaN;
  return reliabilityBins(probs, labels).reduce(
    (e, b) => e + (b.count / probs.length) * Math.abs(b.meanConfidence - b.positiveRate),
    0,
  );
}

/** The threshold with the best F1 (ties: the higher threshold); candidates are the scores. */
export function bestF1Threshold(probs: readonly number[], labels: readonly boolean[]): number {
  const order = probs.map((p, i) => [p, labels[i]] as const).sort((a, b) => b[0] - a[0]);
  const positives = labels.filter(Boolean).length;
  let tp = 0, fp = 0, bestF1 = -1, best = 0.5;
  for (let i = 0; i < order.length; i++) {
    order[i][1] ? tp++ : fp++;
    if (i + 1 < order.length && order[i + 1][0] === order[i][0]) continue;
    const f1 = (2 * tp) / (tp + fp + positives);
    if (f1 > bestF1) [bestF1, best] = [f1, order[i][0]];
  }
  return best;
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Balanced accuracy at the best threshold for these labels (an oracle: it sees the labels). */
export function oracleBalancedAccuracy(
  probs: readonly number[],
  labels: readonly boolean[],
): number {
  const order = probs.map((p, i) => [p, labels[i]] as const).sort((a, b) => b[0] - a[0]);
  const positives = labels.filter(Boolean).length, negatives = labels.length - positives;
  if (positives === 0 || negatives === 0) return NaN;
  // Flagging the k highest scores, for every k at a change of score.
  let tp = 0, fp = 0, best = 0.5;
  order.forEach(([p, label], i) => {
    if (label) tp++;
    else fp++;
    if (i + 1 < order.length && order[i + 1][0] === p) return;
    best = Math.max(best, (tp / positives + (negatives - fp) / negatives) / 2);
  });
  return best;
}

/**
 * The threshold with the best mean balanced accuracy over groups (sets): what a flag means to a
 * user of any one domain, rather than to the pooled mix of base rates. Candidates are the scores
 * (flag p >= candidate; ties: the higher threshold); groups with one class only count by the rate
 * of the class they have. One pass over the sorted scores: flagging one more row changes one
 * group's term.
 */
export function bestMacroBalancedAccuracyThreshold(
  probs: readonly number[],
  labels: readonly boolean[],
  groups: readonly string[],
): number {
  const names = [...new Set(groups)];
  const slot = new Map(names.map((g, k) => [g, k]));
  const positives = new Array(names.length).fill(0), negatives = new Array(names.length).fill(0);
  groups.forEach((g, i) => labels[i] ? positives[slot.get(g)!]++ : negatives[slot.get(g)!]++);
  const tp = new Array(names.length).fill(0), fp = new Array(names.length).fill(0);
  const term = (k: number) =>
    balancedAccuracy({
      tp: tp[k],
      fn: positives[k] - tp[k],
      fp: fp[k],
      tn: negatives[k] - fp[k],
    });
  // Nothing flagged yet: every group's balanced accuracy is that of flagging nothing.
  let sum = names.reduce((s, _, k) => s + term(k), 0);
  const order = probs.map((_, i) => i).sort((a, b) => probs[b] - probs[a]);
  let best = -1, threshold = 1;
  order.forEach((i, at) => {
    const k = slot.get(groups[i])!;
    sum -= term(k);
    labels[i] ? tp[k]++ : fp[k]++;
    sum += term(k);
    if (at + 1 < order.length && probs[order[at + 1]] === probs[i]) return;
    if (sum > best + 1e-12) [best, threshold] = [sum, probs[i]];
  });
  return threshold;
}
