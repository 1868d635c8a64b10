/**
 * A change told as a percentage of where it started: "the price fell from $80 to $60, a 25%
 * decrease", "revenue grew from $4.0M to $5.2M, an increase of 30%". The two values are joined
 * "from ... to ..." in the claim, in one slot; the percentage is said to be the change (a word of
 * rising or falling next to it); it is judged as a share is (shares.ts), of the first value, and
 * its direction against theirs. Silent for a rate over time ("15% a year"), a change in points,
 * or a change of percentages ("from 4% to 5%": a point or a quarter).
 */
import { type ExactFinding, finding } from "./finding.ts";
import type { Quantity } from "./quantities.ts";
import { judgeShare } from "./shares.ts";
import { sameSlot } from "./slots.ts";
import { formatNumber, written } from "./values.ts";

const FROM_BEFORE = /\bfrom\s*$/i;
const TO_BETWEEN = /^\s*(?:to|→|->)\s*$/i;
const DOWN = String
  .raw`decrease[sd]?|decreasing|drop(?:s|ped|ping)?|f[ae]ll(?:s|en|ing)?|cut|declin(?:e|es|ed|ing)|down|lower|less|dip|slump`;
const UP = String
  .raw`increase[sd]?|increasing|ris(?:e|es|en|ing)|rose|gain|gr[eo]w(?:s|n|th|ing)?|jump(?:s|ed)?|climb(?:s|ed)?|up|higher|more|hike|boost`;
/** After the percentage, its word of change: "a 25% decrease", "30% higher". */
const CHANGE_AFTER = new RegExp(String.raw`^\s*(?:(${DOWN})|(${UP}))\b`, "i");
/** Before it: "an increase of 30%", "fell 25%", "down by about 25%". */
const CHANGE_BEFORE = new RegExp(
  String
    .raw`\b(?:(${DOWN})|(${UP}))\s+(?:of\s+|by\s+)?(?:(?:about|roughly|around|nearly|almost|just|some|approximately)\s+)?$`,
  "i",
);
/** After the percentage, a rate over time or a change in points: no change of the two values. */
const NOT_OF_THE_TWO =
  /^\s*(?:a|per|each|every)\s+(?:year|month|week|day|annum)\b|^\s*(?:annually|yearly|monthly|year-on-year|points?|percentage\s+points?|p\.?p\.?)\b/i;

const measured = (q: Quantity) =>
  q.kind !== "percent" && q.kind !== "date" && !q.computed && !q.ordinal && !q.bound;

export function percentChangeFindings(text: string, qs: readonly Quantity[]): ExactFinding[] {
  const percents = qs.filter((q) => q.kind === "percent");
  if (percents.length !== 1) return [];
  const [percent] = percents;
  if (percent.computed || percent.inexact) return [];
  if (NOT_OF_THE_TWO.test(text.slice(percent.end, percent.end + 24))) return [];
  const after = CHANGE_AFTER.exec(text.slice(percent.end, percent.end + 16));
  const before = CHANGE_BEFORE.exec(text.slice(Math.max(0, percent.start - 40), percent.start));
  const said = after ?? before;
  if (!said) return [];
  const saidDown = said[1] !== undefined;
  const changes = qs.flatMap((a, i) => {
    const b = qs[i + 1];
    if (!b || !measured(a) || !measured(b) || a.value <= 0) return [];
    if (!FROM_BEFORE.test(text.slice(Math.max(0, a.start - 12), a.start))) return [];
    if (!TO_BETWEEN.test(text.slice(a.end, b.start))) return [];
    const slot = sameSlot(a, b) || a.kind === "number" || b.kind === "number";
    return slot && a.value !== b.value ? [[a, b] as const] : [];
  });
  if (changes.length !== 1) return [];
  const [[from, to]] = changes;
  const change = {
    value: (100 * Math.abs(to.value - from.value)) / from.value,
    tolerance: (100 * (from.tolerance + to.tolerance)) / from.value,
  };
  const down = to.value < from.value;
  const loosely = { ...from, approx: from.approx || to.approx };
  const verdict = saidDown !== down ? "contradicted" : judgeShare(change, loosely, percent);
  if (verdict === undefined) return [];
  const right = `${written(text, from)} to ${written(text, to)} is a ${
    formatNumber(change.value, 1)
  }% ${down ? "decrease" : "increase"}`;
  const ok = verdict === "consistent";
  const wrong = saidDown !== down
    ? `a ${saidDown ? "decrease" : "increase"}`
    : written(text, percent);
  const span = { start: Math.min(from.start, percent.start), end: Math.max(to.end, percent.end) };
  return [finding("percentage", !ok, span, ok ? right : `${right}, not ${wrong}`)];
}
