/**
 * Unit conversions stated in the answer: a quantity followed by the same quantity in another unit
 * of the same dimension, joined as a conversion is written ("40 °C (104 °F)", "5 km, or about 3.1
 * miles", "100 kg is 220 lb", "The race is 100 km. That's about 62 miles.", "511 km. In miles,
 * that's roughly 318.", "At 69 lbs, your dog is 31 kg."). The second must be the first converted,
 * within the precision of both and the slack of values.ts. Ranges are left alone; a bound ("up to
 * 656 pounds (298 kg)") bounds its conversion alike, so it is read.
 */
import { type ExactFinding, finding } from "./finding.ts";
import { type Quantity, unitTolerance } from "./quantities.ts";
import { dimensionOf, type UnitId, unitLabel, unitOfForm } from "./units.ts";
import { agree, CONVERSION_SLACK, formatNumber, HEDGED_SLACK, inUnit, written } from "./values.ts";

const HEDGE = String.raw`(?:about|approximately|approx\.|roughly|around|nearly|almost|` +
  String.raw`some|circa|~|≈)`;
/** A word of the measure itself, after it or after its conversion ("780 km long, which is ..."). */
const DESCRIPTOR = String.raw`(?:\s+(?:long|tall|high|wide|deep|away|across|thick|` +
  String.raw`in (?:length|height|width|diameter)|above sea level)\b)`;
/** "in miles", "converted to pounds", "in metric terms": the unit the conversion names (group 1). */
const IN_UNITS = String.raw`(?:(?:in|converted (?:to|into))\s+(\p{L}+(?:\s+\p{L}+)?)\s*,?\s*)`;
const VERB = String.raw`(?:is|are|was|equals|(?:is\s+)?(?:${HEDGE}\s+)?(?:equal|equivalent) to|` +
  String.raw`(?:is\s+)?the equivalent of|is the same as|corresponds to|converts (?:to|into)|` +
  String.raw`comes (?:out )?to|works out (?:to|at)|translates (?:to|into)|gives(?: you)?|` +
  String.raw`would be|makes)`;
/** "that's", "which is", "it converts to": the conversion pointing back at the quantity. */
const POINTER = String.raw`(?:which|that|this|it)(?:'s|’s|\s+${VERB})`;
const TAIL = String.raw`\s*(?:${HEDGE}\s*)?$`;

/** Joins a conversion is written with, right after the quantity (and its descriptor). */
const JOIN = new RegExp(
  String.raw`^${DESCRIPTOR}?\s*(?:[(\[]\s*(?:${POINTER}|or|i\.e\.,?)?|[/=≈→]|,?\s*i\.e\.,?|` +
    String.raw`,?\s*or\b(?:\s*,?\s*${IN_UNITS})?|,?\s*${IN_UNITS}?(?:${POINTER}|${VERB})\b|` +
    String.raw`,\s*${IN_UNITS}?)${TAIL}`,
  "iu",
);
/**
 * "100 km. That's about 62 miles.", "57 °C. In Fahrenheit, that is 134.6 °F", "5 km — about 3.1
 * miles": the next sentence or an aside.
 */
const NEXT_SENTENCE = new RegExp(
  String.raw`^${DESCRIPTOR}?\s*(?:(?:[.;:!]|\s[—–])\s*(?:${IN_UNITS}|${IN_UNITS}?${POINTER}\b)|` +
    String.raw`\s*[—–])${TAIL}`,
  "iu",
);
/** "3.18 kg at birth (7.01 pounds)": a short phrase between, before a join that is unmistakable. */
const AFTER_PHRASE = new RegExp(
  String.raw`^${DESCRIPTOR}?\s+(?:of|at|from|to|for|on|along|across|through|during|with|in)` +
    String.raw`(?:\s+[\p{L}'’-]+){1,5}?\s*` +
    String.raw`(?:(?:[(\[]\s*(?:${POINTER}|or)?|,?\s*or\b|,?\s*i\.e\.,?|` +
    String.raw`,?\s*${POINTER}\b)${TAIL}|,\s*${HEDGE}\s*$)`,
  "iu",
);
/** "A 10 km run is about 6.2 miles": the measure names its noun, then the conversion follows. */
const ARTICLE_BEFORE = /\b(?:a|an|the)\s+$/i;
const AFTER_NOUN = new RegExp(
  String.raw`^\s+[\p{L}-]+\s*,?\s*(?:${POINTER}|${VERB})\b${TAIL}`,
  "iu",
);
/** "At 9,772 feet, the summit sits 2,979 metres": the same thing restated in its subject's unit. */
const AT_LEAD = new RegExp(String.raw`(?:^|[.!?]\s+|\n\s*)At\s+(?:${HEDGE}\s+)?$`, "u");
const AT_RESTATED = new RegExp(
  String.raw`^\s*,\s*(?:(?:the|its|his|her|their|your|our|my|this|that|a|an)\s+` +
    String
      .raw`(?:[\p{L}'’-]+\s+){0,3}?|(?:he|she|it|they|you)\s+)(?:is|are|was|were|sits|stands|weighs|measures|reaches|` +
    String.raw`comes in at)\s+(?:at\s+)?(?:${HEDGE}\s+)?$`,
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
/** After a conversion the clause ends ("or around 43 km, so ..."); "3 km from town" is another. */
const CLAUSE_END = new RegExp(
  String.raw`^${DESCRIPTOR}?(?:\s*(?:[,.;:!?)\]—–]|$)|\s+(?:so|and|but|which|while)\b)`,
  "iu",
);
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

/** The join between `a` and a later quantity `b`, when the text reads as a conversion. */
function joinOf(text: string, a: Quantity, b: Quantity): Join | undefined {
  const between = text.slice(a.end, b.start);
  if (between.length > 80) return undefined;
  const after = text.slice(b.end, b.end + 24);
  const ways = [JOIN];
  if (CLAUSE_END.test(after)) {
    ways.push(NEXT_SENTENCE, AFTER_PHRASE);
    if (ARTICLE_BEFORE.test(text.slice(Math.max(0, a.start - 6), a.start))) ways.push(AFTER_NOUN);
  }
  if (isRestatedAt(text, a, between) && AT_CLAUSE_END.test(after)) ways.push(AT_RESTATED);
  const hedged = a.approx || b.approx || HEDGE_WORD.test(between);
  for (const way of ways) {
    const match = between.match(way);
    const named = match ? namedUnit(match) : null;
    if (named !== null) return { hedged, named, restated: way === AT_RESTATED };
  }
  return undefined;
}

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
  String.raw`(?:gives(?: you)?|get|=|equals|is|that's|makes|comes to|works out to)` +
    String.raw`\s*(?:${HEDGE}\s*)?$`,
  "iu",
);

/**
 * The index of the quantity that answers "convert `qs[i]` to <unit>", past the numbers of the
 * working (a factor, a product) but no other measure; -1 if none.
 */
function convertedAt(text: string, qs: readonly Quantity[], i: number): number {
  const a = qs[i];
  if (!CONVERT_BEFORE.test(text.slice(Math.max(0, a.start - 12), a.start))) return -1;
  const asked = text.slice(a.end, a.end + 30).match(CONVERT_TO);
  const unit = asked && unitOfForm(asked[1]);
  if (!unit || unit === a.unit || dimensionOf(unit) !== dimensionOf(a.unit!)) return -1;
  for (let j = i + 1; j < qs.length && qs[j].start - a.end < 160; j++) {
    if (qs[j].kind !== "unit") continue;
    const lead = text.slice(Math.max(qs[j - 1].end, qs[j].start - 30), qs[j].start);
    return qs[j].unit === unit && !qs[j].inexact && RESULT.test(lead) ? j : -1;
  }
  return -1;
}

export function conversionFindings(text: string, qs: readonly Quantity[]): ExactFinding[] {
  const out: ExactFinding[] = [];
  for (let i = 0; i + 1 < qs.length; i++) {
    const a = qs[i];
    if (a.kind !== "unit" || isRange(a)) continue;
    const answer = convertedAt(text, qs, i);
    if (answer >= 0) {
      const b = qs[answer];
      out.push(judged(text, a, b, b.unit!, a.approx || b.approx));
      i = answer;
      continue;
    }
    const b = qs[i + 1];
    if (!mayConvert(a, b)) continue;
    const join = joinOf(text, a, b);
    const unit = join && unitOf(a, b, join);
    if (!join || !unit || isCompound(a, b, text.slice(a.end, b.start))) continue;
    if (join.restated && !isNearConversion(a, b, unit)) continue;
    out.push(judged(text, a, b, unit, join.hedged));
    i++;
  }
  return out;
}

/**
 * "At 80 kg, your protein target is 128 g": a value far from any slip of converting (a factor
 * inverted is 2.2² off) is another quantity, not the first restated.
 */
function isNearConversion(a: Quantity, b: Quantity, unit: UnitId): boolean {
  if (dimensionOf(unit) === "temperature") return true;
  const ratio = b.value / inUnit(a, unit).value;
  return ratio > 1 / RESTATED_FACTOR && ratio < RESTATED_FACTOR;
}

/** The finding on `b` as `a` stated in `unit`: consistent, or contradicted with the right value. */
function judged(text: string, a: Quantity, b: Quantity, unit: UnitId, hedged: boolean) {
  const stated = { value: b.value, tolerance: b.kind === "unit" ? b.tolerance : unitTolerance(b) };
  const converted = inUnit(a, unit);
  const ok = agree(converted, stated, hedged ? HEDGED_SLACK : CONVERSION_SLACK, unit);
  const decimals = stated.tolerance < 0.5 ? Math.round(-Math.log10(stated.tolerance * 2)) + 1 : 1;
  const right = `${written(text, a)} is ${formatNumber(converted.value, decimals)} ${
    unitLabel(unit)
  }`;
  return finding(
    "unit_conversion",
    !ok,
    { start: a.start, end: b.end },
    ok ? right : `${right}, not ${written(text, b)}`,
  );
}
