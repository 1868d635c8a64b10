/**
 * Small logistic regressions fitted exactly (Newton steps with a ridge), for the fusion layers
 * that stack a few features on the model's logit. Labels are smoothed as Platt did ((n+ + 1) /
 * (n+ + 2) and 1 / (n- + 2)), so a feature that separates the rows gets a large weight, not an
 * infinite one.
 */
import { sigmoid } from "./linear.ts";

export interface LogisticRows {
  /** Feature rows, all of one length (add a constant 1 for an intercept). */
  x: readonly (readonly number[])[];
  y: readonly boolean[];
  /** A fixed term added to each row's logit (the model's own logit, for a correction). */
  offset?: readonly number[];
  /** Each row's weight in the likelihood (default 1). */
  weight?: readonly number[];
}

/** Weights w of p = sigmoid(offset + w · x). */
export function fitLogistic(rows: LogisticRows, ridge = 1e-2): number[] {
  const n = rows.x[0]?.length ?? 0;
  const pos = rows.y.filter(Boolean).length, neg = rows.y.length - pos;
  const t = rows.y.map((h) => (h ? (pos + 1) / (pos + 2) : 1 / (neg + 2)));
  const w = new Array<number>(n).fill(0);
  for (let iter = 0; iter < 100; iter++) {
    const g = w.map((v) => ridge * v);
    const h = w.map((_, a) => w.map((_, b) => (a === b ? ridge : 0)));
    rows.x.forEach((x, i) => {
      let z = rows.offset?.[i] ?? 0;
      for (let a = 0; a < n; a++) z += w[a] * x[a];
      const p = sigmoid(z);
      const weight = rows.weight?.[i] ?? 1;
      const d = weight * (p - t[i]), s = weight * Math.max(p * (1 - p), 1e-12);
      for (let a = 0; a < n; a++) {
        g[a] += d * x[a];
        for (let b = 0; b < n; b++) h[a][b] += s * x[a] * x[b];
      }
    });
    const step = solve(h, g);
    for (let a = 0; a < n; a++) w[a] -= step[a];
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  return w;
}

/** Gaussian elimination with partial pivoting: h · s = g. */
function solve(h: number[][], g: number[]): number[] {
  const n = g.length;
  const m = h.map((row, i) => [...row, g[i]]);
  for (let c = 0; c < n; c++) {
    const pivot = m.slice(c).reduce(
      (best, row, k) => Math.abs(row[c]) > Math.abs(m[best][c]) ? c + k : best,
      c,
    );
    [m[c], m[pivot]] = [m[pivot], m[c]];
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  const s = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let v = m[r][n];
    for (let k = r + 1; k < n; k++) v -= m[r][k] * s[k];
    s[r] = v / m[r][r];
  }
  return s;
}
