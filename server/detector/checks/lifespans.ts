/**
 * Ages and durations against the dates the answer states, and dates that cannot be:
 * - age: "born in 1809 ... died in 1865 at the age of 56", "(1809–1865) was 56 when he died",
 *   "lived from 1767 to 1834, reaching the age of 67", a birth told after the death, an age told
 *   the sentence before the dates ("X was 66 when she died. She was born ..."), a worked age that
 *   subtracts the years ("1943 − 1886 = 57 ... Age at death: 56"): with years only the age is one
 *   of two values (before or after the birthday), with full dates exactly one; a hedged age
 *   ("about 69") within its rounding, contradicted only two years past it. An age at another
 *   event ("died in 1980; at 35 she had moved") is left alone;
 * - duration: "from 1939 to 1945, six years", "for 30 years (1824–1849)", "began in July 2012
 *   and was completed in May 2016, taking 46 months", "left port on 7 June ... and anchored on
 *   14 October, after 129 days at sea": the count each unit can have between the earliest and
 *   the latest days the dates allow ("1939" is any day of 1939), days counted with or without the
 *   last one; "5 years and 8 months" in months, its part hedged or not; "about 6.5 years" within
 *   its rounding; "just over 29 years" contradicted two years past; a count "apart", a marriage's
 *   years, a pregnancy's weeks from the last period, the days to a holiday; a count in the
 *   sentence after ("That's a span of ..."). A count since the start ("the closing date fell
 *   173 days after the start") is the difference alone. Only a count joined to the period ("a
 *   span of", ", lasting") is read: "from 1939 to 1945; the siege lasted 14 days" counts
 *   something else;
 * - lines read together: a fact list ("- Born: ...", "- Died: ...", "- Age at death: 63";
 *   "- Began: 1642", "- Ended: 1664", "- Duration: 22 years"), a timeline ("- 1742 – Born on
 *   ..."), a table whose header names the columns (Born | Died | Age at death), a worked age
 *   ("From 1725 to 1770 is 45 years. Her birthday (23 May) had passed by 19 August 1770, so she
 *   was 45 when she died"), a two-column table (| Born | ... |), an age in the paragraph after the
 *   list of the life; an age that concludes the sentence after the life ("... died on 5 December
 *   1791. He was 35 years old."); a loan's monthly payments against its first and last;
 * - dates in digits ("27/09/2025", "3/14/1861") read month first and day first: contradicted only
 *   where each reading that gives a period or a life contradicts;
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
import { figuresOf, type NumericDate } from "./figures.ts";
import { type ExactFinding, finding } from "./finding.ts";
import { lineAt } from "./lists.ts";
import { quantities, type Quantity, VULGAR_FRACTIONS, WORD_NUMBERS } from "./quantities.ts";

type DateQ = Quantity & { date: { year?: number; month?: number; day?: number } };
type YearDate = { year: number; month?: number; day?: number };
type Span = { start: number; end: number };

/** A hedge on a count's last part: "and about seven months". */
export const PART_HEDGE = /(?:about|around|roughly|some|nearly|almost)\s+/;
const HEDGED_PART = new RegExp(`\\band\\s+${PART_HEDGE.source}`, "i");
/** How far a hedged last part may be off, in its unit. */
export const PART_SLACK: Record<string, number> = { month: 2, day: 3 };

const wordsWhere = (keep: (n: number) => boolean) =>
  Object.keys(WORD_NUMBERS).filter((w) => keep(WORD_NUMBERS[w]) && w !== "dozen");
/** A number to 99 in digits or words ("sixty-two", "fourteen"), as ages and counts of years go. */
const AMOUNT = `\\d{1,3}(?:,\\d{3})+|\\d{1,4}|(?:${
  wordsWhere((n) => n >= 20 && n < 100).join("|")
})(?:[\\s-](?:${wordsWhere((n) => n < 10).join("|")}))?|${wordsWhere((n) => n < 20).join("|")}`;
/** "three and a half": a whole amount and a half. */
const A_HALF = String.raw`\s+and\s+a\s+half`;
const AND_A_HALF = new RegExp(`${A_HALF}$`, "i");
const amountOf = (written: string): number =>
  AND_A_HALF.test(written)
    ? amountOf(written.replace(AND_A_HALF, "")) + 0.5
    : /^\d/.test(written)
    ? Number(written.replace(/,|\D$/g, "")) + (VULGAR_FRACTIONS[written.at(-1)!]?.[0] ?? 0)
    : written.toLowerCase().split(/[\s-]/).reduce((sum, w) => sum + WORD_NUMBERS[w], 0);
/** A count's decimals as written: "6.5" one, "5½" and "five and a half" one (as 5.5), "6" none. */
const decimalsWritten = (written: string) =>
  AND_A_HALF.test(written)
    ? 1
    : VULGAR_FRACTIONS[written.at(-1)!]?.[1] ?? written.split(".")[1]?.length ?? 0;
/** An age, in bold or not ("so he was **42**"): not money, a decimal, a time of day or a share. */
const AGE_NUMBER =
  `(?<![$€£\\d.,])(?:\\*\\*?)?(${AMOUNT})\\b(?:\\*\\*?)?(?![.,:]\\d|\\s*(?:[ap]\\.?m\\b|o'clock|%|percent))`;
/** "at just 41", "aged only 26", "about 69": a word that stresses the age, or one that hedges it. */
const JUST = "(?:(?:just|only|barely|about|around|roughly|approximately)\\s+)?";
/** After "was" only a hedge ("was about 69 when he died"), as "was only 39" is left to agreements. */
const ABOUT_AGE = "(?:(?:about|around|roughly|approximately)\\s+)?";
/** A hedged age ("about 69"), read within its rounding. */
const HEDGED_AGE = /\b(?:about|around|roughly|approximately)\s+(?:\*\*?)?$/i;
/** An age said to be a bound ("nearly 80", "over 90"): no age to compare. */
const BOUNDED_AGE =
  /\b(?:nearly|almost|over|under|more\s+than|less\s+than|at\s+least|at\s+most|close\s+to|past)\s+(?:\*\*?)?$/i;

/** What tells that an age is the age at death when it follows: "56 years old when he died". */
const DEATH_AFTER =
  "(?:\\*\\*?)?(?:\\s+years?\\s+old|\\s+years\\s+of\\s+age)?,?\\s+(?:(?:when|as)\\s+(?:he|she|they)\\s+(?:died|passed\\b)|(?:at|upon|on)\\s+(?:the\\s+time\\s+of\\s+)?(?:(?:his|her|their)\\s+)?death\\b)";
const DEATH_AFTER_AGE = new RegExp(`^${DEATH_AFTER}`, "i");
/**
 * Ages as stated: 1. before words of the death ("was 68 when he died", "..., and 55 when he
 * died"); 2. after a verb of death or its label ("died aged 56", "lived to 90", "Age at death:
 * 63"); the rest ("at the age of 56", "she was 80.") only after a death is told.
 */
const AGE = new RegExp(
  [
    `\\b(?:was|were|turned|made\\s+(?:him|her|them)|(?<=,\\s*)and)\\s+${ABOUT_AGE}${AGE_NUMBER}(?=${DEATH_AFTER})`,
    `\\b(?:(?:died|dying|passed\\s+away)\\s+(?:at|aged|at\\s+age|at\\s+the\\s+(?:ripe\\s+)?(?:old\\s+)?age\\s+of)|lived\\s+(?:to|until)(?:\\s+be)?(?:\\s+the\\s+age\\s+of)?|(?<!(?:average|mean|median)\\s)age\\s+at\\s+(?:(?:his|her|their)\\s+)?death(?:\\s+(?:was|is|of))?\\s*[:|–—-]?)\\s+${JUST}${AGE_NUMBER}`,
    `\\b(?:at\\s+the\\s+(?:ripe\\s+)?(?:old\\s+)?age\\s+of|aged|at\\s+age|reach(?:ing|ed)\\s+the\\s+age\\s+of)\\s+${JUST}${AGE_NUMBER}`,
    `\\bat\\s+${JUST}${AGE_NUMBER}(?:\\s+years\\s+(?:old|of\\s+age)\\b|(?=\\s*(?:[.,;)]|\\s[—–]|$)))`,
    `\\b${AGE_NUMBER}\\s+years\\s+(?:old|of\\s+age)\\b`,
    `\\b(?:he|she|they)\\s+was\\s+${ABOUT_AGE}${AGE_NUMBER}(?=\\s*(?:[.;()]|$))`,
    `\\bmade\\s+(?:him|her|them)\\s+${AGE_NUMBER}`,
  ].join("|"),
  "gi",
);
/** The first word of the death the lead tells, with nothing after it that ends the sentence. */
const DEATH_BEFORE_AGE =
  /\b(?:died|dies|dying|death|passed away|entered into (?:eternal )?rest|departed this life|passing(?=\s+(?:away\b|(?:on|in)\s+[\dA-Z]))|killed|executed|lived\s+(?:from|between))\b(?=[^.!?\n]*$)/i;
/** A new clause after the death: "died in 1980, she married at 35", "..., Anna moved at 20". */
const NEW_CLAUSE =
  /(?:[,;]|\band\b)\s*(?:[Hh]e|[Ss]he|[Tt]hey|who|(?:\p{Lu}[\p{L}'-]*\s+){1,3})\s+(?!was\b|were\b|had\s+been\b|at\b|in\b|on\b|aged?\b|of\b)\p{Ll}/u;
/** Another person's age: "died in 1950, when her son was 30 years old", "her son was 2 when". */
const OTHER_PERSON =
  /\b(?:his|her|their)\s+(?:\p{L}+\s+)?(?:son|daughter|wife|husband|child|children|brother|sister|father|mother|parents?|widow|widower|partner|grandson|granddaughter|grandchild|friend|successor|heir)s?\b/iu;
/** An age that dates an event of its own: "aged 20, she moved", "at 35 when she married". */
const OTHER_EVENT_AFTER = /^[^\S\n]*,?[^\S\n]*(?:he|she|they|when|after|before|while|upon|as)\b/i;
/**
 * An age that concludes the sentence after the life, all the sentence says: "That means he was
 * just 37 years old.", "He was 50."; up to the age, then after it.
 */
const CONCLUDED_AGE =
  /^\s*(?:(?:that|this|which)\s+(?:means|meant)\s+|(?:so|thus|hence),?\s+)?(?:he|she|they)\s+(?:was|were)\s+(?:(?:just|only|barely)\s+)?(?:\*\*?)?$/i;
const CONCLUDED_AGE_END =
  /^(?:\*\*?)?(?:\s+years?\s+old|\s+years\s+of\s+age)?(?:\*\*?)?\s*(?:[.!;]|$)/;
/** Between the death's date and an age of it: "d. Sep. 4, 1939 — 64 years old", "1939 (aged 64)". */
const RIGHT_AFTER =
  /^[^\S\n]*(?:[,:;(]|[—–-])?[^\S\n]*(?:(?:about|around|roughly|approximately)\s+)?$/;
/** The same person the sentence before spoke of: "She was born ...", "Born on ...". */
const SAME_SUBJECT = /^\s*(?:(?:he|she|they)\b|born\b)/i;

/** Where a birth or death took place, between the word and its date: "died in Vienna on". */
const PLACE = String.raw`(?:\s+(?:in|at|near)\s+(?:\p{Lu}[\p{L}'.-]*,?\s+){1,3}(?=on|in))?`;
const DEATH_WORDS = String
  .raw`[Dd]ied|[Dd]ies|[Dd]ying|d\.|[Dd]eath|[Pp]assed away|[Pp]assing(?:\s+away)?|[Kk]illed|[Ee]xecuted|[Ee]ntered into (?:eternal )?rest|[Dd]eparted this life`;
/**
 * "born in 1809", "Born: 1853-03-07", "| Born | 1853-03-07 |"; "birth" only as a label ("Date of
 * birth: ...").
 */
const BORN = new RegExp(
  String
    .raw`\b(?:(?:[Bb]orn|b\.)${PLACE}\s*(?::|\||on(?:\s+the)?|in)?|(?:[Bb]irth|[Dd]ate of birth)\s*[:|])(?:\*\*)?\s*$`,
  "u",
);
/** What a death came of, between the word and its date: "died of ovarian cancer on". */
const CAUSE = String.raw`(?:\s+(?:of|from)\s+(?:[\p{Ll}'-]+\s+){1,3}(?=on|in))?`;
const DIED = new RegExp(
  String.raw`\b(?:${DEATH_WORDS})${CAUSE}${PLACE}\s*(?::|\||on(?:\s+the)?|in)?(?:\*\*)?\s*$`,
  "u",
);
/** A birthday told without its year, in a worked age: "her birthday (23 May) had passed". */
const BIRTHDAY =
  /\bbirthday\s*(?:\(|,|\bon\b|\bof\b|\bis\b|\bwas\b|\bfalls on\b|\bfell on\b)?\s*$/i;
/** Before a life's first date, an aside opens: a bracket, a spaced dash or a comma. */
const LIFE_RANGE = /(?:\(|\s[—–]|,)\s*(?:b\.\s*)?$/;
/** What closes the aside its opening opened: "(1809–1882)", "— 1809 to 1882 —", ", 1809–1882,". */
const LIFE_RANGE_CLOSE: Record<string, RegExp> = {
  "(": /^\s*\)/,
  "—": /^\s+—/,
  "–": /^\s+–/,
  ",": /^\s*,/,
};
const LIVED = /\blived\s+(?:from|between)\s*$/i;
const RANGE_JOIN = /^\s*(?:–|-|—|to)\s*(?:d\.\s*)?$/;
const FROM = /(?:\bfrom|\bbetween|\bin|\()(?:\s+the)?\s*$/i;
/** The end of a period may be named before its date: "to the Armistice on", "(today) to your flight on". */
const TO =
  /^\s*\)?\s*(?:(?:to|until|till)(?:\s+(?:the|his|her|its|their|your|my|our)(?:\s+[\p{L}'-]+){1,3}\s+(?:on|in))?|through|and|–|-|—|→)(?:\s+the)?\s*$/u;
/** A period that opens its line, after a bullet or a label: "20 July 2006 – 20 January 2014". */
const LINE_OPENING = /^[^\S\n]*(?:(?:[-+•>]|\d+[.)])\s+)?(?:\p{L}[\p{L}' ]{0,30}:\s*)?$/u;
/** Verbs of travel, which name where between the verb and the date: "left port on". */
const DEPARTED = String
  .raw`(?:left|departed|sailed|set\s+(?:sail|out)|launched|took\s+off|lifted\s+off)(?:\s+[\p{L}'-]+){0,3}?\s+(?:on|in)\s+`;
const ARRIVED = String
  .raw`(?:arrived|anchored|docked|landed|returned|reached)(?:\s+[\p{L}'-]+){0,4}?\s+(?:on|in)\s+`;
/** A stay, told by its arrival and its leaving: "arriving 21 October ... and leaving 25 December". */
const STAY_BEGAN = String
  .raw`(?:arrive|arriving|arrived|admitted|check(?:ed|ing)?[\s-]+in)(?:\s+(?:on|in))?\s+`;
const STAY_ENDED = String
  .raw`(?:leave|leaving|left|depart|departing|departed|discharged|(?:check(?:ed|ing)?[\s-]+)?out)(?:\s+(?:on|in))?\s+`;
/** A job's end: "and her last day is June 28, 2024". */
const LAST_DAY = String
  .raw`,?\s*and\s+(?:her|his|their|my|your|the)\s+last\s+(?:working\s+)?day\s+(?:is|was|will\s+be)\s+(?:on\s+)?`;
/** A period told by its start and end: "began in July 2012 and was completed in May 2016". */
const STARTED = new RegExp(
  String
    .raw`\b(?:(?:began|begun|begins|started|starts|commenced|opened(?:\s+(?:its|their)\s+doors)?|opens|launched|founded|established|kick(?:s|ed)?\s+off|took office|took effect|came into force|joined(?:\s+[\p{L}'-]+){0,3}?)\s+(?:on\s+|in\s+)?|${DEPARTED}|${STAY_BEGAN})$`,
  "iu",
);
/**
 * ... the end, its subject named or not: "and the last arch was closed in 1950", "and the hall
 * was officially opened to the public in 1928", "and closed for good in 2003".
 */
const ENDED = new RegExp(
  String
    .raw`^\s*(?:[,;]?\s*(?:${STAY_ENDED})|${LAST_DAY}|,?\s*(?:and|but)\s+(?:(?:the|its|their|his|her)\s+(?:[\p{L}'-]+\s+){1,3}?)?(?:(?:was|were|is|are|has|had|been|it|they|he|she)\s+){0,2}(?:(?:(?:officially|finally|formally|eventually)\s+)?(?:completed|finished|ended|ends|closed|closes|concluded|expired|expires|stopped|ceased|dissolved|disbanded|abolished|left office|decommissioned|retired|shut down|wrap(?:s|ped)?\s+up|opened)(?:\s+(?:for\s+good|permanently|to\s+(?:the\s+)?(?:public|traffic)))?\s+(?:on\s+|in\s+)?|${ARRIVED}|${STAY_ENDED}))$`,
  "iu",
);
/**
 * A count of time, "6.5 years" too; "5 years and 8 months" and "2 weeks and 3 days" are read
 * whole, their part hedged or not ("66 years and about seven months").
 */
const DURATION = new RegExp(
  `(?<![$€£\\d.,])\\b(\\d{1,3}\\.\\d{1,2}|\\d{1,3}[½¼¾]|(?:${AMOUNT})(?:${A_HALF})?)[\\s-](?:(?:full|whole|complete|consecutive|straight)\\s+)?(years?|months?|weeks?|days?|nights?)\\b(?:,?\\s+and\\s+(?:${PART_HEDGE.source})?(${AMOUNT})[\\s-](months?|days?)\\b)?`,
  "gi",
);
const DURATION_FIRST = new RegExp(`^(?:${DURATION.source})`, "i");
/** The words that may join a period to its count: ", a span of", "; so its term is". */
const JOINS_AFTER = new Set(
  (", ; : ( ) – — - ' ’ s so which that this it its the a an i.e. or of to for in all exactly " +
    "total totalling totaling span period run stretch term tenure reign spell stint duration " +
    "length time whole full entire is was were lasting lasted lasts ran running runs taking took " +
    "takes spanning spanned spans covering covered amounting came making made makes means mean " +
    "about around roughly approximately just over under " +
    "gives give → build construction project trip journey stay course mission stood served " +
    "spending spent " +
    "operated remained stayed you re are will be booking booked").split(" "),
);
/** The thing a count is told of, before its verb: "so the building took 37 years". */
const SUBJECT_OF_VERB =
  /\b(?:the|its|their|this|that)(?:\s+[\p{L}'-]+){1,2}\s+(?=(?:took|lasted|ran|spanned|stood|served|operated|remained|stayed)\b)/giu;
/** ... and, before a count since the start, the words of the end: "so the closing date fell". */
const JOINS_END = new Set([
  ...JOINS_AFTER,
  ..."closing closed close closes end ended ends ending final finish finished completion completed last date day fell falls"
    .split(" "),
]);
/** ... and a count to the period after it: "for 33 years, from 1991", "3 years (2015–2018)". */
const JOINS_BEFORE = new Set(
  (", ( – — - : from between stretching running spanning lasting covering period span stretch " +
    "run term").split(" "),
);
/** A count since the start, the difference alone: "202 days after the start". */
const SINCE_START =
  /^\s+after\s+(?:(?:the|its|their)\s+)?(?:start|beginning|outset|opening(?:\s+day)?|launch|departure|founding|groundbreaking|ground\s+(?:was|had\s+been)\s+broken|(?:it|work|construction|building)\s+(?:began|had\s+begun|started|opened|commenced))\b/i;
/**
 * A count after "there are": a countdown to the end ("to your flight on 24 March there are 23 days
 * to go"), or the period's whole, closing its clause ("between 3 March and 14 June there are 103
 * days."; "there are 9 days of festival events" counts some of its days).
 */
const COUNTDOWN_BEFORE = /^\s*,?\s*(?:so\s+)?there\s+(?:are|is|will\s+be)\s+(?:still\s+)?$/i;
const COUNTDOWN_AFTER = /^\s*(?:(?:to\s+go|left|in\s+between|remaining)\b|[.,;!)]|$)/i;
/**
 * A count of the whole period told after its end, said of what the period was: ", after 114 days
 * at sea", ", after 61 years on Main Street" (", after 30 years in Washington" may count a career).
 */
const AFTER_COUNT_BEFORE = /^\s*,?\s*after\s+$/i;
const AFTER_COUNT_AFTER =
  /^\s*(?:at\s+sea|afloat|on\s+strike|in\s+(?:orbit|office|power|service|operation|space|business)|of\s+(?:\p{L}+\s+)?(?:operations?|service|travel|sailing|flight|construction|work|rule|reign|marriage|fighting|war|voyaging|business|trading))\s*(?:[.,;!)]|$)/iu;
/** ... or where it was: ", after 61 years on Main Street". */
const AFTER_COUNT_PLACE =
  /^\s*on\s+\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*){0,3}\s*(?:[.,;!)]|$)/u;
const HEDGED =
  /\b(?:over|more than|less than|under|about|nearly|almost|around|roughly|some|at least|up to|approximately)\s+(?:an?\s+)?$/i;
/** A count said to be a little over or under: "just over 29 years" is from 29 to 30. */
const JUST_PAST =
  /\b(?:just|a\s+little|a\s+bit|slightly)\s+(over|under|more\s+than|less\s+than)\s+$/i;

/**
 * "just over 29 years" against the whole counts the dates allow: contradicted only where they are
 * two whole units past it (31 years and more, or under 28); never confirmed.
 */
function justPastFinding(period: Period, match: RegExpMatchArray, side: string, where: Span) {
  const count = amountOf(match[1]), unit = singular(match[2]);
  const range = countRange(period.from, period.to, unit, true);
  if (!range || match[3] !== undefined) return [];
  const over = /^(?:over|more)/i.test(side);
  const [low, high] = over ? [count, count + 1] : [count - 1, count];
  if (range[0] < high + 1 && range[1] > low - 1) return [];
  const right = `${periodWords(period)} is ${
    listOr(Array.from({ length: range[1] - range[0] + 1 }, (_, i) => range[0] + i))
  } ${unit}s`;
  return [finding("duration", true, where, `${right}, not just ${side.toLowerCase()} ${count}`)];
}

/** A hedge that does not bound: "about 6.5 years" is near 6.5, "over 6.5 years" is not. */
const ABOUT = /\b(?:about|around|roughly|approximately)\s+$/i;
/** A count of part of the period, or of something else in it. */
const PART_BEFORE =
  /\b(?:first|last|next|final|initial|another|additional|extra|other|remaining|after|within|in|during|every|each|per|than)\s*$/i;
/** ... but "37 years to complete" is the whole work's; "one day short of five years" is a gap. */
const OTHER_AFTER =
  /^\s*(?:to\s+(?!go\b|(?:complete|finish|build|construct|restore)\b)\p{L}|later|after|before|ago|earlier|longer|more|less|old|into|apart|each|per|(?:short|shy)\s+of|of\s+(?:which|them|these|this|that))/iu;

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
  return lifeRanges(text, dates)[0];
}

/** The lives told as a range of two dates: "(1809–1882)", "— 1809 to 1882 —", "lived from". */
function lifeRanges(text: string, dates: readonly DateQ[]): [DateQ, DateQ][] {
  return dates.slice(1).flatMap((b, i): [DateQ, DateQ][] => {
    const a = dates[i];
    const join = text.slice(a.end, b.start);
    if (LIVED.test(before(text, a, 16)) && TO.test(join)) return [[a, b]];
    const opening = before(text, a, 6).match(LIFE_RANGE)?.[0].trim()[0];
    const closed = opening && LIFE_RANGE_CLOSE[opening].test(text.slice(b.end));
    return closed && RANGE_JOIN.test(join) ? [[a, b]] : [];
  });
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

/** The age stated at `where` against the birth and death. */
function ageFinding([born, died]: [DateQ, DateQ], age: number, where: Span): ExactFinding {
  const possible = yearsBetween(born.date, died.date);
  const ok = possible.includes(age);
  return finding(
    "age",
    !ok,
    where,
    ok ? lifeReason(born, died) : `${lifeReason(born, died)}, not ${age}`,
  );
}

const lifeReason = (born: DateQ, died: DateQ) =>
  `${describeDate(born.date)} to ${describeDate(died.date)} is ${
    listOr(yearsBetween(born.date, died.date))
  } years`;

/**
 * A hedged age against the birth and death: "about 70" is said of 65 to 75, "about 65" of 63 to
 * 67, "about 69" of 69; confirmed within that, contradicted only two years past it.
 */
function hedgedAgeFinding([born, died]: [DateQ, DateQ], age: number, where: Span) {
  const rounding = age % 10 === 0 ? 5 : age % 5 === 0 ? 2 : 0;
  const off = Math.min(...yearsBetween(born.date, died.date).map((y) => Math.abs(y - age)));
  if (off <= rounding) return finding("age", false, where, lifeReason(born, died));
  if (off <= rounding + 2) return undefined;
  return finding("age", true, where, `${lifeReason(born, died)}, not about ${age}`);
}

/** The ages at death stated in `text` from `from` to `to`, against the birth and death. */
function ageFindings(text: string, life: [DateQ, DateQ], from: number, to: number) {
  const out: ExactFinding[] = [];
  const window = text.slice(from, to);
  for (const m of window.matchAll(AGE)) {
    const at = from + m.index, end = at + m[0].length;
    if (life.some((q) => at < q.end && end > q.start)) continue;
    const lead = text.slice(Math.max(0, at - 160), at);
    if (OTHER_PERSON.test(lead.slice(lead.search(/[^.!?\n]*$/)))) continue;
    const deathAfter = m[1] !== undefined || DEATH_AFTER_AGE.test(text.slice(end, end + 48));
    const verbOfDeath = m[2] !== undefined;
    const written = m.slice(1).find((g) => g !== undefined)!;
    if (!deathAfter) {
      if (OTHER_EVENT_AFTER.test(text.slice(end, end + 12))) continue;
      const said = verbOfDeath || toldDeathBefore(lead) ||
        (at >= life[1].end && RIGHT_AFTER.test(text.slice(life[1].end, at))) ||
        concludesLife(text, life, at + m[0].lastIndexOf(written), written.length);
      if (!said) continue;
    }
    const number = at + m[0].lastIndexOf(written);
    const close = text.slice(Math.max(0, number - 16), number);
    if (BOUNDED_AGE.test(close)) continue;
    const age = amountOf(written);
    // From the first date in the window to the age: all take part.
    const where = { start: firstIn(life, from, at), end };
    const found = HEDGED_AGE.test(close)
      ? hedgedAgeFinding(life, age, where)
      : ageFinding(life, age, where);
    if (found) out.push(found);
  }
  return out;
}

/**
 * An age said at an event just dated: ", aged 25", " (age 25)", ", at the age of 8", ", when he
 * was (just) 26", " he was 43", " she is 75", " she'll be 84", ", making him 43".
 */
const EVENT_AGE =
  /^[^\S\n]*,?[^\S\n]*\(?(?:aged?|at\s+(?:the\s+)?age(?:\s+of)?|(?:when\s+)?(?:he|she|they)(?:\s+(?:was|were|is|are|turns|turned|will\s+be)|['’]ll\s+be)(?:\s+(?:just|only|barely))?|making\s+(?:him|her|them))\s+(\d{1,3})\b(?![.,]\d|\s*(?:%|percent|days?|weeks?|months?|hours?|minutes?))/i;

/** An age told before the event's date, in one clause: "she was 22 when she graduated on". */
const AGE_WHEN =
  /\b(?:he|she|they|you|I)\s+(?:was|were|turned|will\s+be|['’]ll\s+be)\s+(\d{1,3})(?:\s+years?\s+old)?\s+when\s+(?:(?!\band\b)[^.,;:!?\n\d]){0,60}?\b(?:on|in)\s+$/i;

/**
 * The age at an event the claim dates, against the answer's one date of birth: "born on 21 April
 * 1926 and became queen on 6 February 1952, aged 25", "Born in 1879, he published it in 1905,
 * when he was 26", "born on 30 November 2001, she was 22 when she graduated on 15 June 2024".
 * The age follows the event's date in its clause, or comes before it with "when"; the birth is
 * before it, on the same line (a list's lines may be of other people), or on a fact list's
 * "Born:" line above ("- Born: 18 July 1918\n- Released from prison: 11 February 1990 (age 71)"),
 * or it opens a life's range ("Charles Darwin (1809–1882) published it in November 1859, at 50").
 */
function eventAgeFindings(
  text: string,
  qs: readonly Quantity[],
  born: DateQ,
  span: Span,
): ExactFinding[] {
  return qs.filter((q): q is DateQ => isDate(q) && q.start > born.end).flatMap((event) => {
    const after = EVENT_AGE.exec(text.slice(event.end, span.end));
    const m = after ?? AGE_WHEN.exec(text.slice(born.end, event.start));
    if (!m) return [];
    const age = Number(m[1]);
    const where = { start: born.start, end: after ? event.end + after[0].length : event.end };
    const between = text.slice(born.end, where.end);
    const bornLine = text.slice(lineAt(text, born.start).start, born.start);
    const overLines = between.includes("\n") && !BORN_LINE.test(bornLine);
    if (overLines || OTHER_PERSON.test(between)) return [];
    // A birth told only by a life's range says less whose the age is than "born" does.
    if (!BORN.test(before(text, born, 48)) && namesAnother(text, born, between)) return [];
    const possible = yearsBetween(born.date, event.date);
    const right = `${describeDate(born.date)} to ${describeDate(event.date)} is ${
      listOr(possible)
    } years`;
    const ok = possible.includes(age);
    return [finding("age", !ok, where, ok ? right : `${right}, not ${age}`)];
  });
}

/**
 * A name of two words or more, not opening a sentence nor a title's article: "Thomas Huxley",
 * "Queen Victoria" ("The Hobbit" is a title).
 */
const PROPER_NAME =
  /(?<!^|[.!?]\s*)\b(?!(?:The|A|An)\b)\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)+/gu;
const CAPITALISED = /\p{Lu}[\p{L}'’-]*/gu;
const TITLE = /"[^"\n]+"|“[^”\n]+”/g;

/**
 * Whether the words from a birth to an age at an event name someone else, who may be the one of
 * that age: "Darwin (1809–1882) influenced Thomas Huxley, who in 1860, at age 35". A name that
 * shares a word with the one before the birth is the same person's.
 */
function namesAnother(text: string, born: DateQ, between: string): boolean {
  const own = new Set(before(text, born, 60).match(CAPITALISED) ?? []);
  // A title in quotes names no one: "published “The Hobbit” in 1937".
  const untitled = between.replace(TITLE, "");
  return [...untitled.matchAll(PROPER_NAME)].some(([name]) =>
    !(name.match(CAPITALISED) ?? []).some((word) => own.has(word))
  );
}

/** A fact list's line of the birth, up to its date: "- **Born:** ". */
const BORN_LINE = /^[^\p{L}\n]*born\b[^\p{L}\n]*$/iu;

/**
 * Whether the age written at `at` is all its sentence says, and the sentence before states the
 * life, of no other gender: "... and died in Vienna on 5 December 1791. He was 37 years old."
 */
function concludesLife(text: string, [born, died]: [DateQ, DateQ], at: number, length: number) {
  const sentence = sentenceStart(text, at);
  if (!CONCLUDED_AGE.test(text.slice(sentence, at))) return false;
  if (!CONCLUDED_AGE_END.test(text.slice(at + length, at + length + 16))) return false;
  const previous = sentenceStart(text, sentence - 1, 400);
  const dates = [born, died];
  return sentence > 0 && dates.every((q) => q.start >= previous && q.end < sentence) &&
    !otherGender(text.slice(previous, sentence), text.slice(sentence, at));
}

/** The earliest of `at` and the dates written from `from` on. */
const firstIn = (dates: readonly Quantity[], from: number, at: number) =>
  Math.min(at, ...dates.filter((q) => q.start >= from).map((q) => q.start));

/** A period a claim states: where its two dates are written, and what they say. */
interface Period {
  start: Quantity;
  end: Quantity;
  from: YearDate;
  to: YearDate;
  /** Read in a year of no consequence, neither date stating one ("from May 6 to May 26"). */
  yearless?: boolean;
}

/** "May 6, 2025 to May 26, 2025"; a period with no year stated is said without one. */
function periodWords(period: Pick<Period, "from" | "to" | "yearless">): string {
  const said = (d: YearDate) => describeDate(period.yearless ? { ...d, year: undefined } : d);
  return `${said(period.from)} to ${said(period.to)}`;
}

/** Whether `q` opens its line, after a bullet or a label at most. */
function opensLine(text: string, q: Quantity, reach = 48): boolean {
  const window = text.slice(Math.max(0, q.start - reach), q.start);
  const newline = window.lastIndexOf("\n");
  if (newline < 0 && q.start > reach) return false;
  return LINE_OPENING.test(window.slice(newline + 1));
}

/** The periods a claim states, their start's year taken from the end where only that has one. */
function periods(text: string, qs: readonly Quantity[]): Period[] {
  const dates = qs.filter((q): q is DateQ => q.kind === "date" && q.date !== undefined);
  const out: Period[] = [];
  for (let i = 0; i + 1 < dates.length; i++) {
    const [a, b] = [dates[i], dates[i + 1]];
    const join = text.slice(a.end, b.start);
    const opens = FROM.test(before(text, a, 10)) ||
      (opensLine(text, a) && !/\band\b/.test(join)) ||
      (wholeDate(a) && wholeDate(b) && WORD_TO.test(join));
    const marriage = MARRIED.test(before(text, a, 30)) && MARRIAGE_ENDED.test(join);
    if (
      !(opens && TO.test(join)) && !(STARTED.test(before(text, a, 48)) && ENDED.test(join)) &&
      !marriage
    ) {
      continue;
    }
    // "Steven Stayner (April 18, 1965 – September 16, 1989)": a name's bracket is a life.
    if (/\p{Lu}[\p{L}.'-]*\s*\(\s*$/u.test(before(text, a, 30))) continue;
    const period = periodOf(a, b);
    if (period) out.push(period);
  }
  return out;
}

/** "January 2, 2019 to June 30, 2025": two whole dates, joined by a word, are a period. */
const WORD_TO = /^\s*(?:to|until|through)\s*$/;
const wholeDate = (q: DateQ) => q.date.year !== undefined && q.date.day !== undefined;

/** A marriage, ended by a death or a divorce: "married on 21 August 1926, and Giuseppe died on". */
const MARRIED = /\bmarried\s+(?:on|in)\s+$/i;
const MARRIAGE_ENDED =
  /^(?:\s+(?:in|at)\s+\p{Lu}[\p{L}'-]*)?\s*,?\s*(?:and|but)\s+(?:\p{Lu}[\p{L}'-]*|he|she)\s+(?:died|divorced|passed\s+away)\s+(?:on|in)\s+$/u;

/** The period from `a` to `b`: "from July 16 to August 1, 1998" says its year once, at the end. */
function periodOf(a: DateQ, b: DateQ): Period | undefined {
  if (a.date.year === undefined && b.date.year === undefined) return yearlessPeriod(a, b);
  const endYear = b.date.year;
  if (endYear === undefined) return undefined;
  const year = a.date.year ??
    (a.date.month && a.date.day ? endYear - (a.date.month > b.date.month! ? 1 : 0) : undefined);
  if (year === undefined) return undefined;
  const [from, to] = [{ ...a.date, year }, { ...b.date, year: endYear }];
  // An end before the start ("07.02.2024 to 28.04.2024" read month first) is no period.
  if (daysBetween(firstDay(from), lastDay(to)) < 0) return undefined;
  return { start: a, end: b, from, to };
}

/** A year in which a period of no stated year is read: any other that is not a leap year. */
const NO_YEAR = 2001;

/**
 * "From May 6 to May 26", "December 20 to January 5": days and months, no year, so read in a
 * common year; none that takes in the end of a February, whose length the year decides.
 */
function yearlessPeriod(a: DateQ, b: DateQ): Period | undefined {
  const [x, y] = [a.date, b.date];
  if (!x.month || !x.day || !y.month || !y.day) return undefined;
  const overNewYear = x.month > y.month || (x.month === y.month && x.day > y.day);
  const throughFebruary = overNewYear ? x.month <= 2 || y.month >= 3 : x.month <= 2 && y.month >= 3;
  if (throughFebruary) return undefined;
  const from = { ...x, year: NO_YEAR }, to = { ...y, year: NO_YEAR + (overNewYear ? 1 : 0) };
  return { start: a, end: b, from, to, yearless: true };
}

/**
 * How a count is told of its period: its length ("a span of 6 years"), the time since its start
 * ("17 years after ground was broken": no last day counted) or its length after its end (",
 * after 114 days at sea").
 */
type CountForm = "span" | "since" | "after" | "apart";
interface StatedCount {
  at: number;
  match: RegExpMatchArray;
  form: CountForm;
}

/**
 * The counts of a period stated next to it, and where: after it, before it ("there are 13 days
 * between 2023-12-25 and 2024-01-08 — two weeks" states both), else in the sentence after.
 */
function statedCounts(text: string, period: Period, span: Span): StatedCount[] {
  const found = [countAfter(text, period, span), countBefore(text, period, span)]
    .filter((c) => c !== undefined);
  if (found.length > 0) return found;
  const next = countInNextSentence(text, period.start, period.end, span);
  return next ? [next] : [];
}

function countAfter(text: string, { end: b }: Period, span: Span): StatedCount | undefined {
  const after = text.slice(b.end, Math.min(span.end, b.end + 80));
  const next = after.matchAll(DURATION).next().value;
  if (!next) return undefined;
  const at = b.end + next.index;
  // A remark in brackets between the period and its count: "19/10/2025 (UK date format), a stay".
  const between = after.slice(0, next.index).replace(/\s*\([^()\d]{0,40}\)/g, "");
  const rest = text.slice(at + next[0].length, Math.min(span.end, at + next[0].length + 48));
  const form: CountForm | undefined = SINCE_START.test(rest) && joinedBy(JOINS_END, between)
    ? "since"
    : joinedBy(JOINS_AFTER, between.replace(SUBJECT_OF_VERB, "")) ||
        (COUNTDOWN_BEFORE.test(between) && COUNTDOWN_AFTER.test(rest))
    ? "span"
    : AFTER_COUNT_BEFORE.test(between) &&
        (AFTER_COUNT_AFTER.test(rest) || AFTER_COUNT_PLACE.test(rest))
    ? "after"
    : undefined;
  return form ? { at, match: next, form } : undefined;
}

function countBefore(text: string, { start: a }: Period, span: Span): StatedCount | undefined {
  const from = Math.max(span.start, a.start - 80);
  const last = [...text.slice(from, a.start).matchAll(DURATION)].at(-1);
  if (!last) return undefined;
  const at = from + last.index;
  return joinedBy(JOINS_BEFORE, text.slice(at + last[0].length, a.start))
    ? { at, match: last, form: "span" }
    : undefined;
}

/** The sentence after a period that counts it: "That's a span of 31 years", "They were married for 34 years". */
const NEXT_SENTENCE =
  /^(?:(?:That|This)(?:'s|\s+is|\s+was|\s+makes|\s+comes\s+to)|(?:They|He|She)\s+(?:were|was|had\s+been)\s+(married))\b/;

/**
 * The count the sentence after the period opens with, the period the last figure of its own
 * sentence, the count the end of its clause; "were married" only of a marriage.
 */
function countInNextSentence(text: string, a: Quantity, b: Quantity, span: Span) {
  const rest = text.slice(b.end, Math.min(text.length, span.end + 100));
  const close = rest.match(/^[^\d.!?\n]*[.!?]\s+/);
  if (!close) return undefined;
  const start = b.end + close[0].length;
  const lead = text.slice(start).match(NEXT_SENTENCE);
  if (!lead || (lead[1] && !MARRIED.test(before(text, a, 30)))) return undefined;
  const after = text.slice(start + lead[0].length, start + lead[0].length + 60);
  const next = after.matchAll(DURATION).next().value;
  if (!next || !joinedBy(JOINS_AFTER, after.slice(0, next.index))) return undefined;
  // The count closes its clause: "That's 1,576 days of fighting" may count a part.
  if (!/^\s*(?:[.,;!(]|$)/.test(after.slice(next.index + next[0].length))) return undefined;
  return { at: start + lead[0].length + next.index, match: next, form: "span" as const };
}

/** The rest of a count in parts: ", 3 months and 14 days" of "4 years, 3 months and 14 days". */
const MORE_PARTS = new RegExp(
  `^(?:,?\\s+(?:and\\s+)?(?:${AMOUNT})[\\s-](?:months?|weeks?|days?)\\b)*`,
  "i",
);
/** One part of a count in parts: "63 years", "7 months". */
const PART = new RegExp(`(${AMOUNT})[\\s-](years?|months?|weeks?|days?)\\b`, "gi");

/**
 * The count stated of a period; one in parts ("63 years, 7 months and 2 days") confirmed whole,
 * contradicted where its first part alone cannot be or where the whole is further off than
 * counting conventions reach (the calendar's borrows may be counted another way than
 * partsFinding's).
 */
function wholeCountFindings(
  text: string,
  period: Period,
  stated: StatedCount,
  span: Span,
): ExactFinding[] {
  const found = countFindings(text, period, stated, span);
  const end = stated.at + stated.match[0].length;
  const more = text.slice(end, span.end).match(MORE_PARTS)![0];
  if (!more || found.length === 0) return found;
  const parts = [...text.slice(stated.at, end + more.length).matchAll(PART)]
    .map((m) => ({ count: amountOf(m[1]), unit: singular(m[2]) as SpanPart["unit"] }));
  const whole = partsFinding(
    { ...period.start, date: period.from },
    { ...period.end, date: period.to },
    parts,
    { start: found[0].start, end: end + more.length },
  );
  if (whole?.verdict === "consistent") return [whole];
  if (whole && pastConventions(period, parts)) return [whole];
  return found.filter((f) => f.verdict === "contradicted");
}

/** Days in each unit, on average. */
const MEAN_DAYS: Record<SpanPart["unit"], number> = {
  year: 365.2425,
  month: 30.436875,
  week: 7,
  day: 1,
};
/**
 * How far ways of counting move a count in parts, in days: a borrowed month's length (28 to 31
 * days), the last day counted or not, months of unequal length against their mean.
 */
const CONVENTIONS_REACH = 7;

/** Whether a count in parts is further from its dates' days than any way of counting takes it. */
function pastConventions(period: Period, parts: readonly SpanPart[]): boolean {
  const days = daysBetween(period.from as Day, period.to as Day);
  const told = parts.reduce((n, p) => n + p.count * MEAN_DAYS[p.unit], 0);
  return Math.abs(told - days) > CONVENTIONS_REACH;
}

/**
 * What tells the same period counted another way: "13 weeks, or 93 days", "4 years (1,461 days)",
 * "38 weeks later (266 days)".
 */
const OTHER_WAY =
  /^(?:\s+(?:later|old))?(?:,?\s+(?:or|i\.e\.,?|that\s+is,?)\s+|\s*\(\s*|\s+[—–]\s+)$/i;
/** ... and nothing after it but the end of the clause: "or 1,450 days in total." */
const OTHER_WAY_END = /^\s*(?:in\s+(?:total|all)\b)?\s*(?:[).,;!]|$)/i;

/**
 * The same period's count told again in another unit after `stated`, each read as it is: not
 * one of its parts ("5 years (3 years as deputy)").
 */
function otherWays(text: string, stated: StatedCount, span: Span): StatedCount[] {
  const out: StatedCount[] = [];
  const units = new Set([singular(stated.match[2])]);
  let end = stated.at + stated.match[0].length;
  for (;;) {
    end += text.slice(end, span.end).match(MORE_PARTS)![0].length;
    const rest = text.slice(end, Math.min(span.end, end + 40));
    const next = rest.matchAll(DURATION).next().value;
    if (!next || !OTHER_WAY.test(rest.slice(0, next.index))) return out;
    const after = end + next.index + next[0].length;
    const unit = singular(next[2]);
    if (units.has(unit) || !OTHER_WAY_END.test(text.slice(after, after + 16))) return out;
    units.add(unit);
    out.push({ ...stated, at: end + next.index, match: next });
    end = after;
  }
}

/** A date written in digits: "27/09/2025", "3/14/1861", "07.02.2024", "02/2015". */
const DIGIT_DATE = /(?<![\d/.])\d{1,2}[/.](?:\d{1,2}[/.])?\d{4}(?![\d/])/;

/**
 * The readings of the answer's dates in digits, which the quantities leave out: all month first or
 * all day first (a writer keeps one order), each where every date allows it; one reading, of none,
 * where the answer has none.
 */
function digitReadings(text: string, all: readonly Quantity[]): DateQ[][] {
  if (!DIGIT_DATE.test(text)) return [[]];
  const written = figuresOf(text, all).filter((q) => q.kind === "date") as NumericDate[];
  const readings = (["monthFirst", "dayFirst"] as const).flatMap((way) => {
    const read = written.map((d) =>
      d.monthFirst || d.dayFirst ? d[way] && { ...d, date: d[way] } : d
    );
    return read.every((d) => d?.date?.year !== undefined) ? [read as DateQ[]] : [];
  });
  const same = readings.length === 2 &&
    readings[0].every((d, k) => describeDate(d.date) === describeDate(readings[1][k].date));
  return readings.length === 0 ? [[]] : same ? [readings[0]] : readings;
}

/** The dates of birth the answer states ("born on 5 August 1930", "Born: 1810"). */
export const birthsIn = (text: string, qs: readonly Quantity[]) => {
  const dates = qs.filter(isDate);
  const ranged = lifeRanges(text, dates).map(([born]) => born);
  return [...new Set([...dates.filter((q) => BORN.test(before(text, q, 48))), ...ranged])];
};

/**
 * The reader of an answer's claims (`all`: its quantities), its dates in digits read once for
 * every claim. A claim's findings, its dates in digits read each way they may be: where only one
 * reading gives a period or a life, that one; where several do, contradicted only if each
 * contradicts, and confirmed where one holds whole.
 */
export function lifespanReader(text: string, all: readonly Quantity[]) {
  const readings = digitReadings(text, all);
  // The answer's one date of birth, which an age at a later event is counted from.
  const births = birthsIn(text, all);
  const born = births.length === 1 ? births[0] : undefined;
  return function lifespanFindings(
    qs: readonly Quantity[],
    context: readonly Quantity[],
    span: Span,
  ): ExactFinding[] {
    const owned = readings.map((digits) =>
      digits.filter((d) => d.start >= span.start && d.end <= span.end)
    );
    // A claim that states no figure has nothing to read.
    if (qs.length === 0 && owned.every((own) => own.length === 0)) return [];
    const line = lineOf(text, span.start);
    const read = readings.map((digits, k) => {
      const dated = [...qs, ...owned[k]].sort((a, b) => a.start - b.start);
      return readFindings(text, dated, context, span, line, digits, all, born);
    }).filter((found) => found.length > 0);
    if (read.length <= 1) return read[0] ?? [];
    const holds = read.find((found) => found.every((f) => f.verdict === "consistent"));
    if (holds) return holds;
    return read.every((found) => found.every((f) => f.verdict === "contradicted")) ? read[0] : [];
  };
}

/** A claim's findings; `line`: the line it opens in; `born`: the answer's one date of birth. */
function readFindings(
  text: string,
  qs: readonly Quantity[],
  context: readonly Quantity[],
  span: Span,
  line: TextLine,
  digits: readonly DateQ[],
  all: readonly Quantity[],
  born: DateQ | undefined,
): ExactFinding[] {
  const row = tableRowFindings(text, qs, span, line);
  if (row) return row;
  const own = lifeDates(text, qs);
  const completed = own ? undefined : lifeDates(text, [...context, ...qs]);
  const life = own ?? completed ?? lifeAround(text, qs, context, span, line, digits, all);
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
    const ages = ageFindings(
      text,
      life,
      ageWindowStart(text, own, completed, context, span),
      span.end,
    );
    // "(2015–2018)" with no age stated is a period, read below, not a life. An age at an event
    // of the life is read with it: "came to the throne on 20 June 1837, aged 20".
    if (ages.length > 0) {
      const events = qs.filter((q) => q.start !== born.start && q.start !== died.start);
      return [...ages, ...eventAgeFindings(text, events, born, span)];
    }
  }
  return [
    ...periods(text, qs).flatMap((period) =>
      statedCounts(text, period, span).flatMap((stated) => [
        ...wholeCountFindings(text, period, stated, span),
        ...otherWays(text, stated, span).flatMap((count) =>
          countFindings(text, period, count, span)
        ),
      ])
    ),
    ...listedDuration(text, span, line, digits),
    ...(born ? eventAgeFindings(text, qs, born, span) : []),
    ...apartFindings(text, qs, span),
    ...sinceFindings(text, qs, span),
    ...pregnancyFindings(text, qs, span),
    ...countdownFindings(text, qs, span),
  ];
}

/** A count of the time between two dates: "66 years and about seven months apart". */
const APART = /^(?:\*\*?)?\s+apart\b/i;

/** The counts "apart" of the only two dates a claim states, in the order of the calendar. */
function apartFindings(text: string, qs: readonly Quantity[], span: Span): ExactFinding[] {
  const dates = qs.filter(isDate);
  if (dates.length !== 2) return [];
  const [a, b] = dates;
  const period = a.date.year! <= b.date.year! ? periodOf(a, b) : periodOf(b, a);
  if (!period) return [];
  return [...text.slice(b.end, span.end).matchAll(DURATION)].flatMap((m) => {
    const at = b.end + m.index;
    if (!APART.test(text.slice(at + m[0].length, at + m[0].length + 12))) return [];
    return countFindings(text, period, { at, match: m, form: "apart" }, span);
  });
}

/** The words between a date and the time since the date before it: ", which is", " — exactly". */
const JOINS_SINCE = new Set(
  ", ( — – - : which is was that's that ’ ' s i.e. exactly just".split(" "),
);
/** ... the other way of counting it may come first: "283 days (40 weeks) later". */
const LATER = /^(?:\*\*?)?(?:\s*\([^()]{0,24}\))?\s+later\b/i;
/** An age told after the date it is reached on: "on 2 June 2025 she'll be 27 weeks old". */
const AGE_ON_DATE =
  /^\s*,?\s*(?:he|she|they|you|it)(?:\s+(?:is|was|turns|turned|will\s+be)|['’]ll\s+be)\s+$/i;
const OLD = /^(?:\*\*?)?\s+old\b/i;

/**
 * The time from the first of two dates to the second, told right after the second: "the due date
 * is October 17, 2025 — 41 weeks later", and from a birth "so on 2 June 2025 she'll be 27 weeks
 * old". Counted as a difference, the last day not counted.
 */
function sinceFindings(text: string, qs: readonly Quantity[], span: Span): ExactFinding[] {
  const dates = qs.filter(isDate);
  return dates.slice(1).flatMap((b, i) => {
    const a = dates[i];
    const period = periodOf(a, b);
    const next = text.slice(b.end, Math.min(span.end, b.end + 40)).matchAll(DURATION).next().value;
    if (!period || !next) return [];
    const at = b.end + next.index;
    const between = text.slice(b.end, at), rest = text.slice(at + next[0].length);
    const later = joinedBy(JOINS_SINCE, between) && LATER.test(rest);
    // An age in years is the age check's.
    const old = singular(next[2]) !== "year" && BORN.test(before(text, a, 30)) &&
      AGE_ON_DATE.test(between) && OLD.test(rest);
    if (!later && !old) return [];
    const stated: StatedCount = { at, match: next, form: "since" };
    return [
      ...countFindings(text, period, stated, span),
      ...otherWays(text, stated, span).flatMap((count) => countFindings(text, period, count, span)),
    ];
  });
}

/** Holidays of a fixed day, and their month and day. */
const HOLIDAYS: readonly [RegExp, number, number][] = [
  [/^christmas\s+eve/i, 12, 24],
  [/^christmas/i, 12, 25],
  [/^new\s+year's\s+eve/i, 12, 31],
  [/^new\s+year/i, 1, 1],
  [/^hallowe'?en/i, 10, 31],
  [/^valentine's/i, 2, 14],
];
const COUNTDOWN = new RegExp(
  String
    .raw`(?<![$€£\d.,])\b(\d{1,3})\s+(?:more\s+)?(?:days?|sleeps)\s+(?:left\s+|to\s+go\s+)?(?:until|till|'til|to|before)\s+(?:the\s+)?(Christmas|New\s+Year|Hallowe'?en|Valentine's)`,
  "gi",
);

/**
 * The days from the one date a claim states to a holiday of a fixed day: "Today is October 20,
 * 2024, so there are 66 days until Christmas", the holiday's day counted or not.
 */
function countdownFindings(text: string, qs: readonly Quantity[], span: Span): ExactFinding[] {
  const dates = qs.filter((q): q is DateQ => q.kind === "date" && q.date?.day !== undefined);
  if (dates.length !== 1 || !dates[0].date.month) return [];
  const date = dates[0];
  return [...text.slice(date.end, span.end).matchAll(COUNTDOWN)].flatMap((m) => {
    const name = text.slice(date.end + m.index + m[0].length - m[2].length, span.end);
    const [, month, day] = HOLIDAYS.find(([named]) => named.test(name))!;
    // A date without its year: only where no February 29 may fall between.
    const years = date.date.year === undefined ? [2001, 2004] : [date.date.year];
    const counts = years.map((year) => {
      const from = { ...date.date, year } as Day;
      const onOrAfter = month > from.month || (month === from.month && day >= from.day);
      return { from, to: { year: onOrAfter ? year : year + 1, month, day } };
    });
    const days = counts.map(({ from, to }) => daysBetween(from, to));
    if (days.some((d) => d !== days[0])) return [];
    const at = date.end + m.index;
    const counted = {
      count: Number(m[1]),
      unit: "day",
      range: [days[0], days[0] + 1] as [number, number],
    };
    const period = date.date.year === undefined
      ? { from: date.date as YearDate, to: { month, day } as YearDate }
      : counts[0];
    return [durationFinding(period, counted, { start: date.start, end: at + m[1].length }, m[1])];
  });
}

/** The first day of the last period, from which a pregnancy's weeks are counted. */
const LAST_PERIOD = /\b(?:last\s+(?:menstrual\s+)?period|LMP)\b[^.!?\n]{0,40}$/i;
const PREGNANT = /^(?:\*\*?)?\s+(?:pregnant|along|of\s+pregnancy)\b/i;
/** Before the end of a pregnancy's count: "the estimated due date is". */
const DUE_DATE =
  /\bdue\s+date\s+(?:is|was|would\s+be|will\s+be|of|falls\s+on|:)?\s*(?:on\s+)?(?:\*\*)?$/i;

/**
 * A pregnancy's length at a date, counted from the first day of the last period: "If your last
 * period began on 25 January 2022, then on 29 July 2022 you are 26 weeks and 3 days pregnant";
 * to the due date, its whole length.
 */
function pregnancyFindings(text: string, qs: readonly Quantity[], span: Span): ExactFinding[] {
  const dates = qs.filter((q): q is DateQ => q.kind === "date" && q.date !== undefined);
  const k = dates.findIndex((q) => LAST_PERIOD.test(before(text, q, 60)));
  const [a, b] = [dates[k], dates[k + 1]];
  const period = k >= 0 && b ? periodOf(a, b) : undefined;
  if (!period) return [];
  // "the estimated due date is 7 November 2024 — that's 280 days": the whole pregnancy.
  const due = DUE_DATE.test(before(text, b, 40));
  return [...text.slice(b.end, span.end).matchAll(DURATION)].flatMap((m, k) => {
    const at = b.end + m.index;
    const pregnant = PREGNANT.test(text.slice(at + m[0].length, at + m[0].length + 20));
    // A count "later" is the time since (sinceFindings).
    const rest = text.slice(at + m[0].length, at + m[0].length + 40);
    const whole = due && k === 0 && joinedBy(JOINS_AFTER, text.slice(b.end, at)) &&
      !OTHER_AFTER.test(rest) && !LATER.test(rest);
    if (!pregnant && !whole) return [];
    return countFindings(text, period, { at, match: m, form: "span" }, span);
  });
}

/**
 * Where the ages of a life are read from: a life this claim completes ("died in 1885, aged 70.
 * She was born in 1823") from its first date; one the claim before states whole was read there;
 * one this claim states whole from the claim before too, where that one states an age and no
 * date and this one goes on about the same person ("X was 66 when she died. She was born ...").
 */
function ageWindowStart(
  text: string,
  own: [DateQ, DateQ] | undefined,
  completed: [DateQ, DateQ] | undefined,
  context: readonly Quantity[],
  span: Span,
): number {
  if (completed) {
    const [born, died] = completed;
    return lifeDates(text, context) ? span.start : Math.min(born.start, died.start);
  }
  if (!own || context.length === 0 || context.some((q) => q.kind === "date")) return span.start;
  const lead = text.slice(span.start, Math.min(own[0].start, own[1].start));
  if (!SAME_SUBJECT.test(lead) || OTHER_PERSON.test(lead)) return span.start;
  const start = sentenceStart(text, context[0].start);
  return otherGender(text.slice(start, span.start), lead) ? span.start : start;
}

const GENDER_OF: Record<string, string> = { he: "m", his: "m", him: "m", she: "f", her: "f" };
const gendersIn = (words: string) =>
  new Set(
    (words.match(/\b(?:he|his|him|she|her)\b/gi) ?? []).map((w) => GENDER_OF[w.toLowerCase()]),
  );

/** Whether two stretches speak of people of no common gender ("he died ... She was born"). */
function otherGender(a: string, b: string): boolean {
  const [x, y] = [gendersIn(a), gendersIn(b)];
  return x.size > 0 && y.size > 0 && ![...x].some((g) => y.has(g));
}

/** Where the sentence holding `at` starts, looking back a short way. */
function sentenceStart(text: string, at: number, reach = 160): number {
  const from = Math.max(0, at - reach);
  const lead = text.slice(from, at);
  return from + Math.max(...[".", "!", "?", "\n"].map((end) => lead.lastIndexOf(end))) + 1;
}

/**
 * The life a claim that states an age but no life reads from around it: the lines of its fact
 * list, or a worked age's sentences.
 */
function lifeAround(
  text: string,
  qs: readonly Quantity[],
  context: readonly Quantity[],
  span: Span,
  line: TextLine,
  digits: readonly DateQ[],
  all: readonly Quantity[],
): [DateQ, DateQ] | undefined {
  const claim = text.slice(span.start, span.end);
  // The cheap test first: most claims state no age.
  if (claim.search(AGE) < 0) return undefined;
  const listed = line.fact;
  const worked = /\bbirthday\b/i.test(claim);
  const list = listed ? span : listAbove(text, span);
  const subtracted = YEARS_SUBTRACTED.test(text);
  if (!(list || worked || subtracted)) return undefined;
  return (list ? listedLife(text, list, digits) ?? lineLife(text, list, digits) : undefined) ??
    (worked ? workedLife(text, qs, context) : undefined) ??
    (subtracted ? subtractedLife(text, all) : undefined);
}

/** A worked age's years: "2011 − 1929 = 82", the death's year less the birth's. */
const YEARS_SUBTRACTED = /\b(1\d{3}|20\d{2})\s*[−–-]\s*(1\d{3}|20\d{2})\s*=\s*(?:\*\*?)?\d{1,3}\b/;

/**
 * The life a worked age subtracts ("Subtract the years: 1943 − 1886 = 57 ... Age at death: 56"):
 * the one subtraction of two years in an answer that writes no other year, read by its years
 * alone (either side of the birthday).
 */
function subtractedLife(text: string, all: readonly Quantity[]): [DateQ, DateQ] | undefined {
  const found = [...text.matchAll(new RegExp(YEARS_SUBTRACTED, "g"))];
  if (found.length !== 1) return undefined;
  const m = found[0];
  const [died, born] = [Number(m[1]), Number(m[2])];
  if (died <= born || died - born > 130) return undefined;
  if (all.some((q) => isDate(q) && q.date.year !== born && q.date.year !== died)) {
    return undefined;
  }
  const yearAt = (start: number, year: number): DateQ => ({
    start,
    end: start + 4,
    kind: "date",
    value: year,
    tolerance: 0,
    approx: false,
    inexact: false,
    date: { year },
  });
  const bornAt = m.index! + m[0].indexOf(m[2], m[1].length);
  return [yearAt(bornAt, born), yearAt(m.index!, died)];
}

/**
 * The last line of the fact list just above the paragraph a claim opens: "- Born: ...\n- Died:
 * ...\n\nThat makes her 72 years old at her death."
 */
function listAbove(text: string, span: Span): Span | undefined {
  const lines = linesOf(text);
  let i = lineIndex(lines, span.start) - 1;
  if (text.slice(lines[i + 1].start, span.start).replace(/\*/g, "").trim() || !lines[i]?.blank) {
    return undefined;
  }
  while (lines[i]?.blank) i--;
  return lines[i]?.fact ? lines[i] : undefined;
}

/** The life one line of a fact list states whole, the only one: "1. Birth: ... Death: ...". */
function lineLife(text: string, line: Span, digits: readonly DateQ[]) {
  const lives = blockLines(text, line.start).flatMap((l) => {
    const life = lifeDates(text, datesIn(text, l.start, l.end, digits));
    return life ? [life] : [];
  });
  return lives.length === 1 ? lives[0] : undefined;
}

/** The count stated of a period against its dates: none where it is hedged or of a part. */
function countFindings(text: string, period: Period, stated: StatedCount, span: Span) {
  const { at, match, form } = stated;
  const end = at + match[0].length;
  const lead = text.slice(Math.max(0, at - 16), at);
  const dates = [period.start, period.end].filter((q) =>
    q.start >= span.start && q.end <= span.end
  );
  const where = {
    start: firstIn(dates, span.start, at),
    end: Math.max(end, ...dates.map((q) => q.end)),
  };
  if (form !== "after" && PART_BEFORE.test(lead)) return [];
  if (form === "span" && OTHER_AFTER.test(text.slice(end, end + 16))) return [];
  const first = amountOf(match[1]);
  if (!Number.isInteger(first)) {
    if (HEDGED.test(lead) && !ABOUT.test(lead)) return [];
    const found = decimalFinding(period, match[1], singular(match[2]), where);
    return found ? [found] : [];
  }
  const loose = lead.match(JUST_PAST);
  if (loose) return justPastFinding(period, match, loose[1], where);
  if (HEDGED.test(lead)) return [];
  // Round hundreds are said of spans loosely: "the genocide lasted 100 days".
  if (first >= 100 && first % 100 === 0) return [];
  const counted = countOf(match, period, form !== "since");
  if (!counted.range) return [];
  const bothEnds = bothEndsIn(text, span);
  const range = saidRange(period, { ...counted, range: counted.range }, bothEnds);
  if (countsBothEnds(period, { ...counted, range }, bothEnds)) return [];
  const written = counted.count === first
    ? `${counted.count}`
    : `${counted.count} (${match[0].trim()})`;
  return [durationFinding(period, { ...counted, range }, where, written)];
}

/**
 * A count with decimals ("about 6.5 years") against the part units its dates allow: confirmed
 * within its last digit's rounding, hedged or not; contradicted only a whole unit past.
 */
function decimalFinding(period: Period, written: string, unit: string, where: Span) {
  if (unit === "day" || unit === "night") return undefined;
  const per = unit === "year" ? 12 : unit === "month" ? 1 : undefined;
  const measure = (a: Day, b: Day) =>
    per === undefined ? daysBetween(a, b) / 7 : monthsBetween(a, b) / per;
  if (per === undefined && !(period.from.day && period.to.day)) return undefined;
  const [low, high] = [
    measure(lastDay(period.from), firstDay(period.to)),
    measure(firstDay(period.from), lastDay(period.to)),
  ];
  const value = amountOf(written), rounding = 0.5 * 10 ** -decimalsWritten(written);
  const off = value < low ? low - value : value > high ? value - high : 0;
  const say = (x: number) => x.toFixed(2);
  const right = `${periodWords(period)} is ${
    high - low < 0.005 ? say(low) : `${say(low)} to ${say(high)}`
  } ${unit}s`;
  if (off <= rounding + 1e-9) return finding("duration", false, where, right);
  return off > 1 ? finding("duration", true, where, `${right}, not ${written}`) : undefined;
}

/**
 * Words that count both ends of a span of days: "inclusive", "both the day you enter and ...",
 * "counting arrival and departure".
 */
const BOTH_ENDS =
  /\binclusive\b|\bboth\s+(?:the\s+)?(?:days?|ends|dates)\b|\b(?:count|counting|counted|including)\s+(?:both|the\s+(?:first|last)\s+day|arrival|departure)\b/i;
/** A stay under the Schengen rule counts both ends, though the answer may not say it does. */
const SCHENGEN = /\bSchengen\b/i;
/** How far before its claim those words may be said (the sentence before). */
const BOTH_ENDS_REACH = 200;

/** Whether a count of days takes in both ends: said so, only implied by its rule, or neither. */
export type BothEnds = "said" | "implied" | undefined;

/** What the text of `span`, or just before it, says of a count of days' ends. */
export function bothEndsIn(text: string, span: Span): BothEnds {
  const around = text.slice(Math.max(0, span.start - BOTH_ENDS_REACH), span.end);
  return BOTH_ENDS.test(around) ? "said" : SCHENGEN.test(around) ? "implied" : undefined;
}

/**
 * A count of days only the period's last day counted as well allows ("July 16 to July 24" as 9
 * days): right only where the answer says both ends count (or its rule does: Schengen), and the
 * off-by-one slip it usually is where it does not. Such a count is neither confirmed nor
 * contradicted.
 */
function countsBothEnds(
  period: Pick<Period, "from" | "to">,
  counted: Counted,
  bothEnds: BothEnds,
) {
  // Whole months ("1 March to 31 May") are counted with both ends.
  const { from, to } = period;
  const wholeMonths = from.day === 1 && to.month !== undefined &&
    to.day === daysInMonth(to.month, to.year);
  if (counted.unit !== "day" || bothEnds !== undefined || wholeMonths) return false;
  const exclusive = countRange(period.from, period.to, "day", false);
  return exclusive !== undefined && counted.count > exclusive[1] &&
    counted.count <= counted.range[1];
}

/**
 * Where the answer says both ends count, a count of days from one day to another is the one with
 * both: "1 May to 29 July, 89 days counting both" is a day short.
 */
function saidRange(period: Pick<Period, "from" | "to">, counted: Counted, bothEnds: BothEnds) {
  const days = counted.unit === "day" && period.from.day && period.to.day;
  return bothEnds === "said" && days
    ? [counted.range[1], counted.range[1]] as [number, number]
    : counted.range;
}

/** A count in one unit, and the fewest and most of that unit its period allows. */
interface Counted {
  count: number;
  unit: string;
  range: [number, number];
}

/** The count stated of a period against the counts its dates allow. */
function durationFinding(
  period: Pick<Period, "from" | "to" | "yearless">,
  { count, unit, range }: Counted,
  where: Span,
  written: string,
) {
  const possible = Array.from({ length: range[1] - range[0] + 1 }, (_, i) => range[0] + i);
  const ok = possible.includes(count);
  const right = `${periodWords(period)} is ${listOr(possible)} ${unit}s`;
  return finding("duration", !ok, where, ok ? right : `${right}, not ${written}`);
}

/**
 * A count of `unit`s ("year", "month", "week", "day") between two dates, judged as a duration
 * (days counted with or without the last), or undefined where the dates are coarser than the
 * unit or not in order.
 */
export function spanFinding(
  a: Quantity,
  b: Quantity,
  count: Quantity,
  unit: string,
  where: Span,
  lastDayCounted = true,
  bothEnds: BothEnds = undefined,
): ExactFinding | undefined {
  const period = isDate(a) && isDate(b) ? periodOf(a, b) : undefined;
  const range = period && countRange(period.from, period.to, unit, lastDayCounted);
  if (!period || !range) return undefined;
  const counted = { count: count.value, unit, range };
  const told = { ...counted, range: saidRange(period, counted, bothEnds) };
  if (countsBothEnds(period, told, bothEnds)) return undefined;
  return durationFinding(period, told, where, `${count.value}`);
}

/** A count of time in parts ("63 years, 7 months and 2 days", "16 weeks and 1 day"). */
export interface SpanPart {
  count: number;
  unit: "year" | "month" | "week" | "day";
  /** How far a hedged part may be off ("and roughly 3 months"), in its unit. */
  slack?: number;
}

/**
 * A count of time in parts between two whole dates: years, months and days as the calendar counts
 * them (a day's borrow from the month before the end), weeks and days from the days between; the
 * last day counted or not. Undefined where a date lacks its day or the two are out of order.
 */
export function partsFinding(
  a: Quantity,
  b: Quantity,
  parts: readonly SpanPart[],
  where: Span,
): ExactFinding | undefined {
  if (!isDate(a) || !isDate(b) || !a.date.month || !a.date.day || !b.date.month || !b.date.day) {
    return undefined;
  }
  const [from, to] = [a.date as Day, b.date as Day];
  if (daysBetween(from, to) < 0) return undefined;
  const readings = [0, 1].map((extra) => partsBetween(from, to, extra, parts.map((p) => p.unit)));
  const ok = readings.some((r) =>
    r.every((n, k) => Math.abs(n - parts[k].count) <= (parts[k].slack ?? 0))
  );
  const say = (counts: number[]) =>
    counts.map((n, k) => `${n} ${parts[k].unit}${n === 1 ? "" : "s"}`).join(", ");
  const right = `${describeDate(from)} to ${describeDate(to)} is ${say(readings[0])}`;
  return finding(
    "duration",
    !ok,
    where,
    ok ? right : `${right}, not ${say(parts.map((p) => p.count))}`,
  );
}

/** The count in each of `units` from `a` to `b`, `extra` days added (the last day counted). */
function partsBetween(a: Day, b: Day, extra: number, units: readonly SpanPart["unit"][]): number[] {
  if (!units.includes("year") && !units.includes("month")) {
    const days = daysBetween(a, b) + extra;
    return units.map((u) =>
      u === "week" ? Math.floor(days / 7) : units.includes("week") ? days % 7 : days
    );
  }
  let years = b.year - a.year, months = b.month - a.month, days = b.day - a.day + extra;
  if (days < 0) {
    months--;
    days += daysInMonth(b.month === 1 ? 12 : b.month - 1, b.month === 1 ? b.year - 1 : b.year);
  }
  if (months < 0) [years, months] = [years - 1, months + 12];
  if (!units.includes("year")) months += 12 * years;
  // "6 years and 1 day" says no months: where there are some, or weeks beside years, it is no match.
  if ((!units.includes("month") && months !== 0) || units.includes("week")) {
    return units.map(() => NaN);
  }
  return units.map((u) => u === "year" ? years : u === "month" ? months : days);
}

/** An age stated between a birth and a death, judged as ages are; undefined if not in order. */
export function lifeFinding(born: Quantity, died: Quantity, age: number, where: Span) {
  if (!isDate(born) || !isDate(died) || died.date.year! < born.date.year!) return undefined;
  return ageFinding([born, died], age, where);
}

const singular = (unit: string) => unit.toLowerCase().replace(/s$/, "");

/**
 * The count a match states in one unit, and the counts the period allows in it: "5 years and 8
 * months" is 68 months where the dates give months, else read as its years.
 */
function countOf(match: RegExpMatchArray, period: Period, lastDayCounted: boolean) {
  const first = amountOf(match[1]), unit = singular(match[2]);
  const part = match[3] === undefined ? undefined : amountOf(match[3]);
  const partUnit = match[4] === undefined ? undefined : singular(match[4]);
  const whole = part === undefined
    ? undefined
    : unit === "year" && partUnit === "month"
    ? { count: 12 * first + part, unit: "month" }
    : unit === "week" && partUnit === "day"
    ? { count: 7 * first + part, unit: "day" }
    : undefined;
  const wholeRange = whole && countRange(period.from, period.to, whole.unit, lastDayCounted);
  // "and about seven months": the part may be off by a little.
  const slack = HEDGED_PART.test(match[0]) ? PART_SLACK[partUnit!] : 0;
  if (whole && wholeRange) {
    return { ...whole, range: [wholeRange[0] - slack, wholeRange[1] + slack] as [number, number] };
  }
  return { count: first, unit, range: countRange(period.from, period.to, unit, lastDayCounted) };
}

/**
 * The fewest and most whole `unit`s from `a` to `b`, over the days the two dates allow, or none
 * where the dates are coarser than the unit ("from 1939 to 1945, 14 days").
 */
function countRange(
  a: YearDate,
  b: YearDate,
  unit: string,
  lastDayCounted: boolean,
): [number, number] | undefined {
  // A stay's nights are its days without the last.
  if (unit === "night") return countRange(a, b, "day", false);
  const days = unit === "day" || unit === "week";
  if (days && !(a.month && a.day && b.month && b.day)) return undefined;
  if (unit === "month" && !(a.month && b.month)) return undefined;
  // "1 August 2023 through 31 January 2025": whole months, both ends counted, are 18 months.
  const wholeMonths = a.month && a.day === 1 && b.month && b.day === daysInMonth(b.month, b.year);
  if (wholeMonths && (unit === "month" || unit === "year")) {
    const months = (b.year - a.year) * 12 + b.month! - a.month! + 1;
    if (unit === "month") return [months, months];
    if (months % 12 === 0) return [months / 12, months / 12];
  }
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
  const most = Math.ceil(measure(firstDay(a), lastDay(b)) - 1e-9) +
    (unit === "day" && lastDayCounted ? 1 : 0);
  return [fewest, most];
}

// Lines read together: a fact list, a timeline, a table. Each line is a claim of its own; the
// line that states the age or the count reads the dates of the lines around it.

/** A line's head before its first word: a bullet, a number, a year and a dash ("- 1742 – "). */
const LINE_HEAD = /^[^\p{L}\n]*/u;
/** A fact list's label: "- Began: 1642", "Born: February 27, 1744", "| Born | 1853 |". */
const LABEL = /^[^\p{L}\n]*(\p{L}[\p{L}' ]{0,30}?)\s*[:|]\s*/u;
const FACT_LINE = /^[^\p{L}\n|]*\p{L}[\p{L}' ]{0,30}?\s*:\s*\S/u;
/** A table of two columns, a label and its value, is a fact list: "| Born | 1853-03-30 |". */
const LABEL_ROW = /^\s*\|\s*\p{L}[^|\n]{0,30}\|[^|\n]*\S[^|\n]*\|?\s*$/u;
const BORN_HEAD = /^(?:born|birth|date of birth)\b/i;
const DIED_HEAD = /^(?:died|dies|death|date of death|passed away)\b/i;
const START_LABEL =
  /^(?:start(?:ed)?|start date|began|begun|beginning|from|opened|founded|established|launched|commenced|took office|kick-?off)$/i;
/** A project's end: its launch, where it is the end of a list that opens with a kick-off. */
const END_LABEL =
  /^(?:end(?:ed)?|end date|to|until|closed|dissolved|completed|finished|left office|(?:public\s+)?launch|go-?live)$/i;
/** Labels of a period's length; not "term", which may be one of several. */
const COUNT_LABEL =
  /^(?:(?:total\s+)?duration|length|lasted|span|tenure|time in office|elapsed(?:\s+time)?|length of (?:reign|rule|service|tenure))(?:\s*\((years|months|weeks|days)\))?$/i;
/** What may come before a listed date: a season or part of its year, never a hedge ("c."). */
const DATE_LEAD = /^(?:(?:early|late|mid-?|spring|summer|autumn|fall|winter|in|on)\s*)?$/i;
/** What may follow a listed count: nothing, a bracket, a clause, "in total". */
const COUNT_TAIL = /^\s*(?:$|[(,;.–—-]|in\s+(?:total|all)\b)/i;
/** How far from the line a fact list is read: lines each way. */
const BLOCK_REACH = 8;

/** A list's item: a bullet or a number, or indented (a "*" bullet is read as a space). */
const LIST_ITEM = /^(?:\s*(?:[-+•]|\d+[.)])\s|[ \t]+\S)/;

/** A line, and whether it is blank, a list's item, a line of a fact list, a table's row. */
interface TextLine extends Span {
  blank: boolean;
  item: boolean;
  fact: boolean;
  row: boolean;
}
/** The lines of `text`, read when a claim sits in a list or a table. */
function linesOf(text: string): TextLine[] {
  let start = 0;
  return text.split("\n").map((line) => {
    const read = textLine(line, start);
    start += line.length + 1;
    return read;
  });
}

function textLine(line: string, start: number): TextLine {
  const item = LIST_ITEM.test(line);
  return {
    start,
    end: start + line.length,
    blank: !/\S/.test(line),
    item,
    fact: item || FACT_LINE.test(line) || LABEL_ROW.test(line),
    row: TABLE_ROW.test(line),
  };
}

/**
 * The index of the line before (`step` -1) or after (1) line `i` in its fact list: a line of
 * another kind ends the list, and so does a blank line but for one between two items.
 */
function nextInBlock(lines: readonly TextLine[], i: number, step: -1 | 1): number | undefined {
  let next = i + step;
  if (lines[next]?.blank) next = lines[i].item && lines[next + step]?.item ? next + step : -1;
  return lines[next]?.fact ? next : undefined;
}

/** The index of the line `at` is in. */
function lineIndex(lines: readonly TextLine[], at: number): number {
  let [low, high] = [0, lines.length - 1];
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lines[middle].start <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The line `at` is in. */
function lineOf(text: string, at: number): TextLine {
  const start = text.lastIndexOf("\n", at - 1) + 1;
  const end = text.indexOf("\n", at);
  return textLine(text.slice(start, end === -1 ? text.length : end), start);
}

/** The lines of the fact list `at` is in, a few each way. */
function blockLines(text: string, at: number): Span[] {
  const lines = linesOf(text);
  const own = lineIndex(lines, at);
  let [first, last] = [own, own];
  for (let i = 0, up = nextInBlock(lines, first, -1); up !== undefined && i < BLOCK_REACH; i++) {
    [first, up] = [up, nextInBlock(lines, up, -1)];
  }
  for (let i = 0, down = nextInBlock(lines, last, 1); down !== undefined && i < BLOCK_REACH; i++) {
    [last, down] = [down, nextInBlock(lines, down, 1)];
  }
  return lines.slice(first, last + 1);
}

/** The dates written from `start` to `end`, at their places in `text`, with those in `digits`. */
const datesIn = (text: string, start: number, end: number, digits: readonly DateQ[]): DateQ[] =>
  quantities(text.slice(start, end)).filter(isDate)
    .map((q) => ({ ...q, start: q.start + start, end: q.end + start }))
    .concat(digits.filter((d) => d.start >= start && d.end <= end))
    .sort((a, b) => a.start - b.start);

/**
 * The birth and death of a fact list or timeline: one line that opens with the birth ("- Born:
 * ...", "- 1742 – Born in Kellerby on ...") and one with the death, of nobody named.
 */
function listedLife(
  text: string,
  span: Span,
  digits: readonly DateQ[],
): [DateQ, DateQ] | undefined {
  const lines = blockLines(text, span.start).map((line) => {
    const head = line.start + text.slice(line.start, line.end).match(LINE_HEAD)![0].length;
    return { head, end: line.end, words: text.slice(head, line.end) };
  });
  // The one line of each, found before any date is read.
  const [born, died] = [BORN_HEAD, DIED_HEAD].map((opening) => {
    const found = lines.filter((line) => opening.test(line.words));
    return found.length === 1 ? found[0] : undefined;
  });
  const dateAfter = (line: typeof born, word: RegExp) =>
    line && datesIn(text, line.head, line.end, digits).find((q) => word.test(before(text, q, 48)));
  const [birth, death] = [dateAfter(born, BORN), dateAfter(died, DIED)];
  return birth && death ? [birth, death] : undefined;
}

/** The label of a fact list's line, and where its value starts. */
function labelOf(text: string, line: Span) {
  const m = text.slice(line.start, line.end).match(LABEL);
  return m ? { label: m[1], value: line.start + m[0].length } : undefined;
}

/** The date a value opens with: "1642", "spring 1906, when ...". */
function openingDate(
  text: string,
  value: number,
  end: number,
  digits: readonly DateQ[],
): DateQ | undefined {
  const first = quantities(text.slice(value, end))
    .map((q) => ({ ...q, start: q.start + value, end: q.end + value }))
    .concat(digits.filter((d) => d.start >= value && d.end <= end))
    .sort((a, b) => a.start - b.start)[0];
  if (!first || !isDate(first) || first.approx || first.inexact) return undefined;
  return DATE_LEAD.test(text.slice(value, first.start)) ? first : undefined;
}

/** A word that stresses a listed count, not one that hedges it: "Length: exactly 5 weeks". */
const EXACTLY = /^(?:exactly\s+)?/i;
/** A loan's count of monthly payments: "- Number of monthly payments: 60", "- Term: 36 monthly payments". */
const PAYMENTS_LABEL = /^(?:number of (monthly )?payments|(?:loan )?term)$/i;
const PAYMENTS_VALUE = /^(\d{1,3})(\s+monthly\s+payments)?\s*(?:$|[(,;.])/i;
const FIRST_PAYMENT = /^first (?:monthly )?payment$/i;
/** The last payment, made (both ends counted) or the month the loan is paid off in (one end). */
const LAST_PAYMENT =
  /^(?:(?:final|last) (?:monthly )?payment|(?:loan )?paid off|payoff(?: date)?)$/i;

/**
 * A fact list's length against its start and end lines ("- Began: 1642", "- Duration: 12 years")
 * or against the one line that states its period ("- Loan term: March 2018 – March 2023"); a
 * loan's count of monthly payments against its first and last payment.
 */
function listedDuration(
  text: string,
  span: Span,
  own: TextLine,
  digits: readonly DateQ[],
): ExactFinding[] {
  const count = own.fact ? labelOf(text, own) : undefined;
  if (!count) return [];
  const lines = blockLines(text, span.start);
  // The one line of each, found before any date is read.
  const dateOf = (label: RegExp) => {
    const found = lines.flatMap((line) => {
      const l = labelOf(text, line);
      return l && label.test(l.label) ? [{ ...l, end: line.end }] : [];
    });
    return found.length === 1 ? openingDate(text, found[0].value, found[0].end, digits) : undefined;
  };
  if (PAYMENTS_LABEL.test(count.label)) return listedPayments(text, count, own, dateOf);
  if (!COUNT_LABEL.test(count.label)) return [];
  const at = count.value + text.slice(count.value, own.end).match(EXACTLY)![0].length;
  const match = text.slice(at, own.end).match(DURATION_FIRST);
  if (!match || !COUNT_TAIL.test(text.slice(at + match[0].length, own.end))) return [];
  const [a, b] = [dateOf(START_LABEL), dateOf(END_LABEL)];
  const listed = a && b ? periodOf(a, b) : undefined;
  // Else the one line of the list that states a whole period.
  const stated = lines.filter((line) => line.start !== own.start)
    .flatMap((line) => periods(text, datesIn(text, line.start, line.end, digits)));
  const period = listed ?? (stated.length === 1 ? stated[0] : undefined);
  if (!period) return [];
  return countFindings(text, period, { at, match, form: "span" }, own);
}

/**
 * A loan's count of monthly payments against its first and last payment: the months between, or
 * one more where both ends are counted; none where the count is not said to be monthly.
 */
function listedPayments(
  text: string,
  count: { label: string; value: number },
  own: Span,
  dateOf: (label: RegExp) => DateQ | undefined,
): ExactFinding[] {
  const value = text.slice(count.value, own.end).match(PAYMENTS_VALUE);
  if (!value) return [];
  const monthly = PAYMENTS_LABEL.exec(count.label)![1] !== undefined || value[2] !== undefined;
  const [a, b] = [dateOf(FIRST_PAYMENT), dateOf(LAST_PAYMENT)];
  const period = monthly && a && b ? periodOf(a, b) : undefined;
  const months = period && countRange(period.from, period.to, "month", false);
  if (!period || !months) return [];
  const counted: Counted = {
    count: Number(value[1]),
    unit: "monthly payment",
    range: [months[0], months[1] + 1],
  };
  const where = { start: count.value, end: count.value + value[1].length };
  return [durationFinding(period, counted, where, value[1])];
}

/** A table's rows and its header: "| Name | Born | Died | Age at death |", then "|---|". */
const TABLE_ROW = /^\s*\|/;
const SEPARATOR_ROW = /^\s*\|?\s*:?-{2,}/;
const BORN_COLUMN = /^(?:born|birth|date of birth)$/i;
const DIED_COLUMN = /^(?:died|death|date of death)$/i;
const AGE_COLUMN = /^(?:age(?: at death)?|aged|died aged)(?:\s*\(years\))?$/i;
/** A cell that hedges its date: "c. 1867", "before 1900", "1867?". */
const HEDGED_CELL = /\b(?:c|ca)\.|\b(?:circa|about|around|before|after|by)\b|[?~]/i;
/** How many rows up a table's header is looked for. */
const TABLE_REACH = 40;

/** The cells of a table's line, between its pipes (and after the last, where the row goes on). */
function cells(text: string, line: Span): Span[] {
  const pipes: number[] = [];
  for (
    let i = text.indexOf("|", line.start);
    i >= 0 && i < line.end;
    i = text.indexOf("|", i + 1)
  ) {
    pipes.push(i);
  }
  const out = pipes.slice(0, -1).map((p, k) => ({ start: p + 1, end: pipes[k + 1] }));
  const last = pipes.at(-1)! + 1;
  if (text.slice(last, line.end).trim()) out.push({ start: last, end: line.end });
  return out;
}

/** The header of the table whose row `row` is: its first line, with a separator under it. */
function tableHeader(text: string, lines: readonly TextLine[], row: number): Span | undefined {
  let header = row;
  while (row - header < TABLE_REACH && lines[header - 1]?.row) header--;
  const under = lines[header + 1];
  if (header === row || header + 1 === row || !under) return undefined;
  return SEPARATOR_ROW.test(text.slice(under.start, under.end)) ? lines[header] : undefined;
}

/**
 * A table row's age at death against its birth and death, and its length against its start and
 * end, each in the column its header names; none where the row is no table's, or the header
 * names none of these.
 */
function tableRowFindings(
  text: string,
  qs: readonly Quantity[],
  span: Span,
  line: TextLine,
): ExactFinding[] | undefined {
  if (!line.row) return undefined;
  const lines = linesOf(text), index = lineIndex(lines, span.start), row = lines[index];
  const header = tableHeader(text, lines, index);
  if (!header) return undefined;
  const names = cells(text, header).map((c) => text.slice(c.start, c.end).trim());
  const values = cells(text, row);
  if (values.length !== names.length) return undefined;
  const cellOf = (column: RegExp) => values[names.findIndex((n) => column.test(n))];
  const dateIn = (cell: Span | undefined) => {
    if (!cell || HEDGED_CELL.test(text.slice(cell.start, cell.end))) return undefined;
    const dates = qs.filter(isDate).filter((q) => q.start >= cell.start && q.end <= cell.end);
    return dates.length === 1 ? dates[0] : undefined;
  };
  const [born, died, age] = [
    dateIn(cellOf(BORN_COLUMN)),
    dateIn(cellOf(DIED_COLUMN)),
    cellOf(AGE_COLUMN),
  ];
  if (born && died && age) {
    const stated = text.slice(age.start, age.end).match(/^\s*(\d{1,3})(?:\s+years)?\s*$/);
    if (!stated) return [];
    const at = age.start + text.slice(age.start, age.end).search(/\d/);
    return [
      ageFinding([born, died], Number(stated[1]), {
        start: born.start,
        end: at + stated[1].length,
      }),
    ];
  }
  const [start, end] = [dateIn(cellOf(START_LABEL)), dateIn(cellOf(END_LABEL))];
  const countColumn = names.findIndex((n) => COUNT_LABEL.test(n));
  const period = start && end && periodOf(start, end);
  if (!period || countColumn < 0) return undefined;
  const cell = values[countColumn];
  const written = text.slice(cell.start, cell.end);
  const at = cell.start + written.search(/\S|$/);
  // "| 22 |" under "Duration (years)": the header gives the unit.
  const unit = names[countColumn].match(COUNT_LABEL)![1];
  const counted = unit && /^\s*\d{1,4}\s*$/.test(written)
    ? `${written.trim()} ${unit}`
    : written.trim();
  const match = counted.match(DURATION_FIRST);
  if (!match || !COUNT_TAIL.test(counted.slice(match[0].length))) return [];
  return countFindings(text, period, { at, match, form: "span" }, row);
}

/** A worked count of years opens its sentence: "From 1725 to 1770 is 45 years". */
const WORKED_FROM = /^\s*from\s*$/i;
const WORKED_IS = /^\s*(?:is|=|equals|makes|gives)\s/i;

/**
 * The life a worked age states: a birthday without its year ("her birthday (23 May) had passed
 * by 19 August 1770"), the one full date of the death, and the years a sentence counts ("From
 * 1725 to 1770 is 45 years"), the later of them the year of the death: not any period that ends
 * that year ("she taught from 1750 to 1770").
 */
function workedLife(
  text: string,
  qs: readonly Quantity[],
  context: readonly Quantity[],
): [DateQ, DateQ] | undefined {
  const birthday = qs.find((q) =>
    q.kind === "date" && q.date?.year === undefined && q.date?.month && q.date.day &&
    BIRTHDAY.test(before(text, q, 24))
  );
  const deaths = qs.filter((q) => isDate(q) && q.date.month && q.date.day) as DateQ[];
  if (!birthday || deaths.length !== 1) return undefined;
  const died = deaths[0];
  const years = periods(text, [...context, ...qs]).find((p) =>
    p.to.year === died.date.year && p.from.month === undefined && p.to.month === undefined &&
    WORKED_FROM.test(text.slice(sentenceStart(text, p.start.start), p.start.start)) &&
    WORKED_IS.test(text.slice(p.end.end, p.end.end + 12))
  );
  if (!years) return undefined;
  return [{ ...birthday, date: { ...birthday.date, year: years.from.year } }, died];
}
const DAY_MONTH =
  /\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b\.?(?:,?\s+(\d{4}))?/g;
const MONTH_DAY =
  /\b(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4}))?/g;

/** A weekday named right before a date: "Thursday 3 January 2025", "Thu, Jan 3, 2025". */
const WEEKDAY_BEFORE =
  /\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\.?,?\s+(?:the\s+)?$/;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * Days a month does not have: "31 April", "February 30", "February 29, 2023"; and a weekday a
 * dated day is not: "Thursday 3 January 2025" (a Friday).
 */
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
      return;
    }
    const named = year === undefined
      ? undefined
      : WEEKDAY_BEFORE.exec(text.slice(Math.max(0, at - 16), at));
    if (!named || day > daysInMonth(month, year)) return;
    const weekday = WEEKDAYS[new Date(Date.UTC(year!, month - 1, day)).getUTCDay()];
    const said = WEEKDAYS.find((w) => w.startsWith(named[1]))!;
    if (weekday === said) return;
    out.push(
      finding(
        "impossible_date",
        true,
        { start: at - named[0].length, end: at + length },
        `${monthName(month)} ${day}, ${year} is a ${weekday}, not a ${said}`,
      ),
    );
  };
  for (const m of text.matchAll(DAY_MONTH)) {
    check(Number(m[1]), monthNumber(m[2]), m[3] ? Number(m[3]) : undefined, m.index, m[0].length);
  }
  for (const m of text.matchAll(MONTH_DAY)) {
    check(Number(m[2]), monthNumber(m[1]), m[3] ? Number(m[3]) : undefined, m.index, m[0].length);
  }
  return out;
}
