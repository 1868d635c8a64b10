/**
 * Percentages and the counts they stand for, in one claim: "12 of the 40 students (30%)",
 * "Of the 40 students, 12 passed (30%)",
 * "12 out of 40, or 30%", "30% of the 40 students, 12 students". The percentage must be the share
 * within the precision it is written with. One share and one percentage per claim, else silent.
 */
import { type ExactFinding, finding } from "./finding.ts";
import type { Quantity } from "./quantities.ts";
import { agree, formatNumber, HEDGED_SLACK, written } from "./values.ts";

const OF =
  /^\s*(?:out of|of|in)\s+(?:the\s+|all\s+|a total of\s+|his\s+|her\s+|their\s+|its\s+)?$/i;
const WHOLE_FIRST = /\b(?:of|out of|among)\s+(?:the\s+|all\s+)?$/i;
/** Characters at most between a share and its percentage: the same clause. */
const NEAR = 40;
const countLike = (q: Quantity) =>
  !q.computed &&
  (q.kind === "count" || q.kind === "number" || q.kind === "money" || q.kind === "unit") &&
  !q.inexact;

export function shareFindings(text: string, qs: readonly Quantity[]): ExactFinding[] {
  const percents = qs.filter((q) => q.kind === "percent" && !q.inexact && !q.computed);
  if (percents.length !== 1) return [];
  const percent = percents[0];
  const linked = (a: Quantity, b: Quantity) => OF.test(text.slice(a.end, b.start));
  const pairs: [Quantity, Quantity][] = [];
  for (let i = 0; i + 1 < qs.length; i++) {
    const [a, b] = [qs[i], qs[i + 1]];
    if (!countLike(a) || !countLike(b) || !linked(a, b)) continue;
    if (a.kind === "unit" && a.unit !== b.unit) continue;
    if (b.value !== 0 && Math.abs(a.value) <= Math.abs(b.value)) pairs.push([a, b]);
  }
  // "Of the 40 students, 12 passed": the whole first, then the part after the comma.
  for (let i = 0; i + 1 < qs.length; i++) {
    const [whole, part] = [qs[i], qs[i + 1]];
    if (!countLike(whole) || !countLike(part) || whole.value === 0) continue;
    if (!WHOLE_FIRST.test(text.slice(Math.max(0, whole.start - 16), whole.start))) continue;
    if (!/^[\s\p{L}-]*,\s*$/u.test(text.slice(whole.end, part.start))) continue;
    if (Math.abs(part.value) <= Math.abs(whole.value)) pairs.push([part, whole]);
  }
  const slack = (q: Quantity) => (q.approx || percent.approx ? HEDGED_SLACK : 0);
  const near = ([a, b]: [Quantity, Quantity]) =>
    percent.start - Math.max(a.end, b.end) <= NEAR &&
    Math.min(a.start, b.start) - percent.end <= NEAR;
  if (pairs.length === 1 && near(pairs[0])) {
    const [part, whole] = pairs[0];
    const share = {
      value: 100 * part.value / whole.value,
      tolerance: 100 * part.tolerance / Math.abs(whole.value),
    };
    const ok = agree(share, percent, slack(part));
    const right = `${formatNumber(part.value)} of ${formatNumber(whole.value)} is ${
      formatNumber(share.value, 1)
    }%`;
    const span = {
      start: Math.min(part.start, percent.start),
      end: Math.max(whole.end, percent.end),
    };
    return [
      finding("percentage", !ok, span, ok ? right : `${right}, not ${written(text, percent)}`),
    ];
  }
  // "30% of the 40 students, 12 students": the percentage of the whole, then the part.
  const at = qs.indexOf(percent);
  const [whole, part] = [qs[at + 1], qs[at + 2]];
  if (pairs.length > 0 || !whole || !part || !linked(percent, whole)) return [];
  if (part.start - whole.end > NEAR) return [];
  if (!countLike(whole) || !countLike(part) || Math.abs(part.value) > Math.abs(whole.value)) {
    return [];
  }
  const expected = {
    value: percent.value * whole.value / 100,
    tolerance: percent.tolerance * Math.abs(whole.value) / 100,
  };
  const ok = agree(expected, part, slack(part));
  const right = `${written(text, percent)} of ${formatNumber(whole.value)} is ${
    formatNumber(expected.value)
  }`;
  return [
    finding(
      "percentage",
      !ok,
      { start: percent.start, end: part.end },
      ok ? right : `${right}, not ${formatNumber(part.value)}`,
    ),
  ];
}
