/**
 * The quantities a text states, with their offsets: numbers with their units, money (pence and
 * cents as hundredths), percentages, counts with their noun, years and calendar dates (dates.ts).
 * Each keeps the precision it was written with ("1.3 km" means 1.25 to 1.35 km; "1,300" means
 * 1,295 to 1,305), whether it was hedged ("about"), a bound ("more than") or part of a range
 * ("10–12"), so that the checks can stay silent where the text does not commit to one value.
 */
import { STOPWORDS } from "../signals/text.ts";
import { calendarDates } from "./dates.ts";
import { UNIT_AFTER_NUMBER, type UnitId, unitOfForm } from "./units.ts";

export type QuantityKind = "unit" | "percent" | "money" | "count" | "number" | "date" | "time";

export interface Quantity {
  start: number;
  end: number;
  kind: QuantityKind;
  /** The value in its unit (dates: not used; see `date`). */
  value: number;
  /** Half the spacing of the last written digit: the value means value ± tolerance. */
  tolerance: number;
  unit?: UnitId;
  /** Money: the currency's symbol or code. */
  currency?: string;
  /** Counts: the noun counted, singular ("employee"). */
  noun?: string;
  /**
   * Counts: the word after the noun, the thing counted where the noun describes it ("electric
   * kettles").
   */
  nounAfter?: string;
  date?: { year?: number; month?: number; day?: number; weekday?: number };
  /** A time with no "am" or "pm" that may be either half of the day (times.ts). */
  halfDayOpen?: boolean;
  /** Hedged ("about", "roughly", "~"): a looser reading applies. */
  approx: boolean;
  /** A bound or a range ("more than", "up to", "10–12"): never one value. */
  inexact: boolean;
  /** A bound, not in a range: the side it bounds ("more than": lower; "up to": upper). */
  bound?: "lower" | "upper";
  /** Written as a word ("five"): loosely used, so never compared with a document. */
  word?: boolean;
  /** A term of arithmetic written out ("3 x $25 = $75"): a step, not a stated fact. */
  computed?: boolean;
  /**
   * A rate whose "per" no reader reads ("1.9 L/min", "$4.50/month"): computed for the answer's
   * own relations, but no sign of working; against a document it is a value of its period.
   */
  rate?: boolean;
  /** An ordinal ("the 89th minute"): a place in an order, compared but never added or divided. */
  ordinal?: boolean;
}

/** Number words, for every check that reads one (counts, durations, multiples). */
export const WORD_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  dozen: 12,
};
/** Fractions said in words, read as shares ("a third of" = 33.3%). */
const WORD_FRACTIONS: Record<string, number> = {
  "a half": 50,
  "one half": 50,
  half: 50,
  "a third": 100 / 3,
  "one third": 100 / 3,
  "two thirds": 200 / 3,
  "a quarter": 25,
  "one quarter": 25,
  "three quarters": 75,
  "a fifth": 20,
  "one fifth": 20,
  "a tenth": 10,
  "one tenth": 10,
};
const MULTIPLIERS: Record<string, number> = {
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
  bn: 1e9,
  m: 1e6,
  k: 1e3,
};
/** A currency's sign before a figure, for every check that reads one. */
export const CURRENCY_SIGN = String.raw`(?:US\$|A\$|C\$|\$|€|£|¥|₹)`;
const CURRENCY_PREFIX = new RegExp(String.raw`${CURRENCY_SIGN}\s?$`);
const CURRENCY_WORD = /^\s?(dollars|euros|yen|rupees|USD|EUR|GBP)\b/i;
/**
 * A hundredth of a currency after the figure: "6.2p", "50 pence", "25¢", "99 cents". "p" glued to
 * a figure of 100 or more is a video's resolution ("1080p"), and "c" alone may be Celsius.
 */
const MINOR_UNIT = /^(?:(p)(?![\p{L}\p{N}])|\s?(pence)\b|(¢)|\s?(cents?)\b)/u;
const MINOR_UNIT_AT_END = /(?:\dp|pence|¢|cents?)$/;
/** After an hour, its half of the day: "7 pm" is a time of day (times.ts), no count. */
const MERIDIEM_AFTER = /^\s?[ap](?:\.\s?m\.|m\b)/i;
const MINOR_UNIT_CURRENCY: Record<string, string> = { p: "£", pence: "£", "¢": "$", cent: "$" };

/**
 * Digits (with thousands commas or spaces-free), an optional decimal part or vulgar fraction
 * ("2½"); or a number word. Two scans: one pattern for both, case-insensitive and Unicode-aware,
 * is several times slower over a whole text than the two.
 */
const DIGITS =
  /(?<![\p{L}\p{N}.,/:#]|[\p{L}\p{N}]-)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+)|([½¼¾⅓⅔⅛⅜⅝⅞]))?(?![\p{N}]|[.,/:]\d)/gu;
const NUMBER_WORD =
  /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a dozen)\b(?!-)/gi;
/** What may not come right before a number: a letter, a digit or a separator ("v2", "x-10"). */
const GLUED_BEFORE = /(?:[\p{L}\p{N}.,/:#]|[\p{L}\p{N}]-)$/u;

/** A number as written: its digits and decimal part or fraction, or its word. */
interface NumberMatch {
  index: number;
  written: string;
  integer: string;
  decimals?: string;
  vulgar?: string;
  word?: string;
}

/** The numbers of `text` in order, in digits or in words. */
function numbersOf(text: string): NumberMatch[] {
  const inDigits = [...text.matchAll(DIGITS)].map((m): NumberMatch => ({
    index: m.index,
    written: m[0],
    integer: m[1],
    decimals: m[2],
    vulgar: m[3],
  }));
  const inWords = [...text.matchAll(NUMBER_WORD)]
    .filter((m) => !GLUED_BEFORE.test(text.slice(Math.max(0, m.index - 2), m.index)))
    .map((m): NumberMatch => ({ index: m.index, written: m[0], integer: "", word: m[1] }));
  return inWords.length === 0
    ? inDigits
    : [...inDigits, ...inWords].sort((a, b) => a.index - b.index);
}

/** After an ounce, a precious metal: the ounce is troy. */
const PRECIOUS_METAL_AFTER =
  /^\s+(?:of\s+)?(?:fine\s+|pure\s+)?(?:gold|silver|platinum|palladium)\b/i;
/** After an ounce, the bullion it weighs ("a 10 oz bar"), troy where the metal is named before. */
const BULLION_AFTER = /^\s+(?:bars?|coins?|ingots?|rounds?)\b/i;
const PRECIOUS = /\b(?:troy|gold|silver|platinum|palladium|bullion|precious metals?)\b/i;
/** Feet and inches with prime marks: "5'10\"", "6′2″", "5' 11''". */
const FEET_INCHES = /(?<![\d.])([1-8])\s?['′’]\s?(\d|1[01])\s?(?:["″”]|'')/g;
const FRACTION =
  /\b(a half|one half|half|a third|one third|two[- ]thirds|a quarter|one quarter|three[- ]quarters|a fifth|one fifth|a tenth|one tenth) of\b/gi;
const HEDGE =
  /(?:\babout|\bapproximately|\bapprox\.|\baround|\broughly|\bnearly|\balmost|\bsome|\bcirca|\bca\.|\bclose to|\ban estimated|\bestimated|~|≈)\s*$/i;
const LOWER_BOUND = /(?:\bover|\bmore than|\bat least|\babove|\bexceeding|>|≥)\s*$/i;
/**
 * "up to" bounds ("can add up to 5 gallons"), but "adds up to" sums and "goes up to" tells a
 * change's new value.
 */
const UPPER_BOUND =
  /(?:\bless than|\bfewer than|\bno more than|\bunder|(?<!\b(?:add(?:s|ed|ing)?|go(?:es|ing)?|went|gone)\s)\bup to|\bat most|\bwithin|\b(?:a )?maximum of|\bas (?:much|many|high) as|\bbelow|<|≤)\s*$/i;
/** A change's "from ... to ...": its two values, not a range ("raise the fee from $40 to $45"). */
const CHANGE = String
  .raw`\b(?:increas|decreas|rais|ris|rose|grow|grew|cut|reduc|lower|drop|fell|fall|went up|goes up|go up|climb|jump|extend|shorten|boost|hik)\w*\b[^.;\d\n]{0,40}?\bfrom\s*`;
/** ... its words ending before a currency's sign too ("from $1,450"). */
const SIGN = String.raw`${CURRENCY_SIGN}?\s*`;
const CHANGE_FROM = new RegExp(`${CHANGE}${SIGN}$`, "i");
const CHANGE_TO = new RegExp(`${CHANGE}\\S+\\s+to\\s*${SIGN}$`, "i");
const RANGE_START = /(?:\bbetween|\bfrom)\s*$/i;
/** After a range's first end, the way to its other: "from 3 pm to 5 pm", "from 1990 until 1995". */
const RANGE_END_AFTER =
  /^[^\d\n.;]{0,24}?(?:\bto\b|\buntil\b|\btill\b|\bthrough\b|\band\b|[-–—])\s*(?:\$|€|£|-|−)?\d/i;
/**
 * "10–12", "10 to 12", "0 °C to 45 °C", "1939—1945"; a spaced em dash is an aside ("1901 — 63
 * years"), and a range never spans lines (a dash opening a line is a list's bullet).
 */
const RANGE_UNIT = String.raw`(?:°\s?[CF]|km|cm|mm|m|kg|g|lbs?|oz|mi|ft)`;
const RANGE_AFTER = new RegExp(
  String.raw`^(?:[ \t]*${RANGE_UNIT}?[ \t]*(?:-|–|to)[ \t]*|—)(?:\$|€|£|-|−)?\d`,
);
const RANGE_BEFORE = new RegExp(
  String
    .raw`\d(?:[ \t]*${RANGE_UNIT}?[ \t]*(?:-|–|to)[ \t]*|—)$|\bbetween\s+\S+\s+and\s*[$€£]?$`,
);
/**
 * A range's second sum of money, after an en dash: "£42,000–£48,000" (a hyphen may subtract, and
 * "to" may end a change: "from $40 to $45").
 */
const MONEY_RANGE_BEFORE = /\d[ \t]*–[ \t]*(?:\$|€|£)$/;
/** Arithmetic written out in words ("1.5 miles times 2 walks equals 3 miles", not "3 times a week"). */
const OPERATOR_WORD = "times|equals|multiplied by|divided by";
const OPERATOR_BEFORE = new RegExp(
  `(?:[=+×*\\/^]|\\bx|<<|\\b(?:${OPERATOR_WORD}))\\s*(?:\\$|€|£)?$`,
);
const OPERATOR_AFTER = new RegExp(
  `^\\s*(?:[=+×*\\/^]|x\\b|>>|(?:${OPERATOR_WORD})\\s+(?:\\$|€|£)?\\d)`,
);
/** "/min", "/oz": a slash before a word divides by a unit, not by a figure. */
const PER_UNIT_AFTER = /^\/\s?\p{L}/u;
/** Characters either side of a quantity searched for an operator. */
const OPERATOR_REACH = 16;
/** "10 , 000", "30, 000": a tokeniser's split thousands (after ", " only a group such as "000"). */
const SPLIT_THOUSANDS_AFTER = /^(?: , ?\d{3}|, 0\d\d)\b/;
const SPLIT_THOUSANDS_BEFORE = /\d ,\s?$/;
const SPLIT_ZERO_GROUP = /\d, 0\d\d$/;
const LIST_JOIN = /^(?:,\s*|\s+and\s+|,\s*and\s+|\s+or\s+)$/;
/** "between $90 million and $100 million": both ends of a range. */
const BETWEEN_BEFORE = /\bbetween\b[^.;]{0,30}$/i;
const AND_AFTER = /^\s*and\s+(?:\$|€|£)?\d/i;
/**
 * Capitalised words a number may follow without being part of a name: months, weekdays, hedges,
 * and verbs in the past that open a changelog's line ("Fixed 17 bugs", "Added 3 themes").
 */
const LEADING_WORD =
  /^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*$|^(?:Around|About|Nearly|Over|Some|Approximately|Roughly|Almost|Under|Exactly|Only|Just|Since|Until|By|Total|Totals)$|^[A-Z][a-z]{2,}ed$/;
/** Words after a year that are no noun it counts: eras, and "until" ("from 1870 until 1884"). */
const AFTER_YEAR = new Set(["ad", "bc", "bce", "ce", "until", "till"]);
const PERCENT = /^\s?(%|percent\b|per cent\b)/i;
const ORDINAL = /^(?:st|nd|rd|th)\b/i;
/** Words a number names a place in a series after: "day 1", "page 12", "step 3". */
export const LABEL_WORDS =
  "day|week|stage|leg|round|step|part|level|section|chapter|page|room|gate|platform|row|seat|" +
  "lane|game|match|episode|season|volume|grade|size|floor|track|question|exercise|lesson|phase|" +
  "module|group|team|tier|version|lot|batch|ward|district|zone|flight|route|aisle|bay|dock|" +
  "suite|apartment|terminal|exit|bus";
const LABEL_WORD = new RegExp(`^(?:${LABEL_WORDS})$`, "i");
/** A label's number is small and whole: "day 15,000 people" is a count after "day". */
const SMALL_WHOLE = /^\d{1,3}$/;
/**
 * A capital joined on ends a name's number: "lot 24-B", "Form 1040-X" (not a unit's symbol: "9-V
 * battery").
 */
const NAME_SUFFIX = /^-[BDEHIOPQRSUXYZ](?![\p{L}\p{N}])/u;
const DECADE = /^s\b/;
const MULTIPLIER = /^\s?(thousand|million|billion|trillion|bn|m|k)\b/i;
/**
 * The word after a number, when it can be what is counted (not "2018 respectively"), past a word
 * that only sets the things apart ("121 different countries").
 */
const NOUN =
  /^\s+(?:(?:different|separate|distinct|individual|unique|additional|extra)\s+)?([a-z][a-z-]+)(?<!ly)\b(?:\s+([a-z][a-z-]+)\b(?:\s+([a-z][a-z-]+)\b)?)?/;

/** A word that ends a noun phrase as a verb: "sold", "serving". */
const VERB_FORM = /(?:ed|ing)$|^sold$/;

/** A vulgar fraction's value and its decimals: "2½" says 2.5 as "2.5" does, "1¼" 1.25. */
export const VULGAR_FRACTIONS: Record<string, [number, number]> = {
  "½": [1 / 2, 1],
  "¼": [1 / 4, 2],
  "¾": [3 / 4, 2],
  "⅓": [1 / 3, 2],
  "⅔": [2 / 3, 2],
  "⅛": [1 / 8, 3],
  "⅜": [3 / 8, 3],
  "⅝": [5 / 8, 3],
  "⅞": [7 / 8, 3],
};

/** ± half the spacing of the last written digit; integers with trailing zeros round to tens. */
function toleranceOf(integer: string, decimals: string | undefined): number {
  if (decimals) return 0.5 * 10 ** -decimals.length;
  const zeros = integer.replace(/,/g, "").match(/0+$/)?.[0].length ?? 0;
  return 0.5 * 10 ** Math.max(0, zeros - 1);
}

/**
 * Counts and sums of money are exact when written to the unit ("1,527 books", "$290"); a round
 * figure ("1,300", "$5 million") keeps its rounding.
 */
function countTolerance(integer: string, decimals: string | undefined, tolerance: number): number {
  const zeros = integer.replace(/,/g, "").match(/0+$/)?.[0].length ?? 0;
  return decimals || zeros >= 2 || tolerance > 0.5 ? tolerance : 0;
}

const singular = (noun: string) =>
  noun.length > 3 && noun.endsWith("ies")
    ? noun.slice(0, -3) + "y"
    : noun.length > 3 && noun.endsWith("s") && !noun.endsWith("ss")
    ? noun.slice(0, -1)
    : noun;

export function quantities(text: string): Quantity[] {
  const dates = calendarDates(text);
  const out: Quantity[] = dates.map((d) => ({
    start: d.start,
    end: d.end,
    kind: "date" as const,
    value: d.year ?? 0,
    tolerance: 0,
    date: { year: d.year, month: d.month, day: d.day, weekday: d.weekday },
    approx: false,
    inexact: d.inexact ?? false,
  }));
  // A height in feet and inches ("5'10\"", "6′2″"): one measure, in inches.
  const heights = [...text.matchAll(FEET_INCHES)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    kind: "unit" as const,
    unit: "in" as UnitId,
    value: 12 * Number(m[1]) + Number(m[2]),
    tolerance: 0.5,
    approx: false,
    inexact: false,
  }));
  out.push(...heights);
  const inDate = (at: number) =>
    dates.some((d) => at >= d.start && at < d.end) ||
    heights.some((h) => at >= h.start && at < h.end);
  for (const m of text.matchAll(FRACTION)) {
    out.push({
      start: m.index,
      end: m.index + m[1].length,
      kind: "percent",
      value: WORD_FRACTIONS[m[1].toLowerCase().replace("-", " ")],
      tolerance: 0.5,
      // "A third" is said of 30% to 36% alike: read as hedged.
      approx: true,
      inexact: false,
    });
  }
  for (const m of numbersOf(text)) {
    if (inDate(m.index)) continue;
    const q = readQuantity(text, m);
    if (q) out.push(q);
  }
  out.sort((a, b) => a.start - b.start);
  // A number in words is prose, not a step of working ("which equals two months' rent").
  for (const q of out.filter((q) => !/^\p{L}/u.test(text.slice(q.start, q.end)))) {
    q.computed = OPERATOR_BEFORE.test(text.slice(Math.max(0, q.start - OPERATOR_REACH), q.start)) ||
      OPERATOR_AFTER.test(text.slice(q.end, q.end + OPERATOR_REACH));
    if (q.computed && PER_UNIT_AFTER.test(text.slice(q.end, q.end + 3))) q.rate = true;
  }
  readBareScales(text, out);
  // Precious metals are weighed in troy ounces: "a 10 oz gold bar", "5 ounces of silver", and
  // after the metals or troy ounces are named, "a 10 oz bar" (a chocolate bar's ounce is not).
  for (const q of out) {
    if (q.unit !== "oz") continue;
    const after = text.slice(q.end, q.end + 24);
    const bullion = BULLION_AFTER.test(after) && PRECIOUS.test(text.slice(0, q.start));
    if (PRECIOUS_METAL_AFTER.test(after) || bullion) q.unit = "ozt";
  }
  // "from 58 to 67 cents", "20–30p": a bare number before an end in cents or pence is in them too.
  for (let i = out.length - 2; i >= 0; i--) {
    const [q, next] = [out[i], out[i + 1]];
    if (
      q.kind === "number" && !q.word && next.kind === "money" &&
      MINOR_UNIT_AT_END.test(text.slice(next.start, next.end)) &&
      RANGE_JOIN.test(text.slice(q.end, next.start))
    ) {
      Object.assign(q, {
        kind: "money",
        currency: next.currency,
        value: q.value / 100,
        tolerance: q.tolerance / 100,
      });
    }
  }
  // "30, 25 and 40 points": the numbers listed before a count count the same thing.
  for (let i = out.length - 2; i >= 0; i--) {
    const [q, next] = [out[i], out[i + 1]];
    if (
      q.kind === "number" && next.kind === "count" && LIST_JOIN.test(text.slice(q.end, next.start))
    ) {
      q.kind = "count";
      q.noun = next.noun;
      q.nounAfter = next.nounAfter;
    }
  }
  return out;
}

/** "in" is a word, but "(12 in)" closes on the unit. */
const INCHES_IN_PARENS = /^\s?in\.?(?=\))/;
/**
 * "A 52 cm frame ≈ 20.5 in.", "9.8 in, which": "in" closing its clause after a sign of converting
 * has no object, so it is inches.
 */
const CONVERTED_BEFORE = /(?:[≈=~×x]|\bor|\bis|\babout|\broughly)\s*$/;
const INCHES_CLOSING = /^\s?in\b(?=[.),;:!?]|\s*$|\s+[A-Z(])/;
/** A bare scale letter after a number ("89 C"): a grade or a name alone, a unit beside its pair. */
const BARE_SCALE = /^\s?([CFK])(?![\p{L}\p{N}])/u;
const SCALES: Record<string, UnitId> = { C: "C", F: "F", K: "K" };
/** How far apart a bare scale letter's number and the temperature beside it may be. */
const SCALE_REACH = 40;

/**
 * "89 C (192 F)", "350.52 K (about 173 °F)": a number with a bare scale letter is a temperature
 * a short way from one in another scale, itself bare or named.
 */
function readBareScales(text: string, qs: Quantity[]): void {
  const scaleOf = (q: Quantity) =>
    q.kind === "number" && !q.word ? text.slice(q.end, q.end + 3).match(BARE_SCALE) : null;
  const scaleName = (q: Quantity) =>
    q.kind === "unit" && (q.unit === "C" || q.unit === "F" || q.unit === "K")
      ? q.unit
      : scaleOf(q)?.[1];
  const read = qs.map(scaleOf);
  read.forEach((scale, i) => {
    const q = qs[i];
    const beside = [qs[i - 1], qs[i + 1]].some((o) =>
      o && Math.max(o.start - q.end, q.start - o.end) <= SCALE_REACH &&
      scaleName(o) !== undefined && scaleName(o) !== scale?.[1]
    );
    if (!scale || !beside) return;
    Object.assign(q, {
      kind: "unit",
      unit: SCALES[scale[1]],
      end: q.end + scale[0].length,
      tolerance: unitTolerance(q),
    });
  });
}

/** A number read as a count keeps no rounding when written to the unit; a measure does ("318"). */
export const unitTolerance = (q: Quantity): number => q.tolerance || 0.5;

function readQuantity(text: string, m: NumberMatch): Quantity | undefined {
  const start = m.index;
  let end = start + m.written.length;
  const word = m.word?.toLowerCase();
  const [fraction, places] = m.vulgar ? VULGAR_FRACTIONS[m.vulgar] : [0, 0];
  let value = word
    ? WORD_NUMBERS[word.replace("a ", "")]
    : Number(m.integer.replace(/,/g, "") + (m.decimals ? "." + m.decimals : "")) + fraction;
  let tolerance = word ? 0.5 : places ? 0.5 * 10 ** -places : toleranceOf(m.integer, m.decimals);
  // Written to a fraction, a count or a sum keeps that precision as a decimal would.
  const decimals = m.decimals ?? m.vulgar;
  const before = text.slice(Math.max(0, start - 16), start);
  const sign = before.match(/(?:−|(?<![\p{L}\p{N}])-|\bminus\s)$/iu)?.[0] ?? "";
  if (sign) value = -value;
  const currency = before.match(CURRENCY_PREFIX)?.[0].trim();
  let after = text.slice(end, end + 40);
  const multiplier = after.match(MULTIPLIER);
  // "m" and "k" are multipliers only after a currency ("$5m"); else "5 m" is metres.
  if (multiplier && (currency || multiplier[1].length > 2)) {
    const factor = MULTIPLIERS[multiplier[1].toLowerCase()];
    value *= factor;
    tolerance *= factor;
    end += multiplier[0].length;
    after = text.slice(end, end + 40);
  }
  // Thousands split by a tokeniser are no number to read.
  if (
    SPLIT_THOUSANDS_AFTER.test(text.slice(end, end + 6)) ||
    SPLIT_THOUSANDS_BEFORE.test(before) || SPLIT_ZERO_GROUP.test(before + m.written)
  ) {
    return undefined;
  }
  // "MAX 9", "Month 2", "Windows 10": a number right after a name is part of the name; one
  // that a unit or a percent sign follows is a measure ("Pulling 405 lb means ...", "Save 20%
  // on ...", a sentence's first word).
  const previous = before.match(/([\p{L}][\p{L}\p{N}-]*)\s$/u)?.[1];
  const named = NAME_SUFFIX.test(after) || previous !== undefined &&
      ((/^\p{Lu}/u.test(previous) && !STOPWORDS.has(previous.toLowerCase()) &&
        !LEADING_WORD.test(previous)) ||
        (LABEL_WORD.test(previous) && SMALL_WHOLE.test(m.written)));
  // A unit after it makes a measure even after a name ("Protein 8.2 g", "Design 12 h"), but a
  // capital letter may be the name's ("Model 3 S").
  const unit = after.match(UNIT_AFTER_NUMBER);
  const unitAfter = unit?.[1];
  const measured = unitAfter !== undefined &&
    (unitAfter.length > 1 || m.written.includes(".") || unitAfter === unitAfter.toLowerCase());
  if (!word && named && !measured && !PERCENT.test(after)) return undefined;
  // Hedges and bounds are read before the currency sign too ("more than £500,000").
  const lead = before.replace(CURRENCY_PREFIX, "");
  const approx = HEDGE.test(lead);
  // "between 25 °C and 28 °C": the second end's lead reaches past the first's unit.
  const wide = text.slice(Math.max(0, start - 40), start);
  const changed = CHANGE_FROM.test(wide) || CHANGE_TO.test(wide);
  // "from" opens a range only where its other end follows ("students from 112 countries").
  const opensRange = RANGE_START.test(lead) && RANGE_END_AFTER.test(after);
  const range = !changed && (opensRange || RANGE_AFTER.test(after) || RANGE_BEFORE.test(wide) ||
    MONEY_RANGE_BEFORE.test(wide) || (BETWEEN_BEFORE.test(wide) && AND_AFTER.test(after)));
  const side: Quantity["bound"] = LOWER_BOUND.test(lead)
    ? "lower"
    : UPPER_BOUND.test(lead)
    ? "upper"
    : undefined;
  const bound = range ? undefined : side;
  // A minus sign belongs to the quantity's span ("-19 °C / -3 °F" joins at the slash).
  const base = {
    start: start - sign.length,
    value,
    tolerance,
    approx,
    inexact: range || side !== undefined,
    bound,
  };
  if (currency) {
    const symbol = before.match(CURRENCY_PREFIX)![0].length;
    return {
      ...base,
      start: start - symbol,
      end,
      kind: "money",
      currency,
      tolerance: countTolerance(m.integer, decimals, tolerance),
    };
  }
  const percent = after.match(PERCENT);
  if (percent) return { ...base, end: end + percent[0].length, kind: "percent" };
  const minor = value < 100 && !word ? after.match(MINOR_UNIT) : null;
  if (minor) {
    const name = (minor[1] ?? minor[2] ?? minor[3] ?? minor[4]).toLowerCase().replace(/s$/, "");
    return {
      ...base,
      end: end + minor[0].length,
      kind: "money",
      currency: MINOR_UNIT_CURRENCY[name],
      value: value / 100,
      tolerance: countTolerance(m.integer, decimals, tolerance) / 100,
    };
  }
  const currencyWord = after.match(CURRENCY_WORD);
  if (currencyWord) {
    return {
      ...base,
      end: end + currencyWord[0].length,
      kind: "money",
      currency: currencyWord[1].toUpperCase(),
    };
  }
  // One-letter symbols only as written in lower case ("5 m", "3 l"), never "4G" or "3M".
  if (unit && !(unit[1].length === 1 && unit[1] !== unit[1].toLowerCase() && unit[1] !== "L")) {
    return { ...base, end: end + unit[0].length, kind: "unit", unit: unitOfForm(unit[1]) };
  }
  // A decimal before "in" that closes its clause ("March 3.2 in, April 2.8 in") is inches too.
  const inches = before.endsWith("(")
    ? after.match(INCHES_IN_PARENS)
    : CONVERTED_BEFORE.test(before) || m.decimals !== undefined
    ? after.match(INCHES_CLOSING)
    : null;
  if (inches) return { ...base, end: end + inches[0].length, kind: "unit", unit: "in" };
  if (MERIDIEM_AFTER.test(after)) return undefined;
  // "7A", "4K", "10am": a number that letters naming no unit are glued to is a label or a time of
  // day, no figure; "89th" is an ordinal, "1930s" a decade.
  const ordinal = ORDINAL.test(after);
  if (/^\p{L}/u.test(after) && !ordinal && !DECADE.test(after)) return undefined;
  const [, noun, nounAfter, third] = after.match(NOUN) ?? [];
  // "1937" alone is a year, as is "the 2023 school year"; "1489 of the 1872" and "1500 people"
  // are counts.
  const isYear = !word && !decimals && !m.integer.includes(",") && value >= 1000 && value <= 2100 &&
    !/^\s+(?:out\s+)?of\b/.test(after);
  if (isYear && (!noun || STOPWORDS.has(noun) || AFTER_YEAR.has(noun) || nounAfter === "year")) {
    return { ...base, end, kind: "date", tolerance: 0, date: { year: value } };
  }
  const exact = {
    ...base,
    tolerance: word ? 0 : countTolerance(m.integer, decimals, tolerance),
    word: word !== undefined,
  };
  if (noun && !STOPWORDS.has(noun)) {
    // The second word is the thing counted where a phrase ends there ("51,846 electric kettles
    // sold", "17 new charges under"), not where it runs on ("64 college basketball journalists").
    const ends = !third || STOPWORDS.has(third) || VERB_FORM.test(third);
    const after = nounAfter && !STOPWORDS.has(nounAfter) && ends
      ? { nounAfter: singular(nounAfter) }
      : {};
    return { ...exact, end, kind: "count", noun: singular(noun), ...after };
  }
  return { ...exact, end, kind: "number", ...(ordinal ? { ordinal } : {}) };
}

/** Between the ends of a range. */
const RANGE_JOIN = /^\s*(?:[–—-]|to|and|until|till)\s*$/;

/**
 * The range that `figures[i]` closes, its low end in the high end's unit or currency: "235–240
 * °F", "between 195 and 205 °F", "0 °C to 45 °C", "£42,000–£48,000"; of times of day, "9:30 am
 * to 6:00 pm" (times.ts), both ends written as times.
 */
export function rangeEndingAt(
  text: string,
  figures: readonly Quantity[],
  i: number,
): readonly [Quantity, Quantity] | undefined {
  const [low, high] = [figures[i - 1], figures[i]];
  const measured = high.kind === "unit" || high.kind === "money" || high.kind === "time";
  if (!low || !measured || !high.inexact || !low.inexact) return undefined;
  const same = low.kind === high.kind && low.unit === high.unit && low.currency === high.currency;
  const joinable = same || (low.kind === "number" && high.kind !== "time");
  if (!joinable || !RANGE_JOIN.test(text.slice(low.end, high.start))) return undefined;
  const lowInUnit: Quantity = same ? low : {
    ...low,
    kind: high.kind,
    unit: high.unit,
    currency: high.currency,
    tolerance: high.tolerance,
  };
  return [lowInUnit, high];
}
