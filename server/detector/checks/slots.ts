/**
 * Which quantities state the same kind of thing, so that one may be compared with, or added to,
 * another: lengths with lengths, durations with durations (in any unit), dollars with dollars,
 * percentages with percentages, counts of the same noun ("30, 25 and 40 points" are all points:
 * quantities.ts), bare numbers with bare numbers, dates with dates. Spans of time counted as
 * nouns ("3 decades") are not counts of things.
 */
import type { Quantity } from "./quantities.ts";
import { dimensionOf } from "./units.ts";

/** Spans of time no unit names (units.ts reads "3 days", "2 years"): counted as nouns. */
const TIME_NOUNS = new Set(["decade", "century"]);

/** A span of time ("3 days", "2 decades"): not a count of things. */
export const isSpanOfTime = (q: Quantity) =>
  (q.kind === "unit" && dimensionOf(q.unit!) === "time") ||
  (q.kind === "count" && TIME_NOUNS.has(q.noun!));

export function sameSlot(a: Quantity, b: Quantity): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "unit":
      return dimensionOf(a.unit!) === dimensionOf(b.unit!);
    case "money":
      return a.currency === b.currency;
    case "count":
      return sameThing(a, b) && !isSpanOfTime(a);
    default:
      return true;
  }
}

/** Counts of one thing: "61,858 kettles" and "51,846 electric kettles". */
const sameThing = (a: Quantity, b: Quantity) =>
  a.noun === b.noun || a.noun === b.nounAfter || a.nounAfter === b.noun;
