/**
 * Which quantities state the same kind of thing, so that one may be compared with, or added to,
 * another: lengths with lengths (in any unit), dollars with dollars, percentages with
 * percentages, counts of the same noun ("30, 25 and 40 points" are all points: quantities.ts),
 * bare numbers with bare numbers, dates with dates. Spans of time counted as nouns ("3 days")
 * are not counts of things.
 */
import type { Quantity } from "./quantities.ts";
import { dimensionOf } from "./units.ts";

const TIME_NOUNS = new Set([
  "second",
  "minute",
  "hour",
  "day",
  "week",
  "month",
  "year",
  "decade",
  "century",
]);

export function sameSlot(a: Quantity, b: Quantity): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "unit":
      return dimensionOf(a.unit!) === dimensionOf(b.unit!);
    case "money":
      return a.currency === b.currency;
    case "count":
      return a.noun === b.noun && !TIME_NOUNS.has(a.noun!);
    default:
      return true;
  }
}
