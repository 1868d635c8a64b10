/**
 * Totals stated in the answer, read three ways, the first that applies:
 * - a total, then a colon and its breakdown: "In all, 1529 people attended: 425 on Friday, 795 on
 *   Saturday and 309 on Sunday", "The bank employs 237 people: 150 in Leeds and 87 in York";
 * - a list of parts, then a quantity named a total ("73 apples, 40 pears and 87 plums, 200 pieces
 *   of fruit in total", "216 books in March and 219 in April, a combined 435 books"), in the
 *   total's claim or, when the total stands alone in its claim, ending the claim before
 *   ("... 463 against and 60 abstentions. Altogether, 837 ballots were cast.");
 * - a quantity named a total ("a total of 95 points", "7 in all", "Total: $4.5 million") and the
 *   other quantities of its slot (slots.ts) in its claim or, when it holds fewer than two, in the
 *   claims before it in the same paragraph (six at most).
 * A list is closed ("A, B and C") and its parts are counts or bare numbers under a count (a list
 * names its own things: "19 cats and 11 dogs, 30 animals"), else quantities of the total's slot
 * or bare numbers that leave out the unit said before them ("4 hours of maths, 2 of chemistry").
 * Number words, often loose, are read only as a closed list's parts under a named total ("seven
 * apples, five pears and two oranges, fourteen in all"); a part said loosely ("several pears")
 * leaves the list open.
 * A list confirms a total when all its parts add up to it; it contradicts one only when it holds
 * every such quantity of its claim and no run of the paragraph's quantities before the total adds
 * up to it. Silent when a part or the total is a range or a bound, when a part exceeds the total,
 * when the list is a subset ("including", "among them", "out of") or leaves a rest ("the rest in
 * London"), and in worked arithmetic; a hedged total ("about $800") is read within its rounding
 * and confirmed only when it is the plain sum ("~671 kcal").
 */
import { isConversionOf, isNearConversion } from "./conversions.ts";
import { type ExactFinding, finding } from "./finding.ts";
import { type ListItem, type MarkdownList, type Score, scoreIn, scoresIn } from "./lists.ts";
import {
  CURRENCY_SIGN,
  LABEL_WORDS,
  quantities,
  type Quantity,
  WORD_NUMBERS,
} from "./quantities.ts";
import { isSpanOfTime, sameSlot } from "./slots.ts";
import { dimensionOf, unitOfForm } from "./units.ts";
import { agree, CONVERSION_SLACK, formatNumber, HEDGED_SLACK, inUnit, written } from "./values.ts";

/** A total's keyword, then at most four words ("In total, the route is 25 km"). */
const TOTAL_BEFORE =
  /\b(?:a total of|total of|(?:sub-?)?totals?|totall?ing|totall?ed|in total|in all,|sum of|sums? to|adds? up to|add up to|altogether|all together|together|combined|overall|all told|in sum|grand total|comes? to|came to|(?<=,\s*)finish(?:ing|ed) with)\b,?(?:\s+[\p{L}']+){0,4}?\s*(?:is|was|are|were|of|:|=)?\s*(?:(?:about|approximately|approx\.|roughly|around)\s+|[~≈]\s*)?$/iu;
/**
 * "$917.65 in total: $412.80 for flights, ...", "1,517 kWh is the household's total for the
 * quarter: 412 in January, ...": a quantity named the total by words after it, then the colon of
 * its breakdown. The keyword before the colon is the earlier quantity's; what follows is a part.
 */
const TOTAL_THEN_BREAKDOWN = new RegExp(
  String.raw`\d(?:[^\S\n]+[\p{L}'’-]+){0,3}?(?:[^\S\n]+(?:in total|in all|altogether|all told|` +
    String.raw`combined|together)|[^\S\n]+(?:is|was|are|were)(?:[^\S\n]+[\p{L}'’-]+){0,4}?` +
    String.raw`[^\S\n]+(?:total|sum)(?:[^\S\n]+[\p{L}'’-]+){0,4}?)\s*:\s*$`,
  "iu",
);
/**
 * After the total, its noun and at most two more words: "8,738 copies were printed in all"; or a
 * bare "total" right after it or its noun, ending its phrase ("which gives 6.5 kg total.").
 */
const TOTAL_AFTER =
  /^(?:(?:\s+[a-z]+){0,3}?\s+(?:in total|in all|altogether|all told|overall|combined(?! with)|together(?! with)|between them)\b|(?:\s+[a-z]+)?\s+total(?=\s*(?:[,.;:!?)—–]|$)))/;
/** Parts listed over the claims before a total: at most this many, else it is a list, not a sum. */
const MAX_PARTS = 6;
/** Between two listed parts: the first one's words, a joiner, the next one's label (two at most). */
const LIST_GAP =
  /^(?:\s+[\p{L}'’-]+){0,6}?\s*(?:,|;|,?\s+(?:and|plus))(?:\s+(?:[\p{L}'’-]+|[+&](?=\s+\p{L}))){0,3}?\s*\(?$/u;
/** The joiner that closes a list: "A, B and C", the last label maybe two joined ("laptop + charger"). */
const LAST_JOIN = /(?:\band|\bplus)(?:\s+(?:[\p{L}'’-]+|[+&](?=\s+\p{L}))){0,3}?\s*\(?$/u;
/** Words that make a list a subset or a share of the total, not its parts. */
const NOT_PARTS =
  /\b(?:includ(?:ing|es?|ed)|among(?:st)?|of (?:them|which|whom|these|those)|such as|e\.g|for example|for instance|out of|except|excluding|minus|than|per|each|every|versus|vs|(?:of|from) (?:a|an|the) (?:total|combined|overall))\b/i;
/** Words that leave a rest beside the parts listed ("and the rest in London"). */
const REST = /\b(?:rest|remaining|remainder|others?|balance|etc|so on|mostly|mainly)\b/i;
/**
 * Among a list's parts or before its total, a part said loosely, which leaves it uncounted ("7
 * apples, several pears and 2 plums", "plus a few plums").
 */
const UNCOUNTED =
  /\b(?:several|a few|a couple|a handful|dozens|scores|hundreds|thousands|many|lots|a number of|plenty|some(?=\s+\p{L}))\b/iu;
/**
 * What may lead from a list of other things to their total ("19 cats and 11 dogs, 30 animals"):
 * after the last comma, words that sum, no verb that makes something else of the parts ("36
 * wins, 10 losses and 4 ties, earning 76 points").
 */
const SUM_LEAD =
  /^(?:\s*(?:a|an|the|that|that's|this|which|it|they|so|or|is|was|are|were|makes?|making|for|comes?|coming|came|to|adds?|adding|added|up|gives?|giving|total|totals|totall?(?:ing|ed)|combined|in|all|altogether|together|overall|of|sum|grand|told))*\s*$/i;
/**
 * "..., so your library holds 148 books altogether": a holder and a verb of having, the total
 * named after it; the list is what it holds.
 */
const HOLDS_LEAD =
  /^\s*(?:so|and|which means|meaning)?\s*(?:(?:your|my|our|their|his|her|its|the|this|that)\s+)?[\p{L}'’-]+\s+(?:holds?|has|have|contains?|owns?)\s*$/iu;
/** Before a list's first part: a colon or a sentence's start, then at most three words. */
const LIST_OPENING = /(?:^|[:.!?]|\n)\s*(?:[\p{L}'’-]+\s+){0,3}$/u;
/** From a list's last part to its total, its lead closing the list: "... garage — that's". */
const CLOSING_LEAD =
  /^(?:\s+[\p{L}'’-]+){0,4}?\s*[—–,]\s*(?:that['’]s|that is|which (?:makes|gives|is)|making|giving)(?:\s+(?:about|roughly|around))?\s*$/iu;
/** After a figure, what makes it a rate: "3 points for a win", "$12 per guest". */
const RATE_AFTER =
  /^(?:\s+[\p{L}'’-]+)?\s+(?:for|per)\s+(?:a|an|each|every)\b|^\s*(?:per|each|\/)/iu;
/** ... the one of them that says what the list comes to: "— that's". */
const THAT_IS = /\bthat(?:['’]s|\s+is)(?:\s+(?:about|roughly|around))?\s*$/i;
/** A count of measures of a thing ("2 cups of flour"): not one of the things a total counts. */
const MEASURED = /^\s+[\p{L}-]+\s+of\b/u;
/** Totals that weigh their parts rather than count them: points, credits, marks. */
export const WEIGHED = /\b(?:point|pt|credit|mark|score|calorie)s?\b/i;
/** Between a quantity and the part in brackets it labels: "two eggs (", "2 tbsp peanut butter (". */
const LABELS_BRACKET = /^(?:[^\S\n]+[\p{L}'’-]+){1,4}[^\S\n]*\((?:[^\S\n]*[≈~])?$/u;
/** After a total, its noun and words, then the colon that opens its breakdown. */
const BREAKDOWN_LEAD = /^(?:\s+[\p{L}'’-]+){0,8}?\s*:(?:\s+[\p{L}'’-]+){0,3}?\s*$/u;
/** After the last part: its words, to the end of its sentence. */
const LIST_TAIL = /^(?:\s+[\p{L}'’-]+){0,6}\s*\)?\s*[.!;:]?\s*$/u;
/** After a total, what opens a clause of its own: a spaced dash, a semicolon. */
const ASIDE = /\s[—–]\s|;/;
/** From the last part to its total in the same claim: words and punctuation, briefly. */
const TOTAL_GAP = /^[^\d]{0,60}$/;

type Claim = Paragraph["claims"][number];

export interface Paragraph {
  /** The claims of one paragraph, in order, each with its quantities. */
  claims: readonly { start: number; end: number; quantities: readonly Quantity[] }[];
}

/** A total's parts and whether they add up to it. */
interface Reading {
  parts: readonly Quantity[];
  ok: boolean;
}

/** Whether each quantity of the text is named a total: asked of a quantity again and again. */
const namedTotal = new WeakMap<Quantity, boolean>();

function isTotal(text: string, q: Quantity): boolean {
  let named = namedTotal.get(q);
  if (named === undefined) {
    const before = text.slice(Math.max(0, q.start - 40), q.start);
    named = TOTAL_BEFORE.test(before) && !BOUND_BEFORE.test(before) &&
        !TOTAL_THEN_BREAKDOWN.test(text.slice(Math.max(0, q.start - 100), q.start)) ||
      TOTAL_AFTER.test(text.slice(q.end, q.end + 40));
    namedTotal.set(q, named);
  }
  return named;
}

/**
 * A bound between a total's word and a figure: "7.6 MB combined, comfortably under the 10 MB cap"
 * names a limit, not the total.
 */
const BOUND_BEFORE =
  /\b(?:under|over|below|above|within|beneath|less than|more than)\s+(?:the\s+|a\s+|an\s+)?$/i;

/** Months and years have no one length: "4 years, 3 months and 14 days" is no sum of days. */
const CALENDAR_UNITS = new Set(["month", "year"]);

const summable = (q: Quantity) =>
  !q.inexact && !q.computed && !q.word && !q.ordinal && q.kind !== "date" && q.kind !== "percent" &&
  !(q.kind === "unit" && CALENDAR_UNITS.has(q.unit!));

/** A word of a number, or of a power that makes it larger ("twenty five", "one hundred"). */
const NUMBER_WORD = `(?:${Object.keys(WORD_NUMBERS).join("|")}|thousand|million|billion)`;
const NUMBER_WORD_BEFORE = new RegExp(String.raw`\b${NUMBER_WORD}(?:\s+and)?[\s-]*$`, "i");
const NUMBER_WORD_AFTER = new RegExp(String.raw`^[\s-]*${NUMBER_WORD}\b`, "i");

/**
 * A count said in one cardinal word ("seven apples", "one in March"), unhedged: exact where a
 * closed list's parts add up to a named total. Not "a dozen", nor a word of a longer number.
 */
const cardinal = (text: string, q: Quantity) =>
  q.word === true && !q.inexact && !q.approx && !q.computed && !q.ordinal &&
  q.kind !== "percent" && Object.hasOwn(WORD_NUMBERS, text.slice(q.start, q.end).toLowerCase()) &&
  !NUMBER_WORD_BEFORE.test(text.slice(Math.max(0, q.start - 16), q.start)) &&
  !NUMBER_WORD_AFTER.test(text.slice(q.end, q.end + 16));

/**
 * A count just before a measure: "two 45-lb plates", "4 500 ml bottles"; or of what the measure
 * names the size of: "3 rounds of 12-minute intervals" (not "three chapters of 3,200, 4,150 and
 * 2,875 words", each chapter's own).
 */
const COUNT = String.raw`(?:\b${NUMBER_WORD}|\d)[^\S\n]+`;
const COUNT_BEFORE = new RegExp(`${COUNT}$`, "i");
const COUNT_OF_BEFORE = new RegExp(
  String.raw`${COUNT}(?:\p{L}+[^\S\n]+){1,2}of[^\S\n]+$`,
  "iu",
);
/**
 * A unit price after a count of more than one, its line's amount in brackets after it: "2
 * notebooks at $4.50 ($9.00)".
 */
const UNIT_PRICE_BEFORE = new RegExp(
  String.raw`(?:\b(?!one\b)${NUMBER_WORD}|\b(?!1\b)\d+)[^\S\n]+(?:\p{L}+[^\S\n]+){1,2}at[^\S\n]+$`,
  "iu",
);
const LINE_AMOUNT_AFTER = new RegExp(String.raw`^[^\S\n]*\([^\S\n]*${CURRENCY_SIGN}\d`);
/**
 * "two 45-lb plates", "two sets of 45-lb plates", "5 monthly instalments of $45", "2 notebooks at
 * $4.50 ($9.00)".
 */
const isCounted = (text: string, q: Quantity) => {
  const before = text.slice(Math.max(0, q.start - 32), q.start);
  return COUNT_BEFORE.test(before.slice(-16)) ||
    (COUNT_OF_BEFORE.test(before) &&
      (q.kind === "money" || /\d-\p{L}/u.test(text.slice(q.start, q.end + 2)))) ||
    (q.kind === "money" && UNIT_PRICE_BEFORE.test(before) &&
      LINE_AMOUNT_AFTER.test(text.slice(q.end, q.end + 8)));
};

/**
 * After a bare number, what makes it a part in the unit of the part before ("4 hours of maths, 2
 * of chemistry"): "of" and the part's own thing, not a share of others ("2 of them", "2 of the").
 */
const ELIDED_UNIT =
  /^\s+of\s+(?!(?:them|us|you|which|whom|these|those|the|a|an|its|their|our|my|your)\b)\p{L}/iu;

/** A bare number read in the total's unit where it is a part whose unit is said once before. */
const elided = (text: string, q: Quantity, total: Quantity): Quantity =>
  total.kind === "unit" && q.kind === "number" && ELIDED_UNIT.test(text.slice(q.end, q.end + 30))
    ? { ...q, kind: "unit", unit: total.unit, tolerance: q.word ? 0 : q.tolerance }
    : q;

/** Whether a quantity counts what a list under the total counts: any word, bound or range too. */
const listable = (q: Quantity, total: Quantity) =>
  total.kind === "count" || total.kind === "number"
    ? (q.kind === "count" || q.kind === "number") && !isSpanOfTime(q)
    : sameSlot(q, total);

const readingsOf = (parts: readonly Quantity[], total: Quantity) =>
  parts.map((p) => total.unit ? inUnit(p, total.unit) : p);

/** A total is at least each of its parts; a smaller one counts something else. */
const exceeded = (parts: readonly Quantity[], total: Quantity) =>
  readingsOf(parts, total).some((r) => r.value < 0 || r.value > total.value);

/** Whether the parts add up to the total: the parts as written, the total within its rounding. */
function addsUp(parts: readonly Quantity[], total: Quantity): boolean {
  return sumOfPartsIs(parts, total)(sumOf(parts, total));
}

/** Whether a sum of some or all of the parts is the total: as written, or within its rounding. */
function sumOfPartsIs(parts: readonly Quantity[], total: Quantity): (sum: number) => boolean {
  const loosely = hedged(parts, total);
  const oneUnit = parts.every((p) => p.unit === total.unit);
  if (!loosely || !oneUnit || !toTheUnit(total)) return (sum) => sumAgrees(sum, total, loosely);
  // A hedged total written to three or more figures ("roughly 483 kcal", "≈ 1,535") claims the
  // sum of parts in its unit to about its last digit: it may be rounded once more (to 5 or 10),
  // and the parts may be rounded each, no more. Across units it may be misread: loosely then.
  const rounding = readingsOf(parts, total).reduce(
    (n, r) => n + Math.max(r.tolerance, Number.isInteger(r.value) ? 0.5 : 0),
    5 * spacing(total),
  );
  return (sum) =>
    agree({ value: sum, tolerance: 0 }, { value: total.value, tolerance: rounding }, 0);
}

/** The spacing of a quantity's last written digit: 1 for "483", 10 for "480", 0.01 for "$4.50". */
function spacing(q: Quantity): number {
  if (q.tolerance > 0 && q.tolerance < 0.5 || !Number.isInteger(q.value)) return 2 * q.tolerance;
  return 10 ** /0*$/.exec(String(Math.abs(q.value)))![0].length;
}

/** Whether a total is written to three or more figures, not rounded ("about 800", "~550"). */
const toTheUnit = (q: Quantity) => q.value !== 0 && Math.abs(q.value) / spacing(q) >= 100;

/** Whether the parts add up to the total as written, however loosely it is said ("≈ $1,901"). */
export const isPlainSum = (parts: readonly Quantity[], total: Quantity) =>
  sumAgrees(sumOf(parts, total), total, false);

/** Whether a sum is the total: as written, or within its rounding when `loosely` said. */
function sumAgrees(value: number, total: Quantity, loosely: boolean): boolean {
  const sum = { value, tolerance: 0 };
  if (!loosely) return agree(sum, total, 0);
  // "About 200" is said of anything that rounds to 200, and then some.
  const zeros = Number.isInteger(total.value) ? /0*$/.exec(String(total.value))![0].length : 0;
  const rounding = Math.max(total.tolerance, total.value ? 0.5 * 10 ** zeros : 0);
  return agree(sum, { value: total.value, tolerance: rounding }, HEDGED_SLACK);
}

const sumOf = (parts: readonly Quantity[], total: Quantity) =>
  readingsOf(parts, total).reduce((n, r) => n + r.value, 0);

const hedged = (parts: readonly Quantity[], total: Quantity) =>
  total.approx || parts.some((p) => p.approx);

/** The text between two offsets, a year or date in it read as a word ("15 in 2022, "). */
function wordsBetween(text: string, from: number, to: number, qs: readonly Quantity[]): string {
  return qs.filter((d) => d.kind === "date" && d.start >= from && d.end <= to).reduceRight(
    (gap, d) => gap.slice(0, d.start - from) + "Y" + gap.slice(d.end - from),
    text.slice(from, to),
  ).replace(NAMED, "$1N");
}

/**
 * The numbers of names ("Year 7", "7B", "day 2"), which quantities.ts reads as no figure: words
 * here.
 */
const NAMED = new RegExp(
  String.raw`(\b\p{Lu}\p{L}*\s|\b(?:${LABEL_WORDS})\s)\d{1,3}\b(?![,.]\d)|\b\d+(?=\p{L})`,
  "gu",
);

function isGap(text: string, a: Quantity, b: Quantity, qs: readonly Quantity[]): boolean {
  const gap = wordsBetween(text, a.end, b.start, qs);
  return gap.length <= 60 && LIST_GAP.test(gap) && !NOT_PARTS.test(gap) && !UNCOUNTED.test(gap);
}

/**
 * The closed list of parts ("A, B and C") that `qs` ends with, read backwards from its last
 * quantity; or, with `forward`, that it starts with. `whole`: no quantity of the kind it counts is
 * left out (a number word, loosely used, aside), nor one that would go on with it. With `words`,
 * cardinal words are parts too, and no number word is aside. A part whose unit is said once, in
 * the total's, may be followed by parts that leave it out ("4 hours of maths, 2 of chemistry").
 */
function listIn(
  text: string,
  said: readonly Quantity[],
  total: Quantity,
  forward = false,
  closedByTotal = false,
  words = false,
) {
  const qs = said.map((q) => elided(text, q, total));
  const part = (q: Quantity) =>
    (summable(q) || words && cardinal(text, q)) && listable(q, total) && !isTotal(text, q);
  // A year may label a part ("12 games in 2021 and 15 in 2022"): read as a word.
  const gapOk = (a: Quantity, b: Quantity) => isGap(text, a, b, qs);
  const list: Quantity[] = [];
  // "28, 31, 24 and 29 points in the four quarters": after the list, a word may count its parts.
  let size: Quantity | undefined;
  for (const q of (forward ? qs : [...qs].reverse()).filter((q) => q.kind !== "date")) {
    const last = list.at(-1);
    if (!forward && !last && !size && !words && cardinal(text, q)) {
      size = q;
      continue;
    }
    if (!part(q) || last && !(forward ? gapOk(last, q) : gapOk(q, last))) break;
    list.push(q);
  }
  if (size && size.value !== list.length) list.length = 0;
  if (!forward) list.reverse();
  // Closed by "and", or by the total's own lead when the list opens its sentence or follows a
  // colon ("counting up: 17 for the kitchen, ..., 12 for the garage — that's 63 boxes").
  const opens = () => LIST_OPENING.test(text.slice(Math.max(0, list[0].start - 40), list[0].start));
  const closed = list.length >= 2 && list.length <= MAX_PARTS &&
    (LAST_JOIN.test(wordsBetween(text, list.at(-2)!.end, list.at(-1)!.start, qs)) ||
      closedByTotal && opens());
  const stated = list.filter((q) => said.includes(q));
  const unitSaid = stated.length === list.length ||
    stated[0] === list[0] && stated.every((q) => q.unit === total.unit);
  if (!closed || !unitSaid) return { list: [], whole: false };
  const previous = qs[qs.indexOf(list[0]) - 1];
  const goesOn = previous && listable(previous, total) && gapOk(previous, list[0]);
  const whole = !goesOn &&
    qs.every((q) => list.includes(q) || !listable(q, total) || q.word && !words);
  return { list, whole };
}

/** "1529 people attended: 425 on Friday, 795 on Saturday and 309 on Sunday". */
function brokenDown(text: string, claim: Claim, total: Quantity): Reading | null | undefined {
  const said = claim.quantities.slice(claim.quantities.indexOf(total) + 1)
    .map((q) => inTotalsUnit(q, total));
  // "366 kcal: two eggs (156 kcal), ...": a count of another thing naming the part in brackets
  // after it is words of its label.
  const after = said.filter((q, i) =>
    listable(q, total) || !said[i + 1] || !listable(said[i + 1], total) ||
    !LABELS_BRACKET.test(text.slice(q.end, said[i + 1].start))
  );
  const lead = after[0] && text.slice(total.end, after[0].start);
  if (!lead || !BREAKDOWN_LEAD.test(lead) || NOT_PARTS.test(lead)) return undefined;
  const { list } = listIn(text, after, total, true);
  // A breakdown not read whole ("$900 in total: $400 for flights, $300 for the hotel and the
  // rest on food") leaves the total undecided: no other reading picks some of its parts.
  if (list.length < 2) return after.some((q) => listable(q, total)) ? null : undefined;
  const tail = wordsBetween(text, list.at(-1)!.end, claim.end, claim.quantities);
  if (!LIST_TAIL.test(tail) || REST.test(tail) || UNCOUNTED.test(tail) || exceeded(list, total)) {
    return null;
  }
  const ok = addsUp(list, total);
  // A breakdown into other things than the total's may leave some out ("237 staff: 150
  // engineers and 36 designers").
  if (!ok && !list.every((q) => namesTotal(text, q, total))) return null;
  return { parts: list, ok };
}

/**
 * A list, then its total: the list ends before the total in its claim or, when the total's claim
 * counts nothing else and opens with it ("Altogether, 837 ballots"), ends the claim before. With
 * `words`, cardinal words are read as parts (listIn).
 */
function afterList(
  text: string,
  paragraph: Paragraph,
  c: number,
  total: Quantity,
  words = false,
): Reading | null | undefined {
  const claim = paragraph.claims[c];
  const before = claim.quantities.slice(0, claim.quantities.indexOf(total));
  const inClaim = before.some((q) => listable(q, total));
  const source = paragraph.claims[inClaim ? c : c - 1];
  const closingLead = inClaim
    ? wordsBetween(text, before.at(-1)!.end, total.start, claim.quantities)
    : "";
  const closing = CLOSING_LEAD.test(closingLead);
  // "that's" closing the list names the figure after it their total ("dinner 780 kcal — that's
  // 2,130 kcal") where it is in the parts' own unit (in another it may say the last part again)
  // and the parts are no rates it is worked from ("3 points for a win and 1 for a draw, that's").
  const closes = closing && THAT_IS.test(closingLead) && !WEIGHED.test(total.noun ?? "") &&
    before.every((q) =>
      !listable(q, total) ||
      q.unit === total.unit && !RATE_AFTER.test(text.slice(q.end, q.end + 24))
    );
  if (!source || !(isTotal(text, total) || closes)) return undefined;
  const { list, whole } = listIn(
    text,
    inClaim ? before : source.quantities,
    total,
    false,
    closing,
    words,
  );
  if (list.length < 2) return undefined;
  const last = list.at(-1)!;
  // Across claims, the list ends its sentence and the total's sentence counts nothing else.
  const around = [...source.quantities, ...claim.quantities];
  const lead = wordsBetween(text, inClaim ? last.end : claim.start, total.start, around);
  const tail = inClaim ? "" : wordsBetween(text, last.end, source.end, around);
  // Past a spaced dash or a semicolon after the total, a clause of its own ("That's 14 hours in
  // total — doable over six days") counts no part of it; nor do the steps of arithmetic after it.
  const aside = text.slice(total.end, claim.end).search(ASIDE);
  const clauseEnd = aside < 0 ? claim.end : total.end + aside;
  const alone = claim.quantities.every((q) =>
    q === total || !listable(q, total) || q.start >= clauseEnd || q.computed
  );
  if (
    !inClaim && (!alone || !LIST_TAIL.test(tail) || REST.test(tail) || UNCOUNTED.test(tail)) ||
    !TOTAL_GAP.test(lead) || NOT_PARTS.test(lead) || UNCOUNTED.test(lead) ||
    /\b(?:and|plus)\s*$/.test(lead)
  ) return undefined;
  // The whole list confirms the total. A shorter run of its last parts that adds up may be the
  // real list, read too far back ("Year 9 ... 31, 18 and 24"), or a wrong total that happens to
  // equal a part of the sum ("31, 18 and 24 students — 42 in all"): which, the text does not say.
  if (addsUp(list, total)) return { parts: list, ok: true };
  if (list.slice(0, -2).some((_, i) => addsUp(list.slice(i + 1), total))) return null;
  // Wrong only when the list holds all it could and no run ending it, from further back in the
  // paragraph too, may add up: a part may have been named a sentence earlier.
  const earlier = paragraph.claims.slice(0, paragraph.claims.indexOf(source))
    .flatMap((p) => p.quantities).filter((q) => listable(q, total));
  const run = [...earlier, ...list].slice(-2 * MAX_PARTS);
  const mayAddUp = run.slice(0, -2).some((_, i) =>
    !run.slice(i).every((q) => summable(q) || words && cardinal(text, q)) ||
    addsUp(run.slice(i), total)
  );
  if (!whole || mayAddUp || exceeded(list, total)) return null;
  // Parts that are other things than the total are its parts only when summed plainly.
  const leadWords = lead.split(/[,;:—(]/).at(-1)!;
  const held = HOLDS_LEAD.test(leadWords) &&
    TOTAL_AFTER.test(text.slice(total.end, total.end + 40));
  const plain = (SUM_LEAD.test(leadWords) || held) && !WEIGHED.test(total.noun ?? "");
  // Nor when the total is far from their sum: it counts what they hold ("3 albums and 2 EPs, 45
  // songs"), not them.
  const others = list.filter((q) => !namesTotal(text, q, total));
  const sum = sumOf(list, total);
  const measured = others.some((q) => MEASURED.test(text.slice(q.end, q.end + 30)));
  if (others.length > 0 && (!plain || measured || total.value > 2 * sum)) return null;
  return { parts: list, ok: false };
}

/**
 * A bare number of a breakdown is in its measured total's unit or currency, said once before the
 * colon ("1,517 kWh in total: 412 in January, ...").
 */
const inTotalsUnit = (q: Quantity, total: Quantity): Quantity =>
  q.kind !== "number" || q.word || (total.kind !== "unit" && total.kind !== "money")
    ? q
    : { ...q, kind: total.kind, unit: total.unit, currency: total.currency };

/** Whether a part counts the total's thing: a bare number does, or one that names its noun. */
function namesTotal(text: string, q: Quantity, total: Quantity): boolean {
  if (q.kind === "number" || !total.noun || q.noun === total.noun) return true;
  const words = text.slice(q.end, q.end + 30).toLowerCase().match(/[\p{L}'-]+/gu) ?? [];
  return words.slice(0, 3).some((w) => w.startsWith(total.noun!));
}

/** "They scored 51 goals and 44 assists, a total of 95 points": the other quantities of its slot. */
function slotTotal(text: string, paragraph: Paragraph, c: number, total: Quantity) {
  const claim = paragraph.claims[c];
  if (!isTotal(text, total)) return undefined;
  // A subtotal has amounts added to it ("subtotal $120.00, sales tax $9.60"), not its parts,
  // unless its own claim adds nothing ("pens $4.50, stapler $12.75. Subtotal: $17.25").
  const addedTo = claim.quantities.some((q) => q.start > total.end && sameSlot(q, total));
  if (SUBTOTAL_BEFORE.test(text.slice(Math.max(0, total.start - 16), total.start)) && addedTo) {
    return undefined;
  }
  const partsIn = (qs: readonly Quantity[]) =>
    qs.filter((q) =>
      q !== total && summable(q) && sameSlot(q, total) && !isTotal(text, q) &&
      !HYPHENED.test(text.slice(q.end, q.end + 2))
    );
  // Another total of the slot beside it ("subtotal $120.00, ..., total $137.10"): which sums
  // what, the claim does not say.
  const others = claim.quantities.filter((q) => q !== total && sameSlot(q, total));
  if (others.some((q) => isTotal(text, q))) return undefined;
  // Parts named before the total are its parts; a figure of the slot after it is said of the
  // total ("add up to 2,030 kcal, a little over a typical 2,000 kcal target").
  let parts = partsIn(claim.quantities);
  const before = parts.filter((q) => q.end <= total.start);
  if (before.length >= 2) parts = before;
  // The claims before hold the parts only when the total's claim counts nothing else
  // ("51 goals and 44 assists, a total of 95 points" sums its own claim, if anything).
  const alone = claim.quantities.every((q) => q === total || !summable(q));
  if (parts.length < 2 && alone) {
    parts = paragraph.claims.slice(0, c).flatMap((p) => partsIn(p.quantities)).concat(parts);
  }
  if (parts.length < 2 || parts.length > MAX_PARTS || exceeded(parts, total)) return undefined;
  // "Two tickets at $86 each plus the $12 fee", "11 st 4 lb is 158 lb": a part scaled, or two
  // said equal, make more than a sum of the parts, which is then undecided.
  const scaled = parts.some((q) => SCALED_AFTER.test(text.slice(q.end, q.end + 12)));
  const equated = parts.slice(1).some((q, k) => EQUATED.test(text.slice(parts[k].end, q.start)));
  // "(9 points), and added 7 free throws, finishing with 28 points": a count of another thing
  // after the parts may add to a count too.
  const added = total.kind === "count" &&
    claim.quantities.some((q) =>
      q.kind === "count" && !sameSlot(q, total) && q.start > parts.at(-1)!.end &&
      q.end <= total.start
    );
  if (scaled || equated || added) return null;
  const ok = addsUp(parts, total);
  // A part before them may name its thing where they leave it out ("Oakridge (8,420 residents),
  // Millbrook (5,960) and Fenwick (3,115), a combined 17,495"): a run with it that adds up leaves
  // the total undecided.
  const run = claim.quantities.filter((q) =>
    q.end <= parts.at(-1)!.end && summable(q) &&
    (sameSlot(q, total) || (UNMEASURED.has(q.kind) && UNMEASURED.has(total.kind)))
  );
  if (!ok && run.some((_, i) => run.length - i > parts.length && addsUp(run.slice(i), total))) {
    return null;
  }
  return { parts, ok };
}

/** Counts and bare numbers, which add whatever they count. */
const UNMEASURED = new Set(["count", "number"]);
/** A number hyphened to a word names a kind of thing ("a 72-hole total"): no part of a sum. */
const HYPHENED = /^-\p{L}/u;
/** Before a total, the word that makes it a subtotal. */
const SUBTOTAL_BEFORE = /\bsub-?total\b[^\d]*$/i;
/**
 * After an amount, words that scale it, its unit maybe between: "$86 each", "£12 per person", "$5
 * a head", "4.2 MW each".
 */
const SCALED_AFTER = /^\s*(?:[\p{L}/]+\s+)?(?:each|apiece|per\b|a (?:head|person|piece))/iu;
/** Between two amounts, words that say they are one: "11 st 4 lb is 158 lb", "= 158 lb". */
export const EQUATED = /^\s*(?:is|are|was|were|=|≈|equals|or|which is)\s*$/i;

/**
 * A list item or table row that states the total of the items above it: "Total", "Grand total",
 * a period's ("Q1 total", "Weekly total"), not an average's.
 */
const TOTAL_LABEL =
  /^(?:grand\s+|the\s+|(?!average\b|mean\b|median\b)[\p{L}\p{N}]+\s+)?(?:sub-?total|total|overall|sum)(?:\s+[\p{L}]+)?$/iu;
/** A total row's label that names nothing it might be the total of but the rows above. */
const WHOLE_LABEL = /^(?:grand\s+)?total$/i;
/** Labels of items that are no parts of a sum: rates, averages, subtotals, changes, options. */
const NOT_A_PART_LABEL =
  /\b(?:per|each|every|unit|rate|average|avg|mean|median|min(?:imum)?|max(?:imum)?|sub-?total|total|overall|change|growth|difference|net|tax|vat|discount|option|alternative|choice|tier)\b|%/i;
/**
 * A slash that makes a rate ("$/kWh", "km/h", "cost/unit", "calls/day", "18/35"), not one between
 * two things ("Phone/internet"): a symbol or digit before it, a unit, a period or a thing counted
 * one at a time after it.
 */
const RATE_SLASH =
  /(?:[$£€¥\d]\s*\/|\/\s*(?:\d|(?:unit|item|person|head|piece|serving|portion|night|kwh|mwh)s?\b))/i;
const RATE_SLASH_WORD = /\/\s*([\p{L}]+)/gu;
const isRateLabel = (label: string) =>
  RATE_SLASH.test(label) ||
  [...label.matchAll(RATE_SLASH_WORD)].some((m) => unitOfForm(m[1]) !== undefined);
/** How a line stating the list's total opens: words that sum or point back at the list. */
const TOTAL_LINE_LEAD =
  /^\s*(?:[=≈]|(?:that|this|these|those|together|altogether|in total|in all|overall|all told|all in all|combined|(?:(?:grand|estimated|final|daily|weekly|monthly|quarterly|yearly|annual|order|basket|cart|trip|bill)\s+)?(?:sub-?)?total|so|which|the (?:total|grand total|sum|overall))\b)/iu;
/** A line that opens with its total, "= $1,905/month", "≈ 1,535 kcal total": the list's sum. */
const EQUALS_LINE = /^\s*[=≈]/;
/** How a total's line opens when it says it sums all of the list. */
const WHOLE_LEAD =
  /^\s*(?:altogether|all together|in total|in all|all told|all in all|overall|combined|everything|(?:that|this|these|those|it|they)(?:\s+all)?\s+(?:adds? up|sums? (?:up )?to|totals?|brings? the (?:overall|total|grand total)))\b/i;
/** On a total's line, words that make it a total of other things than the list's. */
const OTHER_TOTAL =
  /\b(?:with|after|plus|net|gross|tax|vat|fees?|shipping|tips?|average|left|if|unless|once|when)\b/i;
/**
 * "(before any loyalty discount)", "before the 8.25% sales tax": what the total leaves out, to the
 * end of its phrase. The items' sum is still the total: a tax or discount item is no part.
 */
const BEFORE_PHRASE = /\bbefore\b[^,;()]*/gi;
/** A clause of its own after the total's: "373 ballots counted, and Marcus wins with ...". */
const NEXT_CLAUSE = /[,;]\s+(?:and|but|while|whereas|so)\s+(?!(?:that|this|it|which)\b)/i;
/** A period an amount is said for: the items' and the total's must be one. */
const PERIOD =
  /\b(?:hourly|daily|weekly|monthly|quarterly|annual(?:ly)?|yearly|per|a (?:day|week|month|year))\b/i;
/** The period a total is said for ("$1,720 per month", "$1,905/month"): no word of its parts. */
const PERIOD_PHRASE = /(?:\b(?:per|a)\s+|\/\s*)(?:day|week|month|mo|year|yr)\b/gi;
/** At most this many items in a list that a total adds up. */
const MAX_ITEMS = 12;

/**
 * A markdown list or table column of amounts and its total: the last item named a total ("|
 * Total | 1,933 |", "- Total: $3,205"), or the line after the list, which opens with words that
 * sum ("Total: $2,632", "That adds up to 598 kcal", "Altogether, volunteers collected 834 cans")
 * and names one quantity of the items' slot a total, or adds one more part first ("Plus 79 spoiled
 * ballots, giving 17,962"). Every item is a part, all of one slot (an item priced "2 gallons at $38
 * each: $76" too, its amount their product); the total is confirmed when they all add up to it.
 * It is contradicted only when no subset of them adds up to it, no part exceeds it, it is at most
 * twice their sum, no quantity of their slot is stated before the list, and the total's line
 * names no other total (with tax, a period of its own, a rest).
 */
export function listTotalFindings(
  text: string,
  lists: readonly MarkdownList[],
  all: readonly Quantity[],
): ExactFinding[] {
  const out: ExactFinding[] = [];
  for (const list of lists) {
    const scored = scoreTotalFinding(text, list);
    if (scored) out.push(scored);
    const last = list.items.at(-1);
    const named = last?.amount && TOTAL_LABEL.test(last.label);
    const line = named ? last : list.after && firstSentence(text, list.after);
    const equals = !named && line !== undefined &&
      EQUALS_LINE.test(text.slice(line.start, line.end));
    // A row labelled just "Total", or a line that opens with "=" or "≈" or stands under a rule,
    // sums every item above it.
    const whole = named ? WHOLE_LABEL.test(last!.label) : equals || list.ruled === true;
    const items = named ? list.items.slice(0, -1) : list.items;
    // "- Phone: $45\n\n= $1,905": the "=" reads as arithmetic on the last item (quantities.ts),
    // but it opens the line that sums the list.
    const parts = items.flatMap((item, i) =>
      !item.amount ? [] : equals && i === items.length - 1 ? [plainly(item.amount)] : [item.amount]
    );
    if (parts.length !== items.length || parts.length < 2 || parts.length > MAX_ITEMS) continue;
    if (!parts.every(summable)) continue;
    if (!parts.every((p) => sameSlot(p, parts[0]) && !p.computed)) continue;
    const labels = [list.heading ?? "", ...items.map((item) => item.label)];
    const notPart = (label: string) => NOT_A_PART_LABEL.test(label) || isRateLabel(label);
    if (
      notPart(labels[0]) || items.some((item) => notPart(item.label) && !priced(text, item, all))
    ) continue;
    // "Wins: 10, Losses: 4, Draws: 2, Total points: 32": a total of points weighs the items, which
    // count no points.
    if (!line) continue;
    const weighed = [...labels, ...parts.map((p) => p.noun ?? "")].some((w) => WEIGHED.test(w));
    if (WEIGHED.test(named ? last!.label : text.slice(line.start, line.end)) && !weighed) continue;
    const added = named ? undefined : addedPart(text, line, parts[0]);
    const total = named ? last!.amount! : added?.total ?? totalIn(text, line, all, parts[0]);
    if (!total || !summable(total) || !listable(total, parts[0])) continue;
    if (added) parts.push(added.part);
    if (exceeded(parts, total)) continue;
    const ok = addsUp(parts, total);
    if (hedged(parts, total) && ok && !isPlainSum(parts, total)) continue;
    const lineText = text.slice(added ? total.end : line.start, line.end);
    const lineWords = lineText.split(NEXT_CLAUSE)[0].replace(PERIOD_PHRASE, " ")
      .replace(BEFORE_PHRASE, " ");
    const periods = items.map((i) => PERIOD.exec(i.label)?.[0]);
    const totalPeriod = PERIOD.exec(lineText)?.[0];
    // The items' period is one; the total's is theirs, or they state none ("Rent: $1,250 ...
    // = $1,905/month").
    const samePeriod = periods.every((p) => p === periods[0]) &&
      (totalPeriod === undefined || periods[0] === undefined || totalPeriod === periods[0]);
    const decided = ok || (
      total.value <= 2 * sumOf(parts, total) &&
      !all.some((q) => q.end <= items[0].start && sameSlot(q, parts[0])) &&
      !OTHER_TOTAL.test(lineWords) && !NOT_PARTS.test(lineWords) && !REST.test(lineWords) &&
      samePeriod && (whole || ofWhole(items, lineText) || !subsetAddsUp(parts, total))
    );
    if (decided) out.push(totalFinding(text, total, { parts, ok }));
  }
  return out;
}

const plainly = (q: Quantity): Quantity => ({ ...q, computed: false });

/** How a line opens that adds one more part to a list: "Plus 79 spoiled ballots". */
const ADDED_LEAD = /^\s*(?:plus|and)\s+(?=\d)/i;
/** From the part a line adds to the total it gives: "..., giving", "..., for a total of". */
const ADDED_TO_TOTAL =
  /^[^\d,;]{0,40},\s*(?:giving|making|bringing (?:it|the total|that) to|for|which (?:makes|gives))\s+(?:a (?:grand )?total of\s+)?$/i;

/**
 * "Plus 79 spoiled ballots, giving 17,962 ballots cast overall": a line after a list that adds
 * one part and gives the total, each the one quantity of the list's slot there. The line is read
 * after its lead, which the reading of prose takes for a name ("Plus 79").
 */
function addedPart(
  text: string,
  line: { start: number; end: number },
  item: Quantity,
): { part: Quantity; total: Quantity } | undefined {
  const lead = ADDED_LEAD.exec(text.slice(line.start, line.end));
  if (!lead) return undefined;
  const from = line.start + lead[0].length;
  const ofSlot = quantities(text.slice(from, line.end)).filter((q) => listable(q, item))
    .map((q) => ({ ...q, start: from + q.start, end: from + q.end }));
  if (ofSlot.length !== 2 || ofSlot[0].start !== from) return undefined;
  const [part, total] = ofSlot;
  return summable(part) && ADDED_TO_TOTAL.test(text.slice(part.end, total.start))
    ? { part, total }
    : undefined;
}

/**
 * "Paint, 2 gallons at $38 each: $76": an item whose label prices a number of things, its amount
 * their cost, exactly. Its price is no part; the amount is.
 */
function priced(text: string, item: ListItem, all: readonly Quantity[]): boolean {
  const amount = item.amount!;
  const inLabel = all.filter((q) => q.start >= item.start && q.end <= amount.start);
  if (inLabel.length !== 2) return false;
  const [count, price] = inLabel;
  return (count.kind === "count" || count.kind === "number" || count.kind === "unit") &&
    price.kind === "money" && price.currency === amount.currency &&
    /^\s+at\s+$/.test(text.slice(count.end, price.start)) &&
    /^\s+each\b/.test(text.slice(price.end, price.end + 6)) &&
    agree({ value: count.value * price.value, tolerance: 0 }, amount, 0);
}

/**
 * A list of scores and their total ("Section A: 38/40" ... "Overall score: 84 out of 100"): the
 * last item named a total, or the line after that opens with words that sum.
 */
function scoreTotalFinding(text: string, list: MarkdownList): ExactFinding | undefined {
  const last = list.items.at(-1);
  const named = last?.score && TOTAL_LABEL.test(last.label);
  const items = named ? list.items.slice(0, -1) : list.items;
  const scores = items.flatMap((item) => item.score ? [item.score] : []);
  if (scores.length !== items.length || scores.length < 2 || scores.length > MAX_ITEMS) return;
  const labels = [list.heading ?? "", ...items.map((item) => item.label)];
  if (labels.some((label) => NOT_A_PART_LABEL.test(label) || isRateLabel(label))) return;
  const line = !named && list.after && firstSentence(text, list.after);
  const lineText = line ? text.slice(line.start, line.end) : "";
  const total = named
    ? last!.score!
    : line && TOTAL_LINE_LEAD.test(lineText) && !OTHER_TOTAL.test(lineText)
    ? scoreIn(text, line)
    : undefined;
  return total && scoreSumFinding(scores, total);
}

/**
 * Scores in a sentence and the total that follows them: "18/20 on Section A, 27/30 on Section B
 * and 41/50 on Section C, giving an overall score of 86/100", "quiz 18/20, lab report 27/30 and
 * final exam 45/50. That's 90 out of 100". The parts are a list closed by "and", each a few words
 * from the last; the total comes in the next few words, named by them.
 */
function scoreRunFindings(text: string, paragraph: Paragraph): ExactFinding[] {
  const { claims } = paragraph;
  if (claims.length === 0) return [];
  const scores = scoresIn(text, { start: claims[0].start, end: claims.at(-1)!.end });
  const out: ExactFinding[] = [];
  let from = 0;
  for (let t = 2; t < scores.length; t++) {
    const lead = text.slice(scores[t - 1].end, scores[t].start);
    if (!SCORE_TOTAL_LEAD.test(lead) || OTHER_TOTAL.test(lead)) continue;
    let first = t - 1;
    while (first > from && isScoreGap(text.slice(scores[first - 1].end, scores[first].start))) {
      first--;
    }
    const parts = scores.slice(first, t);
    from = t + 1;
    if (parts.length < 2 || parts.length > MAX_ITEMS) continue;
    if (!LAST_JOIN.test(text.slice(parts.at(-2)!.end, parts.at(-1)!.start))) continue;
    const found = scoreSumFinding(parts, scores[t]);
    if (found) out.push(found);
  }
  return out;
}

/**
 * Between two scores of a list: a few words and a comma, or "and" ("on Section A, 27/30"), and a
 * numbered label ("Paper 1 72/100, Paper 2 65/100").
 */
const SCORE_GAP = /^[^\n\d.;:!?]{0,40}$/;
const NUMBERED_LABEL = /\b\p{L}+\s+\d{1,2}\b(?!\s*\/)/gu;
const isScoreGap = (gap: string) => SCORE_GAP.test(gap.replace(NUMBERED_LABEL, ""));
/** Between the last part and the total: a few words that name it a total or sum the parts. */
const SCORE_TOTAL_LEAD =
  /^[^\n\d]{0,40}\b(?:overall|total|altogether|in all|combined|all told|that['’]s|that is|this makes|which makes|giving)\b[^\n\d]{0,30}$/i;

/**
 * Scores and their total: confirmed when the marks got and the marks available both add up;
 * contradicted only when the marks available do and the marks got do not (else the total may be
 * scaled or weighted).
 */
function scoreSumFinding(scores: readonly Score[], total: Score): ExactFinding | undefined {
  const sum = (key: "got" | "of") => scores.reduce((n, s) => n + s[key], 0);
  const [got, of] = [sum("got"), sum("of")];
  if (of !== total.of) return undefined;
  const marks = (s: Score) => `${s.got}/${s.of}`;
  const sumText = `${scores.map(marks).join(" + ")} = ${got}/${of}`;
  return finding(
    "total",
    got !== total.got,
    { start: Math.min(scores[0].start, total.start), end: Math.max(scores.at(-1)!.end, total.end) },
    got === total.got ? sumText : `${sumText}, not ${marks(total)}`,
  );
}

/** The first sentence of a line. */
function firstSentence(text: string, line: { start: number; end: number }) {
  const end = /[.!?](?:\s|$)/.exec(text.slice(line.start, line.end));
  return { start: line.start, end: end ? line.start + end.index : line.end };
}

/** The total a sentence after a list states: "Total: $2,632", "That adds up to 598 kcal". */
function totalIn(
  text: string,
  sentence: { start: number; end: number },
  all: readonly Quantity[],
  part: Quantity,
): Quantity | undefined {
  if (!TOTAL_LINE_LEAD.test(text.slice(sentence.start, sentence.end))) return undefined;
  // Of the amounts of the items' slot, the one named the total ("Total: $13.63, under your $15
  // cap"), or the first after an "=" that opens the line ("= $1,905/month"). Items that count
  // one thing may sum to a count of another ("99 votes, ..." and "373 ballots").
  // A rate ("$2,018/month") is an amount for its period, no step of working.
  const ofSlot = all.filter((q) =>
    q.start >= sentence.start && q.end <= sentence.end && listable(q, part)
  ).map((q) => q.rate ? plainly(q) : q);
  // The "=" line's one amount, read as worked arithmetic on the list's last item: the total.
  if (EQUALS_LINE.test(text.slice(sentence.start, sentence.end))) {
    return ofSlot.length === 1 ? plainly(ofSlot[0]) : ofSlot[0];
  }
  const named = ofSlot.filter((q) => isTotal(text, q));
  if (named.length > 0) return named.length === 1 ? named[0] : undefined;
  // "That's 373 ballots counted": a line that opens by summing, its first amount right after.
  const [first] = ofSlot;
  const lead = first && text.slice(sentence.start, first.start);
  if (!lead || !SUM_LINE_LEAD.test(lead)) return undefined;
  return COMPARED.test(text.slice(first.end, sentence.end)) ? undefined : first;
}

/** How a line opens that sums the list above it without naming a total: "That's", "This makes". */
const SUM_LINE_LEAD =
  /^\s*(?:so,?\s+)?(?:that|this|which)(?:['’]s|\s+is|\s+makes|\s+gives(?:\s+you)?|\s+comes\s+to|\s+puts\s+(?:the|your|you|it)(?:\s+[\p{L}-]+)?\s+at)\s*(?:(?:about|roughly|around|approximately)\s+|[~≈]\s*)?$/iu;
/** After an amount, words that make it a difference, a rate or a rest, not the list's sum. */
const COMPARED =
  /\b(?:more|fewer|less|than|ahead|behind|short|shy|difference|between|margin|gap|lead|per|each|left|remaining|average)\b/i;

/**
 * Whether a total's line says it is of the whole list: it opens with words for all of it ("That
 * adds up to", "Altogether", "In total") and names none of the items ("Together, rent and
 * utilities come to").
 */
function ofWhole(items: readonly ListItem[], line: string): boolean {
  const wordsOf = (t: string): string[] => t.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
  const words = wordsOf(line);
  const labels = items.flatMap((item) => wordsOf(item.label));
  return WHOLE_LEAD.test(line) && !labels.some((label) => words.includes(label));
}

/** Whether some of the parts, not all, add up to the total: it may be a subtotal of them. */
function subsetAddsUp(parts: readonly Quantity[], total: Quantity): boolean {
  const values = readingsOf(parts, total).map((r) => r.value);
  const isTheTotal = sumOfPartsIs(parts, total);
  // Each subset's sum is a smaller subset's plus one part: one addition per subset.
  const sums = new Float64Array(1 << parts.length);
  for (let mask = 1; mask < sums.length - 1; mask++) {
    const lowest = mask & -mask;
    sums[mask] = sums[mask ^ lowest] + values[31 - Math.clz32(lowest)];
    if (isTheTotal(sums[mask])) return true;
  }
  return false;
}

export function totalFindings(text: string, paragraph: Paragraph): ExactFinding[] {
  const out: ExactFinding[] = [];
  // Worked arithmetic ("3 x $25 = $75") states its steps, not totals of the claims around it.
  // After a total, it may be no step of it ("7 cu ft in total, to fill a 4 x 2 ft bed"): a list
  // before the total is still read.
  const worked = paragraph.claims.flatMap((c) => c.quantities).filter((q) => q.computed);
  paragraph.claims.forEach((claim, c) => {
    for (const total of claim.quantities) {
      if (worked.some((q) => q.start < total.end)) {
        const results = workedResults(text, paragraph, c, total);
        if (results) out.push(totalFinding(text, total, results));
        continue;
      }
      const after = worked.length > 0;
      // Number words are used loosely ("two of us"), but a closed list of cardinal words under a
      // named total counts exactly: "seven apples, five pears and two oranges, 14 in all".
      const plain = summable(total);
      if (!plain && !(cardinal(text, total) && total.kind === "count")) continue;
      // A list that is found but cannot decide (null) leaves the total unread.
      let reading = plain && !after ? brokenDown(text, claim, total) : undefined;
      if (reading === undefined && plain) reading = afterList(text, paragraph, c, total);
      if (reading === undefined && plain && !after) {
        reading = slotTotal(text, paragraph, c, total);
      }
      if (reading === undefined) reading = afterList(text, paragraph, c, total, true);
      // "A 45-lb bar with two 45-lb plates comes to 135 lb": a part counted more than once is
      // a product, its count one the sum does not read.
      if (reading && reading.parts.some((p) => isCounted(text, p))) reading = null;
      // "Rent comes to $1,475, utilities $153, ... Altogether that's $2,397": a total that adds up
      // with its parts to a later total is one part more.
      if (reading && !reading.ok && partOfLaterTotal(text, paragraph, total, reading.parts)) {
        reading = null;
      }
      // "climbs 450 m, drops 120 m ..., then climbs another 300 m (total ascent 750 m)": parts
      // going both ways, of which a total of one way leaves the others out.
      if (reading && !reading.ok && goesBothWays(text, reading.parts)) reading = null;
      // "A 40 lb bag is about 18.1 kg": one measure in two units is one part, and what it is a
      // part of ("six bags ... roughly 109 kg") is a product, not this sum. A part in the total's
      // other unit ("80 kg comes to about 176.4 lb, which is 12 st 8 lb") is the total converted.
      if (reading && restatesPart(text, [...reading.parts, total])) reading = null;
      // A hedged total the parts bear out only within its rounding is said loosely: nothing to
      // confirm. One that is their sum as written is confirmed ("Total: ~671 kcal").
      const loose = reading?.ok && hedged(reading.parts, total) &&
        !isPlainSum(reading.parts, total);
      if (reading && !loose) {
        out.push(totalFinding(text, total, reading));
      }
    }
  });
  return [...out, ...scoreRunFindings(text, paragraph)];
}

/** Before a part, a word of going one way or the other: "climbs 450 m", "drops 120 m". */
const GONE_UP =
  /\b(?:climb(?:s|ed|ing)?|ris(?:es|ing)|rose|gain(?:s|ed|ing)?|ascend(?:s|ed|ing)?|deposit(?:s|ed|ing)?|earn(?:s|ed|ing)?)\s+(?:(?:another|about|roughly|only|just)\s+)?$/i;
const GONE_DOWN =
  /\b(?:drop(?:s|ped|ping)?|descend(?:s|ed|ing)?|f[ae]ll(?:s|ing)?|los(?:es|t|ing)|withdr[ae]w(?:s|n)?|spen[dt](?:s|ing)?)\s+(?:(?:another|about|roughly|only|just)\s+)?$/i;

/** Whether some parts go one way and others the other: "climbs 450 m, drops 120 m". */
const goesBothWays = (text: string, parts: readonly Quantity[]) =>
  [GONE_UP, GONE_DOWN].every((way) =>
    parts.some((p) => way.test(text.slice(Math.max(0, p.start - 24), p.start)))
  );

/** After an "=" or "≈": the result of a step of working. */
const RESULT_BEFORE = /[=≈]\s*(?:\$|€|£)?$/;

/**
 * A total named after steps of working, of their results: "30 g protein × 4 = 120 kcal, 45 g
 * carbs × 4 = 180 kcal, 12 g fat × 9 = 108 kcal. Altogether that meal is 408 kcal." The results
 * are the claim's and the one before's, all of the total's slot, each of its own step, none
 * worked on further ("2 × 3 = 6, 6 × 4 = 24" is no sum).
 */
function workedResults(
  text: string,
  paragraph: Paragraph,
  c: number,
  total: Quantity,
): Reading | undefined {
  if (!summable(total) || !isTotal(text, total)) return undefined;
  const before = [...(paragraph.claims[c - 1]?.quantities ?? []), ...paragraph.claims[c].quantities]
    .filter((q) => q.end <= total.start);
  const isResult = (q: Quantity) =>
    RESULT_BEFORE.test(text.slice(Math.max(0, q.start - 4), q.start));
  const results = before.filter(isResult);
  if (results.length < 2 || !results.every((q) => listable(q, total))) return undefined;
  // A total is at least each part; an amount of the total's slot not worked out is a part more.
  if (exceeded(results, total)) return undefined;
  const from = results[0].start;
  if (before.some((q) => q.start >= from && !q.computed && listable(q, total))) return undefined;
  // Each result closes its own step, and none is an operand of a later one.
  const operands = before.filter((q) => !isResult(q));
  if (operands.some((o) => results.some((r) => r.start < o.start && r.value === o.value))) {
    return undefined;
  }
  const opensStep = (r: Quantity, k: number) =>
    operands.some((o) => o.end <= r.start && (k === 0 || o.start > results[k - 1].end));
  if (!results.every(opensStep)) return undefined;
  return { parts: results, ok: addsUp(results, total) };
}

/** A part next to another in another unit, this near its conversion, is that part again. */
const RESTATED_NEXT_FACTOR = 1.25;

/**
 * Whether two of the measures are one in two units: the one converts to the other, is joined to it
 * as its conversion, or follows it close to its conversion (a conversion slipped is still the
 * measure again, not a part more: "20 kg — that's 48.1 lb").
 */
const restatesPart = (text: string, parts: readonly Quantity[]) =>
  parts.some((p, i) =>
    parts.slice(i + 1).some((q, k) =>
      p.kind === "unit" && q.kind === "unit" && p.unit !== q.unit &&
      dimensionOf(p.unit!) === dimensionOf(q.unit!) &&
      (agree(inUnit(p, q.unit!), q, CONVERSION_SLACK) || isConversionOf(text, p, q) ||
        k === 0 && isNearConversion(p, q, q.unit!, RESTATED_NEXT_FACTOR))
    )
  );

function partOfLaterTotal(
  text: string,
  paragraph: Paragraph,
  total: Quantity,
  parts: readonly Quantity[],
): boolean {
  return paragraph.claims.flatMap((c) => c.quantities).some((q) =>
    q.start > total.end && sameSlot(q, total) && isTotal(text, q) && addsUp([total, ...parts], q)
  );
}

/** The parts' sum against the total. */
export const sumFinding = (text: string, total: Quantity, parts: Quantity[]) =>
  totalFinding(text, total, { parts, ok: addsUp(parts, total) });

function totalFinding(text: string, total: Quantity, { parts, ok }: Reading): ExactFinding {
  const sum = sumOf(parts, total);
  const sumText = `${parts.map((p) => written(text, p)).join(" + ")} = ${formatNumber(sum)}`;
  return finding(
    "total",
    !ok,
    {
      start: Math.min(total.start, parts[0].start),
      end: Math.max(total.end, parts[parts.length - 1].end),
    },
    ok ? sumText : `${sumText}, not ${written(text, total)}`,
  );
}
