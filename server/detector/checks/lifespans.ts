/**
 * Ages and durations against the dates the answer states, and dates that cannot be:
 * - age: "born in 1809 ... died in 1865 at the age of 56", "(1809–1865) was 56 when he died",
 *   "lived from 1767 to 1834, reaching the age of 67", a birth told after the death: with years
 *   only the age is one of two values (before or after the birthday), with full dates exactly
 *   one. An age at another event ("died in 1980; at 35 she had moved") is left alone;
 * - duration: "from 1939 to 1945, six years", "for 30 years (1824–1849)", "began in July 2012
 *   and was completed in May 2016, taking 46 months": the count each unit can have between the
 *   earliest and the latest days the dates allow ("1939" is any day of 1939), days counted with
 *   or without the last one. Only a count joined to the period ("a span of", ", lasting") is
 *   read: "from 1939 to 1945; the siege lasted 14 days" counts something else;
 * - impossible_date: a day its month does not have ("31 April", "February 29, 2023"), a death
 *   before the birth.
 */
import {
  type Day,
  daysBetween,
  daysInMonth,
  describeDate,
  firstDay,
  lastDay,
  monthName,
  monthNumber,
  monthsBetween,
} from "./dates.ts";
import { type ExactFinding, finding } from "./finding.ts";
import { type Quantity, WORD_NUMBERS } from "./quantities.ts";

type DateQ = Quantity & { date: { year?: number; month?: number; day?: number } };
type YearDate = { year: number; month?: number; day?: number };

const wordsWhere = (keep: (n: number) => boolean) =>
  Object.keys(WORD_NUMBERS).filter((w) => keep(WORD_NUMBERS[w]) && w !== "dozen");
/** A number to 99 in digits or words ("sixty-two", "fourteen"), as ages and counts of years go. */
const AMOUNT = `\\d{1,4}|(?:${wordsWhere((n) => n >= 20 && n < 100).join("|")})(?:[\\s-](?:${
  wordsWhere((n) => n < 10).join("|")
}))?|${wordsWhere((n) => n < 20).join("|")}`;
const amountOf = (written: string) =>
  /^\d/.test(written)
    ? Number(written)
    : written.toLowerCase().split(/[\s-]/).reduce((sum, w) => sum + WORD_NUMBERS[w], 0);
/** An age: not money, a decimal, a time of day or a share. */
const AGE_NUMBER =
  `(?<![$€£\\d.,])(${AMOUNT})\\b(?![.,:]\\d|\\s*(?:[ap]\\.?m\\b|o'clock|%|percent))`;

/** What tells that an age is the age at death when it follows: "56 years old when he died". */
const DEATH_AFTER =
  "(?:\\s+years?\\s+old|\\s+years\\s+of\\s+age)?,?\\s+(?:(?:when|as)\\s+(?:he|she|they)\\s+(?:died|passed\\b)|(?:at|upon|on)\\s+(?:the\\s+time\\s+of\\s+)?(?:his|her|their)\\s+death\\b)";
const DEATH_AFTER_AGE = new RegExp(`^${DEATH_AFTER}`, "i");
/**
 * Ages as stated: 1. before words of the death ("was 68 when he died"); 2. after a verb of death
 * ("died aged 56", "lived to 90"); the rest ("at the age of 56", "she was 80.") only after a
 * death is told.
 */
const AGE = new RegExp(
  [
    `\\b(?:was|were|turned|made\\s+(?:him|her|them))\\s+${AGE_NUMBER}(?=${DEATH_AFTER})`,
    `\\b(?:(?:died|dying|passed\\s+away)\\s+(?:at|aged|at\\s+age|at\\s+the\\s+(?:ripe\\s+)?(?:old\\s+)?age\\s+of)|lived\\s+(?:to|until)(?:\\s+be)?(?:\\s+the\\s+age\\s+of)?)\\s+${AGE_NUMBER}`,
    `\\b(?:at\\s+the\\s+(?:ripe\\s+)?(?:old\\s+)?age\\s+of|aged|at\\s+age|reach(?:ing|ed)\\s+the\\s+age\\s+of)\\s+${AGE_NUMBER}`,
    `\\bat\\s+${AGE_NUMBER}(?:\\s+years\\s+(?:old|of\\s+age)\\b|(?=\\s*(?:[.,;)]|$)))`,
    `\\b${AGE_NUMBER}\\s+years\\s+(?:old|of\\s+age)\\b`,
    `\\b(?:he|she|they)\\s+was\\s+${AGE_NUMBER}(?=\\s*(?:[.;)]|$))`,
    `\\bmade\\s+(?:him|her|them)\\s+${AGE_NUMBER}`,
  ].join("|"),
  "gi",
);
/** The first word of the death the lead tells, with nothing after it that ends the sentence. */
const DEATH_BEFORE_AGE =
  /\b(?:died|dies|dying|death|passed away|killed|executed|lived\s+(?:from|between))\b(?=[^.!?\n]*$)/i;
/** A new clause after the death: "died in 1980, she married at 35", "..., Anna moved at 20". */
const NEW_CLAUSE =
  /(?:[,;]|\band\b)\s*(?:[Hh]e|[Ss]he|[Tt]hey|who|(?:\p{Lu}[\p{L}'-]*\s+){1,3})\s+(?!was\b|were\b|had\s+been\b|at\b|in\b|on\b|aged?\b|of\b)\p{Ll}/u;
/** Another person's age: "died in 1950, when her son was 30 years old", "her son was 2 when". */
const OTHER_PERSON =
  /\b(?:his|her|their)\s+(?:\p{L}+\s+)?(?:son|daughter|wife|husband|child|children|brother|sister|father|mother|parents?|widow|widower|partner|grandson|granddaughter|grandchild|friend|successor|heir)s?\b/iu;
/** An age that dates an event of its own: "aged 20, she moved", "at 35 when she married". */
const OTHER_EVENT_AFTER = /^\s*,?\s*(?:he|she|they|when|after|before|while|upon|as)\b/i;

/** Where a birth or death took place, between the word and its date: "died in Vienna on". */
const PLACE = String.raw`(?:\s+(?:in|at|near)\s+(?:\p{Lu}[\p{L}'.-]*,?\s+){1,3}(?=on|in))?`;
const DEATH_WORDS = String.raw`[Dd]ied|[Dd]ying|d\.|[Dd]eath|[Pp]assed away|[Kk]illed|[Ee]xecuted`;
const BORN = new RegExp(String.raw`\b(?:[Bb]orn|b\.)${PLACE}\s*(?:on|in)?\s*$`, "u");
const DIED = new RegExp(String.raw`\b(?:${DEATH_WORDS})${PLACE}\s*(?:on|in)?\s*$`, "u");
const LIFE_RANGE = /\(\s*(?:b\.\s*)?$/;
const LIVED = /\blived\s+(?:from|between)\s*$/i;
const RANGE_JOIN = /^\s*(?:–|-|—|to)\s*(?:d\.\s*)?$/;
const FROM = /(?:\bfrom|\bbetween|\bin|\()\s*$/i;
const TO = /^\s*(?:to|until|till|through|and|–|-|—)\s*$/;
/** A period told by its start and end: "began in July 2012 and was completed in May 2016". */
const STARTED =
  /\b(?:began|begun|begins|started|starts|commenced|opened|launched|founded|established|took office|took effect|came into force)\s+(?:on\s+|in\s+)?$/i;
const ENDED =
  /^\s*,?\s*(?:and|but)\s+(?:(?:was|were|is|are|has|had|been|it|they|he|she)\s+){0,2}(?:completed|finished|ended|ends|closed|closes|concluded|expired|expires|stopped|ceased|dissolved|disbanded|abolished|left office)\s+(?:on\s+|in\s+)?$/i;
const DURATION = new RegExp(
  `(?<![$€£\\d.,])\\b(${AMOUNT})[\\s-](years?|months?|weeks?|days?)\\b`,
  "gi",
);
/** The words that may join a period to its count: ", a span of", "; so its term is". */
const JOINS_AFTER = new Set(
  (", ; : ( ) – — - ' ’ s so which that this it its the a an i.e. or of to for in all exactly " +
    "total totalling totaling span period run stretch term tenure reign spell stint duration " +
    "length time whole full entire is was were lasting lasted lasts ran running runs taking took " +
    "takes spanning spanned spans covering covered amounting came making made makes").split(" "),
);
/** ... and a count to the period after it: "for 33 years, from 1991", "3 years (2015–2018)". */
const JOINS_BEFORE = new Set(
  (", ( – — - : from between stretching running spanning lasting covering period span stretch " +
    "run term").split(" "),
);
const HEDGED =
  /\b(?:over|more than|less than|under|about|nearly|almost|around|roughly|some|at least|up to|approximately)\s+(?:an?\s+)?$/i;
/** A count of part of the period, or of something else in it. */
const PART_BEFORE =
  /\b(?:first|last|next|final|initial|another|additional|extra|other|remaining|after|within|in|during|every|each|per|than)\s*$/i;
const OTHER_AFTER =
  /^\s*(?:to\s+\p{L}|later|after|before|ago|earlier|longer|more|less|old|into|apart|each|per|of\s+(?:which|them|these|this|that))/iu;

const isDate = (q: Quantity): q is DateQ => q.kind === "date" && q.date?.year !== undefined;
const before = (text: string, q: Quantity, n = 24) => text.slice(Math.max(0, q.start - n), q.start);
const joinedBy = (words: ReadonlySet<string>, between: string) =>
  (between.match(/[\p{L}.]+|[^\s\p{L}]/gu) ?? []).every((t) => words.has(t.toLowerCase()));

/** The birth and death a claim states, by "born"/"died", as a range in brackets or "lived from". */
function lifeDates(text: string, qs: readonly Quantity[]): [DateQ, DateQ] | undefined {
  const dates = qs.filter(isDate);
  const born = dates.find((q) => BORN.test(before(text, q, 48)));
  const died = dates.find((q) => DIED.test(before(text, q, 48)));
  if (born && died) return [born, died];
  for (let i = 0; i + 1 < dates.length; i++) {
    const [a, b] = [dates[i], dates[i + 1]];
    const join = text.slice(a.end, b.start);
    if (LIVED.test(before(text, a, 16)) && TO.test(join)) return [a, b];
    if (LIFE_RANGE.test(before(text, a, 6)) && RANGE_JOIN.test(join)) {
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

/** Whether the words before an age tell the death it is the age at. */
function toldDeathBefore(lead: string): boolean {
  const death = lead.match(DEATH_BEFORE_AGE);
  if (!death) return false;
  return !NEW_CLAUSE.test(lead.slice(death.index! + death[0].length));
}

/** The ages at death stated in `text` from `from` to `to`, against the birth and death. */
function ageFindings(
  text: string,
  [born, died]: [DateQ, DateQ],
  from: number,
  to: number,
): ExactFinding[] {
  const out: ExactFinding[] = [];
  const window = text.slice(from, to);
  for (const m of window.matchAll(AGE)) {
    const at = from + m.index, end = at + m[0].length;
    if ([born, died].some((q) => at < q.end && end > q.start)) continue;
    const lead = text.slice(Math.max(0, at - 80), at);
    if (OTHER_PERSON.test(lead.slice(lead.search(/[^.!?\n]*$/)))) continue;
    const deathAfter = m[1] !== undefined || DEATH_AFTER_AGE.test(text.slice(end, end + 48));
    const verbOfDeath = m[2] !== undefined;
    if (!deathAfter) {
      if (OTHER_EVENT_AFTER.test(text.slice(end, end + 12))) continue;
      if (!verbOfDeath && !toldDeathBefore(lead)) continue;
    }
    const age = amountOf(m.slice(1).find((g) => g !== undefined)!);
    const possible = yearsBetween(born.date, died.date);
    const ok = possible.includes(age);
    const right = `${describeDate(born.date)} to ${describeDate(died.date)} is ${
      listOr(possible)
    } years`;
    // From the first date to the age: all three take part.
    const span = { start: Math.min(born.start, died.start, at), end };
    out.push(finding("age", !ok, span, ok ? right : `${right}, not ${age}`));
  }
  return out;
}

/** A period a claim states: where its two dates are written, and what they say. */
interface Period {
  start: Quantity;
  end: Quantity;
  from: YearDate;
  to: YearDate;
}

/** The periods a claim states, their start's year taken from the end where only that has one. */
function periods(text: string, qs: readonly Quantity[]): Period[] {
  const dates = qs.filter((q): q is DateQ => q.kind === "date" && q.date !== undefined);
  const out: Period[] = [];
  for (let i = 0; i + 1 < dates.length; i++) {
    const [a, b] = [dates[i], dates[i + 1]];
    const join = text.slice(a.end, b.start);
    const fromTo = FROM.test(before(text, a, 10)) && TO.test(join);
    if (!fromTo && !(STARTED.test(before(text, a, 30)) && ENDED.test(join))) continue;
    // "Steven Stayner (April 18, 1965 – September 16, 1989)": a name's bracket is a life.
    if (/\p{Lu}[\p{L}.'-]*\s*\(\s*$/u.test(before(text, a, 30))) continue;
    const endYear = b.date.year;
    if (endYear === undefined) continue;
    // "from July 16 to August 1, 1998": the year is said once, at the end.
    const year = a.date.year ??
      (a.date.month && a.date.day ? endYear - (a.date.month > b.date.month! ? 1 : 0) : undefined);
    if (year === undefined || endYear < year) continue;
    out.push({ start: a, end: b, from: { ...a.date, year }, to: { ...b.date, year: endYear } });
  }
  return out;
}

/** The count of a period stated next to it, and where. */
function statedCount(
  text: string,
  { start: a, end: b }: Period,
  span: { start: number; end: number },
): { at: number; match: RegExpMatchArray } | undefined {
  const after = text.slice(b.end, Math.min(span.end, b.end + 80));
  const next = after.matchAll(DURATION).next().value;
  if (next && joinedBy(JOINS_AFTER, after.slice(0, next.index))) {
    return { at: b.end + next.index, match: next };
  }
  const from = Math.max(span.start, a.start - 80);
  const last = [...text.slice(from, a.start).matchAll(DURATION)].at(-1);
  if (!last) return undefined;
  const at = from + last.index;
  if (!joinedBy(JOINS_BEFORE, text.slice(at + last[0].length, a.start))) return undefined;
  return { at, match: last };
}

export function lifespanFindings(
  text: string,
  qs: readonly Quantity[],
  context: readonly Quantity[],
  span: { start: number; end: number },
): ExactFinding[] {
  const own = lifeDates(text, qs);
  const life = own ?? lifeDates(text, [...context, ...qs]);
  if (life) {
    const [born, died] = life;
    if (died.date.year! < born.date.year!) {
      return [
        finding(
          "impossible_date",
          true,
          { start: Math.min(born.start, died.start), end: Math.max(born.end, died.end) },
          `death in ${describeDate(died.date)} is before birth in ${describeDate(born.date)}`,
        ),
      ];
    }
    // A life this claim completes ("died in 1885, aged 70. She was born in 1823") is read from its
    // first date; one the claim before states whole was read there.
    const from = own || lifeDates(text, context) ? span.start : Math.min(born.start, died.start);
    const ages = ageFindings(text, life, from, span.end);
    // "(2015–2018)" with no age stated is a period, read below, not a life.
    if (ages.length > 0) return ages;
  }
  return periods(text, qs).flatMap((period) => durationFindings(text, period, span));
}

/** The count stated of a period against its dates: none where it is hedged or of a part. */
function durationFindings(
  text: string,
  period: Period,
  span: { start: number; end: number },
): ExactFinding[] {
  const stated = statedCount(text, period, span);
  if (!stated) return [];
  const { at, match } = stated;
  const end = at + match[0].length;
  const lead = text.slice(Math.max(0, at - 16), at);
  if (HEDGED.test(lead) || PART_BEFORE.test(lead) || OTHER_AFTER.test(text.slice(end, end + 16))) {
    return [];
  }
  const count = amountOf(match[1]);
  // Round hundreds are said of spans loosely: "the genocide lasted 100 days".
  if (count >= 100 && count % 100 === 0) return [];
  const unit = match[2].toLowerCase().replace(/s$/, "");
  const range = countRange(period.from, period.to, unit);
  if (!range) return [];
  const possible = Array.from({ length: range[1] - range[0] + 1 }, (_, i) => range[0] + i);
  const ok = possible.includes(count);
  const right = `${describeDate(period.from)} to ${describeDate(period.to)} is ${
    listOr(possible)
  } ${unit}s`;
  const where = { start: Math.min(period.start.start, at), end: Math.max(period.end.end, end) };
  return [finding("duration", !ok, where, ok ? right : `${right}, not ${count}`)];
}

/**
 * The fewest and most whole `unit`s from `a` to `b`, over the days the two dates allow, or none
 * where the dates are coarser than the unit ("from 1939 to 1945, 14 days").
 */
function countRange(a: YearDate, b: YearDate, unit: string): [number, number] | undefined {
  const days = unit === "day" || unit === "week";
  if (days && !(a.month && a.day && b.month && b.day)) return undefined;
  if (unit === "month" && !(a.month && b.month)) return undefined;
  const measure = (x: Day, y: Day) =>
    unit === "day"
      ? daysBetween(x, y)
      : unit === "week"
      ? daysBetween(x, y) / 7
      : unit === "month"
      ? monthsBetween(x, y)
      : monthsBetween(x, y) / 12;
  const fewest = Math.max(0, Math.floor(measure(lastDay(a), firstDay(b)) + 1e-9));
  // Days may be counted with both ends: "July 16 to August 1" is 16 days, or 17.
  const most = Math.ceil(measure(firstDay(a), lastDay(b)) - 1e-9) + (unit === "day" ? 1 : 0);
  return [fewest, most];
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
