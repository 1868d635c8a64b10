/**
 * The time taken between two clock times an answer states: "a meeting from 14:10 to 15:55 lasts
 * 105 minutes", "leaves at 22:40 and lands at 06:15 the next morning, 7 h 35 min in the air".
 * The two times are joined as a span (a dash, "to", "and" before a verb's "at", or the first
 * time's thing arriving at the second), and the count of time follows in their sentence with no
 * figure between and no word of something taken off it (a lunch, a break, a stop) or added, but
 * for an unpaid break, which is taken off. A time that does not say its half of the day is read
 * in either; a span past midnight ends the next day.
 */
import { wholeMeasures } from "./conversions.ts";
import { type ExactFinding, finding } from "./finding.ts";
import type { Quantity } from "./quantities.ts";
import { minutesOf } from "./times.ts";
import { dimensionOf } from "./units.ts";
import { agree, formatNumber, HEDGED_SLACK, inUnit, written } from "./values.ts";

/**
 * Between the two times: a range's join, "and" with a verb's "at" ("and lands at"), an arrival's
 * participle ("departing 08:45 and landing 14:20"), or the first time's thing arriving or ending
 * ("the 07:52 train arrives at 11:07").
 */
const SPAN_JOIN =
  /^\s*(?:[-–—]|to|until|till|through)\s*$|^\s*,?\s*and\s+(?:\p{L}+\s+){1,2}(?:at|by)\s*$|^\s*,?\s*(?:and\s+)?(?:arriving|landing|finishing|ending|getting\s+in)\s*$|^\s+(?:\p{L}+\s+){0,2}(?:arrives?|gets\s+in|reaches|lands|ends|finishes)(?:\s+in\s+\p{Lu}\p{L}*)?\s+(?:at|by)\s*$/iu;
/** Between the second time and its count: words only, none of a part taken off or added. */
const COUNT_GAP = /^[^\d\n;]{0,80}$/;
const ADJUSTED =
  /\b(?:breaks?|lunch|unpaid|minus|less|excluding|off|pauses?|rests?|stops?|layovers?|delays?|waits?|plus|including|each|per|every|after|before)\b/i;
/** After the count, words that make it another span: "30 minutes later", "each". */
const OTHER_AFTER = /^\s*(?:later|earlier|before|after|each|apiece|per|every|ago)\b/i;
const MODIFIER = /\d-\p{L}/u;
/** A break not paid for: "an unpaid 30-minute lunch", "a 30-minute unpaid break". */
const UNPAID = /\bunpaid\b/i;
const MINUTES_A_DAY = 24 * 60;

export function clockSpanFindings(
  text: string,
  claim: { start: number; end: number; quantities: readonly Quantity[] },
  times: readonly Quantity[],
): ExactFinding[] {
  if (times.length < 2) return [];
  const own = times.filter((t) => t.start >= claim.start && t.end <= claim.end);
  if (own.length < 2) return [];
  const counts = wholeMeasures(text, claim.quantities, { asConversions: false })
    .filter((q) => q.kind === "unit" && dimensionOf(q.unit!) === "time" && !q.bound && !q.inexact);
  const out: ExactFinding[] = [];
  // The spans the claim states: two times joined ("14:00–15:30").
  const spansOf = own.slice(0, -1).flatMap((from, k) => {
    const to = own[k + 1];
    const joined = SPAN_JOIN.test(text.slice(from.end, to.start)) && from.inexact === to.inexact;
    return joined ? [{ from, to, next: own[k + 2] }] : [];
  });
  spansOf.forEach(({ from, to, next }, j) => {
    // "meetings 14:00–15:30 and 16:00–17:45, so 3 h 15 min in total": after other spans, a count
    // may be of all of them.
    const before = spansOf.slice(0, j).map((span) => minutesBetween(text, span.from, span.to));
    if (before.some((readings) => readings.length !== 1)) return;
    const earlier = before.reduce((sum, [m]) => sum + m, 0);
    const later = counts.filter((q) => q.start >= to.end && (!next || q.start < next.start));
    // "with an unpaid 30-minute lunch, so you're paid for 7 h 45 min": a break not paid for,
    // before the count, is taken off the span.
    const unpaid = takeWhile(later, (q) => UNPAID.test(aroundOf(text, q, to.end)));
    const count = later[unpaid.length];
    // "with a 30-minute lunch": a count naming what it measures is of that thing.
    if (!count || MODIFIER.test(written(text, count))) return;
    const gap = unpaid.reduce(
      (rest, q) => rest.replace(aroundOf(text, q, to.end), " "),
      text.slice(to.end, count.start),
    );
    if (!COUNT_GAP.test(gap) || ADJUSTED.test(gap)) return;
    if (OTHER_AFTER.test(text.slice(count.end, count.end + 12))) return;
    const off = unpaid.reduce((sum, q) => sum + inUnit(q, "min").value, 0);
    const alone = minutesBetween(text, from, to).map((m) => m - off).filter((m) => m > 0);
    if (alone.length === 0) return;
    // A whole count of the time between two clock times is exact ("8 hours" is no 8 h 30 min);
    // a decimal one is read within its rounding.
    const whole = !count.approx && Number.isInteger(count.value);
    const stated = inUnit(whole ? { ...count, tolerance: 0 } : count, "min");
    const matches = (minutes: readonly number[]) =>
      minutes.filter((m) =>
        agree({ value: m, tolerance: 0 }, stated, count.approx ? HEDGED_SLACK : 0)
      );
    // Of several spans, the count is of the last or of all; shown wrong only where it says it is
    // of all of them.
    const all = j > 0 && matches(alone).length === 0;
    const minutes = all ? alone.map((m) => m + earlier) : alone;
    const matching = matches(minutes);
    if (all && matching.length === 0 && !TOTAL.test(text.slice(count.end, count.end + 40))) return;
    const ok = matching.length > 0;
    const taken = (ok ? matching : minutes).map((m) => told(m, count, text)).join(" or ");
    const less = unpaid.map((q) => `, less ${aroundOf(text, q, to.end)},`).join("");
    const between = (all ? spansOf.slice(0, j + 1) : [{ from, to }])
      .map((span) => `${written(text, span.from)} to ${written(text, span.to)}`).join(" and ");
    const reason = `${between}${less} is ${taken}`;
    out.push(
      finding(
        "duration",
        !ok,
        { start: (all ? spansOf[0].from : from).start, end: count.end },
        ok ? reason : `${reason}, not ${written(text, count)}`,
      ),
    );
  });
  return out;
}

/** After a count, words that make it the total of the spans before it. */
const TOTAL = /^[^.;\n]*?\b(?:in\s+total|total|altogether|combined|overall|in\s+all)\b/i;

/** A break's words: the word before it, it, and its noun ("unpaid 30-minute lunch"). */
function aroundOf(text: string, q: Quantity, from: number): string {
  const before = text.slice(Math.max(from, q.start - 16), q.start).match(/(?:\p{L}+\s+)?$/u)![0];
  const after = text.slice(q.end, q.end + 24).match(/^(?:\s+\p{L}+){0,2}/u)![0];
  return before + written(text, q) + after;
}

const takeWhile = <T>(items: readonly T[], keep: (item: T) => boolean): T[] => {
  const end = items.findIndex((item) => !keep(item));
  return items.slice(0, end < 0 ? items.length : end);
};

/**
 * The minutes from one time of day to the next, in each half of the day an open time allows;
 * where either is written in 24-hour form ("06:15", "17:30"), both are.
 */
function minutesBetween(text: string, from: Quantity, to: Quantity): number[] {
  const dayClock = [from, to].some((t) => {
    const form = written(text, t);
    return !MERIDIEM.test(form) && (!t.halfDayOpen || /^0\d/.test(form));
  });
  const readings = (t: Quantity) => {
    // A time taken ("1:04:37", "0:05:30") is no time of day.
    if (TIME_TAKEN.test(written(text, t))) return [];
    const minutes = minutesOf(t);
    return t.halfDayOpen && !dayClock && minutes < 12 * 60 ? [minutes, minutes + 12 * 60] : [
      minutes,
    ];
  };
  const spans = readings(from).flatMap((a) =>
    readings(to).map((b) => (b - a + MINUTES_A_DAY) % MINUTES_A_DAY)
  );
  return [...new Set(spans.filter((m) => m > 0))].sort((a, b) => a - b);
}
const MERIDIEM = /[ap]\.?\s?m\.?$/i;
const TIME_TAKEN = /:\d\d:/;

/** Minutes told as the answer told its count: in minutes, in hours, or in hours and minutes. */
function told(minutes: number, count: Quantity, text: string): string {
  if (count.unit === "h") return `${formatNumber(minutes / 60)} hours`;
  const inParts = /\d\D+\d/.test(written(text, count));
  if (!inParts || minutes < 60) return `${formatNumber(minutes)} minutes`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ""}`;
}
