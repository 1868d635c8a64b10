/**
 * Deterministic grouped split into train / calibration / test across all sets at once.
 *
 * Rows are joined (union-find) whenever they share any group key, in any set, so a document,
 * knowledge snippet or prompt never appears on two sides. Each connected component goes to one
 * split by a seeded hash of its smallest key: the result depends only on the rows' keys, not on
 * their order, and never on Math.random.
 */
import { hashText } from "./keys.ts";
import type { CorpusRow } from "./types.ts";

export const SPLITS = ["train", "calibration", "test"] as const;
export type Split = typeof SPLITS[number];

export interface SplitOptions {
  /** Shares of train and calibration; test gets the rest. Default 0.65 / 0.15 (test 0.20). */
  train?: number;
  calibration?: number;
  seed?: number;
}

export const DEFAULT_SPLIT_SEED = 20240611;

class UnionFind {
  private parent: number[] = [];
  add(): number {
    this.parent.push(this.parent.length);
    return this.parent.length - 1;
  }
  find(x: number): number {
    while (this.parent[x] !== x) {
      this.parent[x] = this.parent[this.parent[x]];
      x = this.parent[x];
    }
    return x;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/** Component id per row: rows sharing any group key (transitively) get the same id. */
export function groupComponents(rows: readonly Pick<CorpusRow, "groups">[]): number[] {
  const sets = new UnionFind();
  const keyNode = new Map<string, number>();
  const rowNode = rows.map((row) => {
    const node = sets.add();
    for (const key of row.groups) {
      let k = keyNode.get(key);
      if (k === undefined) keyNode.set(key, k = sets.add());
      sets.union(node, k);
    }
    return node;
  });
  return rowNode.map((node) => sets.find(node));
}

/** The split of every row, in row order. */
export function assignSplits(
  rows: readonly Pick<CorpusRow, "groups">[],
  options: SplitOptions = {},
): Split[] {
  const train = options.train ?? 0.65;
  const calibration = options.calibration ?? 0.15;
  const seed = options.seed ?? DEFAULT_SPLIT_SEED;
  const components = groupComponents(rows);
  const smallestKey = new Map<number, string>();
  rows.forEach((row, i) => {
    for (const key of row.groups) {
      const current = smallestKey.get(components[i]);
      if (current === undefined || key < current) smallestKey.set(components[i], key);
    }
  });
  const splitOf = new Map<number, Split>();
  for (const [component, key] of smallestKey) {
    const u = parseInt(hashText(key, seed), 16) / 2 ** 53;
    splitOf.set(component, u < train ? "train" : u < train + calibration ? "calibration" : "test");
  }
  return components.map((component) => splitOf.get(component) ?? "train");
}

/** The rows of each split, each in corpus order. */
export function splitCorpus<T extends Pick<CorpusRow, "groups">>(
  rows: readonly T[],
  options: SplitOptions = {},
): Record<Split, T[]> {
  const result: Record<Split, T[]> = { train: [], calibration: [], test: [] };
  assignSplits(rows, options).forEach((split, i) => result[split].push(rows[i]));
  return result;
}
