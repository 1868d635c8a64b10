/**
 * Ages and durations against the dates the answer states, and dates that cannot be:
 * - age: "born in 1809 ... died in 1865 at the age of 56", "(1809–1865) ... aged 56": with years
 *   only the age is one of two values (before or after the birthday), with full dates exactly one;
 * - duration: "from 1939 to 1945, six years", "lasted 14 days (March 1 to March 15)": years only
 *   allow one year either way (the months are unknown), full dates the count or the count plus
 *   one (inclusive counting);
 * - impossible_date: a day its month does not have ("31 April", "February 29, 2023"), a death
 *   before the birth.
 */
import { daysInMonth, describeDate, monthName, monthNumber } from "./dates.ts";
import { type ExactFinding, finding } from "./finding.ts";
import { type Quantity, WORD_NUMBERS } from "./quantities.ts";

type DateQ = Quantity & { date: { year?: number; month?: number; day?: number } };

const AGE =
  /\b(?:at the age of|aged|at age|died at|lived to(?: be)?|passed away at|at the ripe old age of)\s+(\d{1,3})\b|\b(\d{1,3})\s+years\s+old\b|\bat\s+(\d{1,3})\s+years of age\b|\bat\s+(\d{1,3})(?=\s*(?:[.,;)]|$))/gi;
/** Words that make the age that follows an age at death. */
const DEATH_BEFORE_AGE = /\b(?:died|dies|death|passed away|killed|executed)\b[^.;]*$/i;
const BORN = /\b(?:born|b\.)\s*(?:on|in)?\s*$/i;
const DIED = /\b(?:died|d\.|death|passed away|killed|executed)\s*(?:on|in)?\s*$/i;
const LIFE_RANGE = /\(\s*(?:b\.\s*)?$/;
const RANGE_JOIN = /^\s*(?:–|-|—|to)\s*(?:d\.\s*)?$/;
const FROM = /(?:\bfrom|\bbetween|\bin|\()\s*$/i;
const TO = /^\s*(?:to|until|till|through|and|–|-|—)\s*$/;
const DURATION =
  /(\d{1,4}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)[\s-](years?|months?|weeks?|days?)\b/gi;

const isDate = (q: Quantity): q is DateQ => q.kind === "date" && q.date?.year !== undefined;
const before = (text: string, q: Quantity, n = 24) => text.slice(Math.max(0, q.start - n), q.start);

/** The birth and death a claim states, by "born"/"died" or as a range in brackets. */
function lifeDates(text: string, qs: readonly Quantity[]): [DateQ, DateQ] | undefined {
  const dates = qs.filter(isDate);
  const born = dates.find((q) => BORN.test(before(text, q)));
  const died = dates.find((q) => DIED.test(before(text, q)));
  if (born && died) return [born, died];
  for (let i = 0; i + 1 < dates.length; i++) {
    const [a, b] = [dates[i], dates[i + 1]];
    if (LIFE_RANGE.test(before(text, a, 6)) && RANGE_JOIN.test(text.slice(a.end, b.start))) {
      if (text.slice(b.end, b.end + 3).trimStart().startsWith(")")) return [a, b];
    }
  }
  return undefined;
}

/** Whole years between two dates: exact when both days are known, else the two possible. */
function yearsBetween(a: DateQ["date"], b: DateQ["date"]): number[] {
  const years = b.year! - a.year!;
  if (a.month && b.month && a.day && b.day) {
    const beforeBirthday = b.month < a.month || (b.month === a.month && b.day < a.day);
    return [beforeBirthday ? years - 1 : years];
  }
  if (a.month && b.month && a.month !== b.month) return [b.month < a.month ? years - 1 : years];
  return [years - 1, years];
}

const listOr = (values: number[]) =>
  values.length > 1 ? `${values.slice(0, -1).join(", ")} or ${values.at(-1)}` : `${values[0]}`;

export function lifespanFindings(
  text: string,
  qs: readonly Quantity[],
  context: readonly Quantity[],
  span: { start: number; end: number },
): ExactFinding[] {
  const out: ExactFinding[] = [];
  const claim = text.slice(span.start, span.end);
  const life = lifeDates(text, qs) ?? lifeDates(text, [...context, ...qs]);
  if (life) {
    const [born, died] = life;
    if (died.date.year! < born.date.year!) {
      out.push(
        finding(
          "impossible_date",
          true,
          { start: Math.min(born.start, died.start), end: Math.max(born.end, died.end) },
          `death in ${describeDate(died.date)} is before birth in ${describeDate(born.date)}`,
        ),
      );
      return out;
    }
    for (const m of claim.matchAll(AGE)) {
      // An age at death: "died ... at the age of 56", "lived to 90"; not "kidnapped at the age of 7".
      const lead = claim.slice(Math.max(0, m.index - 60), m.index);
      if (!/^(?:lived|died|passed away)/i.test(m[0]) && !DEATH_BEFORE_AGE.test(lead)) continue;
      const age = Number(m[1] ?? m[2] ?? m[3] ?? m[4]);
      const possible = yearsBetween(born.date, died.date);
      const ok = possible.includes(age);
      const right = `${describeDate(born.date)} to ${describeDate(died.date)} is ${
        listOr(possible)
      } years`;
      out.push(
        finding(
          "age",
          !ok,
          // From the first date to the age: all three take part.
          {
            start: Math.min(born.start, died.start, span.start + m.index),
            end: span.start + m.index + m[0].length,
          },
          ok ? right : `${right}, not ${age}`,
        ),
      );
    }
    // "(2015–2018)" with no age stated is a period, read below, not a life.
    if (out.length > 0) return out;
  }
  const dates = qs.filter(isDate);
  for (let i = 0; i + 1 < dates.length; i++) {
    const [a, b] = [dates[i], dates[i + 1]];
    if (!FROM.test(before(text, a, 10)) || !TO.test(text.slice(a.end, b.start))) continue;
    // "Steven Stayner (April 18, 1965 – September 16, 1989)": a name's bracket is a life.
    if (/\p{Lu}[\p{L}.'-]*\s*\(\s*$/u.test(before(text, a, 30))) continue;
    if (b.date.year! < a.date.year!) continue;
    for (const m of claim.matchAll(DURATION)) {
      const at = span.start + m.index;
      if (at >= a.start && at < b.end) continue;
      if (
        /\b(?:over|more than|less than|under|about|nearly|almost|around|roughly|some|at least|up to)\s*$/i
          .test(text.slice(Math.max(0, at - 16), at))
      ) continue;
      const stated = Number(m[1]) || WORD_NUMBERS[m[1].toLowerCase()];
      const unit = m[2].toLowerCase().replace(/s$/, "");
      const possible = durations(a.date, b.date, unit);
      if (!possible) continue;
      const ok = possible.includes(stated);
      const right = `${describeDate(a.date)} to ${describeDate(b.date)} is ${
        listOr(possible)
      } ${unit}s`;
      out.push(
        finding("duration", !ok, {
          start: Math.min(a.start, at),
          end: Math.max(b.end, at + m[0].length),
        }, ok ? right : `${right}, not ${stated}`),
      );
    }
  }
  return out;
}

/** The counts of `unit` a span between two dates can be said to last, or none if not computable. */
function durations(a: DateQ["date"], b: DateQ["date"], unit: string): number[] | undefined {
  const full = a.month && b.month && a.day && b.day;
  if (unit === "year" && !full) {
    const d = b.year! - a.year!;
    return [d - 1, d, d + 1].filter((y) => y >= 0);
  }
  if (!full) return undefined;
  const days = (Date.UTC(b.year!, b.month! - 1, b.day!) - Date.UTC(a.year!, a.month! - 1, a.day!)) /
    86_400_000;
  const around = (x: number) => [...new Set([Math.floor(x), Math.round(x), Math.ceil(x)])];
  switch (unit) {
    case "day":
      return [days, days + 1];
    case "week":
      return around(days / 7);
    case "month":
      return around(days / 30.44);
    case "year":
      return around(days / 365.25);
    default:
      return undefined;
  }
}

const DAY_MONTH =
  /\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b\.?(?:,?\s+(\d{4}))?/g;
const MONTH_DAY =
  /\b(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4}))?/g;

/** Days a month does not have: "31 April", "February 30", "February 29, 2023". */
export function impossibleDateFindings(text: string): ExactFinding[] {
  const out: ExactFinding[] = [];
  const check = (
    day: number,
    month: number,
    year: number | undefined,
    at: number,
    length: number,
  ) => {
    // Only days some month has (29 to 31): "March 45" is more likely a count than a date.
    if (day >= 29 && day <= 31 && day > daysInMonth(month, year)) {
      const where = year === undefined ? monthName(month) : `${monthName(month)} ${year}`;
      out.push(
        finding(
          "impossible_date",
          true,
          { start: at, end: at + length },
          `${where} has ${daysInMonth(month, year)} days; there is no ${monthName(month)} ${day}`,
        ),
      );
    }
  };
  for (const m of text.matchAll(DAY_MONTH)) {
    check(Number(m[1]), monthNumber(m[2]), m[3] ? Number(m[3]) : undefined, m.index, m[0].length);
  }
  for (const m of text.matchAll(MONTH_DAY)) {
    check(Number(m[2]), monthNumber(m[1]), m[3] ? Number(m[3]) : undefined, m.index, m[0].length);
  }
  return out;
}
