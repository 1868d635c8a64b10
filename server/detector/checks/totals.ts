/**
 * Totals stated in the answer: a quantity named a total ("a total of 95 points", "7 in all",
 * "altogether 12 km", "Total: $4.5 million") must be the sum of the other quantities of its slot
 * (slots.ts) in the same claim, or, when the claim holds fewer than two, in the claims before it
 * in the same paragraph (six at most). Silent when a part or the total is a range or a bound, when
 * a part exceeds the total, and in worked arithmetic.
 */
import { type ExactFinding, finding } from "./finding.ts";
import type { Quantity } from "./quantities.ts";
import { sameSlot } from "./slots.ts";
import { agree, formatNumber, HEDGED_SLACK, inUnit, written } from "./values.ts";

/** A total's keyword, then at most four words ("In total, the route is 25 km"). */
const TOTAL_BEFORE =
  /\b(?:a total of|total of|totals?|totall?ing|totall?ed|in total|sum of|sums? to|adds? up to|add up to|altogether|all together|together|combined|overall|all told|in sum|grand total|comes? to|came to)\b,?(?:\s+[\p{L}']+){0,4}?\s*(?:is|was|are|were|of|:|=)?\s*(?:about\s+|approximately\s+|roughly\s+)?$/iu;
/** After the total, its noun at most: "95 points in total". */
const TOTAL_AFTER = /^\s*(?:[a-z]+\s+)?(?:in total|in all|altogether|all told)\b/;
/** Parts listed over the claims before a total: at most this many, else it is a list, not a sum. */
const MAX_PARTS = 6;

export interface Paragraph {
  /** The claims of one paragraph, in order, each with its quantities. */
  claims: readonly { start: number; end: number; quantities: readonly Quantity[] }[];
}

function isTotal(text: string, q: Quantity): boolean {
  const before = text.slice(Math.max(0, q.start - 40), q.start);
  const after = text.slice(q.end, q.end + 30);
  return TOTAL_BEFORE.test(before) || TOTAL_AFTER.test(after);
}

const summable = (q: Quantity) =>
  !q.inexact && !q.computed && !q.word && q.kind !== "date" && q.kind !== "percent";

export function totalFindings(text: string, paragraph: Paragraph): ExactFinding[] {
  const out: ExactFinding[] = [];
  // Worked arithmetic ("3 x $25 = $75") states its steps, not totals of the claims around it.
  if (paragraph.claims.some((c) => c.quantities.some((q) => q.computed))) return out;
  paragraph.claims.forEach((claim, c) => {
    for (const total of claim.quantities) {
      if (!summable(total) || !isTotal(text, total)) continue;
      const partsIn = (qs: readonly Quantity[]) =>
        qs.filter((q) => q !== total && summable(q) && sameSlot(q, total) && !isTotal(text, q));
      let parts = partsIn(claim.quantities);
      // The claims before hold the parts only when the total's claim counts nothing else
      // ("51 goals and 44 assists, a total of 95 points" sums its own claim, if anything).
      const alone = claim.quantities.every((q) => q === total || !summable(q));
      if (parts.length < 2 && alone) {
        parts = paragraph.claims.slice(0, c).flatMap((p) => partsIn(p.quantities)).concat(parts);
      }
      if (parts.length < 2 || parts.length > MAX_PARTS) continue;
      const readings = parts.map((p) => total.unit ? inUnit(p, total.unit) : p);
      // A total is at least each of its parts; a smaller one counts something else.
      if (readings.some((r) => r.value < 0 || r.value > total.value)) continue;
      // The parts are added as written; only the total's own rounding is allowed.
      const sum = { value: readings.reduce((n, r) => n + r.value, 0), tolerance: 0 };
      const ok = agree(sum, total, total.approx ? HEDGED_SLACK : 0);
      const sumText = `${parts.map((p) => written(text, p)).join(" + ")} = ${
        formatNumber(sum.value)
      }`;
      out.push(
        finding(
          "total",
          !ok,
          {
            start: Math.min(total.start, parts[0].start),
            end: Math.max(total.end, parts[parts.length - 1].end),
          },
          ok ? sumText : `${sumText}, not ${written(text, total)}`,
        ),
      );
    }
  });
  return out;
}
