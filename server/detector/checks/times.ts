/**
 * Times written with a colon, or an hour with its half of the day ("7 pm"), read for the checks
 * against a document and of clock spans only: a time of day ("07:48", "3:30 pm", "15:30") or a
 * time taken ("1:04:37"). Its value is its digits in 24-hour form (3:30 pm is 1530), so that
 * "07:46" for "07:48" reads as a slip of one digit. A time with no "am" or "pm" and an hour of 12
 * or less may be either half of the day ("7:30" is 19:30 too). Two times joined as a range
 * ("9:00–13:00", "10:00 to 16:00") state no one value: they are read as a range against the
 * document's (quantities.rangeEndingAt). Times are kept apart from the other quantities: no
 * other reader knows them.
 */
import type { Quantity } from "./quantities.ts";

const TIME =
  /(?<![\d:.,/])(\d{1,2})(?::([0-5]\d)(?::([0-5]\d))?)?(?![\d:]|[.,]\d)(?:\s?([ap])(?:\.\s?m\.|m\b))?/gi;
/** Between two times of a range. */
const RANGE_JOIN = /^\s*(?:[-–—]|to|until|till)\s*$/i;

export function clockTimes(text: string): Quantity[] {
  const out: Quantity[] = [];
  for (const m of text.matchAll(TIME)) {
    let hour = Number(m[1]);
    const meridiem = m[4]?.toLowerCase();
    // An hour alone is a time only with its half of the day: "7 pm".
    if (m[2] === undefined && !meridiem) continue;
    const [minute, second] = [Number(m[2] ?? 0), m[3] === undefined ? undefined : Number(m[3])];
    if (meridiem && (hour === 0 || hour > 12 || second !== undefined)) continue;
    if (second === undefined && hour > 23) continue;
    if (meridiem) hour = (hour % 12) + (meridiem === "p" ? 12 : 0);
    out.push({
      start: m.index,
      end: m.index + m[0].length,
      kind: "time",
      value: second === undefined ? hour * 100 + minute : (hour * 100 + minute) * 100 + second,
      tolerance: 0,
      approx: false,
      inexact: false,
      halfDayOpen: second === undefined && !meridiem && hour <= 12,
    });
  }
  out.forEach((q, i) => {
    const next = out[i + 1];
    if (next && RANGE_JOIN.test(text.slice(q.end, next.start))) q.inexact = next.inexact = true;
  });
  return out;
}

/** The same time, in either half of the day when one of them does not say which. */
export function sameTime(a: Quantity, b: Quantity): boolean {
  if (a.value === b.value) return true;
  return !!(a.halfDayOpen || b.halfDayOpen) && a.value % 1200 === b.value % 1200;
}

/** A time of day's minutes since midnight (1530 is 930). */
export const minutesOf = (q: Quantity) => Math.floor(q.value / 100) * 60 + (q.value % 100);

/**
 * Whether the time `b` is `a` moved by `minutes` either way, in either half of the day where one
 * does not say which: "the gate closes 20 minutes before departure", 07:35, so 07:15.
 */
export function shiftedBy(a: Quantity, minutes: number, b: Quantity): boolean {
  if (a.value >= 2400 || b.value >= 2400) return false;
  const day = a.halfDayOpen || b.halfDayOpen ? 720 : 1440;
  const gap = (((minutesOf(b) - minutesOf(a)) % day) + day) % day;
  return gap === minutes % day || gap === (day - (minutes % day)) % day;
}
