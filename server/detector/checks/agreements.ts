/**
 * Agreements: relations among the answer's own figures that hold where no reader recognised the
 * phrasing. "The 400 m track is 437 yards around", "Leeds has 148 staff, Bristol 96 and Glasgow
 * 213, which gives the company 457 employees", "58 purchases from 1,937 visitors gives a rate of
 * 2.99%", "Total duration: 21 months" under a start and an end date. Only ever consistent: that
 * a precise figure is the one before it converted, or that a run of figures adds up to the one
 * beside it, is itself the sign that they are related; that they do not may mean they are not. So
 * a wrong answer no reader reads stays unread, and a right one is confirmed. Each relation is
 * judged by its own check (conversions, totals, shares, lifespans), so reasons and precision are
 * theirs; figures a reader's finding already spans are left to it.
 */
import {
  conversionFinding,
  headingsAbove,
  isNearConversion,
  respectiveConversions,
} from "./conversions.ts";
import { dateReadings, figuresOf, inOrder } from "./figures.ts";
import { cellsOf, isTableRow, lineAt } from "./lists.ts";
import type { CheckKind, ExactFinding } from "./finding.ts";
import {
  birthsIn,
  bothEndsIn,
  lifeFinding,
  PART_HEDGE,
  PART_SLACK,
  partsFinding,
  spanFinding,
  type SpanPart,
} from "./lifespans.ts";
import { type Quantity, rangeEndingAt } from "./quantities.ts";
import { SENTENCE_STOP, SENTENCE_STOPS, sentenceAround, STOP } from "./sentences.ts";
import { isBenchmark, shareFinding } from "./shares.ts";
import { EQUATED, isPlainSum, sumFinding, WEIGHED } from "./totals.ts";
import { dimensionOf, type UnitId } from "./units.ts";

/** After a count of time, a word that makes it a limit or a rule. */
const LIMIT_AFTER = /^\s*(?:maximum|max|minimum|min|limit|cap|allowance|rule)\b/i;

/** Units of time a duration is counted in, by the name lifespans.ts counts them with. */
const TIME_UNITS: Partial<Record<UnitId, SpanPart["unit"]>> = {
  year: "year",
  month: "month",
  week: "week",
  d: "day",
};

export interface Agreements {
  /** Relations found to hold. */
  confirmed: ExactFinding[];
  /** Kinds of relation found not to hold somewhere in the answer. */
  doubted: ReadonlySet<CheckKind>;
}

export function agreements(
  text: string,
  qs: readonly Quantity[],
  found: readonly ExactFinding[],
): Agreements {
  const figures = withYears(text, figuresOf(text, qs));
  // A figure a finding starts in is read ("was 60" of "was 60 years old").
  const unread = (q: Quantity) => !found.some((f) => q.start >= f.start && q.start < f.end);
  const judged: ExactFinding[] = [];
  const add = (f: ExactFinding | ExactFinding[] | undefined) => f && judged.push(...[f].flat());
  // Relations said loosely ("a little over four years"), with their count: they confirm only
  // where every other count of time of the sentence is confirmed, and clear no doubt.
  const loose = new Map<ExactFinding, Quantity>();
  figures.forEach((q, i) => {
    if (!unread(q)) return;
    // Worked out ("126 / 5,539 = 2.27%", "Mon 8 h + Tue 8 h = 16 h", "15 short tons = 13.61
    // tonnes"): a share, a sum or a conversion all the same.
    if (q.computed) {
      if (q.kind === "percent") add(shareAgreement(text, figures, q));
      else if (q.kind === "unit") add(conversionAgreement(text, figures, i, unread));
      add(totalAgreement(text, figures, i));
      return;
    }
    if (q.inexact) {
      // A range is read only as a conversion of another range.
      if (q.kind === "unit" && !TIME_UNITS[q.unit!]) {
        add(conversionAgreement(text, figures, i, unread));
      }
      // "a little over 28 years": the whole count it is just past may confirm, never doubt.
      const time = q.kind === "unit" ? TIME_UNITS[q.unit!] : undefined;
      if (
        time && q.bound === "lower" &&
        JUST_PAST.test(text.slice(Math.max(0, q.start - 24), q.start))
      ) {
        // Past N, not past N - 1: the span's whole count is N.
        const holds = (value: number) =>
          spanAgreement(text, figures, { ...q, value }, time)?.verdict === "consistent";
        const span = holds(q.value) && !holds(q.value - 1) && spanAgreement(text, figures, q, time);
        if (span) {
          loose.set(span, q);
          add(span);
        }
      }
      return;
    }
    const parts = compoundAt(text, figures, i);
    if (parts) {
      // Only the first part reads the whole; a count in parts is said loosely if at all.
      if (parts[0] === q) {
        const span = partsAgreement(text, figures, parts);
        if (!parts.some((p) => p.approx) || span?.verdict === "consistent") add(span);
      }
      return;
    }
    const time = q.kind === "unit" ? TIME_UNITS[q.unit!] : countedTime(text, q);
    // "the 90-day maximum": a limit, no count of the dates' period.
    if (time && LIMIT_AFTER.test(text.slice(q.end, q.end + 16))) return;
    if (time) {
      // "72 years old at her death" is an age: the birthday counts.
      const span = spanAgreement(
        text,
        figures,
        q,
        time === "year" && isAge(text, q) ? "age" : time,
      );
      // "about 8 days" is said loosely: it may confirm, but casts no doubt when it does not.
      if (!q.approx || span?.verdict === "consistent") add(span);
    } else if (q.kind === "unit" && !TIME_UNITS[q.unit!]) {
      add(conversionAgreement(text, figures, i, unread));
    }
    if (q.kind === "percent") add(shareAgreement(text, figures, q));
    if (q.kind !== "unit" && isAge(text, q)) add(spanAgreement(text, figures, q, "age"));
    const column = columnCount(text, q);
    if (column) add(spanAgreement(text, figures.filter((f) => inLine(text, f, q)), q, column));
    add(totalAgreement(text, figures, i));
  });
  // One relation that does not hold where it should ("37 °C: 108.6 °F" in a list of conversions)
  // may be an error no reader read: then none of that relation's agreements confirms the answer.
  // A relation that fails among figures another holding one already relates casts none: "92 days"
  // between two dates is their count, "the 90-day limit" beside it another.
  const holds = judged.filter((f) => f.verdict === "consistent" && !loose.has(f));
  const doubted = new Set(
    judged.filter((f) =>
      f.verdict === "contradicted" &&
      !holds.some((h) => h.kind === f.kind && h.start < f.end && f.start < h.end)
    ).map((f) => f.kind),
  );
  const counted = (o: Quantity) => holds.some((h) => h.start <= o.start && o.end <= h.end);
  const alone = (count: Quantity) => {
    const sentence = sentenceAround(text, count.start);
    return figures.every((o) =>
      o === count || o.start < sentence.start || o.end > sentence.end || o.kind !== "unit" ||
      !TIME_UNITS[o.unit!] || counted(o)
    );
  };
  const confirmed: ExactFinding[] = [];
  for (const f of judged) {
    if (f.verdict === "contradicted" || doubted.has(f.kind)) continue;
    if (loose.has(f) && !alone(loose.get(f)!)) continue;
    if (!confirmed.some((o) => o.start <= f.start && f.end <= o.end)) confirmed.push(f);
  }
  return { confirmed, doubted };
}

/** A figure precise enough that agreeing with it is no chance: within 5% of its value. */
const PRECISE = 0.05;
/** How far apart two figures of a conversion may be, in one sentence. */
const CONVERSION_REACH = 120;
/**
 * How close two figures must be for one that does not convert to the other to cast doubt, unless
 * words of converting join them ("100 yards between the goal lines, which is 109.36 metres").
 */
const DOUBT_REACH = 25;
/** How far off a conversion gone wrong may be: a factor inverted, or a decimal point slipped. */
const SLIPPED_DECIMAL = 12;
const CONVERSION_CUE = /\b(?:which|that)(?:'s|’s|\s+is)\b|[(=≈→]|\bor\b/i;
const isPrecise = (q: Quantity) =>
  dimensionOf(q.unit!) === "temperature"
    ? Math.abs(q.value) >= 10
    : q.tolerance <= PRECISE * Math.abs(q.value) && q.value !== 0;

/**
 * An earlier figure of its sentence of the same dimension in another unit that it converts: the
 * nearest, or one further back where the nearer do not convert to it. The figure confirmed must be
 * precise; the one it converts may be round ("A 5 oz steak weighs about 142 g"), read within its
 * rounding. Ranges convert end by end ("235–240 °F ≈ 113–116 °C"). Only the nearest, close by,
 * can cast doubt (contradicted): "150 cm (74 in)" is a conversion, "150 cm ... can't exceed 300
 * cm" two measures.
 */
function conversionAgreement(
  text: string,
  figures: readonly Quantity[],
  i: number,
  unread: (q: Quantity) => boolean,
) {
  const b = figures[i];
  const bRange = rangeEndingAt(text, figures, i);
  if ((b.inexact && !bRange) || !isPrecise(b)) return [];
  // Said in order ("28 °C and 20 °C, that's 82 °F and 68 °F"): the pairs hold or nothing is said.
  const respective = i >= 2 && unread(figures[i - 2]) && respectiveConversions(text, figures, i);
  if (respective) return respective;
  const bStart = bRange ? bRange[0].start : b.start;
  for (let k = i - (bRange ? 2 : 1); k >= 0; k--) {
    const a = figures[k];
    const between = text.slice(a.end, bStart);
    // The sentence before may hold it ("... is 8,848.86 m, measured in 2020. In feet that's about
    // 29,032 ft"), to confirm only: a line's break or a second stop ends the search.
    const before = SENTENCE_STOP.test(between);
    if (between.length > CONVERSION_REACH || (before && !oneStop(between))) return [];
    if (a.kind !== "unit" || dimensionOf(a.unit!) !== dimensionOf(b.unit!)) continue;
    // Two figures in one unit before it: "347 yards ... a quarter mile (440 yards)" converts none;
    // nor one a reader paired: "200°C (392°F) — or 180°C with a fan" is no conversion of 392°F.
    if (a.unit === b.unit || !unread(a)) return [];
    const aRange = rangeEndingAt(text, figures, k);
    if ((a.inexact && !aRange) || !aRange !== !bRange) return [];
    const ends = aRange && bRange ? [[aRange[0], bRange[0]], [a, b]] : [[a, b]];
    const found = ends.flatMap(([x, y]) =>
      conversionFinding(text, x, y, b.unit!, a.approx || b.approx || x.approx || y.approx) ?? []
    );
    // Held only loosely: neither confirmed nor in doubt.
    if (found.length < ends.length) return [];
    if (found.every((f) => f.verdict === "consistent")) return found;
    // Only a figure near what a slip of converting gives (a decimal point slipped is 10× off) can
    // be a conversion gone wrong: "a 25 kg lab eating 350 g a day" states two measures.
    const near = isNearConversion(a, b, b.unit!, SLIPPED_DECIMAL);
    if (!before && near && (between.length <= DOUBT_REACH || CONVERSION_CUE.test(between))) {
      return found.filter((f) => f.verdict === "contradicted");
    }
  }
  return [];
}

/**
 * Words of taking away, of scaling or of a share: figures they join are no parts of one sum
 * ("subtract 1", "158 × 0.4536", "42 out of 56").
 */
const NOT_ADDED = new RegExp(
  String.raw`\b(?:subtract\w*|minus|less|fewer|lost|loses|deduct\w*|take away|times|` +
    String.raw`multipl\w*|divid\w*|per|by)\b\W*$|^\s*(?:out\s+)?of\s*$|[−\-×*/÷]\s*$`,
  "i",
);
/**
 * A list's item is a part: one is a total of the items before it only where it says so ("4. Total:
 * 160 min"); "3. Past paper – 75 min" is one that two items before it happen to add up to.
 */
const LIST_ITEM = /^\s*(?:[-*+•]|\d{1,2}[.)])\s/;
const TOTAL_WORD = /\b(?:total|altogether|in all|all told|combined|sum|overall|together)\b/i;
/** Small sums come by chance ("steps 1, 2 and 3", "3 + 5 = 8"): a total is read from this up. */
const SMALLEST_TOTAL = 10;
/** Four digits from 1800 to 2100 written without a separator: a year as likely as an amount. */
const isYearLike = (text: string, q: Quantity) =>
  q.kind === "date" ||
  (Number.isInteger(q.value) && q.value >= 1800 && q.value <= 2100 &&
    /^\d{4}$/.test(text.slice(q.start, q.end).trim()));

/** Figures that add up alike: money of one currency, one unit, or counts and numbers. */
const measureOf = (q: Quantity) =>
  q.kind === "money"
    ? `money ${q.currency}`
    : q.kind === "unit"
    ? `unit ${q.unit}`
    : q.kind === "count" || q.kind === "number"
    ? "count"
    : undefined;

/**
 * The figure `figures[i]` as the sum of the whole run of figures of its measure just before it or
 * just after it (two at least): the whole run, so that "31, 18 and 24 students, 42 in all" is no
 * sum of its last two. Any figure may stand beside a run it is no sum of: a sum that fails casts
 * no doubt.
 */
function totalAgreement(text: string, figures: readonly Quantity[], i: number) {
  // A total of weighed things is no sum of counts of others ("Wins: 10", "Draws: 2").
  const weighed = (q: Quantity) => {
    const line = lineAt(text, q.start);
    return WEIGHED.test(text.slice(line.start, q.end + 12));
  };
  const total = figures[i];
  const measure = measureOf(total);
  if (!measure || total.word || total.value < SMALLEST_TOTAL) return undefined;
  // "Mon 6.5, Tue 7.5, ... 35.5 hours": bare figures may count what the total names.
  const partMeasure = (q: Quantity) =>
    total.kind === "unit" && q.kind === "number" ? measure : measureOf(q);
  const alike = (q: Quantity) =>
    partMeasure(q) === measure && !q.word && !q.ordinal && !q.inexact && !q.approx && q.value > 0;
  // A figure of the measure that cannot be a part (a word, a range, "about") ends the run, and so
  // do a percentage (parts with their shares, "231 (82.4%)", are more than a sum to confirm) and a
  // figure that may be a year ("the 2020 census figures").
  const isEnd = (q: Quantity) =>
    (partMeasure(q) === measure && !alike(q)) || q.kind === "percent" || isYearLike(text, q);
  // The parts are of one sentence (or list), and added: "sold 30 apples. On Tuesday, 10 apples and
  // 20 pears, 60 in total" is no sum of the two days, "57 ... so subtract 1" no sum of 57 and 1.
  const joined = (a: Quantity, b: Quantity) => {
    const between = text.slice(a.end, b.start);
    return !PROSE_STOP.test(between) && !NOT_ADDED.test(between);
  };
  const itemNamedTotal = (q: Quantity) => {
    const line = lineAt(text, q.start);
    const words = text.slice(line.start, line.end);
    return !LIST_ITEM.test(words) || TOTAL_WORD.test(words);
  };
  const joinedToTotal = (part: Quantity) => {
    const between = part.end < total.start
      ? text.slice(part.end, total.start)
      : text.slice(total.end, part.start);
    return !NOT_ADDED.test(between) && between.split(PROSE_STOP).length <= 2 &&
      (!between.includes("\n") || itemNamedTotal(total));
  };
  for (const step of [-1, 1]) {
    const run: Quantity[] = [];
    // Figures of other measures between the parts are passed over ("$412.80 for 2 flights").
    for (let k = i + step; figures[k] && !isEnd(figures[k]); k += step) {
      if (!alike(figures[k])) continue;
      if (run.length > 0 && !joined(...ordered(run.at(-1)!, figures[k]))) break;
      run.push(figures[k]);
    }
    // The total is of the parts' sentence or the next, joined to them by no word of scaling
    // ("56. To get a percentage, multiply by 100"), and each part counts within its rounding.
    if (run.length < 2 || !joinedToTotal(run[0])) continue;
    // "12 stone is 156 lb (there are 14 lb in a stone)": a figure said to be the one after it is
    // that one restated, no sum of what follows.
    if (step > 0 && EQUATED.test(text.slice(total.end, run[0].start))) continue;
    if (run.some((q) => q.value <= total.tolerance)) continue;
    if (weighed(total) && !run.every(weighed)) continue;
    const parts = step < 0 ? run.reverse() : run;
    const found = sumFinding(text, total, parts);
    // "≈ $1,901 all-in" is read loosely by the totals: here it must be the sum, to its rounding.
    if (found.verdict === "consistent" && (!total.approx || isPlainSum(parts, total))) return found;
  }
  return undefined;
}

/** Whether text holds one stop and no line's break: it ends a sentence and opens the next. */
const oneStop = (text: string) => text.match(SENTENCE_STOPS)?.length === 1 && !text.includes("\n");
/** A stop between sentences of prose (a list's lines and their numbering "2. " are none). */
const PROSE_STOP = new RegExp(String.raw`(?<!(?:^|\n)[ \t]*\d{1,2})${STOP}`, "i");
const ordered = (a: Quantity, b: Quantity): [Quantity, Quantity] =>
  a.start < b.start ? [a, b] : [b, a];

/** A number word said as a part of a figure: "Eight of the 56 signers" (exact, not loose). */
const PART_OF = /^\s+(?:out\s+)?of\s+(?:the\s+|its\s+|their\s+|his\s+|her\s+)?\d/i;

/**
 * A percentage as the share of one figure of its sentence in the one other figure of its measure
 * that is as large or larger: the pair whose share is nearest, judged (contradicted: no two
 * figures give it, so the relation is in doubt).
 */
function shareAgreement(text: string, figures: readonly Quantity[], percent: Quantity) {
  const own = sentenceAround(text, percent.start);
  const inSentence = (sentence: { start: number; end: number }) =>
    figures.filter((q) =>
      q !== percent && q.start >= sentence.start && q.end <= sentence.end && measureOf(q) &&
      (!q.word || PART_OF.test(text.slice(q.end, q.end + 16))) && !q.inexact
    );
  if (isBenchmark(text, percent)) return undefined;
  // "... 3,717 mAh against 4,500 mAh. That's 82.6%": the figures may be the sentence before's,
  // when it states no percentage of its own.
  const before = own.start === 0 ? undefined : sentenceAround(text, own.start - 2);
  const reach = before && inSentence(own).length < 2 &&
    !figures.some((q) => q.kind === "percent" && q.start >= before.start && q.end <= own.start);
  const near = reach ? inSentence({ start: before.start, end: own.end }) : inSentence(own);
  let nearest: [Quantity, Quantity] | undefined;
  let gap = Infinity;
  for (const part of near) {
    // Two figures that may be the whole ("out of 6,743 (6,614 after filtering)"): no one share.
    const wholes = near.filter((q) =>
      q !== part && measureOf(q) === measureOf(part) && q.value >= part.value && q.value > 0
    );
    if (wholes.length !== 1) continue;
    const off = Math.abs(100 * part.value / wholes[0].value - percent.value);
    if (off < gap) [nearest, gap] = [[part, wholes[0]], off];
  }
  return nearest && shareFinding(text, nearest, percent)[0];
}

/** Before a count of time, words that put the span just past it: "just over", "a little over". */
const JUST_PAST = /\b(?:just|a little|slightly|a bit)\s+(?:over|more than|above)\s*$/i;

/** After a count of days, words that make it the days between two dates: "5 days later". */
const LATER = /^\s+(?:later|after(?:wards)?|apart)\b/i;

/** "4 nights", "6 full years": a count of time its noun names. */
const NIGHTS = new Set(["night"]);
const WHOLE_BEFORE_UNIT = /^\s+(?:full|whole|complete)\s+(years?|months?|weeks?|days?)\b/i;

function countedTime(text: string, q: Quantity): string | undefined {
  if (q.kind !== "count" || q.word || !Number.isInteger(q.value)) return undefined;
  if (NIGHTS.has(q.noun!)) return "day";
  const unit = text.slice(q.end, q.end + 20).match(WHOLE_BEFORE_UNIT)?.[1].toLowerCase();
  return unit?.replace(/s$/, "");
}

/** "| Days |", "| Age |", "| Duration (weeks) |": a table column that counts time. */
const AGE_HEADING = /^age\b/;

/**
 * A bare count in a table whose column's heading names a unit of time or an age: "| Sep 2, 2024 |
 * Sep 15, 2024 | 13 |" under "| Start | End | Days |"; read against the dates of its row.
 */
function columnCount(text: string, q: Quantity): string | undefined {
  if ((q.kind !== "number" && q.kind !== "count") || !Number.isInteger(q.value)) return undefined;
  const line = lineAt(text, q.start);
  if (!isTableRow(text, line)) return undefined;
  const headings = headingsAbove(text, line.start);
  const cells = cellsOf(text, line);
  const column = cells.findIndex((c) => c.start <= q.start && q.end <= c.end);
  if (!headings || headings.length !== cells.length || column < 0) return undefined;
  const { label, unit } = headings[column];
  return AGE_HEADING.test(label) ? "age" : unit ? TIME_UNITS[unit] : undefined;
}

const inLine = (text: string, f: Quantity, q: Quantity) => {
  const line = lineAt(text, q.start);
  return f.start >= line.start && f.end <= line.end;
};

/**
 * "4 years, 3 months and 14 days", "16 weeks and 1 day", "7 years and roughly 3 months": a count
 * of time in parts.
 */
const COMPOUND_JOIN = new RegExp(
  String.raw`^\s*(?:,\s*)?(?:and\s+)?(?:${PART_HEDGE.source})?$`,
  "i",
);
const PART_ORDER = ["year", "month", "week", "day"];

/** The parts of the count of time in parts that `figures[i]` belongs to, if it is one. */
function compoundAt(text: string, figures: readonly Quantity[], i: number) {
  const part = (q: Quantity | undefined) =>
    q !== undefined && q.kind === "unit" && TIME_UNITS[q.unit!] !== undefined;
  const joined = (k: number) =>
    part(figures[k]) && part(figures[k + 1]) &&
    PART_ORDER.indexOf(TIME_UNITS[figures[k].unit!]!) <
      PART_ORDER.indexOf(TIME_UNITS[figures[k + 1].unit!]!) &&
    COMPOUND_JOIN.test(text.slice(figures[k].end, figures[k + 1].start));
  let [first, last] = [i, i];
  while (first > 0 && joined(first - 1)) first--;
  while (last + 1 < figures.length && joined(last)) last++;
  return last > first ? figures.slice(first, last + 1) : undefined;
}

/**
 * An age said in words around a bare number: "aged 60", "at the age of 82", "Age at death: 66",
 * "Dies in Halvik at 66", "66 years old", "was 66 when she died", "he was 86 at the time", "she'll
 * be 84 at the party on ..." (read only beside a birth and a later date that give it).
 */
const AGE_BEFORE = new RegExp(
  String.raw`(?:^|[.!?]\s+)At\s+$|` +
    String.raw`\b(?:aged?:?|age of|age at death:?|lived to|turned|turns|turning|` +
    String.raw`(?:will|'ll|’ll)\s+(?:be|turn)|` +
    String.raw`(?:he|she|they)\s+was\s+(?:only\s+|just\s+)?|` +
    String.raw`(?:died|dies|passed away)\b[^.\n\d]{0,30}\bat)\s*$`,
  "i",
);
const AGE_AFTER =
  /^(?:\s*(?:years?\s+)?old|-year-old|\s+when\s+(?:he|she|they)\s+(?:died|passed)|\s+(?:the\s+)?age at death)\b/i;
/** "Walter was 58.", "was only 39 when he was killed": a subject's age, the sentence ending. */
const WAS_BEFORE = /\bwas\s+(?:only\s+|just\s+)?$/i;
const WAS_AFTER = /^(?:\s*[.!;]|\s*$|\s+when\b|\s+at the time\b)/i;
/** An obituary's "Dolores Hart, 93, of Maple Ridge, died ...": the name, the age, the place. */
const OBITUARY_BEFORE = /\p{Lu}[\p{L}'’-]+,\s*$/u;
const OBITUARY_AFTER = /^,\s+(?:of|from)\s+\p{Lu}/u;
/**
 * A whole number said as an age: "aged 60", "lived to 82", "66 years old", "Ann Lee, 93, of
 * Leeds" (bare, or a count of years).
 */
const isAge = (text: string, q: Quantity) =>
  (q.kind === "number" || q.kind === "count" || (q.kind === "unit" && q.unit === "year")) &&
  Number.isInteger(q.value) && q.value > 0 && q.value < 130 &&
  (AGE_BEFORE.test(text.slice(Math.max(0, q.start - 48), q.start)) ||
    AGE_AFTER.test(text.slice(q.end, q.end + 24)) ||
    (WAS_BEFORE.test(text.slice(Math.max(0, q.start - 16), q.start)) &&
      WAS_AFTER.test(text.slice(q.end, q.end + 16))) ||
    (OBITUARY_BEFORE.test(text.slice(Math.max(0, q.start - 32), q.start)) &&
      OBITUARY_AFTER.test(text.slice(q.end, q.end + 12))));

/** A count of time (or an age) that the dates around it give. */
function spanAgreement(
  text: string,
  figures: readonly Quantity[],
  count: Quantity,
  unit: string,
) {
  if (!Number.isInteger(count.value)) return undefined;
  // Of two lives ("born on August 5, 1930 ... Buzz Aldrin, born January 20, 1930, was 39"), an age
  // may be counted from either birth: only one whose sentence dates it is read, with those dates.
  const twoLives = unit === "age" && birthsIn(text, figures).length > 1;
  // A stay's nights, or days "later", are the days between without the last: "in June 12, out
  // June 26" is 14 nights; "left on 10 April, sank 5 days later on 15 April".
  const between = count.kind === "count" && NIGHTS.has(count.noun!) ||
    LATER.test(text.slice(count.end, count.end + 16));
  return datesAgreement(
    text,
    figures,
    count,
    (a, b, where) =>
      unit === "age" ? lifeFinding(a, b, count.value, where) : spanFinding(
        a,
        b,
        count,
        unit,
        where,
        !between,
        bothEndsIn(text, { start: where.start, end: sentenceAround(text, where.end).end }),
      ),
    twoLives ? "only" : unit === "age" ? undefined : "first",
  );
}

/** A count of time in parts that the dates around it give ("63 years, 7 months and 2 days"). */
function partsAgreement(text: string, figures: readonly Quantity[], parts: readonly Quantity[]) {
  const told = parts.map((q) => {
    const unit = TIME_UNITS[q.unit!]!;
    return { count: q.value, unit, slack: q.approx ? PART_SLACK[unit] ?? 0 : 0 };
  });
  if (told.some((p) => !p.unit || !Number.isInteger(p.count))) return undefined;
  const whole = { ...parts[0], end: parts.at(-1)!.end };
  return datesAgreement(text, figures, whole, (a, b, where) => partsFinding(a, b, told, where));
}

/**
 * The figures, a date told without its year ("in June 12 and out June 26, 2025") given the year
 * of the next date of its sentence that has one: that year, or the one before when it falls later
 * in the year.
 */
function withYears(text: string, figures: readonly Quantity[]): readonly Quantity[] {
  return figures.map((q, i) => {
    const date = q.kind === "date" && q.date?.year === undefined ? q.date : undefined;
    if (!date?.month || !date.day) return q;
    const sentence = sentenceAround(text, q.start);
    const next = figures.slice(i + 1).find((d) =>
      d.kind === "date" && d.start < sentence.end && d.date?.year !== undefined
    )?.date;
    if (!next?.month || !next.day) return q;
    const later = date.month * 32 + date.day > next.month * 32 + next.day;
    return { ...q, date: { ...date, year: next.year! - (later ? 1 : 0) } };
  });
}

/** How far before a count of time its dates are looked for, and after it. */
const DATES_BEFORE = 500;
const DATES_AFTER = 200;
/**
 * What the dates around a figure say of it, by `judge`: each two dates in a row, and the first
 * and the last, so a timeline's birth and death are read past the years between; where no two
 * give it, one of the judgements that failed (the relation is then in doubt). `ownDates`: the
 * dates of the figure's own sentence are read "first" (alone where it has two), or "only".
 */
function datesAgreement(
  text: string,
  figures: readonly Quantity[],
  at: Quantity,
  judge: (
    a: Quantity,
    b: Quantity,
    where: { start: number; end: number },
  ) => ExactFinding | undefined,
  ownDates?: "first" | "only",
) {
  const near = figures.filter((q) =>
    q.kind === "date" && q.date?.year !== undefined &&
    q.start >= at.start - DATES_BEFORE && q.end <= at.end + DATES_AFTER
  );
  // "won the 2017 final on January 28, 2017": a year its sentence dates to the day is that day.
  const madePrecise = (q: Quantity) => {
    if (q.date!.month !== undefined) return false;
    const sentence = sentenceAround(text, q.start);
    return near.some((d) =>
      d.date!.year === q.date!.year && d.date!.month !== undefined && d.start >= sentence.start &&
      d.end <= sentence.end
    );
  };
  const own = sentenceAround(text, at.start);
  const ownSentence = (d: Quantity) => d.start >= own.start && d.end <= own.end;
  // A count of time whose sentence states its own period ("From 1 March 2024 to 1 March 2025 is
  // 366 days") is read with its dates only (an age's birth may be told the sentence before).
  const precise = near.filter((q) => !madePrecise(q));
  const mine = precise.filter(ownSentence);
  const dates = ownDates === "only" || (ownDates === "first" && mine.length >= 2) ? mine : precise;
  const pairs = dates.slice(1).map((d, k) => [dates[k], d]);
  if (dates.length > 2) pairs.push([dates[0], dates.at(-1)!]);
  let doubt: ExactFinding | undefined;
  const judged = (a: Quantity, b: Quantity) =>
    judge(a, b, { start: Math.min(a.start, at.start), end: Math.max(b.end, at.end) });
  for (const [first, second] of pairs) {
    // A date in digits read one way may be wrong: only where no reading is left open is it doubt.
    const readings = dateReadings(first, second);
    // "died on January 9, 2019 ... Born on June 22, 1934": two dates are read in either order;
    // of more, each in the order written ("Died: 1850 / Born: 1810" is another life).
    for (const [a, b] of dates.length === 2 ? readings.map(inOrder) : readings) {
      const found = judged(a, b);
      if (found?.verdict === "consistent") return found;
      // Doubt needs one date of the figure's own sentence: "a 90-day limit" is of no span here.
      if (readings.length === 1 && (ownSentence(a) || ownSentence(b))) doubt ??= found;
    }
  }
  // "was only 39 when he was killed ... on April 4, 1968. He had been born ... on January 15,
  // 1929, and had received the prize in 1964": whole dates in any order may confirm, never doubt.
  // One of the two is of the figure's own sentence: another life's dates are no pair.
  const whole = dates.filter((d) => d.date?.day !== undefined);
  for (const [k, a] of whole.entries()) {
    for (const b of whole.slice(k + 1)) {
      if (!ownSentence(a) && !ownSentence(b)) continue;
      const found = judged(...inOrder([a, b]));
      if (found?.verdict === "consistent") return found;
    }
  }
  return doubt;
}
