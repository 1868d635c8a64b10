/**
 * The report's figures for a set of scored answers: the share flagged with its 95% Wilson
 * interval (sound for small sets and shares near 0 or 1, where the normal approximation is not),
 * the distribution of `p_hallucination` in tenths, and how often each top regime and each warning
 * occurs.
 */
import type { Score } from "./rows.ts";

export interface Interval {
  low: number;
  high: number;
}

export interface Figures {
  answers: number;
  flagged: number;
  share: number;
  interval: Interval;
  /** Answers per tenth of `p_hallucination`: [0, 0.1), …, [0.9, 1]. */
  histogram: number[];
  /** Top regime → answers, most frequent first. */
  regimes: [string, number][];
  /** Warning code → answers carrying it, most frequent first. */
  warnings: [string, number][];
}

const Z_95 = 1.959963984540054;

/** The 95% Wilson score interval of `successes` out of `n` (0 to 1 when n is 0). */
export function wilson(successes: number, n: number, z = Z_95): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

function countsOf(values: string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

export function figuresOf(scores: Score[]): Figures {
  const flagged = scores.filter((s) => s.flag).length;
  const histogram = Array(10).fill(0);
  for (const s of scores) histogram[Math.min(9, Math.floor(s.p_hallucination * 10))]++;
  return {
    answers: scores.length,
    flagged,
    share: scores.length > 0 ? flagged / scores.length : 0,
    interval: wilson(flagged, scores.length),
    histogram,
    regimes: countsOf(scores.map((s) => s.top_regime)),
    warnings: countsOf(scores.flatMap((s) => [...new Set(s.warnings)])),
  };
}
