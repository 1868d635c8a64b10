/**
 * Unit conversions stated in the answer: a quantity followed by the same quantity in another unit
 * of the same dimension, joined as a conversion is written ("40 °C (104 °F)", "5 km, or about 3.1
 * miles", "100 kg is 220 lb", "The race is 100 km. That's about 62 miles.", "511 km. In miles,
 * that's roughly 318.", "At 69 lbs, your dog is 31 kg.", "A 16-oz sirloin is roughly 454 g",
 * "- 115 g butter, softened (4.1 oz)"). Worked conversions are read too: a factor or a temperature
 * formula in the expression ("13.1 mi × 1.609344 = 21.1 km"), a conversion asked and answered
 * over several lines, sets of dimensions ("3.6 m × 5.0 m (11.8 ft × 16.4 ft)") and table columns
 * headed alike but for the unit. The second must be the first converted, within the precision of
 * both and the slack of values.ts. Ranges are left alone; a bound ("up to 656 pounds (298 kg)")
 * bounds its conversion alike, so it is read. A measure in two parts ("5 ft 10 in", "11 st 6 lb")
 * is one measure; a factor stated ("(1 inch = 2.54 cm)") converts no measure before it.
 */
import { type ExactFinding, finding } from "./finding.ts";
import { cellsOf, isTableRow, lineAt, type Span } from "./lists.ts";
import { quantities, type Quantity, unitTolerance, WORD_NUMBERS } from "./quantities.ts";
import { sentenceAround } from "./sentences.ts";
import {
  convertValue,
  dimensionOf,
  UNIT_AFTER_NUMBER,
  type UnitId,
  unitLabel,
  unitOfForm,
} from "./units.ts";
import {
  agree,
  CONFIRMED_SLACK,
  CONVERSION_SLACK,
  decimalsOf,
  digitSlip,
  formatNumber,
  HEDGED_SLACK,
  hedgedReading,
  inUnit,
  type Reading,
  written,
} from "./values.ts";

const HEDGE = String.raw`(?:about|approximately|approx\.|roughly|around|nearly|almost|` +
  String.raw`some|circa|~|≈)`;
/**
 * Words of the measure itself, after it or after its conversion ("780 km long, which is ...",
 * "284 g raw weight", "216 cm (from) corner to corner", "138 km altogether", "11 oz by weight"),
 * a bound's side ("0 °F or colder"), one or two ("2,737 m long from end to end").
 */
const DESCRIPTOR = String.raw`(?:(?:\s+(?:long|tall|high|wide|deep|away|across|thick|diagonally|` +
  String.raw`in (?:length|height|width|diameter)|above sea level|` +
  String.raw`(?:(?:raw|dry|cooked|uncooked|net|gross|total)\s+)?weight|` +
  String.raw`(?:from )?(?:corner|end|side|tip|edge) to (?:corner|end|side|tip|edge)|` +
  String.raw`altogether|in total|combined|all told|by (?:weight|mass|volume)|` +
  String
    .raw`or (?:colder|cooler|warmer|hotter|below|above|under|over|less|more|lower|higher))\b){1,2})`;
/** "in miles", "converted to pounds", "in metric terms": the unit the conversion names (group 1). */
const IN_UNITS = String.raw`(?:(?:in|converted (?:to|into))\s+(\p{L}+(?:\s+\p{L}+)?)\s*,?\s*)`;
/** Verbs that say a measure is another: "is", "equals", "converts to". */
const EQUALS_VERB = String
  .raw`(?:is|are|was|equals|(?:is\s+)?(?:${HEDGE}\s+)?(?:equal|equivalent) to|` +
  String.raw`(?:is\s+)?the equivalent of|is the same as|corresponds to|converts (?:to|into)|` +
  String.raw`comes (?:out )?to|works out (?:to|at)|translates (?:to|into)|would be)`;
/**
 * ... and, after a pointer at the figure ("that gives you 6.2 miles"), verbs of working it out;
 * said of a thing ("a 10-minute charge gives you 2 hours"), these tell what it yields.
 */
const VERB = String.raw`(?:${EQUALS_VERB}|gives(?: you)?|makes)`;
/** "that's", "which is", "which in inches is": the conversion pointing back at the quantity. */
const POINTER = String.raw`(?:which|that|this|it)(?:'s|’s|\s+${IN_UNITS}?${VERB})`;
const TAIL = String.raw`\s*(?:(?:only|just|exactly)\s+)?(?:${HEDGE}\s*)?$`;

/** Joins a conversion is written with, right after the quantity (and its descriptor). */
const JOIN = new RegExp(
  String
    .raw`^${DESCRIPTOR}?\s*(?:[(\[]\s*(?:${POINTER}|or|i\.e\.,?)?|[/=≈→]|\)\s*:|,?\s*i\.e\.,?|` +
    String
      .raw`,?\s*or\b(?:\s*,?\s*${IN_UNITS})?|(?:,|\s[—–])?\s*${IN_UNITS}?(?:${POINTER}|${VERB})\b|` +
    String.raw`,\s*${IN_UNITS}?)${TAIL}`,
  "iu",
);
/**
 * An opening before the pointer of the next sentence: "For reference, that's ...", "Since the
 * plates are labelled in kilograms, that's ..." (the unit it names is group 1), "Converted
 * exactly that's ...", "On the Celsius scale that's ..." (the scale it names, group 2).
 */
const OPENING = String.raw`(?:(?:for (?:reference|comparison|context)|in other words|` +
  String.raw`put another way|[^.;:!?\d,\n]{0,50}?\bin\s+(\p{L}+))\s*,\s*|` +
  String.raw`converted(?:\s+(?:exactly|precisely))?,?\s+|` +
  String.raw`on\s+the\s+(?:other(?:\s+\p{L}+){0,2}\s+scales|(\p{L}+)\s+scale)\s*,?\s*)`;
/** A sentence break or an aside, then the conversion pointing back ("... 100 km. That's ..."). */
const BREAK = String.raw`(?:[.;:!]|\s[—–])\s*(?:${IN_UNITS}|${IN_UNITS}?${POINTER}\b|` +
  String.raw`${OPENING}${POINTER}\b)`;
/**
 * "100 km. That's about 62 miles.", "57 °C. In Fahrenheit, that is 134.6 °F", "5 km — about 3.1
 * miles": the next sentence or an aside.
 */
const NEXT_SENTENCE = new RegExp(
  String.raw`^${DESCRIPTOR}?\s*(?:${BREAK}|\s*[—–])${TAIL}`,
  "iu",
);
/** After a figure, words that make it a difference between two measures. */
const DIFFERENCE_AFTER =
  /^\s*(?:(?:short|shy)\s+of|more|less|fewer|longer|shorter|higher|lower|heavier|lighter|farther|further|taller|wider)\b/i;
/**
 * After a figure, a condition with an amount of its own that makes it another amount than the one
 * before: "or 7.25 hours if you take a 30-minute lunch" ("if your dial is in Fahrenheit" is none).
 * Words that take an amount off ("minus", "after") are read by isAdjusted.
 */
const CONDITION_AFTER = /^\s*(?:if|unless|once|including)\b[^.;!?\n\d]{0,40}\d/i;
/** A whole word: "for" is no "f" before an "or". */
const WORD = String.raw`[\p{L}'’-]+(?![\p{L}'’-])`;
/**
 * "3.18 kg at birth", "25 kg per bag", "5 lb of potatoes", "400 m in lane 1": a short phrase after
 * the measure (a label's number in it is none of the quantities, which are read in pairs).
 */
const PHRASE = String.raw`^${DESCRIPTOR}?\s+(?:of|at|from|to|for|per|on|along|across|through|` +
  String.raw`during|with|in|between)(?:\s+(?:${WORD}|\d{1,3}(?![\d.,:]\d))){1,5}?\s*`;
/** Words, then a spaced dash and a pointer or a hedge: " comfortable indoors — that's about". */
const WORDS_TO_DASH = String.raw`(?:\s+${WORD}){1,7}?\s+[—–]\s*(?:${POINTER}\b|(?=${HEDGE}))`;
/**
 * "180°C is the sweet spot — that's 356°F", "72 °F is a pleasant day — roughly 22 °C", "5,499°C,
 * and converting that to Fahrenheit gives 9,930°F": a short predicate or a clause of converting
 * between the measure and its conversion.
 */
const ASIDE_JOIN = new RegExp(
  String
    .raw`^(?:\s+(?:is|was|are|were)${WORDS_TO_DASH}|` +
    String.raw`,?\s+(?:and\s+)?convert(?:ing|ed)\s+(?:that|this|it)\s+(?:to|into)\s+` +
    String
      .raw`(\p{L}+(?:\s+\p{L}+)?)\s*,?\s*(?:gives(?:\s+you)?|yields|makes|comes\s+to|is))${TAIL}`,
  "iu",
);
/**
 * "22 °C comfortable indoors — that's about 72 °F", "250 miles to the coast — around 402 km": a
 * few words with no verb between, which may tell another measure ("the 28.35 g ounce used for
 * groceries — that works out to roughly 12.4 kg"): read as a restatement.
 */
const WORDS_JOIN = new RegExp(String.raw`^${WORDS_TO_DASH}${TAIL}`, "iu");
/** "3.18 kg at birth (7.01 pounds)": the phrase, then a join that is unmistakable. */
const AFTER_PHRASE = new RegExp(
  PHRASE + String.raw`(?:(?:[(\[]\s*(?:${POINTER}|or)?|,?\s*or\b|,?\s*i\.e\.,?|` +
    String.raw`,?\s*${POINTER}\b|${BREAK})${TAIL}|,\s*${HEDGE}\s*$)`,
  "iu",
);
/**
 * "300 g of flour is about 10.6 oz", "250 g of flour ≈ 8.8 oz": the phrase, then a bare verb or
 * sign (read near a conversion).
 */
const PHRASE_VERB = new RegExp(PHRASE + String.raw`(?:${VERB}\b|[=≈])${TAIL}`, "iu");
/** "Potatoes: 5 lb bag ≈ 2.27 kg": a noun after the measure, then a sign (read near one too). */
const NOUN_SIGN = new RegExp(String.raw`^(?:\s+${WORD}){1,2}\s*[=≈]${TAIL}`, "iu");
/**
 * "A 10 km run is about 6.2 miles", "Your 12 kg bag is 26.5 lb", "A 16-oz sirloin works out to
 * roughly 454 g", "A 52 cm frame ≈ 20.5 in", "35-lb dumbbells. ..., that's about 15.9 kg", "the
 * airline's 23 kg checked-bag limit works out to 50.7 lb": a measure used as a modifier names its
 * noun (up to four words), then the conversion follows.
 */
const ARTICLE_BEFORE =
  /(?:\b(?:a|an|the|this|that|your|our|my|his|her|their|its)|\p{L}['’]s)\s+$/iu;
const HYPHENATED = /\d\s?-\s?\p{L}/u;
const MEASURE_VERB = String.raw`(?:weighs|measures|holds|has an? (?:screen\s+)?diagonal of)`;
const AFTER_NOUN = new RegExp(
  String.raw`^(?:\s+${WORD}){1,4}?\s*(?:,?\s*(?:${POINTER}|${EQUALS_VERB}|${MEASURE_VERB})\b|` +
    String.raw`[(\[]\s*(?:${POINTER}|or)?|[=≈]|${BREAK})${TAIL}`,
  "iu",
);
/** "A 12 oz bag holds about 340 g of coffee": what a container holds is named after its amount. */
const HOLDS = new RegExp(String.raw`\bholds\s+(?:${HEDGE}\s*)?$`, "iu");
const CONTENTS_AFTER = /^\s+of\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?\s*(?:[,.;:!?)]|$)/u;
/**
 * "- 115 g unsalted butter, softened (4.1 oz)": a list line, its item named, the conversion in
 * brackets closing it. Words that join another item ("and", "with") end the reading.
 */
const LINE_START = /\n[ \t]*(?:[-+•]|\d{1,2}[.)])?[ \t]*$/;
const LIST_ITEM = new RegExp(
  String.raw`^(?:,?\s+(?!(?:and|or|with|plus|then|for|to|from|into|each|per)\b)` +
    String.raw`[\p{L}'’-]+){1,6}\s*[(\[]\s*(?:${HEDGE}\s*)?$`,
  "iu",
);
const BRACKET_CLOSE = /^\s*[)\]]/;
/**
 * "At 9,772 feet, the summit sits 2,979 metres", "At 6 ft (72 inches) you're 182.9 cm tall": the
 * same thing restated in its subject's unit, from the measure or its conversion in brackets.
 */
const AT_LEAD = new RegExp(
  String.raw`(?:^|[.!?]\s+|\n\s*)At\s+(?:${HEDGE}\s+)?(?:[\d.,]+\s*[\p{L}'"′″.-]+\s*\(\s*)?$`,
  "u",
);
const AT_RESTATED = new RegExp(
  String.raw`^\s*\)?\s*,?\s*(?:(?:(?:the|its|his|her|their|your|our|my|this|that|a|an)\s+` +
    String.raw`(?:[\p{L}'’-]+\s+){0,3}?|(?:he|she|it|they|you)\s+)(?:is|are|was|were|sits|` +
    String.raw`stands|weighs?|measures?|reaches|comes in at)\s+|(?:you|they)['’]re\s+|` +
    String.raw`(?:he|she|it)['’]s\s+)(?:at\s+)?(?:${HEDGE}\s+)?$`,
  "iu",
);
/**
 * A subject that is another quantity than the one the sentence opens with: "the gap is 1 mile",
 * "the elevation is 300 m" (at 5 km), "the bar is 45 lb" (at 60 kg).
 */
const OTHER_QUANTITY = new RegExp(
  String.raw`\b(?:gap|lead|difference|margin|rest|remaining|remainder|next|other|another|second|` +
    String.raw`last|drop|rise|climb|gain|loss|increase|decrease|change|elevation|altitude|depth|` +
    String.raw`height|width|length|distance|ascent|descent|bar|barbell|plate|dose|dosage|target|` +
    String.raw`intake|limit|minimum|maximum|allowance|requirement)s?\b`,
  "i",
);
/** A restatement read off its sentence alone is taken only within this factor of the true value. */
const RESTATED_FACTOR = 6;
/**
 * After a conversion the clause or line ends ("or around 43 km, so ..."), or an aside opens ("39.6
 * cm diagonally (1 inch = 2.54 cm)", "is 197.4 g (a troy ounce is ...)"); "3 km from town" is
 * another measure.
 */
const CLAUSE_END = new RegExp(
  String.raw`^${DESCRIPTOR}?(?:\s*(?:[,.;:!?)\]—–]|$)|[ \t]*\n|` +
    String.raw`\s+(?:so|and|but|which|while)\b|\s*[(\[])`,
  "iu",
);
const LIST_GOES_ON = /^\s*(?:,|,?\s+and\b)\s*\d/;
const DESCRIBED = new RegExp(`^${DESCRIPTOR}`, "iu");
const SENTENCE_BREAK = /[.;!?]\s/;
const AT_CLAUSE_END = /^(?:\s+(?:tall|high|long|above sea level))?\s*(?:[,.;:!?)]|$)/;
/** "metric terms", "imperial units": a system named, not a unit. */
const SYSTEM = /^(?:\p{L}+\s+)?(?:terms|units|measures)$|^(?:metric|imperial|customary|SI)$/iu;
const HEDGE_WORD = /\b(?:about|approx\w*|roughly|around|nearly|almost|some|circa)\b|~|≈/i;

/** How a conversion is joined: whether hedged, and the unit it names in words ("in miles"). */
interface Join {
  hedged: boolean;
  named?: UnitId;
  /** Read from the sentence's shape alone ("At 69 lbs, your dog is 31 kg"), no word of converting. */
  restated?: boolean;
}

/**
 * The join between `a` and a later quantity `b`, when the text reads as a conversion; `end` is
 * where the conversion ends (past `b` when `b` opens a set of dimensions: "11.8 ft × 16.4 ft").
 */
function joinOf(text: string, a: Quantity, b: Quantity, end = b.end): Join | undefined {
  const raw = text.slice(a.end, b.start);
  // A remark in brackets right after the measure is no part of the join: "21.1 km (half
  // marathon) ≈ 13.1 mi".
  const join = joinBetween(text, a, b, end, raw.replace(REMARK, ""));
  if (join) return join;
  // A measure in brackets is converted on past its bracket ("7 lb 8 oz (7.5 lb) equals 3.4 kg"),
  // to a measure near it ("a 180 lb man (81.6 kg) gives 131 g of protein" tells a yield).
  const bracketed = OPEN_BRACKET.test(text.slice(Math.max(0, a.start - 2), a.start)) &&
    CLOSE_FIRST.test(raw) && b.kind === "unit" && isNearConversion(a, b, b.unit!);
  return bracketed ? joinBetween(text, a, b, end, raw.replace(CLOSE_FIRST, "")) : undefined;
}

/** The join of `a` and `b` by the words `between` them. */
function joinBetween(
  text: string,
  a: Quantity,
  b: Quantity,
  end: number,
  between: string,
): Join | undefined {
  if (between.length > 80) return undefined;
  const after = text.slice(end, end + 32);
  // "about 0.93 miles, roughly 109 m short of a real mile": a difference, not the measure; "7 hours
  // 45 minutes, or 7.25 hours if you take a 30-minute lunch": another amount.
  if (DIFFERENCE_AFTER.test(after) || CONDITION_AFTER.test(after)) return undefined;
  const ways = [JOIN, ASIDE_JOIN, WORDS_JOIN];
  // "120 yards, or about 109.7 m. It's 53⅓ yards wide": a measure of its own next sentence that
  // names what it measures is another of the thing.
  const another = SENTENCE_BREAK.test(between) && DESCRIBED.test(after);
  if (!another && (CLAUSE_END.test(after) || (HOLDS.test(between) && CONTENTS_AFTER.test(after)))) {
    ways.push(NEXT_SENTENCE, AFTER_PHRASE, PHRASE_VERB, NOUN_SIGN);
    if (isModifier(text, a)) ways.push(AFTER_NOUN);
  }
  if (isLineStart(text, a.start) && BRACKET_CLOSE.test(after)) ways.push(LIST_ITEM);
  if (isRestatedAt(text, a, between) && AT_CLAUSE_END.test(after)) ways.push(AT_RESTATED);
  // "750 m, 20 km and 5 km": a list of measures, not one converted.
  if (/^\s*,\s*$/.test(between) && LIST_GOES_ON.test(after)) return undefined;
  const hedged = a.approx || b.approx || HEDGE_WORD.test(between);
  for (const way of ways) {
    const match = between.match(way);
    const named = match ? namedUnit(match) : null;
    const restated = [AT_RESTATED, PHRASE_VERB, NOUN_SIGN, WORDS_JOIN].includes(way);
    if (named !== null) return { hedged, named, restated };
  }
  return undefined;
}

/** Whether `b` is written as `a` converted, rightly or not: "20 kg — that's 48.1 lb". */
export const isConversionOf = (text: string, a: Quantity, b: Quantity): boolean =>
  b.kind === "unit" && joinOf(text, a, b) !== undefined && isNearConversion(a, b, b.unit!);

/** A remark in brackets, no figure in it: "(half marathon)", "(one way)". */
const REMARK = /^\s*\([^()\d]{1,40}\)/;
const CLOSE_FIRST = /^\s*\)/;

/** "A 10 km run", "35-lb dumbbells": a measure naming the noun that follows it. */
const isModifier = (text: string, a: Quantity) =>
  ARTICLE_BEFORE.test(text.slice(Math.max(0, a.start - 12), a.start)) ||
  HYPHENATED.test(text.slice(a.start, a.end));

/** Whether `at` opens a line or a list item ("- ", "2. "). */
const isLineStart = (text: string, at: number) =>
  LINE_START.test(at <= 12 ? "\n" + text.slice(0, at) : text.slice(at - 12, at));

/** The unit a join names ("in miles"), undefined if none; null if it names something else. */
function namedUnit(match: RegExpMatchArray): UnitId | undefined | null {
  const words = match.slice(1).find((g) => g !== undefined);
  if (words === undefined) return undefined;
  return unitOfForm(words) ?? (SYSTEM.test(words) ? undefined : null);
}

const isRestatedAt = (text: string, a: Quantity, between: string) =>
  AT_LEAD.test(text.slice(Math.max(0, a.start - 20), a.start)) && !OTHER_QUANTITY.test(between);

/** `b` in the unit of its conversion: its own, or the one the join names ("In miles, ... 318"). */
function unitOf(a: Quantity, b: Quantity, join: Join): UnitId | undefined {
  const unit = b.kind === "unit" ? b.unit : b.kind === "number" ? join.named : undefined;
  if (!unit || unit === a.unit || (join.named && join.named !== unit)) return undefined;
  return dimensionOf(unit) === dimensionOf(a.unit!) ? unit : undefined;
}

/**
 * "6 feet, 2 inches", "2 hours, 30 minutes": one measure in two parts, the second less than one
 * of the first's unit, is no conversion.
 */
const isCompound = (a: Quantity, b: Quantity, between: string) =>
  /^\s*,\s*$/.test(between) && Number.isInteger(a.value) && inUnit(b, a.unit!).value < 1;

/** After a measure, the next part of it: "6 years and 8½ months", "five years and eight months". */
const NEXT_PART = new RegExp(
  String.raw`^\s*,?\s*(?:and\s+)?(?:[\d½¼¾][\d.,]*[½¼¾]?|(?:${
    Object.keys(WORD_NUMBERS).join("|")
  }))` +
    String.raw`\s*(\p{L}+)`,
  "iu",
);

/** Whether a measure goes on in a smaller unit: only the whole is the conversion. */
function goesOnInParts(text: string, q: Quantity): boolean {
  if (q.kind !== "unit") return false;
  const next = NEXT_PART.exec(text.slice(q.end, q.end + 30));
  const unit = next ? unitOfForm(next[1]) : undefined;
  return unit !== undefined && unit !== q.unit && dimensionOf(unit) === dimensionOf(q.unit!);
}

/**
 * "(1 inch = 2.54 cm)", "2.54 cm = 1 inch": a measure equated to one of another unit of its
 * dimension, one side 1, states the factor of converting, not a measure before it converted.
 */
const EQUATED =
  /^\s*(?:=|≈|equals|is(?: equal to)?)\s*(?:(?:exactly|about|approximately|roughly)\s+)?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)/;

/** "a troy ounce is 31.1 g", "one yard is defined as exactly 0.9144 m": a unit, then its measure. */
const UNIT_DEFINED =
  /\b(?:a|an|one|each)\s+((?:[\p{L}-]+\s+){0,1}[\p{L}-]+)\s+(?:is|equals|=|is defined as|weighs)\s+(?:exactly\s+|about\s+|approximately\s+|roughly\s+|around\s+)?$/iu;

/** The unit a measure is the size of one of ("a yard is 0.9144 m"): a factor, no measure. */
function unitDefined(text: string, q: Quantity): UnitId | undefined {
  if (q.kind !== "unit") return undefined;
  const unit = UNIT_DEFINED.exec(text.slice(Math.max(0, q.start - 48), q.start))?.[1];
  const other = unit ? unitOfForm(unit) ?? (STONE.test(unit) ? "st" : undefined) : undefined;
  return other && other !== q.unit && dimensionOf(other) === dimensionOf(q.unit!)
    ? other
    : undefined;
}

/** Whether a measure is the size of one of another unit of its dimension. */
const definesUnit = (text: string, q: Quantity) => unitDefined(text, q) !== undefined;

/**
 * "With a troy ounce at 31.1 g", "at 31.1 g per troy ounce": a measure said of one of another unit
 * of its dimension is that unit's factor, no measure to convert.
 */
function isFactorValue(text: string, q: Quantity): boolean {
  const named = (words: string | undefined) =>
    words !== undefined && [words, ...words.split(/\s+/)].some((form) => {
      const unit = unitOfForm(form);
      return unit !== undefined && unit !== q.unit && dimensionOf(unit) === dimensionOf(q.unit!);
    });
  return named(text.slice(Math.max(0, q.start - 40), q.start).match(ONE_UNIT_BEFORE)?.[1]) ||
    named(text.slice(q.end, q.end + 32).match(PER_UNIT_AFTER)?.[1]);
}
/**
 * One of a unit (in one word or two, maybe a remark in brackets: "an ordinary (avoirdupois)
 * ounce"), then the word that gives its value.
 */
const ONE_UNIT_BEFORE =
  /\b(?:a|an|one|each|every)\s+((?:\p{L}+\s+)?(?:\(\p{L}+\)\s+)?\p{L}+)\s+(?:at|is|being|equals|weighs|weighing|=|≈)\s*(?:(?:about|roughly|approximately|around)\s+|[~≈]\s*)?$/iu;
/** After a measure, the unit it is said of one of: "per troy ounce", "to the mile". */
const PER_UNIT_AFTER =
  /^\s*(?:per|a|an|each|to\s+the|for\s+(?:each|every|one|a|an))\s+((?:\p{L}+\s+)?\p{L}+)/iu;

/** Whether the next figure of `qs[k]`'s dimension after it is taken off it, in its clause. */
function isAdjusted(text: string, qs: readonly Quantity[], k: number): boolean {
  const dimension = dimensionOf(qs[k].unit!);
  for (let j = k + 1; j < qs.length; j++) {
    const q = qs[j];
    if (q.kind === "unit" && dimensionOf(q.unit!) === dimension) {
      return ADJUSTED.test(text.slice(qs[k].end, q.start));
    }
  }
  return false;
}
/** Between a figure and another of its dimension, in its clause: words that take the other off. */
const ADJUSTED =
  /^(?![^\S\n]*\))[^.;!?\n()]{0,40}?\b(?:after|minus|less(?!\s+than)|excluding|net\s+of|not\s+counting|without)\b[^.;!?\n()]{0,20}$/i;

/**
 * "10,000 long tons (2,240 lb each)": one of the measure's unit in another, said of each; its
 * factor, no conversion of it.
 */
const isFactorEach = (text: string, a: Quantity, b: Quantity) =>
  EACH_AFTER.test(text.slice(b.end, b.end + 12)) && a.value !== 1 &&
  agree(inUnit({ ...a, value: 1, tolerance: 0 }, b.unit!), b, CONFIRMED_SLACK);
const EACH_AFTER = /^\s*(?:each|apiece)\b/i;
/** After a figure, a sum or a difference that works on it: "25 + 273.15" ("210 × 297" is a size). */
const WORKED_ON = /^\s*[+−]\s*\d/;
/** Before a measure, a count of things it is said of each of: "10,000 steps at a stride of". */
const OF_EACH_BEFORE = /\b\d[\d,.]*\s+\p{L}+\s+(?:at|with)\s+an?\s+(?:\p{L}+\s+){1,2}of\s+$/iu;

/**
 * "five years, eight months and one week, or 2,076 days": the last part of a count of time in
 * parts, which the conversion after it is not of.
 */
const isLastPart = (text: string, a: Quantity) =>
  (a.unit === "month" || a.unit === "week" || a.unit === "d") &&
  TIME_PART_BEFORE.test(text.slice(Math.max(0, a.start - 16), a.start));
const TIME_PART_BEFORE = /\b(?:years?|months?|weeks?)\s*,?\s*(?:and\s+)?$/i;

/** After a figure, words that make it a total: "6.5 hours altogether". */
const TOTAL_AFTER = /^\s*(?:altogether|in total|in all|all told|combined|overall|total)\b/i;

/** "one nautical mile", "(1 stone = 14 lb)": one of a unit, unhedged, names the unit or its factor. */
const namesOne = (text: string, q: Quantity) =>
  !q.approx && (/^one\b/i.test(written(text, q)) ||
    (/^1(?![\d.,]*\d)/.test(written(text, q)) && EQUATED.test(text.slice(q.end, q.end + 40))));

/**
 * The quantities of a claim that a conversion from the claim before it may read: its first two,
 * or three where it opens on one of the measure's unit and its factor ("... 120 nautical miles.
 * Since one nautical mile is 1.852 km, that's about 222 km").
 */
export function convertedOpening(text: string, qs: readonly Quantity[]): Quantity[] {
  const factorFirst = qs[0]?.kind === "unit" && qs[0].value === 1 && namesOne(text, qs[0]);
  return qs.slice(0, factorFirst ? 3 : 2);
}

function isFactorDefinition(text: string, q: Quantity): boolean {
  if (q.kind !== "unit") return false;
  const after = text.slice(q.end, q.end + 40);
  const equated = after.match(EQUATED);
  if (!equated) return false;
  const form = after.slice(equated[0].length).match(UNIT_AFTER_NUMBER);
  const other = form ? unitOfForm(form[1]) : undefined;
  // "(1 short ton = 0.907 t)": one of a unit equated to a figure is a factor, in a unit not read.
  if (other === undefined) return q.value === 1;
  return other !== q.unit && dimensionOf(other) === dimensionOf(q.unit!) &&
    (q.value === 1 || Number(equated[1].replaceAll(",", "")) === 1);
}

/**
 * Measures written in two parts ("5 ft 10 in", "2 lb 3 oz", "11 st 6 lb", "6 feet, 2 inches"):
 * the part each larger unit is written on with.
 */
const SMALLER_PART: Partial<Record<UnitId, UnitId>> = {
  st: "lb",
  yd: "ft",
  ft: "in",
  m: "cm",
  lb: "oz",
  kg: "g",
  d: "h",
  h: "min",
  min: "s",
};
/**
 * "5 weeks and 4 days": one count, in weeks, where conversions are read (elsewhere a period's
 * parts, which the checks of dates read themselves).
 */
const WEEK_PART: Partial<Record<UnitId, UnitId>> = { week: "d" };
const STONES = /^\s+(?:st|stones?)\b/;
/** The stone named in words ("a stone is 14 lb"), which units.ts reads no form of. */
const STONE = /^stone$/i;
/** Between the parts: a space, a comma or "and", on one line. */
const PART_JOIN = /^[^\S\n]*,?[^\S\n]*(?:and[^\S\n]+)?$/;
/** "5 ft 10 in": "in" is a word, but after feet it is inches. */
const INCHES_AFTER_FEET = /^\s?in\b\.?/;

/**
 * The quantities with each measure in two parts as one, in its smaller unit ("6 hours 30
 * minutes", "8 minutes and 20 seconds"); and, where they are read as conversions, stones in
 * pounds, degrees of no stated scale and inch marks.
 */
export function wholeMeasures(
  text: string,
  qs: readonly Quantity[],
  { asConversions = true, weeksWhole = false } = {},
): Quantity[] {
  const out: Quantity[] = [];
  for (let i = 0; i < qs.length; i++) {
    const first = asConversions
      ? stonesOf(text, qs[i]) ?? degreesOf(text, qs[i]) ?? inchMarkOf(text, qs[i]) ?? qs[i]
      : qs[i];
    const whole = qs[i + 1] && compoundOf(text, first, qs[i + 1], weeksWhole);
    out.push(whole ?? first);
    if (whole) i++;
  }
  return out;
}

/**
 * "about 198.0 degrees" after "in Fahrenheit, that's": degrees whose scale goes unsaid, a bare
 * number that a join naming the scale may read.
 */
function degreesOf(text: string, q: Quantity): Quantity | undefined {
  const word = q.kind === "count" && q.noun === "degree"
    ? /^\s+degrees?\b/i.exec(text.slice(q.end, q.end + 10))
    : null;
  return word ? { ...q, kind: "number", noun: undefined, end: q.end + word[0].length } : undefined;
}

/**
 * "A 65\" TV", "a 75″ screen": a number with an inch mark right after it, in inches. A straight
 * or curly quote closes a quotation as well ("the code \"65\""): it is a mark only when no
 * quotation is open before the number on its line.
 */
function inchMarkOf(text: string, q: Quantity): Quantity | undefined {
  const mark = q.kind === "number" && !q.word && !q.inexact ? text[q.end] : undefined;
  if (!mark || !/["″”]/.test(mark) || /^[\p{L}\p{N}]/u.test(text.slice(q.end + 1))) {
    return undefined;
  }
  const before = text.slice(text.lastIndexOf("\n", q.start) + 1, q.start);
  const open = mark === "″"
    ? false
    : mark === "”"
    ? before.lastIndexOf("“") > before.lastIndexOf("”")
    : (before.match(/"/g)?.length ?? 0) % 2 === 1;
  if (open || /['′’]\s?$/.test(before)) return undefined;
  return { ...q, kind: "unit", unit: "in", tolerance: unitTolerance(q), end: q.end + 1 };
}

/** "11 st", "12.5 stone": a count of stones, a measure in stones. */
function stonesOf(text: string, q: Quantity): Quantity | undefined {
  const word = q.kind === "count" ? text.slice(q.end, q.end + 8).match(STONES) : null;
  if (!word) return undefined;
  const end = q.end + word[0].length;
  return { ...q, tolerance: unitTolerance(q), end, kind: "unit", unit: "st", noun: undefined };
}

/**
 * `first` (as written) and `next` as one measure: a whole number of the larger unit, then fewer
 * than one of it in the unit it is written on with; in that unit.
 */
function compoundOf(
  text: string,
  first: Quantity,
  next: Quantity,
  weeksWhole: boolean,
): Quantity | undefined {
  const smaller = first.unit &&
    (SMALLER_PART[first.unit] ?? (weeksWhole ? WEEK_PART[first.unit] : undefined));
  if (!smaller || !Number.isInteger(first.value) || next.approx || next.inexact) return undefined;
  if (!PART_JOIN.test(text.slice(first.end, next.start))) return undefined;
  const inches = smaller === "in" && next.kind === "number"
    ? text.slice(next.end, next.end + 4).match(INCHES_AFTER_FEET)
    : null;
  const part = inches
    ? { ...next, end: next.end + inches[0].length, kind: "unit" as const, unit: smaller }
    : next;
  const perOne = convertValue(1, first.unit!, smaller);
  if (part.unit !== smaller || !Number.isInteger(part.value) || part.value >= perOne) {
    return undefined;
  }
  // Weeks and days stay in weeks, a count as exact as its days: a count in days beside them is
  // their conversion.
  const weeks = smaller === WEEK_PART[first.unit!];
  return {
    ...part,
    start: first.start,
    unit: weeks ? first.unit : part.unit,
    value: (first.value * perOne + part.value) / (weeks ? perOne : 1),
    tolerance: weeks ? 0 : unitTolerance(part),
    approx: first.approx,
    inexact: first.inexact,
    bound: first.bound,
    computed: first.computed || part.computed,
  };
}

/** Whether `b` may state `a` in another unit (a bare number may: "In miles, that's 318"). */
const mayConvert = (a: Quantity, b: Quantity) =>
  !isRange(b) && (b.bound === undefined || b.bound === a.bound) &&
  (b.kind === "number" ||
    (b.kind === "unit" && b.unit !== a.unit && dimensionOf(b.unit!) === dimensionOf(a.unit!)));

/** A range has no one value; a bound converts to the same bound ("under 20 g, about 0.7 oz"). */
const isRange = (q: Quantity) => q.inexact && q.bound === undefined;

/** "To convert 83.9 kg to pounds, ...": the asked unit (group 1); the answer may follow steps. */
const CONVERT_BEFORE = /\bconvert(?:ing|s)?\s+$/i;
const CONVERT_TO = /^\s+(?:to|into)\s+(\p{L}+)/u;
/** The result of the steps: "that gives you 185 lb", "= 185 lb", "you get about 185 lb". */
const RESULT = new RegExp(
  String.raw`(?:gives(?: you)?|get|=|≈|:|equals|is|that's|makes|comes to|works out to)` +
    String.raw`\s*(?:${HEDGE}\s*)?$`,
  "iu",
);
/** How far after the quantity its result may come, past the steps of the working. */
const RESULT_REACH = 160;

/** The unit "convert `a` to <unit>" asks for, if `a` is a measure and the unit one of its kind. */
function askedUnit(text: string, a: Quantity): UnitId | undefined {
  if (a.kind !== "unit" || !CONVERT_BEFORE.test(text.slice(Math.max(0, a.start - 12), a.start))) {
    return undefined;
  }
  const asked = text.slice(a.end, a.end + 30).match(CONVERT_TO);
  const unit = asked ? unitOfForm(asked[1]) : undefined;
  return unit && unit !== a.unit && dimensionOf(unit) === dimensionOf(a.unit!) ? unit : undefined;
}

/**
 * The index of the quantity that gives `qs[i]` in `unit`: the first measure after it, past the
 * numbers of the working (a factor, a product), written as a result; -1 if none.
 */
function resultAt(text: string, qs: readonly Quantity[], i: number, unit: UnitId): number {
  for (let j = i + 1; j < qs.length && qs[j].start - qs[i].end < RESULT_REACH; j++) {
    if (qs[j].kind !== "unit") continue;
    const lead = text.slice(Math.max(qs[j - 1].end, qs[j].start - 30), qs[j].start);
    return qs[j].unit === unit && !qs[j].inexact && RESULT.test(lead) ? j : -1;
  }
  return -1;
}

/**
 * Conversions read once over all the answer's quantities, since they span claims or read a figure
 * no claim holds: asked and answered over several lines, worked in steps, labelled lines, a result
 * stated before its source, race distances.
 */
export function askedConversionFindings(text: string, qs: readonly Quantity[]): ExactFinding[] {
  const all = wholeMeasures(text, qs);
  return [
    ...askedFindings(text, qs),
    ...stepFindings(text, all),
    ...labelledLineFindings(text, all),
    ...reversedFindings(text, all),
    ...raceFindings(text, all),
  ];
}

/**
 * Conversions asked and answered over several lines ("To convert 140°C to Fahrenheit: ... 2. Add
 * 32: 252 + 32 = 284°F").
 */
function askedFindings(text: string, qs: readonly Quantity[]): ExactFinding[] {
  const out: ExactFinding[] = [];
  for (let i = 0; i < qs.length; i++) {
    const unit = askedUnit(text, qs[i]);
    const answer = unit && !isRange(qs[i]) ? resultAt(text, qs, i, unit) : -1;
    if (answer < 0) continue;
    const found = conversionFinding(
      text,
      qs[i],
      qs[answer],
      unit!,
      qs[i].approx || qs[answer].approx,
    );
    if (found) out.push(found);
    i = answer;
  }
  return out;
}

/**
 * The steps of converting between temperature scales as worked answers write them ("Subtract 32 →
 * 393", "× 1.8", "adding 32 gives", "add 273.15 to get"), with what each does to the figure.
 */
const TIMES = String.raw`(?:\bmultiply(?:ing)?\s+(?:it\s+)?by|\btimes|[×*·]|\bx)\s*`;
const DIVIDE = String.raw`(?:\bdivid(?:e|ing)\s+(?:it\s+)?by|[÷/])\s*`;
const PLUS = String.raw`(?:\badd(?:ing)?|\bplus|\+)\s*`;
const MINUS = String.raw`(?:\bsubtract(?:ing)?|\bminus|[−-])\s*`;
const STEPS: { name: string; step: string; apply: (v: number) => number }[] = [
  { name: "-32", step: MINUS + "32", apply: (v) => v - 32 },
  { name: "+32", step: PLUS + "32", apply: (v) => v + 32 },
  { name: "*9/5", step: String.raw`${TIMES}(?:9\s*\/\s*5|1\.8)`, apply: (v) => v * 1.8 },
  {
    name: "*5/9",
    step: String.raw`(?:${TIMES}5\s*\/\s*9|${DIVIDE}1\.8)`,
    apply: (v) => v / 1.8,
  },
  { name: "+273", step: PLUS + String.raw`273(?:\.15)?`, apply: (v) => v + 273.15 },
  { name: "-273", step: MINUS + String.raw`273(?:\.15)?`, apply: (v) => v - 273.15 },
];
const STEP = new RegExp(STEPS.map((s) => `(${s.step})(?![.,]?\\d)`).join("|"), "giu");
/** The steps, in order, that convert one scale to another. */
const RECIPES: { steps: string; from: UnitId; to: UnitId }[] = [
  { steps: "-32 *5/9", from: "F", to: "C" },
  { steps: "*9/5 +32", from: "C", to: "F" },
  { steps: "+273", from: "C", to: "K" },
  { steps: "-273", from: "K", to: "C" },
];
/** After the last step, its result: "→ 156.3 °C", ", that's", ": you get roughly", "\n- Result:". */
const STEP_RESULT = new RegExp(
  String
    .raw`^[ \t]*\)?(?:[ \t]*\n[ \t]*(?:[-*+•]|\d{1,2}[.)])?[ \t]*(?:result|answer|output)[ \t]*:)?` +
    String.raw`[\s:,]*(?:[=≈→]|(?:(?:which|this|that|it)\s+)?(?:gives|is|makes|equals|yields)` +
    String
      .raw`(?:\s+(?:you|us))?|that's|that’s|(?:to|you|we|and you|and we)\s+get|results?\s+in)?` +
    String.raw`\s*(?:${HEDGE}\s*)?$`,
  "iu",
);
/** How far a worked result may be from the temperature it converts. */
const STEPS_REACH = 240;

/**
 * "Start with 425 °F. 2. Subtract 32 → 393. 3. Multiply by 5/9 → 156.3 °C", "1,538 °C. 1,538 ×
 * 1.8 = 2,768.4, and adding 32 gives about 2,830 °F", "10 °C ... add 273.15 to get 283.15 K": a
 * temperature, the steps of one conversion in order, then the next measure in the scale they give,
 * right after the last step. Every figure between is the working's own (a step's number, a value
 * the steps give, a list's number), so the result is that of this temperature.
 */
function stepFindings(text: string, stated: readonly Quantity[]): ExactFinding[] {
  const qs = stated.map((q) => kelvinOf(text, q) ?? q);
  const out: ExactFinding[] = [];
  for (let i = 0; i < qs.length; i++) {
    const a = qs[i];
    if (a.kind !== "unit" || dimensionOf(a.unit!) !== "temperature") continue;
    if (isRange(a) || askedUnit(text, a)) continue;
    const j = qs.findIndex((q, k) => k > i && q.kind === "unit");
    const b = qs[j];
    if (!b || b.inexact || b.start - a.end > STEPS_REACH) continue;
    const working = text.slice(a.end, b.start);
    const steps = [...working.matchAll(STEP)].map((m) => ({
      m,
      step: STEPS[m.slice(1).findIndex((g) => g !== undefined)],
    })).filter(({ step }, k, all) => k === 0 || all[k - 1].step !== step);
    const names = steps.map(({ step }) => step.name).join(" ");
    if (!RECIPES.some((r) => r.steps === names && r.from === a.unit && r.to === b.unit)) continue;
    const last = steps.at(-1)!.m;
    if (!STEP_RESULT.test(working.slice(last.index! + last[0].length))) continue;
    const values = steps.reduce((vs, { step }) => [...vs, step.apply(vs.at(-1)!)], [a.value]);
    const inStep = (q: Quantity) =>
      steps.some(({ m }) => q.start >= a.end + m.index! && q.end <= a.end + m.index! + m[0].length);
    const own = (q: Quantity) =>
      inStep(q) || values.some((v) => Math.abs(q.value - v) <= Math.max(0.6, Math.abs(v) / 1000)) ||
      (/^[.)]/.test(text.slice(q.end)) && isLineStart(text, q.start)) ||
      /\bstep\s*$/i.test(text.slice(Math.max(0, q.start - 6), q.start));
    const between = qs.slice(i + 1, j);
    // A formula on a figure of the working is read where it stands (workedAt).
    if (!between.every(own) || between.some((q) => formulaScales(text, q))) continue;
    const found = conversionFinding(text, a, b, b.unit!, isWorkedHedged(text, a, b));
    if (found) out.push(found);
    i = j - 1;
  }
  return out;
}

/**
 * "5,778 K", "293.15 K": a bare "K" is read as kelvin only in a working whose steps add or subtract
 * 273.15 between it and a temperature (the recipes), where no other reading is left.
 */
function kelvinOf(text: string, q: Quantity): Quantity | undefined {
  const letter = q.kind === "number" && !q.word
    ? /^\s?K(?![\p{L}\p{N}])/u.exec(text.slice(q.end, q.end + 3))
    : null;
  return letter
    ? { ...q, kind: "unit", unit: "K", tolerance: unitTolerance(q), end: q.end + letter[0].length }
    : undefined;
}

/** A list line's label up to its figure ("- Passage length: ", "- In kilometres: about "). */
const LINE_LABEL = new RegExp(
  String.raw`^[ \t]*(?:[-*+•]|\d{1,2}[.)])?[ \t]*([^:\n\d]{1,40}?)\s*:\s*(?:${HEDGE}\s*)?$`,
  "iu",
);
/** After the figure, the line ends, but for an aside without figures ("(pool water)"). */
const LINE_REST = /^\s*(?:\([^()\d\n]*\))?\s*[.;]?[ \t]*$/;
/** "In kilometres", "Distance in miles": a label naming the unit (group 2). */
const LABEL_IN_UNIT = /^(?:(.+?)\s+)?(?:in|converted (?:to|into))\s+(\p{L}+(?:\s+\p{L}+)?)$/iu;
const INPUT_LABEL = /^(?:input|original|given|from)$/i;
const RESULT_LABEL = /^(?:result|output|converted|answer|to)$/i;

/** The label of the line `q` stands alone on after its label; undefined if none. */
function lineLabel(text: string, q: Quantity) {
  const line = lineAt(text, q.start);
  const label = text.slice(line.start, q.start).match(LINE_LABEL);
  return label && LINE_REST.test(text.slice(q.end, line.end))
    ? { label: label[1].trim(), line }
    : undefined;
}

/**
 * "- Passage length: 86 nautical miles" then "- In kilometres: 136.8 km" (or "- Input: 18 °C" then
 * "- Result: 64.4 °F"): the next line, labelled as the conversion, gives the measure in its unit.
 */
function labelledLineFindings(text: string, qs: readonly Quantity[]): ExactFinding[] {
  const out: ExactFinding[] = [];
  for (let i = 0; i + 1 < qs.length; i++) {
    const [a, b] = [qs[i], qs[i + 1]];
    if (a.kind !== "unit" || isRange(a) || !mayConvert(a, b)) continue;
    const [first, second] = [lineLabel(text, a), lineLabel(text, b)];
    if (!first || !second || second.line.start !== first.line.end + 1) continue;
    const inUnit = second.label.match(LABEL_IN_UNIT);
    const named = inUnit ? unitOfForm(inUnit[2]) : undefined;
    const paired = named
      ? !inUnit![1] || inUnit![1].toLowerCase() === first.label.toLowerCase()
      : INPUT_LABEL.test(first.label) && RESULT_LABEL.test(second.label);
    const unit = b.kind === "unit" ? b.unit : named;
    if (!paired || !unit || (named && named !== unit) || !mayConvert(a, inUnitOf(b, unit))) {
      continue;
    }
    const found = conversionFinding(text, a, b, unit, a.approx || b.approx);
    if (found) out.push(found);
  }
  return out;
}

/**
 * A result stated before what it converts: "## 98.6 °F" then "That's 37 °C converted to
 * Fahrenheit", "That's 428 °F — the 220 °C in the original recipe, converted for an American oven".
 */
const REVERSED_LEAD = new RegExp(
  String
    .raw`^(?:[ \t]*(?:[.!:][ \t]*|\n\s*)+(?:that|this|it)(?:'s|’s|\s+is)|\s*[—–]\s*(?:the|your))` +
    String.raw`\s*(?:${HEDGE}\s*)?$`,
  "iu",
);
/** After the source: where it is from ("in the original recipe"), then "converted (to <unit>)". */
const REVERSED_TAIL = new RegExp(
  String.raw`^(?:\s+(?:in|from|of)\s+(?:the|your|this|that|a)\s+(?:[\p{L}'’-]+\s+){0,3}?` +
    String.raw`[\p{L}'’-]+)?\s*,?\s*converted\b(?:\s+(?:to|into)\s+(\p{L}+)(?:\s+(\p{L}+))?)?`,
  "iu",
);

function reversedFindings(text: string, qs: readonly Quantity[]): ExactFinding[] {
  const out: ExactFinding[] = [];
  for (let i = 0; i + 1 < qs.length; i++) {
    const [b, a] = [qs[i], qs[i + 1]];
    if (a.kind !== "unit" || b.kind !== "unit" || isRange(a) || !mayConvert(a, b)) continue;
    if (!REVERSED_LEAD.test(text.slice(b.end, a.start))) continue;
    const tail = text.slice(a.end, a.end + 60).match(REVERSED_TAIL);
    const words = tail?.slice(1).filter((w) => w !== undefined) ?? [];
    const named = unitOfForm(words.join(" ")) ?? unitOfForm(words[0] ?? "");
    if (!tail || (words.length > 0 && named !== b.unit && !SYSTEM.test(words[0]))) continue;
    const found = conversionFinding(text, a, b, b.unit!, a.approx || b.approx);
    if (found) out.push(found);
  }
  return out;
}

/**
 * "5K = 3.1 miles", "A 10K is 6.2 miles", "5K (3.1 mi)": a race named by its kilometres, then its
 * length in another unit, joined as a conversion. Words after the "K" other than the race's end
 * the reading ("10K steps", "a 10K foot climb").
 */
const RACE = new RegExp(
  String.raw`(?<![\p{L}\p{N}$£€¥.,])(\d{1,3})[kK](?:\s+(?:race|run|ultra))?` +
    String.raw`(?=\s*(?:[=≈(—–,]|(?:is|equals)\b))`,
  "gu",
);

function raceFindings(text: string, qs: readonly Quantity[]): ExactFinding[] {
  const out: ExactFinding[] = [];
  for (const m of text.matchAll(RACE)) {
    const end = m.index! + m[0].length;
    const b = qs.find((q) => q.start >= end);
    const a: Quantity = {
      start: m.index!,
      end,
      kind: "unit",
      unit: "km",
      value: Number(m[1]),
      tolerance: 0,
      approx: false,
      inexact: false,
    };
    const join = b && b.kind === "unit" && mayConvert(a, b) ? joinOf(text, a, b) : undefined;
    const found = join && conversionFinding(text, a, b!, b!.unit!, join.hedged);
    if (found) out.push(found);
  }
  return out;
}

/**
 * "(450 − 32) × 5/9 = 232°C", "140 × 9/5 + 32 = 284°F": the formula says the scale of its
 * input, written bare or with its unit.
 */
const OPEN_BRACKET = /\(\s*$/;
const FROM_FAHRENHEIT =
  /^\s*(?:°\s?F)?\s*[−-]\s*32\s*\)\s*(?:[×x*·]\s*(?:5\s*\/\s*9|0\.556?)|\/\s*1\.8)/;
const FROM_CELSIUS = /^\s*(?:°\s?C)?\s*[×x*·]\s*(?:9\s*\/\s*5|1\.8)\s*\)?\s*\+\s*32\b/;

/** The scale a temperature formula reads `q` in, and the one it gives. */
function formulaScales(text: string, q: Quantity): [UnitId, UnitId] | undefined {
  if (q.kind !== "number" && !(q.kind === "unit" && dimensionOf(q.unit!) === "temperature")) {
    return undefined;
  }
  const after = text.slice(q.end, q.end + 24);
  const opened = OPEN_BRACKET.test(text.slice(Math.max(0, q.start - 3), q.start));
  const scales: [UnitId, UnitId] | undefined = opened && FROM_FAHRENHEIT.test(after)
    ? ["F", "C"]
    : FROM_CELSIUS.test(after)
    ? ["C", "F"]
    : undefined;
  return scales && (q.kind === "number" || q.unit === scales[0]) ? scales : undefined;
}

/**
 * "13.1 mi × 1.609344 = 21.1 km", "71 kg × 2.20462 lb/kg = 156.5 lb", "5 km ÷ 1.609 = 3.1 mi": a
 * measure times (or over) a factor of converting, then the result in the other unit.
 */
const TIMES_FACTOR =
  /^\s*(?:[×x*·]|times|multiplied by)\s*$|^(?:\s+in\s+total)?[.;:,]\s+(?:then\s+)?multiply(?:\s+(?:it|that|this))?\s+by\s*$/i;
const DIVIDED_FACTOR =
  /^\s*(?:[÷/]|divided by)\s*$|^(?:\s+in\s+total)?[.;:,]\s+(?:then\s+)?divide(?:\s+(?:it|that|this))?\s+by\s*$/i;
/**
 * "= 177.8 cm"; in words after "Multiply by 2.54": "and you get 177.8 cm"; after a factor told as
 * a definition: ", that's about 2.29 m".
 */
const FACTOR_RESULT = new RegExp(
  String
    .raw`^\s*(?:\/\s*\p{L}+\.?\s*)?(?:=|≈|equals|,?\s*and\s+you\s+get|,?\s*to\s+get|,?\s*which\s+gives(?:\s+you)?|,?\s*(?:so\s+)?(?:that's|that\s+is|which\s+is))\s*(?:${HEDGE}\s*)?$`,
  "iu",
);
/** A factor is one of converting within this share of the true one (1.6 for 1.609344). */
const FACTOR_SLACK = 0.05;

/** The index of the result of converting `qs[i]` by the factor after it; -1 if none. */
function factorResultAt(
  text: string,
  qs: readonly Quantity[],
  i: number,
): { factor: number; result: number } | undefined {
  // "71 inches, and since 1 inch = 2.54 cm that's about 185 cm": the factor equated to one of the
  // measure's unit.
  const one = qs[i + 1];
  const equated = one?.kind === "unit" && one.unit === qs[i].unit && one.value === 1 &&
    namesOne(text, one);
  const f = equated ? i + 2 : i + 1;
  const [a, factor, b] = [qs[i], qs[f], qs[f + 1]];
  if (!factor || !b || b.kind !== "unit" || !mayConvert(a, b)) return undefined;
  if ((factor.kind !== "number" && factor.kind !== "unit") || factor.inexact) return undefined;
  if (dimensionOf(a.unit!) === "temperature") return undefined;
  const op = text.slice(a.end, factor.start);
  const perUnit = convertValue(1, a.unit!, b.unit!);
  // "2.5 yards. Since a yard is 0.9144 m, that's about 2.29 m": the factor told as a definition.
  const defined = factor.unit === b.unit &&
    (equated || unitDefined(text, factor) === a.unit) && !namesOne(text, a) && a.value !== 1;
  const expected = TIMES_FACTOR.test(op) || defined
    ? perUnit
    : DIVIDED_FACTOR.test(op)
    ? 1 / perUnit
    : undefined;
  if (expected === undefined || Math.abs(factor.value / expected - 1) > FACTOR_SLACK) {
    return undefined;
  }
  return FACTOR_RESULT.test(text.slice(factor.end, b.start))
    ? { factor: f, result: f + 1 }
    : undefined;
}

/**
 * Sets of dimensions: "3.6 m × 5.0 m. In feet, that's 11.8 ft × 16.4 ft" converts each member
 * ("8 m by 18 m, or about 26.2 ft by 59.1 ft" alike).
 * A set that runs past the quantities given (the two sets span two claims) is read again in a
 * window around the pair.
 */
const TIMES_BEFORE = /(?:[×x]|\d\s*\p{L}{0,6}\.?\s+by)\s*$/u;
/** "× 5.0", "by 18" (not "by 2030"): the set goes on. */
const TIMES_AFTER = /^\s*(?:[×x]\s*\d|by\s*\d(?!\d{3}\b))/;
const TIMES_BETWEEN = /^\s*(?:[×x]|by)\s*$/;
const DIMENSION_REACH = 60;

/**
 * The set of dimensions `qs[i]` closes and the one `qs[i + 1]` opens, members paired in order:
 * undefined if neither is in one; null if they are sets that do not pair (then no member is read
 * alone).
 */
function dimensionSets(
  text: string,
  qs: readonly Quantity[],
  i: number,
): [Quantity[], Quantity[]] | undefined | null {
  const [a, b] = [qs[i], qs[i + 1]];
  const timesBefore = (q: Quantity) =>
    TIMES_BEFORE.test(text.slice(Math.max(0, q.start - 16), q.start));
  const timesAfter = (q: Quantity) => TIMES_AFTER.test(text.slice(q.end, q.end + 10));
  if (!timesBefore(a) && !timesAfter(b)) return undefined;
  let sets = setsAround(text, qs, i);
  if (timesBefore(sets[0][0]) || timesAfter(sets[1].at(-1)!)) {
    const from = Math.max(0, a.start - DIMENSION_REACH);
    const near = quantities(text.slice(from, b.end + DIMENSION_REACH))
      .map((q) => ({ ...q, start: q.start + from, end: q.end + from }));
    const at = near.findIndex((n) => n.start === a.start);
    if (at < 0 || near[at + 1]?.start !== b.start) return null;
    sets = setsAround(text, near, at);
  }
  const [closed, opened] = sets;
  const unitOfSet = opened.at(-1)!.unit;
  const inSet = (q: Quantity, unit: UnitId | undefined) =>
    q.kind === "number" || (q.kind === "unit" && q.unit === unit);
  if (
    closed.length < 2 || closed.length !== opened.length ||
    !closed.every((q) => inSet(q, a.unit)) || !opened.every((q) => inSet(q, unitOfSet))
  ) return null;
  return [
    closed.map((q) => inUnitOf(q, a.unit!)),
    unitOfSet ? opened.map((q) => inUnitOf(q, unitOfSet)) : opened,
  ];
}

/** The quantities joined by "×" that end at `qs[i]`, and those that start at `qs[i + 1]`. */
function setsAround(text: string, qs: readonly Quantity[], i: number): [Quantity[], Quantity[]] {
  const timesAfter = (k: number) =>
    k + 1 < qs.length && TIMES_BETWEEN.test(text.slice(qs[k].end, qs[k + 1].start));
  let [first, last] = [i, i + 1];
  while (first > 0 && timesAfter(first - 1)) first--;
  while (timesAfter(last)) last++;
  return [qs.slice(first, i + 1), qs.slice(i + 1, last + 1)];
}

/** A bare number read in the unit its context gives it ("3.6 × 5.0 m", a table's column). */
const inUnitOf = (q: Quantity, unit: UnitId): Quantity =>
  q.kind === "unit" ? q : { ...q, kind: "unit", unit, tolerance: unitTolerance(q) };

/** A worked result is hedged by "about" on either side or by "≈" in its working. */
const isWorkedHedged = (text: string, a: Quantity, b: Quantity) =>
  a.approx || b.approx || text.slice(a.end, b.start).includes("≈");

/**
 * Tables that give a measure in two columns: "| Day | High (°C) | High (°F) |" then "| Monday |
 * 12 | 54 |". Two columns convert each other when their headings say the same but the unit, so
 * "High (°C)" and "Low (°F)" stay apart, or when the second is headed by its unit alone. A cell
 * holds one figure; its unit is its own or its heading's.
 */
const TABLE_RULE = /^[ \t]*\|(?:\s*:?-{2,}:?\s*\|)+[ \t]*$/;
/** A heading's label and its unit: "High (°C)", "Weight, kg", "Distance in miles", "lb". */
const HEADINGS = [
  /^(.*?)\s*[(\[]\s*(?:in\s+)?([^()[\]]+?)\s*[)\]]$/,
  /^(.*?)\s*(?:,|\bin)\s+(.+)$/,
  /^()(.+)$/,
];
const CELL_REST = /^\s*(?:~|≈|about|approx\.?|roughly|around)?\s*$/i;
/** How far back a row's heading is looked for. */
const TABLE_REACH = 3000;

export interface Heading {
  label: string;
  unit?: UnitId;
}

function headingOf(cell: string): Heading {
  for (const way of HEADINGS) {
    const m = cell.trim().match(way);
    const unit = m ? unitOfForm(m[2]) ?? tonneOf(m[1], m[2]) : undefined;
    if (unit) return { label: labelOf(m![1]), unit };
  }
  return { label: labelOf(cell) };
}

/** "Mass (t)": a "t" alone is read nowhere else, but under a heading of mass it is the tonne. */
const MASS_LABEL = /\b(?:mass|weight|load|payload|tonnage|cargo)\b/i;
const tonneOf = (label: string, form: string): UnitId | undefined =>
  form === "t" && MASS_LABEL.test(label) ? "mt" : undefined;

/** "Metric" and "Imperial" head the same measure: a system is no label. */
const labelOf = (words: string) => {
  const label = words.trim().toLowerCase().replace(/\s+/g, " ");
  return SYSTEM.test(label) ? "" : label;
};

/** The heading line of the table whose body row starts at `rowStart`: its first line, over a rule. */
export function headingLineAbove(text: string, rowStart: number): Span | undefined {
  let top = -1;
  for (let at = rowStart; at > 0 && rowStart - at < TABLE_REACH;) {
    const line = lineAt(text, at - 1);
    if (!isTableRow(text, line)) break;
    top = at = line.start;
  }
  if (top < 0) return undefined;
  const heading = lineAt(text, top);
  const rule = lineAt(text, heading.end + 1);
  return rule.start < rowStart && TABLE_RULE.test(text.slice(rule.start, rule.end))
    ? heading
    : undefined;
}

/** The headings of the table whose body row starts at `rowStart`. */
export function headingsAbove(text: string, rowStart: number): Heading[] | undefined {
  const heading = headingLineAbove(text, rowStart);
  return heading && cellsOf(text, heading).map((c) => headingOf(text.slice(c.start, c.end)));
}

function tableFindings(text: string, qs: readonly Quantity[]): ExactFinding[] {
  if (qs.length < 2) return [];
  const line = lineAt(text, qs[0].start);
  if (!isTableRow(text, line)) return [];
  const headings = headingsAbove(text, line.start);
  const cells = cellsOf(text, line);
  if (!headings || headings.length !== cells.length) return [];
  const figures = cells.map((cell, c) => figureIn(text, qs, cell, headings[c].unit));
  const out: ExactFinding[] = [];
  figures.forEach((b, c) => {
    const a = figures.slice(0, c).find((f, k) =>
      f && b && sameMeasure(headings, k, c) && f.unit !== b.unit &&
      dimensionOf(f.unit!) === dimensionOf(b.unit!)
    );
    const found = a && b && conversionFinding(text, a, b, b.unit!, a.approx || b.approx);
    if (found) out.push(found);
  });
  return out;
}

/**
 * Whether columns `k` and `c` head one measure: alike but for the unit ("High (°C)", "High (°F)"),
 * or `c` headed by a unit alone right after `k` ("| Distance | Feet |").
 */
const sameMeasure = (headings: Heading[], k: number, c: number) =>
  headings[k].label === headings[c].label ||
  (k === c - 1 && headings[c].label === "" && headings[c].unit !== undefined);

/** The one figure a cell holds, in its own unit or its heading's; undefined if none. */
function figureIn(
  text: string,
  qs: readonly Quantity[],
  cell: { start: number; end: number },
  unit: UnitId | undefined,
): Quantity | undefined {
  const inCell = qs.filter((q) => q.start >= cell.start && q.end <= cell.end);
  if (inCell.length !== 1 || isRange(inCell[0])) return undefined;
  const q = inCell[0];
  const rest = text.slice(cell.start, q.start) + text.slice(q.end, cell.end);
  if (!CELL_REST.test(rest)) return undefined;
  if (q.kind === "unit") return !unit || unit === q.unit ? q : undefined;
  return q.kind === "number" && unit ? inUnitOf(q, unit) : undefined;
}

export function conversionFindings(text: string, stated: readonly Quantity[]): ExactFinding[] {
  const qs = wholeMeasures(text, stated, { weeksWhole: true });
  const out: ExactFinding[] = tableFindings(text, qs);
  // The unit the quantity at i was converted from: "100 yards, which is 91.44 m, or 120 yards
  // (109.73 m)" converts no result back into it.
  let from: UnitId | undefined;
  for (let i = 0; i + 1 < qs.length; i++) {
    const worked = workedAt(text, qs, i);
    if (worked) {
      if (worked.finding) out.push(worked.finding);
      // The result may be converted on ("that's about 222 km — or roughly 138 miles").
      i = worked.result - 1;
      from = undefined;
      continue;
    }
    const joined = from !== undefined && qs[i + 1].unit === from ? [] : joinedAt(text, qs, i);
    from = joined.length === 1 ? qs[i].unit : undefined;
    out.push(...joined);
    if (joined.length === 1) {
      const alternative = alternativeAt(text, qs, i);
      if (alternative) out.push(alternative), i++;
    }
    // A set of dimensions is read whole; a conversion's result may be converted on ("154 lb,
    // which is about 69.9 kg").
    if (joined.length > 1) i++;
  }
  return out;
}

/**
 * Between a conversion and another: "or", a slash ("−273.15 °C or −459.67 °F"), "and" naming the
 * unit (", and in Fahrenheit about −454.8 °F"), hedged or said exact (", or exactly 1,760 yards").
 */
const ALTERNATIVE = new RegExp(
  String
    .raw`^\s*,?\s*(?:or|/|and\s+${IN_UNITS}(?:${POINTER})?)\s*(?:(?:${HEDGE}|exactly|precisely)\s*)?$`,
  "iu",
);
/**
 * ... and between a temperature's conversions into the two other scales, "and" alone or naming
 * the scale ("0 K, that's −273.15 °C and −459.67 °F", ", and on the Fahrenheit scale it's").
 */
const THIRD_SCALE = new RegExp(
  String.raw`^\s*,?\s*and(?:\s+on\s+the\s+\p{L}+\s+scale\s*,?)?` +
    String.raw`(?:\s+(?:it|that)(?:'s|’s|\s+is))?\s*(?:${HEDGE}\s*)?$`,
  "iu",
);
/** A bracketed aside that opens right after a figure, to its closing bracket. */
const ASIDE_AFTER = /^[^\S\n]*\([^()\n]{0,60}\)/;
/** After a conversion in parentheses, another of the measure before it: "(about 77 K), which is". */
const AFTER_ASIDE = new RegExp(
  String.raw`^\s*\)\s*,?\s*(?:or|which\s+is|which\s+equals|that's|that\s+is)\s*(?:${HEDGE}\s*)?$`,
  "i",
);
const ASIDE_OPENED = new RegExp(String.raw`^\s*\(\s*(?:${HEDGE}\s*)?$`, "i");

/**
 * A second conversion of the measure `qs[i]` just converted: "0 K, which equals −273.15 °C or
 * −459.67 °F", "−196 °C (about 77 K), which is roughly −321 °F", in a third unit of its dimension.
 */
function alternativeAt(text: string, qs: readonly Quantity[], i: number) {
  const [a, b] = [qs[i], qs[i + 1]];
  // An aside in brackets after the conversion ("154 lb (there are 14 lb in a stone), or about
  // 69.9 kg") is passed over.
  const close = ASIDE_AFTER.exec(text.slice(b.end))?.[0].length;
  const c = qs.slice(i + 2).find((q) => close === undefined || q.start >= b.end + close);
  if (!c || c.kind !== "unit" || c.unit === a.unit || c.unit === b.unit || !mayConvert(a, c)) {
    return undefined;
  }
  // After an aside, "which is" may say what the measure gives ("(81.6 kg), which is 131 g of
  // protein"): only a figure near it converted restates it.
  const aside = ASIDE_OPENED.test(text.slice(a.end, b.start)) &&
    AFTER_ASIDE.test(text.slice(b.end, c.start)) && isNearConversion(a, c, c.unit!);
  const between = text.slice(b.end + (close ?? 0), c.start);
  const third = dimensionOf(c.unit!) === "temperature" && THIRD_SCALE.test(between);
  if (!aside && !third && !ALTERNATIVE.test(between)) return undefined;
  return conversionFinding(text, a, c, c.unit!, a.approx || c.approx);
}

/** A conversion worked out from `qs[i]` (a formula, a factor) and the index of its result. */
function workedAt(text: string, qs: readonly Quantity[], i: number) {
  const scales = formulaScales(text, qs[i]);
  const a = scales ? inUnitOf(qs[i], scales[0]) : qs[i];
  // An asked conversion is read over the whole answer (askedConversionFindings).
  const worked = scales
    ? { factor: -1, result: resultAt(text, qs, i, scales[1]) }
    : a.kind === "unit" && !isRange(a) && !askedUnit(text, a)
    ? factorResultAt(text, qs, i)
    : undefined;
  if (!worked || worked.result < 0) return undefined;
  const { factor, result } = worked;
  const b = qs[result];
  const hedged = isWorkedHedged(text, a, b);
  // A factor written out ("× 2.54") is only as rounded as it is written.
  const slack = scales ? undefined : factorSlack(qs[factor], convertValue(1, a.unit!, b.unit!));
  return { finding: conversionFinding(text, a, b, b.unit!, hedged, slack), result };
}

/**
 * How far a written factor may take a result from the exact one: its error and its rounding. A
 * divisor ("÷ 2.205" of pounds to kilograms) multiplies by its inverse.
 */
const factorSlack = (factor: Quantity, exact: number) => {
  const times = Math.abs(factor.value / exact - 1) <= FACTOR_SLACK;
  const multiplier = times ? factor.value : 1 / factor.value;
  return Math.abs(multiplier / exact - 1) + factor.tolerance / factor.value;
};

/**
 * "(the distance) for 65 inches is around 2.5 m": a measure after "for" with the verb right after
 * it qualifies the subject the verb is said of; it is no conversion ("calls for 200 g, roughly 7
 * oz" is).
 */
const FOR_BEFORE = /\bfor\s+(?:a\s+|an\s+|the\s+)?$/i;
const VERB_NEXT = /^\s+(?:is|was|are|were|would be)\b/i;
const isQualifier = (text: string, a: Quantity, b: Quantity) =>
  FOR_BEFORE.test(text.slice(Math.max(0, a.start - 10), a.start)) &&
  VERB_NEXT.test(text.slice(a.end, b.start));

/** Two figures joined as a pair: "28 °C and 20 °C", "82 °F in the afternoon and 68 °F". */
const PAIRED = /^[^\d.;:!?\n]{0,30}?(?:\band|,)\s[^\d.;:!?\n]{0,12}$/;
/** How far the first pair may be from the second. */
const PAIRS_REACH = 120;

/**
 * Two figures converted in the order they were said ("highs near 28 °C and lows around 20 °C,
 * that's roughly 82 °F and 68 °F"): `qs[i]` opens the second pair, the two before it, in another
 * unit of its dimension, the first. Both conversions when both hold; none when the figures are so
 * paired but do not convert in order (read one by one, "20 °C, that's roughly 82 °F" would be
 * wrong); undefined when they are not so paired.
 */
export function respectiveConversions(
  text: string,
  qs: readonly Quantity[],
  i: number,
): ExactFinding[] | undefined {
  const [a, c, b, d] = [qs[i - 2], qs[i - 1], qs[i], qs[i + 1]];
  const pair = (x?: Quantity, y?: Quantity) =>
    x && y && x.kind === "unit" && y.unit === x.unit && !x.inexact && !y.inexact &&
    PAIRED.test(text.slice(x.end, y.start));
  if (!pair(a, c) || !pair(b, d)) return undefined;
  if (a.unit === b.unit || dimensionOf(a.unit!) !== dimensionOf(b.unit!)) return undefined;
  const between = text.slice(c.end, b.start);
  if (between.length > PAIRS_REACH || /[.;!?\n]/.test(between)) return undefined;
  const found = [[a, b], [c, d]].flatMap(([x, y]) =>
    conversionFinding(text, x, y, y.unit!, x.approx || y.approx) ?? []
  );
  return found.length === 2 && found.every((f) => f.verdict === "consistent") ? found : [];
}

/** `qs[i + 1]` (or the set of dimensions it opens) joined to `qs[i]` as its conversion. */
function joinedAt(text: string, qs: readonly Quantity[], i: number): ExactFinding[] {
  const respective = respectiveConversions(text, qs, i + 1);
  if (respective) return respective;
  const [a, b] = [qs[i], qs[i + 1]];
  if (a.kind !== "unit" || isRange(a) || askedUnit(text, a) || !mayConvert(a, b)) return [];
  if (isFactorDefinition(text, b) || isQualifier(text, a, b) || namesOne(text, b)) return [];
  if (isFactorEach(text, a, b) || isLastPart(text, a) || isFactorValue(text, a)) return [];
  // "25 °C, in kelvin, 25 + 273.15 = 298.15 K": a bare figure worked on is a step, no result.
  if (b.kind === "number" && WORKED_ON.test(text.slice(b.end, b.end + 4))) return [];
  // "10,000 steps at a stride of 0.8 m comes to 8 km": a measure of each of a count, scaled.
  if (OF_EACH_BEFORE.test(text.slice(Math.max(0, a.start - 48), a.start))) return [];
  // "7 hours 45 minutes long, or 7.25 hours of paid time after a 30-minute unpaid lunch": a
  // figure adjusted by another of its dimension is worked out, not converted.
  if (b.kind === "unit" && isAdjusted(text, qs, i + 1)) return [];
  // "Monday 1.5 h, ..., Thursday 2 h 15 min — that's 6.5 hours altogether": a total after the
  // last of its parts, no conversion of it.
  const parts = qs.slice(0, i).filter((q) =>
    q.kind === "unit" && dimensionOf(q.unit!) === dimensionOf(a.unit!)
  );
  if (parts.length > 0 && TOTAL_AFTER.test(text.slice(b.end, b.end + 16))) return [];
  // "one nautical mile is exactly 1,852 m, that's 22.2 km": the factor's side is no measure.
  const previous = qs[i - 1];
  if (previous && isFactorDefinition(text, previous) && a.start - previous.end <= 40) return [];
  if (definesUnit(text, a)) return [];
  const sets = dimensionSets(text, qs, i);
  if (sets === null) return [];
  const join = joinOf(text, a, b, sets ? sets[1].at(-1)!.end : b.end);
  const unit = join && unitOf(a, sets ? sets[1][0] : b, join);
  if (!join || !unit || isCompound(a, b, text.slice(a.end, b.start))) return [];
  if (!sets && goesOnInParts(text, b)) return [];
  if (join.restated && !isNearConversion(a, b, unit)) return [];
  const pairs = sets ? sets[0].map((q, k) => [q, sets[1][k]]) : [[a, b]];
  if (pairs.some(([, q]) => q.kind === "unit" && q.unit !== unit)) return [];
  return pairs.flatMap(([from, to]) => conversionFinding(text, from, to, unit, join.hedged) ?? []);
}

/**
 * "At 80 kg, your protein target is 128 g": a value far from any slip of converting (a factor
 * inverted is 2.2² off) is another quantity, not the first restated.
 */
export function isNearConversion(
  a: Quantity,
  b: Quantity,
  unit: UnitId,
  factor = RESTATED_FACTOR,
): boolean {
  if (dimensionOf(unit) === "temperature") return true;
  const ratio = b.value / inUnit(a, unit).value;
  return ratio > 1 / factor && ratio < factor;
}

/**
 * How far a rounded factor may take a conversion that is confirmed: ten times the figure's own
 * rounding, from 0.2% to 1%. A figure written to more digits claims more: "29,302 ft" for 29,032
 * is two digits swapped, "7.5 miles" for 7.46 a factor rounded.
 */
const confirmedSlack = (r: Reading) =>
  Math.min(CONFIRMED_SLACK, Math.max(CONFIRMED_SLACK / 5, (10 * r.tolerance) / Math.abs(r.value)));

/**
 * The finding on `b` as `a` stated in `unit`. Contradicted, with the right value, only when off by
 * more than any rounding: the precision the result is written with (and the measure's, asGiven),
 * 2% for a rounded factor (1 mile ≈ 1.6 km) or a written factor's own (`factorSlack`) or, on
 * temperature scales, whose factors are exact, for a figure rounded to 5 (an oven's 180 °C is
 * "350 °F"), and 10% more when hedged. Confirmed only as a person converting
 * writes it: the figure as written, converted exactly, within the precision the result shows and
 * a rounded factor's slack (temperatures: none). Between the two: contradicted where the figure
 * is a slip of the right one's digits (isDigitSlip), else neither (a slip of a degree).
 */
export function conversionFinding(
  text: string,
  a: Quantity,
  b: Quantity,
  unit: UnitId,
  hedged: boolean,
  factorSlack?: number,
): ExactFinding | undefined {
  const stated = { value: b.value, tolerance: b.kind === "unit" ? b.tolerance : unitTolerance(b) };
  const shown = hedged ? hedgedReading(stated) : stated;
  const temperature = dimensionOf(unit) === "temperature";
  // "a rise of 10 °C equals a rise of 18 °F": a change converts by the scales' ratio alone.
  const change = temperature && CHANGE_OF.test(text.slice(Math.max(0, a.start - 24), a.start));
  const converted = change ? changeIn(asGiven(a), unit) : inUnit(asGiven(a), unit);
  const slack = factorSlack ?? (!temperature || b.value % 5 === 0 ? CONVERSION_SLACK : 0);
  const weeks = hedged ? undefined : weeksOfDays(text, a, b, unit);
  const ok = weeks
    ? converted.value >= weeks.low - 1e-9 && converted.value <= weeks.high + 1e-9
    : agree(converted, shown, slack) && (!hedged || agree(converted, stated, HEDGED_SLACK));
  const exact = { value: converted.value, tolerance: 0 };
  const unconfirmed = ok && !weeks &&
    !agree(exact, shown, temperature ? 0 : confirmedSlack(shown));
  if (unconfirmed && !isDigitSlip(b, converted.value)) return undefined;
  const wrong = !ok || unconfirmed;
  if (wrong && temperature && isTemperatureChange(text, a, b, unit, shown)) return undefined;
  // The right figure one decimal finer than the stated one shows.
  const decimals = decimalsOf(stated.tolerance) + 1;
  const right = `${change ? "a change of " : ""}${withUnit(text, a)} is ${
    weeks
      ? weeksAndDays(converted.value)
      : `${formatNumber(converted.value, decimals)} ${unitLabel(unit)}`
  }`;
  return finding(
    "unit_conversion",
    wrong,
    // A result may be stated before what it converts (reversedFindings).
    { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) },
    wrong ? `${right}, not ${written(text, b)}` : right,
  );
}

/**
 * A count of days in weeks, which are counted, not measured (the factor is exact): weeks and days
 * to the day; whole weeks rounded or cut down to the week ("15 weeks" of 109 days, 15.6), from
 * half a week under the figure to six days over it.
 */
function weeksOfDays(text: string, a: Quantity, b: Quantity, unit: UnitId) {
  if (a.unit !== "d" || unit !== "week") return undefined;
  if (b.kind === "unit" && b.tolerance === 0 && / days?$/.test(written(text, b))) {
    return { low: b.value, high: b.value };
  }
  return Number.isInteger(b.value) ? { low: b.value - 0.5, high: b.value + 6 / 7 } : undefined;
}

/** A count of weeks as a person writes it: "40 weeks", "5 weeks and 5 days". */
function weeksAndDays(weeks: number): string {
  const whole = Math.floor(weeks + 1e-9), days = Math.round((weeks - whole) * 7);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  return days === 0 ? plural(whole, "week") : `${plural(whole, "week")} and ${plural(days, "day")}`;
}

/**
 * The measure converted, as given: "2 oz" is 2 oz, not anything from 1.5 to 2.5. Said "about",
 * or a round figure ("100 miles"), it keeps its rounding; so does a temperature, whose converted
 * figure is often cut short rather than rounded ("224 °F (106 °C)").
 */
const asGiven = (a: Quantity): Quantity =>
  !a.approx && a.tolerance === 0.5 && Number.isInteger(a.value) && a.value % 10 !== 0 &&
    dimensionOf(a.unit!) !== "temperature"
    ? { ...a, tolerance: 0 }
    : a;

/** Words that make the temperatures of a sentence changes, not readings ("1.5 °C of warming"). */
const TEMPERATURE_CHANGE =
  /\b(?:warming|cooling|warmer|cooler|colder|hotter|differences?|anomal(?:y|ies)|swings?|setback)\b/i;
/** Before a temperature, words that say it is a change: "a rise of 10 °C". */
const CHANGE_OF =
  /\b(?:rise|drop|fall|increase|decrease|change|difference|jump|swing)\s+of\s+(?:about\s+|roughly\s+|around\s+)?[-−]?$/i;

/** A change of temperature in another scale: the scales' ratio alone, no offset. */
function changeIn(a: Quantity, unit: UnitId): Reading {
  const slope = convertValue(1, a.unit!, unit) - convertValue(0, a.unit!, unit);
  return { value: a.value * slope, tolerance: Math.abs(a.tolerance * slope) };
}

/** Before a temperature, words that make it a change: "turn it down by 10°F". */
const CHANGED_BY = /\bby\s+(?:about\s+|roughly\s+|around\s+)?[-−]?$/i;

/**
 * A change of temperature converted as one: by the scales' ratio alone, no offset ("1.5 °C of
 * warming is 2.7 °F"), in a sentence that speaks of changes.
 */
function isTemperatureChange(
  text: string,
  a: Quantity,
  b: Quantity,
  unit: UnitId,
  shown: Reading,
): boolean {
  const change = changeIn(a, unit).value;
  if (!agree({ value: change, tolerance: 0 }, shown, 0)) return false;
  const from = sentenceAround(text, Math.min(a.start, b.start)).start;
  const to = sentenceAround(text, Math.max(a.end, b.end)).end;
  return TEMPERATURE_CHANGE.test(text.slice(from, to)) ||
    CHANGED_BY.test(text.slice(Math.max(0, a.start - 16), a.start));
}

/**
 * A figure within a rounded factor's slack that is still a slip of the right one's digits, written
 * to its precision: two next to each other swapped ("62.1 kg" for 61.2, "970 g" for 907), or one
 * changed before its last significant digit ("14.4 lb" for 15.4). A rounded factor moves the last
 * of them, not these ("about 350 g" of 12 oz, 340.2 g, uses 29 g an ounce or so).
 */
function isDigitSlip(b: Quantity, exact: number): boolean {
  const decimals = decimalsOf(b.tolerance);
  const digits = (v: number, scale = 1) =>
    Math.round(Math.abs(v) * 10 ** decimals / scale).toString();
  const said = digits(b.value);
  if (digitSlip(said, digits(exact)).swapped) return true;
  // A whole figure's trailing zeros are no digits it claims.
  const scale = 10 ** (said.length - said.replace(/0+$/, "").length);
  const significant = digits(b.value, scale);
  const { changed } = digitSlip(significant, digits(exact, scale));
  return changed.length === 1 && changed[0] < significant.length - 1;
}

/** A quantity as written, its unit named when its context gave it ("12" in a °C column). */
function withUnit(text: string, q: Quantity): string {
  const figure = written(text, q);
  return /\p{L}|°|["″”]/u.test(figure) ? figure : `${figure} ${unitLabel(q.unit!)}`;
}
