/**
 * Calendar dates in a text ("May 28, 1937", "28 May 1937", "the 3rd of June 1941", "June 1941",
 * "1937-05-28"), read by `chrono-node` (MIT): it knows the many ways of writing a date, and
 * rejects impossible ones. It runs only on a short window around each month name (and ISO date),
 * which keeps its cost within the latency budget on long texts. Only the parts the text states
 * are kept: "June 3" has no year, "June 1941" no day.
 */
import * as chrono from "chrono-node";

export interface CalendarDate {
  start: number;
  end: number;
  /** The first day of a range written "March 6–7": not one date. */
  inexact?: boolean;
  year?: number;
  month?: number;
  day?: number;
  /** The day of the week written with it ("Thursday 24 October"), 0 for Sunday. */
  weekday?: number;
}

/**
 * Month names capitalised (so the verbs "may" and "march" are not read as months), or written out
 * in lower case as lower-cased texts write them ("july 22, 1894"), next to a number; ISO dates.
 */
export const MONTH_NAME =
  /\b(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|january|february|march|april|may|june|july|august|september|october|november|december)\b\.?/g;
/**
 * A number just before the month ("3rd of June") or just after it ("June 3", "Sept. 3"); after a
 * comma only a year ("June, 1941": "in January, 28 in February" is no January 28).
 */
const NUMBER_BEFORE_MONTH = /\d(?:st|nd|rd|th)?(?:\s+of)?\s+$/;
const NUMBER_AFTER_MONTH = /^\p{L}+\.?(?:\s+\d|,\s+\d{4}(?!\d))|^\d{4}-\d\d/u;
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
const TIME_LEAD =
  /^(?:\d{1,2}(?::\d\d\s*(?:[ap]\.?\s?m\.?)?|\s*[ap]\.?\s?m\.?)\s*,?\s+)?(?:(?:on|the|in|from)\s+)?/i;
/** A time of day after a date's day, to its end: ", at 7:00 a.m.", " 6 pm". */
const TIME_AFTER =
  /,?\s*(?:\b(?:at|from|by|until|till|before|after)\s+)?\b\d{1,2}(?::\d\d|\s*[ap]\.?\s?m\b)/i;
/** "from " or "until " before a day and its month ("from 1 May", "until 1 March"), to the day. */
const FROM_DAY = /(?<=\b(?:from|until|till)\s+)\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+$/i;
/** Characters either side of a month name that a written date can span. */
const BEFORE = 16, AFTER = 24;
/** A fixed reference, so that a date without a year never takes the clock's. */
const REFERENCE = new Date(Date.UTC(2000, 0, 1));
/**
 * chrono's casual reader without its parsers of relative and spoken times ("5 days ago", "next
 * week", "noon", "the next morning"): around a month name they only misread ("the evening of
 * April 14, 1865" was no date), and each parser scans every window. Refiners are kept.
 */
const RELATIVE_PARSERS = new Set([
  "ENTimeUnitWithinFormatParser",
  "ENTimeUnitAgoFormatParser",
  "ENTimeUnitLaterFormatParser",
  "ENCasualDateParser",
  "ENCasualTimeParser",
  "ENEndOfCurrentMonthParser",
  "ENRelativeDateFormatParser",
  "ENTimeUnitCasualRelativeFormatParser",
]);
const reader = chrono.casual.clone();
reader.parsers = reader.parsers.filter((p) => !RELATIVE_PARSERS.has(p.constructor.name));

export function calendarDates(text: string): CalendarDate[] {
  const found: CalendarDate[] = [];
  const anchors = [...text.matchAll(MONTH_NAME), ...text.matchAll(ISO_DATE)].map((m) => m.index);
  let covered = -1;
  for (const anchor of anchors.sort((a, b) => a - b)) {
    if (anchor < covered) continue;
    // The window starts after the date before it, so a range ("March 1 to March 15") gives both.
    const start = Math.max(0, covered, anchor - BEFORE);
    // chrono reads "from 1 May" as a range with no certain day (and "From 1 May to 5 May" as
    // from the 5th), and "350 until 1 March" as a range from a number: the window starts after a
    // "from" or an "until" before the day.
    const from = start + (FROM_DAY.exec(text.slice(start, anchor))?.index ?? 0);
    // The window ends at the first year after the month (chrono misreads "2001, 24 days" as a
    // time), or after an ISO date's day.
    const year = text.slice(anchor, anchor + AFTER).match(/\b\d{4}\b(?:-\d\d-\d\d\b)?/);
    const window = text.slice(from, year ? anchor + year.index! + year[0].length : anchor + AFTER);
    // A month without a number next to it ("in May", "May and 12") is no date: chrono is not asked.
    const before = text.slice(Math.max(0, anchor - 12), anchor);
    const after = text.slice(anchor, anchor + 14);
    if (!NUMBER_BEFORE_MONTH.test(before) && !NUMBER_AFTER_MONTH.test(after)) continue;
    for (const r of reader.parse(window, REFERENCE)) {
      // chrono keeps a leading "on", "from" or "the" in the date's text, and a time of day (cut
      // short by the window: "1:40 p.m. on 14 April" of "11:40 p.m."): the span starts after them.
      const lead = r.text.match(TIME_LEAD)?.[0].length ?? 0;
      // A range ("March 1, 2020 to March 15") is cut at its joint: its end is read on its own.
      // Nothing after the year: "July 18, 1999, 22 days" is not a date at 22:00.
      const year = r.start.isCertain("year") ? String(r.start.get("year")) : "";
      const yearEnd = year ? r.text.indexOf(year) + year.length : 0;
      // Nor a time after the day: "Monday, June 23, at 7:00 a.m." is a date, then a time.
      const time = r.start.isCertain("hour") ? r.text.search(TIME_AFTER) : -1;
      // A joint after a time is the time's range: "Thursday 24 October, 2:00–3:30 pm" is one day.
      const cut = r.end ? r.text.search(/\s*(?:-|–|—|\bto\b|\buntil\b|\bthrough\b)/) : -1;
      const joint = time > 0 && time < cut ? -1 : cut;
      const length = joint > 0
        ? joint
        : yearEnd > year.length
        ? yearEnd
        : time > 0
        ? time
        : r.text.length;
      const start = from + r.index + lead, end = from + r.index + length;
      // A year is written in full or after an apostrophe ("'48"): "January, 48 mm" has none.
      const written = r.text.includes(year) || /[’']\d\d\b/.test(r.text);
      // "16–20 February": a range written days first says its month once, after its end. Its
      // two days are read, each a range's end, not one date.
      if (joint > 0 && end <= anchor && start >= covered && r.end?.isCertain("day")) {
        const second = from + r.index + joint + r.text.slice(joint).search(/\d/);
        const last = from + r.index + (yearEnd > year.length ? yearEnd : r.text.length);
        found.push(
          { ...stated(r.start, written), start, end, inexact: true },
          { ...stated(r.end, written), start: second, end: last, inexact: true },
        );
        covered = last;
        continue;
      }
      // Only the date written around this anchor, and only once.
      if (start > anchor || end <= anchor || start < covered) continue;
      const date: CalendarDate = { start, end, ...stated(r.start, written) };
      // A month alone ("in May") states nothing checkable.
      if (date.year === undefined && date.day === undefined) continue;
      if (/^\s*[-–—]\s*\d/.test(text.slice(end, end + 4))) date.inexact = true;
      found.push(date);
      covered = end;
    }
  }
  return found;
}

/** The parts of a date chrono is certain of; its year only where the text writes one. */
function stated(c: chrono.ParsedComponents, yearWritten: boolean) {
  const date: Pick<CalendarDate, "year" | "month" | "day" | "weekday"> = {};
  if (c.isCertain("year") && yearWritten) date.year = c.get("year")!;
  if (c.isCertain("month")) date.month = c.get("month")!;
  if (c.isCertain("day")) date.day = c.get("day")!;
  if (c.isCertain("weekday")) date.weekday = c.get("weekday")!;
  return date;
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** A month's number from its name or abbreviation ("Sept." → 9). */
export function monthNumber(name: string): number {
  const key = name.toLowerCase().replace(/\.$/, "").slice(0, 3);
  return MONTHS.findIndex((m) => m.startsWith(key)) + 1;
}

export function monthName(month: number): string {
  const name = MONTHS[month - 1];
  return name[0].toUpperCase() + name.slice(1);
}

export function daysInMonth(month: number, year?: number): number {
  // February of an unknown year may have 29 days.
  if (month === 2 && year === undefined) return 29;
  return new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate();
}

/** "May 28, 1937", "June 1941", "1941": the parts a date states, for reasons. */
export function describeDate(d: Omit<CalendarDate, "start" | "end">): string {
  const parts: string[] = [];
  if (d.month) parts.push(monthName(d.month) + (d.day ? ` ${d.day}` : ""));
  if (d.year !== undefined) parts.push(parts.length && d.day ? `, ${d.year}` : ` ${d.year}`);
  return parts.join("").trim();
}

/** A day of the calendar, every part known. */
export interface Day {
  year: number;
  month: number;
  day: number;
}

/** The first day a date can mean: "June 1941" from June 1, "1941" from January 1. */
export function firstDay(d: { year: number; month?: number; day?: number }): Day {
  return { year: d.year, month: d.month ?? 1, day: d.day ?? 1 };
}

/** The last day a date can mean: "June 1941" to June 30, "1941" to December 31. */
export function lastDay(d: { year: number; month?: number; day?: number }): Day {
  const month = d.month ?? 12;
  return { year: d.year, month, day: d.day ?? daysInMonth(month, d.year) };
}

export function daysBetween(a: Day, b: Day): number {
  return (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000;
}

/** Calendar months from `a` to `b`, a part month as a fraction: whole when the days agree. */
export function monthsBetween(a: Day, b: Day): number {
  return 12 * (b.year - a.year) + (b.month - a.month) +
    (b.day - a.day) / daysInMonth(a.month, a.year);
}
