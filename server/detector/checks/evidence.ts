/**
 * A claim's quantities against the prompt's evidence: each claim is aligned with the evidence
 * sentences sharing most of its content words (at least two); a quantity of the claim is compared
 * with the quantity of the same slot (slots.ts) in the best-aligned sentence, in any unit of its
 * dimension ("1.28 km" = "1,280 m"; "90 minutes" = "1.5 hours"; "a third" = "33%"; "28 May 1937"
 * = "May 28, 1937").
 * - consistent: a same-slot quantity of an aligned sentence, or the copied one (below), has the
 *   claim's value;
 * - contradicted: none does, the value is nowhere in the document, and the best sentence states
 *   the slot once, near a word that is also near the claim's quantity ("long", "opened"), so it
 *   is the same slot with another value; or, aligned or not and wherever the value is, the claim
 *   copies the words around one value of the slot in the document (however often stated), and
 *   only that one, but for its value ("was released on September 24, 1991" against "was
 *   released on September 17, 1991, the same day"), unless the claim's words are as much those
 *   of a value it does state ("every 8 minutes during the morning peak"); a claim that opens
 *   with a label copies two words ("Max torque: 50 Nm");
 * - bare numbers ("Cotterill, 27,"), times ("07:46", times.ts) and bounds ("more than 500
 *   million") only by that copy rule (times and bounds also as slips), and only when the value
 *   is nowhere in the document and, for a bound, the document's does not imply it ("more than
 *   400 million" where it says "more than 500 million");
 * - silent otherwise: the evidence does not state the slot, states it several times, or the
 *   quantity is a number word ("five": loosely used) or a step of worked arithmetic.
 */
import { type Claim, splitClaims } from "../signals/claims.ts";
import { lowerWords, words } from "../signals/text.ts";
import { headingLineAbove, headingsAbove, wholeMeasures } from "./conversions.ts";
import { describeDate } from "./dates.ts";
import { type ExactFinding, finding } from "./finding.ts";
import { cellsOf, isTableRow, lineAt } from "./lists.ts";
import { names, namingStems, type StemKey, stemKey } from "./naming_stems.ts";
import { CURRENCY_SIGN, quantities, type Quantity, rangeEndingAt } from "./quantities.ts";
import { isSpanOfTime, sameSlot } from "./slots.ts";
import { clockTimes, sameTime, shiftedBy } from "./times.ts";
import { dimensionOf, type UnitId, unitLabel } from "./units.ts";
import {
  agree,
  CONVERSION_SLACK,
  digitSlip,
  formatNumber,
  HEDGED_SLACK,
  hedgedReading,
  inUnit,
  isRound,
  type Reading,
  written,
} from "./values.ts";

/** Fewest content words a claim must share with an evidence sentence to be aligned with it. */
const MIN_SHARED = 2;
/**
 * Aligned sentences, best first, that may give the slot's other value. A matching value is
 * searched in every aligned sentence: one that states the claim's value says what it means.
 */
const ALIGNED = 3;
/** Content words either side of a quantity that name what it measures ("long", "opened"). */
const CONTEXT_WORDS = 3;

interface Sentence {
  text: string;
  start: number;
  stems: Set<StemKey>;
  /** Its words alone: a table's row without its header, which every row shares. */
  selfStems: Set<StemKey>;
  quantities: Quantity[];
  /** The words around its i-th quantity: read when a claim asks (copiedSlot), then kept. */
  around: (i: number) => WordsAround;
}

/** A sentence that opens with a pronoun standing for the subject of the one before. */
const CONTINUES = /^(?:It|Its|They|Their|He|His|She|Her|This|These)\b/;
/** A sentence that opens with a thing named before: "The bridge is ...". */
const DEFINITE = /^(?:The|This|That)\s+([\p{Ll}-]+)\b/u;
/** A line that opens with its label: "Span: 7.2 m", "- Inception date: 12 March 2014". */
const LABEL_LINE = /^(?:[-*•][^\S\n]+)?\p{L}[\p{L}\p{N} ()/&'’.,-]{0,40}:\s/u;
/** A list's item: no heading of the lines below it. */
const LIST_ITEM = /^(?:[-*•+]|\d{1,2}[.)])\s/;
/** How many sentences back "The bridge" may find its bridge. */
const ANAPHORA_REACH = 3;
const contentStems = (text: string) => namingStems(text, "whole");
/** Around a quantity, a compound names each of its parts ("third-quarter revenue" is the quarter's). */
const partsOf = (w: string) => w.split("-");
const partStems = (text: string) => namingStems(text, "parts");

/** The evidence split into sentences with their quantities, once per call. */
export function evidenceSentences(evidence: string): Sentence[] {
  const all = [...quantities(evidence), ...clockTimes(evidence)].sort((a, b) => a.start - b.start);
  if (all.length === 0) return [];
  const split = splitClaims(evidence);
  // "It is 9.86 km long", "The bridge is 2,260 m long": a sentence that opens with a pronoun, or
  // with a noun of a sentence just before it, goes on about that sentence, whose words name what
  // it is about. Read only for the sentences that are compared.
  const own = new Map<number, Set<StemKey>>();
  const ownStems = (i: number): Set<StemKey> => {
    let out = own.get(i);
    if (!out) own.set(i, out = contentStems(split[i].text));
    return out;
  };
  const stems = new Map<number, Set<StemKey>>();
  const stemsOf = (i: number): Set<StemKey> => {
    let out = stems.get(i);
    if (!out) {
      const about = aboutSentence(i);
      out = about === undefined ? ownStems(i) : new Set([...ownStems(i), ...stemsOf(about)]);
      stems.set(i, out);
    }
    return out;
  };
  // "Beam B3\n\nSection: W12×26\nSpan: 7.2 m": a block of label lines goes on about the line
  // above it.
  const headingOf = (i: number): number | undefined => {
    let first = i;
    while (first > 0 && LABEL_LINE.test(split[first - 1].text) && nextLine(first - 1, first)) {
      first--;
    }
    const heading = first - 1;
    if (heading < 0 || !linesApart(heading, first)) return undefined;
    if (LABEL_LINE.test(split[heading].text) || LIST_ITEM.test(split[heading].text)) {
      return undefined;
    }
    const opensLine = heading === 0 || /\n[^\S\n]*$/.test(evidence.slice(0, split[heading].start));
    return opensLine ? heading : undefined;
  };
  const between = (a: number, b: number) => evidence.slice(split[a].end, split[b].start);
  const nextLine = (a: number, b: number) => /^[^\S\n]*\n[^\S\n]*$/.test(between(a, b));
  const linesApart = (a: number, b: number) => /^[^\S\n]*\n\s*$/.test(between(a, b));
  // "| Pro | $19 | 5 |": a table's row is about what its header names ("| Plan | Price (per
  // month) | Users |").
  const tableRow = (i: number) => isTableRow(evidence, lineAt(evidence, split[i].start));
  const headerOf = (i: number): number | undefined => {
    const heading = headingLineAbove(evidence, lineAt(evidence, split[i].start).start);
    const at = heading && split.findIndex((s) => lineAt(evidence, s.start).start === heading.start);
    return at === undefined || at < 0 ? undefined : at;
  };
  const aboutSentence = (i: number): number | undefined => {
    if (i === 0) return undefined;
    if (tableRow(i)) return headerOf(i);
    if (LABEL_LINE.test(split[i].text)) return headingOf(i);
    if (CONTINUES.test(split[i].text)) return i - 1;
    const noun = split[i].text.match(DEFINITE)?.[1];
    if (!noun) return undefined;
    const named = stemKey(noun.toLowerCase());
    for (let j = i - 1; j >= Math.max(0, i - ANAPHORA_REACH); j--) {
      if (ownStems(j).has(named)) return j;
    }
    return undefined;
  };
  // Only sentences that state a quantity can be compared: the others are not read further.
  return split.map((s: Claim, i) => ({
    s,
    i,
    quantities: wholeMeasures(
      evidence,
      all.filter((q) => q.start >= s.start && q.end <= s.end),
      { asConversions: false },
    ),
  })).filter((x) => x.quantities.length > 0).map(({ s, i, quantities }) => ({
    text: s.text,
    start: s.start,
    stems: stemsOf(i),
    selfStems: tableRow(i) ? ownStems(i) : stemsOf(i),
    quantities,
    around: memoised((i: number) =>
      wordsAround(evidence, quantities[i], s.start, s.start + s.text.length)
    ),
  }));
}

/** The ranges of measures stated among `qs`: "20 to 25 cm", "between 195 and 205 °F". */
const rangesIn = (text: string, qs: readonly Quantity[]) =>
  qs.flatMap((_, i) => {
    const range = rangeEndingAt(text, qs, i);
    return range ? [range] : [];
  });

/**
 * Each range the claim states against the one range of its dimension in the sentences aligned
 * with it: "20 to 25 cm of snow" where the document says "20 to 35 cm". Contradicted where one end
 * is the document's and the other is not (the range misquoted), or where it is the document's
 * measure range shifted whole; confirmed where both ends are; else silent (another range).
 */
function rangeFindings(
  response: string,
  ranges: readonly (readonly [Quantity, Quantity])[],
  evidence: string,
  aligned: readonly { s: Sentence }[],
  stems: ReadonlySet<StemKey>,
): ExactFinding[] {
  return ranges.flatMap(([low, high]) => {
    const theirs = rangesOfSlot(evidence, aligned, high, stems);
    if (theirs.length !== 1) return [];
    const [from, to] = theirs[0];
    const [lowSame, highSame] = [sameValue(low, from), sameValue(high, to)];
    // Neither end the document's: another range, unless it is the document's shifted whole
    // ("35–40 minutes" where it says "45–50 minutes").
    const width = (a: Quantity, b: Quantity) =>
      inUnit(b, to.unit!).value - inUnit(a, to.unit!).value;
    const shifted = high.kind === "unit" && Math.abs(width(low, high) - width(from, to)) < 1e-9;
    if (!lowSame && !highSame && !shifted) return [];
    const said = { start: low.start, end: high.end };
    const reason = `${written(response, said)}; the document says ${
      written(evidence, { start: from.start, end: to.end })
    }`;
    return [finding("evidence_number", !(lowSame && highSame), said, reason)];
  });
}

/**
 * The document's ranges of `q`'s slot in the sentences aligned with its claim; of several, those
 * named by words just before them that the claim says too ("weekdays 9:30 am to 6:00 pm,
 * Saturdays 10:00 am to 2:00 pm" for a claim of weekdays).
 */
function rangesOfSlot(
  evidence: string,
  aligned: readonly { s: Sentence }[],
  q: Quantity,
  stems: ReadonlySet<StemKey>,
): (readonly [Quantity, Quantity])[] {
  const theirs = aligned.flatMap(({ s }) => rangesIn(evidence, s.quantities))
    .filter(([, high]) => sameSlot(q, high));
  if (theirs.length <= 1) return theirs;
  return theirs.filter(([low]) =>
    [...contentStems(rangeLead(evidence, low))].some((w) => stems.has(w))
  );
}

/** The words just before a range, back to a figure, "am"/"pm" or a new line. */
const rangeLead = (evidence: string, low: Quantity) =>
  evidence.slice(Math.max(0, low.start - 32), low.start).split(RANGE_LEAD_STOP).at(-1)!;

const RANGE_LEAD_STOP = /[\d;\n]|\b[ap]\.?m\b\.?/i;

/** Before a value, words that name it an end of a range: "the top of the range is $85,000". */
const RANGE_END_BEFORE =
  /\b(?:(top|upper end|high end|maximum|highest|ceiling)|(bottom|lower end|low end|minimum|lowest|floor))\b[^\d.;!?\n]{0,40}$/i;
/** ... and before a time, words that name it the end or the start of opening hours or a slot. */
const TIME_END_BEFORE =
  /\b(?:(clos(?:es|ing)|until|till|ends?|finish(?:es)?)|(opens?|opening|starts?|begins?))(?:\s+(?:at|from))?\s*$/i;

/**
 * A value named the top or the bottom of the one range of its slot in the sentences aligned with
 * its claim ("The top of the posted range is $88,000" where it says "$72,000–$85,000"): that end,
 * or wrong.
 */
function rangeEndFinding(
  response: string,
  q: Quantity,
  evidence: string,
  aligned: readonly { s: Sentence }[],
  stems: ReadonlySet<StemKey>,
  sentences: readonly Sentence[],
): ExactFinding | undefined {
  const lead = response.slice(Math.max(0, q.start - 60), q.start);
  const named = (q.kind === "time" ? TIME_END_BEFORE : RANGE_END_BEFORE).exec(lead);
  if (!named || q.inexact) return undefined;
  const theirs = rangesOfSlot(evidence, aligned, q, stems);
  if (theirs.length !== 1) return undefined;
  const end = theirs[0][named[1] ? 1 : 0];
  const same = sameValue(q, end);
  // The value stated elsewhere in the document may be what is meant ("until 9:00 am" of "lane
  // swimming only until 9:00 am", not of the gym's "6:00 am–10:00 pm").
  if (!same && statedIn(sentences, q)) return undefined;
  const range = written(evidence, { start: theirs[0][0].start, end: theirs[0][1].end });
  return finding(
    "evidence_number",
    !same,
    q,
    `${written(response, q)}; the document's range is ${range}`,
  );
}

/** Between a change's or a range's two values: "from $34.99 to $39.99", "20–25 cm". */
const PAIR_JOIN = new RegExp(String.raw`^\s*(?:to|–|—|-)\s*${CURRENCY_SIGN}?$`);

/** Content words near a quantity, not reaching past the quantities next to it. */
function contextOf(text: string, q: Quantity, around: readonly Quantity[]): Set<StemKey> {
  // "at 9:00 a.m. on Saturday, 14 June": a time and a date say when in two parts, and neither
  // ends the other's words.
  const neighbours = around.filter((x) =>
    x.kind === q.kind || !WHEN.has(x.kind) || !WHEN.has(q.kind)
  );
  const i = neighbours.indexOf(q);
  // "Midterm exam (Thursday, 16 October): 30%": a value in an aside closed before this one does
  // not end its words.
  const previous = neighbours[i - 1];
  const opened = previous ? text.slice(neighbours[i - 2]?.end ?? 0, previous.end) : "";
  const aside = previous !== undefined && opened.lastIndexOf("(") > opened.lastIndexOf(")") &&
    /^[^()\n]*\)[^()\n]*$/.test(text.slice(previous.end, q.start));
  // "the fee will increase from $34.99 to $39.99": the second value of a change or a range is
  // described by the words before the first.
  const paired = previous !== undefined && PAIR_JOIN.test(text.slice(previous.end, q.start));
  const from = paired
    ? Math.max(previous.start - 60, neighbours[i - 2]?.end ?? 0)
    : Math.max(q.start - 60, neighbours[aside ? i - 2 : i - 1]?.end ?? 0);
  const to = Math.min(q.end + 40, neighbours[i + 1]?.start ?? text.length);
  // Names say whose the value is, not what it measures ("Dr Xia's £76m takeover", "Dr Xia will
  // inject £30m"): only words written in lower case describe the slot.
  const pick = (ws: string[]) =>
    ws.filter((w) => w === w.toLowerCase()).flatMap(partsOf).filter(names).map(stemKey);
  // A line's label is capitalised as its first words, not as a name ("Span: 7.2 m"); a numbered
  // one names which of several it is ("Trial 1: initial 0.20 mL"), not what is measured.
  const lineStart = text.lastIndexOf("\n", q.start - 1) + 1;
  const lineLabel = lineStart >= from ? LABEL_LINE.exec(text.slice(lineStart, q.start)) : null;
  const label = lineLabel && !/\d/.test(lineLabel[0]) ? lineLabel[0] : undefined;
  const before = label
    ? text.slice(from, lineStart) + label.toLowerCase() +
      text.slice(lineStart + label.length, q.start)
    : text.slice(from, q.start);
  // A table's cell is of what its column's heading names ("Price (per month)"), a label.
  const heading = columnHeading(text, q.start) ?? "";
  return new Set([
    ...pick(words(before)).slice(-CONTEXT_WORDS),
    ...pick(words(text.slice(q.end, to))).slice(0, CONTEXT_WORDS),
    ...pick(words(heading)),
  ]);
}

/** The label of the column of a markdown table's cell at `at` ("price (per month)" of "$19"). */
function columnHeading(text: string, at: number): string | undefined {
  const line = lineAt(text, at);
  if (!isTableRow(text, line)) return undefined;
  const column = cellsOf(text, line).findIndex((c) => c.start <= at && at < c.end);
  return headingsAbove(text, line.start)?.[column]?.label;
}

const WHEN = new Set(["date", "time"]);

/** Two dates state a common part ("April 8" and "2015" do not): else there is nothing to compare. */
function comparableDates(a: Quantity, b: Quantity): boolean {
  if (a.kind !== "date") return true;
  return (["year", "month", "day"] as const).some((k) =>
    a.date![k] !== undefined && b.date![k] !== undefined
  );
}

/**
 * The same value, whatever the slot: dates and times by their parts (a year also by a count's
 * number), other quantities by their number; a measure of another dimension by its number as
 * written, not within its rounding ("2.9 m²" is no "2.85 kg", where "1 million" may be "1.1
 * million"); a measure of one digit is no bare number of the document ("2-year" of "2.0 Ah").
 */
function sameNumber(claim: Quantity, evidence: Quantity): boolean {
  // A year may label a count in the document: "in 2023" of a column headed "2023 units".
  const year = claim.date?.year;
  if (year !== undefined && claim.date!.month === undefined && COUNTS.has(evidence.kind)) {
    return evidence.value === year;
  }
  const read = (q: Quantity) => q.kind === "date" || q.kind === "time";
  if (read(claim) || read(evidence)) {
    return claim.kind === evidence.kind && sameValue(claim, evidence);
  }
  if (claim.unit && evidence.unit) {
    return dimensionOf(claim.unit) === dimensionOf(evidence.unit)
      ? sameValue(claim, evidence)
      : agree({ value: claim.value, tolerance: 0 }, { value: evidence.value, tolerance: 0 }, 0);
  }
  if (claim.unit && significant(claim.value).length < 2) return false;
  return agreeHedged(claim, claim, evidence, 0);
}

/** The claim's value anywhere in the document, whatever it counts there. */
const statedIn = (sentences: readonly Sentence[], q: Quantity) =>
  sentences.some((s) => s.quantities.some((e) => sameNumber(q, e)));

/** After a figure, words that make it a comparison of two values: "56 kWh less", "3 m higher". */
const COMPARED =
  /^\s*(?:[\p{L}]+\s+)?(less|more|fewer|lower|higher|smaller|larger|bigger|greater|cheaper|shorter|longer|up|down)\b/iu;
/** Before a figure, words that make it a saving: "saves you about $10", "a saving of £5". */
const SAVING_BEFORE =
  /\b(?:sav(?:e|es|ed|ing)|savings?\s+of)\s+(?:(?:you|them|us|him|her)\s+)?(?:(?:about|around|roughly|nearly|almost|over|just)\s+)?$/i;

/** After a span, what makes it an offset from a time: "20 minutes before departure". */
const OFFSET = /^\s+(?:before|after|earlier|later|prior)\b/i;

/**
 * A figure the answer works out from the document's, not one it quotes: a comparison ("412 kWh
 * against 468 kWh last year, 56 kWh less"), or one of the document's values of its slot plus,
 * minus, times or over a figure the claim states beside it ("the bridge is 1,280 m long; with the
 * ferry's 1,650 m that makes 2,930 m", "6 tablets (1,200 mg)" of 200 mg tablets, "€415,000 for 92
 * m², about €4,511 per square metre"), or the same rate over another period ("€155 a month"). It
 * may be wrong, but not as a misquote. A figure the claim does not work from is a quote: in a
 * document of many numbers, some pair of them adds up to almost anything.
 */
function isDerived(
  response: string,
  evidence: string,
  q: Quantity,
  claimed: readonly Quantity[],
  sentences: readonly Sentence[],
): boolean {
  // A date or a place in an order ("the 88th minute") is quoted, not worked out.
  if (q.kind === "date" || q.ordinal) return false;
  // A time of day is worked out from one of the document's by an offset the claim and the
  // document state: "the gate closes 20 minutes before departure, so be there by 07:15" of 07:35.
  if (q.kind === "time") {
    const spans = claimed.filter((c) =>
      isSpanOfTime(c) && c.kind === "unit" && OFFSET.test(response.slice(c.end, c.end + 12)) &&
      statedIn(sentences, c)
    ).map((c) => inUnit(c, "min").value);
    return sentences.some((s) =>
      s.quantities.some((e) => e.kind === "time" && spans.some((m) => shiftedBy(e, m, q)))
    );
  }
  // A comparison the document makes of a value of the slot too ("31% fewer") is quoted.
  const compared = COMPARED.exec(response.slice(q.end, q.end + 24))?.[1].toLowerCase();
  const quoted = compared !== undefined &&
    sentences.some((s) =>
      s.quantities.some((e) =>
        sameSlot(q, e) &&
        COMPARED.exec(evidence.slice(e.end, e.end + 24))?.[1].toLowerCase() === compared
      )
    );
  if (compared && !quoted) return true;
  // A saving is a difference ("so the pack saves you about $10"), unless the document names one.
  const saving = (text: string, at: number) =>
    SAVING_BEFORE.test(text.slice(Math.max(0, at - 24), at));
  if (
    saving(response, q.start) &&
    !sentences.some((s) => s.quantities.some((e) => sameSlot(q, e) && saving(evidence, e.start)))
  ) {
    return true;
  }
  const inUnitOfQ = (e: Quantity) => (q.unit && e.unit ? inUnit(e, q.unit).value : e.value);
  const values = sentences.flatMap((s) => s.quantities)
    .filter((e) => sameSlot(q, e) && !e.inexact && !e.ordinal && e.kind !== "date").map(inUnitOfQ);
  // Worked out, it comes out exact (a round "£200,000" is no 140,800 + 60,000); said "about", to
  // within 1%.
  const near = (v: number) => Math.abs(v - q.value) <= (q.approx ? 0.01 : 1e-9) * Math.abs(q.value);
  // The document's own value restated is no operand: "£50,000 ... its £100,000 target" is no sum.
  const others = claimed.filter((c) =>
    c !== q && c.kind !== "date" && !c.ordinal && c.value !== q.value && c.value !== 1
  );
  const terms = others.filter((c) => sameSlot(q, c)).map(inUnitOfQ);
  // A percentage scales by its hundredth: "5% ... about £1,925" of £38,500.
  const factors = others.map((f) => (f.kind === "percent" ? f.value / 100 : f.value));
  // A rate per another period: "€1,860 a year (€155 a month)".
  const periods = isRate(response, q) ? PERIODS : [];
  // Or one of the claim's figures over another: "capped at $5.00 ... at $0.25 a day, 20 days".
  const quotient = others.some((x) => others.some((y) => y !== x && near(x.value / y.value)));
  return quotient ||
    values.some((a) =>
      terms.some((t) => t !== a && (near(a + t) || near(Math.abs(a - t)))) ||
      factors.some((f, i) =>
        near(a * f) || near(a / f) ||
        // A rate per person per night, times both counts: "€15 for two adults over three nights".
        factors.some((g, j) => j > i && near(a * f * g))
      ) ||
      periods.some((r) => near(a / r) || near(a * r))
    );
}

/**
 * After a figure, the period it is a rate for: "€155 a month", "per week", "/day", "over a full
 * year".
 */
const PER_PERIOD =
  /^\s*(?:a|per|each|every|\/|(?:over|in|across|for)\s+(?:a|one|the)(?:\s+(?:full|whole|entire|calendar))?)\s*(?:day|week|month|year|annum)\b/i;
const isRate = (text: string, q: Quantity) => PER_PERIOD.test(text.slice(q.end, q.end + 24));
/** How many of one period make another: months and weeks in a year, days in a week or a year. */
const PERIODS = [12, 52, 365, 7];

/** A quantity of the response that may be compared with the evidence: one value, or a bound. */
export const isComparable = (q: Quantity) =>
  (!q.inexact || q.bound !== undefined) && !q.word && !isWorking(q);
/** A step of working; a rate ("$185/month") is none, and is read with its period (PER_PERIOD). */
const isWorking = (q: Quantity) => q.computed && !q.rate;
/**
 * Bare numbers name no slot ("Cotterill, 27,"), bounds state no one value, and a time is often
 * worked out from the document's ("start by 2:00 pm" to serve at 5:00 pm): they are compared only
 * with the document's quantity whose words the claim copies (copiedSlot), or a slip of its digits
 * (a bound also with the aligned sentence's bound on its side, or its value).
 */
const onlyCopied = (q: Quantity) =>
  q.kind === "number" || q.kind === "time" || q.bound !== undefined;
/** Both one value, or both a bound on the same side ("more than"): the same kind of statement. */
const sameCommitment = (a: Quantity, b: Quantity) => a.inexact === b.inexact && a.bound === b.bound;
/**
 * Whether the document's `evidence` shows the claim wrong, where the two are not the same: two
 * values; a value outside a bound, either way round ("up to 50 mm" where 74 mm fell, "60 days"
 * where it says "within 30 days"); an upper bound, which states a limit ("up to 6 guests" where
 * the document allows "a maximum of 4"); a lower bound the document's does not imply ("more than
 * 80" where it says "more than 100" is true).
 */
function conflicts(claim: Quantity, evidence: Quantity): boolean {
  const value = evidence.unit ? inUnit(claim, evidence.unit).value : claim.value;
  if (claim.bound && evidence.bound) return claim.bound === "upper" || value > evidence.value;
  const bound = claim.bound ?? evidence.bound;
  if (!bound) return true;
  // Which of the two is the bound's, which the value: the value lies past the bound.
  const [limit, stated] = claim.bound ? [value, evidence.value] : [evidence.value, value];
  return bound === "upper" ? stated > limit : stated < limit;
}

function sameValue(claim: Quantity, evidence: Quantity): boolean {
  if (claim.kind === "time") return sameTime(claim, evidence);
  if (claim.kind === "date") {
    const [a, b] = [claim.date!, evidence.date!];
    // "Thursday 23 October" is not the document's "Wednesday 23 October".
    const parts = (["year", "month", "day", "weekday"] as const).filter((k) =>
      a[k] !== undefined && b[k] !== undefined
    );
    return parts.length > 0 && parts.every((k) => a[k] === b[k]);
  }
  const reading = evidence.unit ? inUnit(claim, evidence.unit) : claim;
  const slack = claim.unit !== evidence.unit ? CONVERSION_SLACK : 0;
  return agreeHedged(claim, reading, evidence, slack, evidence.unit);
}

/**
 * Where either figure is hedged: within HEDGED_SLACK if one is round, else within the roundings
 * both show ("about 24,750" is no "approximately 27,450"). Unhedged: within `slack`.
 */
function agreeHedged(
  claim: Quantity,
  reading: Reading,
  evidence: Quantity,
  slack: number,
  unit?: UnitId,
): boolean {
  if (!claim.approx && !evidence.approx) return agree(reading, evidence, slack, unit);
  if (isRound(claim.value) || isRound(evidence.value)) {
    return agree(reading, evidence, HEDGED_SLACK, unit);
  }
  return agree(hedgedReading(reading), hedgedReading(evidence), slack);
}

function describe(text: string, q: Quantity): string {
  if (q.kind === "date") return describeDate(q.date!);
  // A measure in two parts ("6 hours 30 minutes") reads best as written.
  const inTwoParts = /\d[^\d,.]+\d/.test(written(text, q));
  if (q.kind === "unit" && !inTwoParts) return `${formatNumber(q.value)} ${unitLabel(q.unit!)}`;
  return written(text, q);
}

export function evidenceFindings(
  response: string,
  claim: { start: number; end: number; quantities: readonly Quantity[] },
  evidence: string,
  sentences: readonly Sentence[],
): ExactFinding[] {
  // "6 hours 45 minutes" is one measure, in minutes.
  const claimed = wholeMeasures(response, claim.quantities, { asConversions: false });
  const comparable = claimed.filter(isComparable);
  const ranges = rangesIn(response, claimed);
  // Nothing of the document is of a slot the claim states (or a count it may slip from):
  // nothing to compare.
  const ofSlot = (q: Quantity) => sentences.some((s) => s.quantities.some((e) => slipSlot(q, e)));
  if (!comparable.some(ofSlot) && ranges.length === 0) return [];
  const measures = comparable.filter((q) => !onlyCopied(q));
  const stems = contentStems(response.slice(claim.start, claim.end));
  const aligned = sentences
    .map((s) => ({ s, shared: [...stems].filter((w) => s.stems.has(w)).length }))
    .filter((a) => a.shared >= MIN_SHARED)
    .sort((a, b) => b.shared - a.shared);
  const out: ExactFinding[] = rangeFindings(response, ranges, evidence, aligned, stems);
  for (const q of comparable) {
    const end = rangeEndFinding(response, q, evidence, aligned, stems, sentences);
    if (end) {
      out.push(end);
      continue;
    }
    const kind = q.kind === "date" ? "evidence_date" : "evidence_number";
    // A bound is read against the document's bounds on its side ("up to 18 hours"), else against
    // its values ("74 mm fell").
    const slotIn = (s: Sentence) => {
      const values = s.quantities.filter((e) => sameSlot(q, e) && !e.inexact);
      const bounds = q.bound
        ? s.quantities.filter((e) => sameSlot(q, e) && sameCommitment(q, e))
        : [];
      return bounds.length > 0 ? bounds : values;
    };
    // The words around one of the document's values copied, but for the value, are a misquote
    // even where the value is another of the slot's ("a maximum depth of 58 m" where 58 m is the
    // average depth), in a claim that states no other value (its words are then this one's), and
    // unless they are as much those of the value it states ("trains will run every 8 minutes
    // during the morning peak" of "every 12 minutes until 07:00, then every 8 minutes during the
    // morning peak").
    const stated = onlyCopied(q) && !q.bound
      ? undefined
      : aligned.flatMap((a) => slotIn(a.s)).find((e) => sameValue(q, e));
    const copy = stated && comparable.length > 1
      ? undefined
      : copiedSlot(response, claim, q, sentences);
    const misquoted = copy && stated && !sameValue(q, copy) &&
      saysMore(evidence, copy, stated, sentences, response.slice(claim.start, claim.end));
    const alignedMatch = misquoted ? undefined : stated;
    const match = alignedMatch ?? (copy && sameValue(q, copy) ? copy : undefined) ??
      quoted(q, sentences);
    if (match) {
      out.push(
        finding(
          kind,
          false,
          q,
          `${written(response, q)}; the document says ${written(evidence, match)}`,
        ),
      );
      continue;
    }
    // The document's value the claim's contradicts: the one whose words it copies; none where its
    // value is elsewhere; for a bare number, only the copy; for a bound or a measure, the aligned
    // sentence's (for a bound: its bound on that side, else its value); else the one it is a slip
    // of. Bounds contradict only where the two conflict.
    const contradicting = (): Quantity | undefined => {
      // ... unless the value stated elsewhere is said in as many of the claim's words ("Motions
      // have to reach the secretary by 21 February" copies "register with the secretary by 28
      // February" but is "Motions ... must be submitted by 21 February").
      if (copy && !onlyCopied(q)) {
        const elsewhere = sentences.flatMap((s) => s.quantities.filter((e) => sameNumber(q, e)));
        const claimText = response.slice(claim.start, claim.end);
        const meant = elsewhere.some((e) => !saysMore(evidence, copy, e, sentences, claimText));
        return meant || listedBeside(copy, q, sentences) ? undefined : copy;
      }
      // The value anywhere in the document, whatever it counts there ("the 750-piece collection"
      // for "750 items"): it may be what is meant. Without an aligned sentence no slot is read.
      if (statedIn(sentences, q)) return undefined;
      const mate = rowMate(response, evidence, q, comparable, sentences);
      if (mate) return mate;
      if (onlyCopied(q)) {
        if (copy && conflicts(q, copy)) return copy;
        // A bare number is a slip only of three digits or more ("25,700" of "27,500").
        if (q.kind === "number") {
          const slips = significant(q.value).length >= 3 && !yearLike(q);
          return slips ? slippedFrom(q, stems, sentences) : undefined;
        }
      }
      if ((!onlyCopied(q) || q.bound) && aligned.length > 0) {
        const value = contradictingValue(
          response,
          q,
          measures,
          evidence,
          aligned.slice(0, ALIGNED),
          slotIn,
        );
        if (value) return conflicts(q, value) ? value : undefined;
      }
      return slippedFrom(q, stems, sentences);
    };
    // A figure worked out from the document's is no misquote (read last: it is the costliest).
    const other = contradicting();
    if (other && !isDerived(response, evidence, q, claimed, sentences)) {
      out.push(
        finding(
          kind,
          true,
          q,
          `${written(response, q)}; the document says ${describe(evidence, other)}`,
        ),
      );
    }
  }
  return out;
}

const BOUNDING_BEFORE = /\b(?:after|before|until|till|since|from)\s+$/i;

/**
 * The value of the claim's slot in the one table row that another of the claim's values, a measure
 * or a time stated nowhere else, picks out: "the 08:10 bus, which reaches the airport at 08:57" of
 * "| 08:20 | 08:57 |" (the two next to each other among the claim's values). None where the row
 * states the slot more than once.
 */
function rowMate(
  response: string,
  evidence: string,
  q: Quantity,
  claimed: readonly Quantity[],
  sentences: readonly Sentence[],
): Quantity | undefined {
  // "after 8:00" bounds what is asked, no value of a row.
  if (BOUNDING_BEFORE.test(response.slice(Math.max(0, q.start - 8), q.start))) return undefined;
  const all = sentences.flatMap((s) => s.quantities);
  const at = claimed.indexOf(q);
  // The two are next to each other among the claim's values.
  for (const r of [claimed[at - 1], claimed[at + 1]]) {
    if (!r || r.kind === "number" || r.kind === "count" || r.kind === "date") continue;
    const stated = all.filter((e) => sameNumber(r, e));
    if (stated.length !== 1) continue;
    const row = lineAt(evidence, stated[0].start);
    if (!isTableRow(evidence, row)) continue;
    const slot = all.filter((e) =>
      e !== stated[0] && e.start >= row.start && e.end <= row.end && sameSlot(q, e)
    );
    if (slot.length === 1) return slot[0];
  }
  return undefined;
}

/**
 * "312 rated the service as good, 120 as fair, and 48 as poor": the claim's value listed bare in
 * the copy's sentence may count the same thing, its words left out.
 */
const listedBeside = (copy: Quantity, q: Quantity, sentences: readonly Sentence[]) =>
  sentences.find((s) => s.quantities.includes(copy))!.quantities
    .some((e) => e !== copy && e.kind === "number" && sameNumber(q, e));

/**
 * Whether the claim's words are more those of the clause of the document's value `a` than of
 * `b`'s. Compounds name their parts on both sides: "the non-birth parent" is as much of
 * "Non-birth parents receive 16 weeks" as of "Birth parents are entitled to 26 weeks".
 */
function saysMore(
  evidence: string,
  a: Quantity,
  b: Quantity,
  sentences: readonly Sentence[],
  claim: string,
): boolean {
  const claimStems = partStems(claim);
  return said(evidence, a, sentences, claimStems) > said(evidence, b, sentences, claimStems);
}

/**
 * How many of the claim's words are in the clause of one of the document's values, between it
 * and the values next to it ("a maximum depth of 164 m", "then every 8 minutes during the
 * morning peak").
 */
function said(
  evidence: string,
  e: Quantity,
  sentences: readonly Sentence[],
  claimStems: ReadonlySet<StemKey>,
): number {
  const qs = sentences.find((s) => s.quantities.includes(e))!.quantities;
  const i = qs.indexOf(e);
  const before = evidence.slice(Math.max(e.start - 60, qs[i - 1]?.end ?? 0), e.start);
  const after = evidence.slice(e.end, Math.min(e.end + 40, qs[i + 1]?.start ?? evidence.length));
  const clause = before.split(/[,;.!?:]\s/).at(-1)! + " " + after.split(/[,;.!?:](?:\s|$)/)[0];
  return [...partStems(clause)].filter((w) => claimStems.has(w)).length;
}

/**
 * The evidence's value for the claim quantity's slot, when one sentence states it unambiguously:
 * the aligned sentence that states the slot and shares most words with the claim and with the
 * words around the quantity, and of its values of the slot the one nearest those words.
 */
function contradictingValue(
  response: string,
  q: Quantity,
  comparable: readonly Quantity[],
  evidence: string,
  aligned: readonly { s: Sentence; shared: number }[],
  slotIn: (s: Sentence) => Quantity[],
): Quantity | undefined {
  const context = contextOf(response, q, comparable);
  const overlap = (s: Sentence) => [...context].filter((w) => s.stems.has(w)).length;
  const ranked = aligned.filter((a) => slotIn(a.s).length > 0)
    .map((a) => ({ ...a, score: a.shared + 2 * overlap(a.s) }))
    .sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (!best) return undefined;
  // The value of the slot in that sentence said about the same thing: a word around it is a word
  // around the claim's quantity. Of several measures or sums of money, the one with such words,
  // when each other is said about something else, in words of its own the claim does not use
  // ("main span measures 1,437 m, and the deck sits 67 m" for "the main span is 1.743 km"); of
  // several counts or dates, or measures with no words of their own ("spans 1,280 m and 227 m"):
  // unknown.
  // A bound of the slot ("a fine of $0.25 per day, up to a maximum of $10.00 per item") may be
  // what a value's words are about: then it is the one to read the value against.
  const own = new Set(slotIn(best.s));
  // A figure the claim states beside this one is more likely that one's ("36% of revenue, after
  // growing 11%"): read after the others, and no rival. Not a date: a part of one ("born in 1881
  // (on 11 March)"), or a date a day apart worked out from it, may be beside it.
  const taken = (e: Quantity) =>
    e.kind !== "date" && comparable.some((o) => o !== q && sameSlot(o, e) && sameValue(o, e));
  // Days per week are a frequency, not a span of days ("25 days' annual leave").
  const frequency = (e: Quantity) => isSpanOfTime(e) && isRate(evidence, e) && !isRate(response, q);
  const read = best.s.quantities
    .filter((e) => own.has(e) || (!q.bound && e.bound !== undefined && sameSlot(q, e)))
    .filter((e) => !e.word && !isWorking(e) && comparableDates(q, e) && !frequency(e))
    .map((e) => {
      const near = contextOf(evidence, e, best.s.quantities);
      return {
        e,
        own: near.size,
        n: [...near].filter((w) => context.has(w)).length,
        taken: taken(e),
      };
    })
    .sort((a, b) => Number(a.taken) - Number(b.taken) || b.n - a.n);
  const [first, ...rest] = read;
  if (!first || first.n === 0) return undefined;
  if (!own.has(first.e)) return first.e;
  const others = rest.filter((o) => own.has(o.e) && !o.taken);
  if (others.length === 0) return first.e;
  const othersApart = others.every((o) => o.n === 0 && o.own > 0);
  return (q.kind === "unit" || q.kind === "money") && othersApart ? first.e : undefined;
}

/**
 * The one value of the document the claim's may be a slip of: of its slot and kind of statement
 * (one value, or a bound on the same side; a date: of its month, and its year or its day), in a
 * sentence that shares a word with the claim (or the document's one measure of its dimension),
 * with the same digits but two next to each other swapped ("$1,926.40" for "$1,962.40", "5.7
 * hours" for "7.5 hours", "August 13" for "31 August") or, of three or more (a day: two), one
 * digit changed ("€1,450" for "€1,150", "12 January 2023" for "12 January 2025"). A value worked
 * out from the document's rarely is one: sums, differences and scalings change the digits
 * wholesale.
 */
function slippedFrom(
  q: Quantity,
  claimStems: ReadonlySet<StemKey>,
  sentences: readonly Sentence[],
): Quantity | undefined {
  if (q.kind === "date" && (q.date?.day === undefined || q.date.month === undefined)) {
    return undefined;
  }
  // A measure the document states once in its dimension needs no shared word: "weighs 198 g"
  // of a specification's "Weight: 189 g".
  const alone = q.kind === "unit" &&
    sentences.flatMap((s) => s.quantities).filter((e) => sameSlot(q, e)).length === 1;
  const slips = sentences.filter((s) => alone || [...claimStems].some((w) => s.selfStems.has(w)))
    .flatMap((s) => s.quantities).filter((e) => {
      if (!sameCommitment(q, e) || e.word || isWorking(e) || !slipSlot(q, e)) return false;
      if (q.kind === "date") {
        const [a, b] = [q.date!, e.date!];
        if (b.day === undefined || a.month !== b.month) return false;
        if (a.year === b.year) return isSlip(String(a.day), String(b.day), 2);
        return a.day === b.day && a.year !== undefined && b.year !== undefined &&
          isSlip(String(a.year), String(b.year), 3);
      }
      if (q.unit !== e.unit || q.currency !== e.currency) return false;
      const [a, b] = [significant(q.value), significant(e.value)];
      return magnitude(q.value) === magnitude(e.value) && isSlip(a, b, 3);
    });
  return slips.length === 1 ? slips[0] : undefined;
}

/**
 * Of one slot, or counts of three significant digits or more whatever they count: "25,700
 * kettles" is a slip of "27,500 units of its electric kettle".
 */
const slipSlot = (q: Quantity, e: Quantity) =>
  sameSlot(q, e) ||
  (COUNTS.has(q.kind) && COUNTS.has(e.kind) && significant(q.value).length >= 3 &&
    !q.ordinal && !e.ordinal && !yearLike(q) && !yearLike(e));
const COUNTS = new Set(["count", "number"]);
/**
 * A bare number of four digits or more that the document states once, digit for digit
 * ("Attendance was 61,384" of "a crowd of 61,384"): a quote, whatever words are around it.
 */
function quoted(q: Quantity, sentences: readonly Sentence[]): Quantity | undefined {
  if (q.kind !== "number" || q.word || q.approx || q.inexact || yearLike(q)) return undefined;
  // More digits than a count has are an identifier's ("order 147159112603").
  if (significant(q.value).length < QUOTED_DIGITS || q.value >= 1e9) return undefined;
  const same = sentences.flatMap((s) => s.quantities)
    .filter((e) => !e.approx && !e.inexact && e.value === q.value && e.tolerance === q.tolerance);
  return same.length === 1 ? same[0] : undefined;
}
const QUOTED_DIGITS = 4;

/** "2004", "1936": a year more likely than a count, whose digits differ by more than slips. */
const yearLike = (q: Quantity) => Number.isInteger(q.value) && q.value >= 1000 && q.value <= 2100;

/** A value's significant digits: 1,926.40 is "19264", $2.3 million "23". */
const significant = (v: number) => String(Math.abs(v)).replace(/\D/g, "").replace(/^0+|0+$/g, "");
const magnitude = (v: number) => Math.floor(Math.log10(Math.abs(v) || 1));

/** Two adjacent digits swapped, or (with `changed` digits or more) one digit changed. */
function isSlip(a: string, b: string, changed: number): boolean {
  const slip = digitSlip(a, b);
  return slip.swapped || (slip.changed.length === 1 && a.length >= changed);
}

/** `f` computed once per argument. */
function memoised<T>(f: (i: number) => T): (i: number) => T {
  const seen = new Map<number, T>();
  return (i) => {
    if (!seen.has(i)) seen.set(i, f(i));
    return seen.get(i)!;
  };
}

/** After a value, what ends its clause: a bracket, a comma, a dash, a full stop. */
const CLAUSE_END = /^\s*[(,;:—–.!?]/;

/** Words copied around a quantity: this many on one side, and the next one on the other. */
const COPIED_WORDS = 3;
/** A verb in the past and "in": what was done in a year ("built in", "founded in"). */
const DONE_IN = /^(?:\p{L}+ed|built|born|held|won|sold|made|begun|rebuilt) (?:in|on)$/u;
/** Fewer words before it suffice where they are all the claim has: a label copied. */
const LABEL_COPIED = 2;
/** How far back the words copied before a value may reach for one that names something. */
const NAMING_REACH = 5;

interface WordsAround {
  before: string[];
  after: string[];
}

/** Lower-case words just before and just after a quantity, inside [from, to). */
function wordsAround(text: string, q: Quantity, from: number, to: number): WordsAround {
  const read = (span: string) => lowerWords(span).filter((w) => !OBJECT_PRONOUN.has(w));
  return {
    before: read(text.slice(Math.max(from, q.start - 80), q.start)).slice(-NAMING_REACH),
    after: read(text.slice(q.end, Math.min(to, q.end + 80))).slice(0, COPIED_WORDS),
  };
}

/** An answer tells an instruction to its reader ("simmer it for ..."): the copy is the same. */
const OBJECT_PRONOUN = new Set(["it", "them"]);

const sameWords = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((w, i) => w === b[i] || (ARTICLES.has(w) && ARTICLES.has(b[i])));
/** Articles, one as good as another in a copy: "struck the iceberg at" of "struck an iceberg at". */
const ARTICLES = new Set(["a", "an", "the"]);
/** The `n` words next to the quantity are the same on that side (the claim has `n` there). */
const sameEnd = (mine: readonly string[], theirs: readonly string[], n: number) =>
  mine.length >= n && sameWords(mine.slice(-n), theirs.slice(-n));
const sameStart = (mine: readonly string[], theirs: readonly string[], n: number) =>
  mine.length >= n && sameWords(mine.slice(0, n), theirs.slice(0, n));

/**
 * The document's quantity of the slot whose surrounding words the claim copies: the words before
 * it all (and the next word after it, where the claim goes on), or the words after it all (and
 * the word before), with a word that names something among them, and stating the value the same
 * way (one value, or a bound on the same side). Only when the quantities so copied state one value.
 */
function copiedSlot(
  response: string,
  claim: { start: number; end: number },
  q: Quantity,
  sentences: readonly Sentence[],
): Quantity | undefined {
  // The document's values a copy may be of, before any words are read.
  const slots = sentences.flatMap((s) =>
    s.quantities.flatMap((e, i) =>
      sameSlot(q, e) && sameCommitment(q, e) && !e.word && !isWorking(e) && comparableDates(q, e)
        ? [{ e, around: () => s.around(i) }]
        : []
    )
  );
  if (slots.length === 0) return undefined;
  const around = wordsAround(response, q, claim.start, claim.end);
  // A clause that ends at the value ("raised $4,254 (the goal was ...") goes on with no copy.
  const ended = CLAUSE_END.test(response.slice(q.end, q.end + 4));
  const mine = ended ? { ...around, after: [] } : around;
  // The words copied before it: three, or a label a claim opens with ("Max torque: 50 Nm"), or
  // back to the first that names something ("fee from $45 to $54").
  const named = mine.before.findLastIndex(names);
  // A year's verb and its preposition are its words ("built in 1978").
  const doneIn = q.kind === "date" && q.date?.day === undefined &&
    DONE_IN.test(mine.before.slice(-LABEL_COPIED).join(" "));
  const least = doneIn ? LABEL_COPIED : COPIED_WORDS;
  const before = Math.max(
    LABEL_COPIED,
    Math.min(mine.before.length, Math.max(least, mine.before.length - named)),
  );
  const copies = slots.filter((slot) => {
    const theirs = slot.around();
    // What was done in a year is said whole before it ("built in 1987 and is on the market"),
    // where the year is none the document states of something else.
    const wholeBefore = sameEnd(mine.before, theirs.before, before) &&
      (mine.after.length === 0 || (doneIn && !statedIn(sentences, q)) ||
        sameStart(mine.after, theirs.after, 1)) &&
      mine.before.slice(-before).some(names);
    // The word before may be a preposition the document leaves out ("we meet at 7:00" of
    // "Meet 7:30"): then the last word that names something is the same.
    const wordBefore = mine.before.length === 0 || sameEnd(mine.before, theirs.before, 1) ||
      sameEnd(mine.before.filter(names), theirs.before.filter(names), 1);
    const wholeAfter = sameStart(mine.after, theirs.after, COPIED_WORDS) && wordBefore &&
      mine.after.some(names);
    return wholeBefore || wholeAfter;
  }).map((slot) => slot.e);
  return copies.length > 0 && copies.every((c) => sameValue(copies[0], c)) ? copies[0] : undefined;
}
