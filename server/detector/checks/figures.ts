/**
 * The figures the agreements (agreements.ts) read: the answer's quantities, a measure in two parts
 * as one ("1 ft 6 in"), and what the quantities leave out because a reader would misread it there:
 * bare numbers after a name ("Bristol 96"), numbers in words from 21 to 99 ("seventy-nine"), the
 * two sides of a fraction ("70/87"), dates written in digits ("12/22/2023", "07.02.2024"), which
 * keep each reading of day and month they allow, and races named by their distance ("a 5K"). A
 * list's own numbering is no figure.
 */
import { wholeMeasures } from "./conversions.ts";
import { LABEL_WORDS, type Quantity, WORD_NUMBERS } from "./quantities.ts";

/** A number no reader took, written with digits alone ("Bristol 96" is read as a name's). */
const BARE_NUMBER =
  /(?<![\p{L}\d.,:\/-])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\p{L}\d\/:-]|[.,]\d)/gu;
/** A place in a series ("on day 2", "page 12") is no figure; a name's number ("Bristol 96") is. */
const LABELLED = new RegExp(String.raw`\b(?:${LABEL_WORDS})\s$`, "i");
/** A list's own numbering ("2. ", "3) ") is no figure. */
const NUMBERING = /^[ \t]*$/;
const NUMBERING_AFTER = /^[.)]\s/;

/**
 * The answer's quantities (a measure in two parts as one: "1 ft 6 in"), and the bare numbers
 * among them no reader of quantities took.
 */
export function figuresOf(text: string, qs: readonly Quantity[]): Quantity[] {
  const bare = [...text.matchAll(BARE_NUMBER)]
    .filter((m) => !overlaps(qs, m.index, m.index + m[0].length))
    .filter((m) => !LABELLED.test(text.slice(Math.max(0, m.index - 12), m.index)))
    .map((m) => {
      const decimals = m[0].split(".")[1]?.length ?? 0;
      const value = Number(m[0].replace(/,/g, ""));
      return figure("number", m.index, m[0].length, value, decimals ? 0.5 * 10 ** -decimals : 0);
    });
  return [
    ...wholeMeasures(text, qs),
    ...bare,
    ...fractions(text, qs),
    ...numericDates(text, qs),
    ...tensAndUnits(text, qs),
    ...raceDistances(text, qs),
  ]
    .filter((q) => !isNumbering(text, q)).sort((a, b) => a.start - b.start);
}

/** Whether a span of the text is (part of) a quantity already read. */
const overlaps = (qs: readonly Quantity[], start: number, end: number) =>
  qs.some((q) => q.start < end && q.end > start);

/** A figure the quantities did not read: exact unless its decimals say otherwise. */
const figure = (
  kind: "number" | "date",
  start: number,
  length: number,
  value: number,
  tolerance = 0,
): Quantity => ({
  start,
  end: start + length,
  kind,
  value,
  tolerance,
  approx: false,
  inexact: false,
});

/** "seventy-nine", "thirty-five": a number in words from 21 to 99, its tens and units joined. */
const TENS_AND_UNITS = new RegExp(
  String.raw`\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-` +
    String.raw`(one|two|three|four|five|six|seven|eight|nine)\b`,
  "gi",
);

function tensAndUnits(text: string, qs: readonly Quantity[]): Quantity[] {
  return [...text.matchAll(TENS_AND_UNITS)]
    .filter((m) => !overlaps(qs, m.index, m.index + m[0].length))
    .map((m) => ({
      ...figure(
        "number",
        m.index,
        m[0].length,
        WORD_NUMBERS[m[1].toLowerCase()] + WORD_NUMBERS[m[2].toLowerCase()],
      ),
      word: true,
    }));
}

/** "a 5K", "the 10K": a race's distance in kilometres, as runners name it (never after money). */
const RACE = /(?<![\p{L}\p{N}.,$€£])(5|10|15|21|50|100)K\b/gu;

function raceDistances(text: string, qs: readonly Quantity[]): Quantity[] {
  return [...text.matchAll(RACE)]
    .filter((m) => !overlaps(qs, m.index, m.index + m[0].length))
    .map((m) => ({
      ...figure("number", m.index, m[0].length, Number(m[1])),
      kind: "unit" as const,
      unit: "km" as const,
      tolerance: 0.05,
    }));
}

/** "70/87 from the line", "80-for-98": a part and its whole, written as a fraction. */
const FRACTION = /(?<![\d./])(\d{1,7})(\/|-for-)(\d{1,7})(?![\d/]|\.\d)/g;

function fractions(text: string, qs: readonly Quantity[]): Quantity[] {
  const out: Quantity[] = [];
  for (const m of text.matchAll(FRACTION)) {
    const whole = m.index + m[1].length + m[2].length;
    const sides = [{ start: m.index, written: m[1] }, { start: whole, written: m[3] }];
    // A side the quantities read already as a plain number ("80" of "80-for-98") is kept as read.
    const taken = qs.filter((q) => q.start < m.index + m[0].length && q.end > m.index);
    if (!taken.every((q) => q.kind === "number" && sides.some((s) => s.start === q.start))) {
      continue;
    }
    for (const { start, written } of sides) {
      if (!taken.some((q) => q.start === start)) {
        out.push(figure("number", start, written.length, Number(written)));
      }
    }
  }
  return out;
}

/**
 * "12/22/2023", "1/11/2024", "07.02.2024": a date in digits, its day and month either way; "02/2015"
 * a month.
 */
const NUMERIC_DATE = /(?<![\d/.])(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?![\d/]|\.\d)/g;

/** "02/2015", "09/2022": a month of a year in digits. */
const MONTH_OF_YEAR = /(?<![\d/.])(\d{1,2})\/(\d{4})(?![\d/]|\.\d)/g;

/** A date written in digits, with each reading it allows: month first, day first. */
export type NumericDate = Quantity & { monthFirst?: Quantity["date"]; dayFirst?: Quantity["date"] };

function numericDates(text: string, qs: readonly Quantity[]): NumericDate[] {
  const out: NumericDate[] = [];
  for (const m of text.matchAll(MONTH_OF_YEAR)) {
    const month = Number(m[1]);
    if (month < 1 || month > 12 || overlaps(qs, m.index, m.index + m[0].length)) continue;
    const date = { year: Number(m[2]), month };
    out.push({ ...figure("date", m.index, m[0].length, date.year), date });
  }
  for (const m of text.matchAll(NUMERIC_DATE)) {
    const start = m.index, end = start + m[0].length;
    if (overlaps(qs, start, end)) continue;
    const [first, second, year] = [Number(m[1]), Number(m[3]), Number(m[4])];
    const monthFirst = first <= 12 && second <= 31
      ? { year, month: first, day: second }
      : undefined;
    const dayFirst = second <= 12 && first <= 31 ? { year, month: second, day: first } : undefined;
    const date = monthFirst ?? dayFirst;
    if (!date) continue;
    out.push({ ...figure("date", start, end - start, year), date, monthFirst, dayFirst });
  }
  return out;
}

/**
 * The readings of two dates: each way of writing digits ("12/22/2023" is month first, so "1/11/2024"
 * beside it is too) that both allow; a date in words reads one way.
 */
export function dateReadings(a: NumericDate, b: NumericDate): [Quantity, Quantity][] {
  const inWords = (d: NumericDate) => !d.monthFirst && !d.dayFirst;
  return (["monthFirst", "dayFirst"] as const).flatMap((way) => {
    const [x, y] = [a, b].map((d) => inWords(d) ? d.date : d[way]);
    return x && y ? [[{ ...a, date: x }, { ...b, date: y }] as [Quantity, Quantity]] : [];
  }).filter((r, k, all) => k === 0 || !sameDates(r, all[0]));
}

const sameDates = ([a, b]: [Quantity, Quantity], [c, d]: [Quantity, Quantity]) =>
  dayOf(a) === dayOf(c) && dayOf(b) === dayOf(d);

const isNumbering = (text: string, q: Quantity) =>
  q.kind === "number" &&
  NUMBERING.test(text.slice(text.lastIndexOf("\n", q.start - 1) + 1, q.start)) &&
  NUMBERING_AFTER.test(text.slice(q.end, q.end + 2));

/** Two dates, the earlier first. */
export const inOrder = ([a, b]: Quantity[]): [Quantity, Quantity] =>
  dayOf(a) <= dayOf(b) ? [a, b] : [b, a];
const dayOf = (q: Quantity) =>
  (q.date!.year ?? 0) * 10000 + (q.date!.month ?? 0) * 100 + (q.date!.day ?? 0);
