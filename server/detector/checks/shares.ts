/**
 * Percentages and the counts they stand for, in one claim: "12 of the 40 students (30%)",
 * "Of the 40 students, 12 passed (30%)", "20 passes completed out of 31 attempts, a completion
 * rate of 64.5%", "12 out of 40, or 30%", "30% of the 40 students, 12 students", "59% of the
 * company's 1,896 employees (1,127 people)"; or a share, then the next sentence with its
 * percentage alone ("21 correct out of 28. That's a score of 75%"). The percentage must be the
 * share within the precision it is written with. One share and one percentage per claim (or per
 * part of a claim that states several, each percentage with the figures since the one before),
 * else silent; silent too where the percentage is a change ("up 12%") or a mark compared with
 * ("under the 1% threshold"), and where it is the rest's share said of the rest ("7 of the 45
 * seeds germinated, so 84% failed"). Also read: a rate named for what it counts or for its whole
 * ("conversion rate", "of your income"), parts with their shares under the whole they add up to,
 * a price's reduction, and a table's column of rates (each below).
 */
import { type ExactFinding, finding } from "./finding.ts";
import { lineAt, type MarkdownList } from "./lists.ts";
import type { Quantity } from "./quantities.ts";
import { isContentWord } from "../signals/text.ts";
import { sameSlot } from "./slots.ts";
import {
  agree,
  formatNumber,
  HEDGED_SLACK,
  hedgedReading,
  type Reading,
  written,
} from "./values.ts";

/** Between a part and its whole: "12 of the 40", "20 passes completed out of 31". */
const ofPattern = (determiners: string) =>
  new RegExp(
    String.raw`^(?:\s*(?:(?:out of|of|in)|(?:[\p{L}-]+\s+){1,3}out of)\s+(?:the\s+|all\s+|` +
      String
        .raw`a total of\s+|${determiners}(?:his|her|their|its|your|my|our)\s+)?(?:[\p{L}-]+['’]s\s+)?)$`,
    "iu",
  );
const OF = ofPattern("");
/** ... "a" whole too, after a part ("$1,500 of a $4,200 income"), not after a percentage. */
const PART_OF = ofPattern(String.raw`an?\s+|`);
const WHOLE_FIRST = /\b(?:of|out of|among)\s+(?:the\s+|all\s+)?(?:\p{L}+['’]s\s+)?$/iu;
/** Between a percentage and the count that restates it: " (", ", or ", " — that is, ". */
const RESTATED = /^\s*(?:\(|,?\s*(?:or|i\.e\.,?|that\s+is,?)\s+|[—–]\s*(?:that\s+is,?\s*)?)$/i;
/** After a part, the whole named just before: "415 respondents, 169 of whom". */
const OF_THOSE = /^\s+of (?:them|whom|which|these|those)\b/i;
/** Characters at most between a share and its percentage: the same clause. */
const NEAR = 40;
/**
 * Further, where words say the percentage is the share ("..., which is a defect rate of 6.5%"), or
 * it closes the clause in parentheses ("25 of 42 staff have had the shot (60%)").
 */
const NEAR_SAID = 80;
const SAID_SHARE =
  /(?:\(|\bthat is|\bthat's|\bwhich is|\bi\.e\.|\bmeaning|\brepresenting|\bor|\b(?:rate|share|proportion|percentage|score) (?:is|was|of))\s*(?:about|roughly|around|nearly|almost|just|exactly)?\s*$/i;
/** The sentence after a share that gives its percentage: "That's a score of 75%". */
const NEXT_SENTENCE_SHARE =
  /^[^\d.!?]{0,40}[.!?]\s+(?:that'?s|that is|this is|that works out to|that makes|that gives you|in other words,?)\b[^\d.!?]{0,30}$/i;
/**
 * A change or a rate, not a share: "up 12%", "12% more than", "an interest rate of 5%" ("takes up
 * 30%" is a share).
 */
const CHANGE_BEFORE =
  /\b(?:(?<!\b(?:tak\w*|took|mak\w*|made|us\w*|eat\w*|ate|add\w*|sum\w*|end\w*|show\w*|sign\w*|open\w*)\s)up|down|ris(?:e|es|en|ing)|rose|f[ae]ll(?:s|en|ing)?|increas\w*|decreas\w*|gr[eo]w\w*|drop\w*|declin\w*|climb\w*|jump\w*|by|margin|interest|discount|off|tax|vat|apr|yield\w*|return\w*)\b[^\d.;]{0,12}$/i;
const CHANGE_AFTER =
  /^\s*(?:more|less|fewer|higher|lower|increase|decrease|rise|drop|up|down|off|interest|per year|a year|annually|year-on-year)\b/i;
/** Words that say a percentage is of the rest: "so 84% failed", "the other 16%". */
const OF_THE_REST =
  /\b(?:not|no|never|none|without|fail\w*|miss(?:ed|ing)?|lost|los(?:s|es|ing)|rest|remain\w*|others?|in(?:complet|correct|valid|accura|eligib|activ)\w*|un(?:answered|sold|used|successful|employed|decided|sure|able|paid|filled|treated)|wrong(?:ly)?|left|reject\w*|declin\w*|refus\w*|absent|\w+n't)\b/i;

const countLike = (q: Quantity) =>
  !q.computed && !q.ordinal &&
  (q.kind === "count" || q.kind === "number" || q.kind === "money" || q.kind === "unit") &&
  !q.inexact;

/**
 * A figure that quantities.ts reads as a range's start for the "from" before it, where there is no
 * range: the whole a part comes from ("58 purchases from 1,937 visitors", no end after it), or a
 * price that changed ("dropped from $80 to $60").
 */
const FROM_BEFORE = /\bfrom\s*$/i;
const CHANGED_FROM =
  /\b(?:dropped|fell|went|cut|reduced|lowered|slashed|marked down|came down)\s+from\s*$/i;
const RANGE_END = /^[^\d\n.;]{0,24}?(?:\bto\b|\bthrough\b|\band\b|[-–—])\s*[$€£]?\d/i;
const readAsRange = (text: string, q: Quantity) => {
  const before = text.slice(Math.max(0, q.start - 24), q.start);
  return q.inexact && q.bound === undefined &&
    (CHANGED_FROM.test(before) ||
      (FROM_BEFORE.test(before) && !RANGE_END.test(text.slice(q.end, q.end + 40))));
};
/** countLike, a figure misread as a range's start (readAsRange) taken as the figure it is. */
const exactCount = (text: string, q: Quantity) =>
  countLike(q) || (readAsRange(text, q) && countLike({ ...q, inexact: false }));

/** A percentage that can be a share: exact, not worked out, not a change or a rate. */
/** "61,500 sessions = 3.3%": a percentage said equal to words, no result of working. */
const STATED_EQUAL = /\p{L}[^\S\n]*=[^\S\n]*$/u;

function isShare(text: string, q: Quantity): boolean {
  const stated = !q.computed || STATED_EQUAL.test(text.slice(Math.max(0, q.start - 20), q.start));
  return q.kind === "percent" && !q.inexact && stated &&
    !CHANGE_BEFORE.test(text.slice(Math.max(0, q.start - 30), q.start)) &&
    !CHANGE_AFTER.test(text.slice(q.end, q.end + 20)) && !isBenchmark(text, q);
}

/** Before a percentage, words that compare with it: "under the 1% threshold", "above 30%". */
const BENCHMARK_BEFORE =
  /\b(?:under|below|over|above|than|within|exceed\w*|beat\w*|at (?:least|most)|up to)\s+(?:the|a|an)?\s*$/i;
/** After a percentage, a mark it sets: "the 30% rule", "a 2% target". */
const BENCHMARK_AFTER =
  /^\s*(?:threshold|target|limit|cap|benchmark|guideline|rule|mark|goal|ceiling|floor|cutoff)\b/i;

/** A percentage an answer compares with (a threshold, a target), not a share it states. */
export const isBenchmark = (text: string, q: Quantity) =>
  BENCHMARK_BEFORE.test(text.slice(Math.max(0, q.start - 24), q.start)) ||
  BENCHMARK_AFTER.test(text.slice(q.end, q.end + 16));

/**
 * `earlier`: the quantities of the few claims before in its block of lines, where a rate's counts
 * may be stated (namedRateFinding).
 * `previous`: the quantities of the claim before, read with this one when this one states a
 * percentage alone and says it is the share stated before ("That's 75%").
 */
export function shareFindings(
  text: string,
  claimQuantities: readonly Quantity[],
  previous: readonly Quantity[] = [],
  earlier: readonly Quantity[] = previous,
): ExactFinding[] {
  const stated = claimQuantities.filter((q) => q.kind === "percent");
  if (stated.length > 1) {
    // "34 of 200 (17%) had headaches, against 21 of 200 (10.5%)": each percentage is read with
    // the figures since the one before it, as a claim of its own.
    let from = 0;
    return stated.flatMap((percent) => {
      const to = claimQuantities.indexOf(percent) + 1;
      const own = claimQuantities.slice(from, to);
      from = to;
      return shareFindings(text, own, [], []);
    });
  }
  const [alone] = claimQuantities;
  const follows = claimQuantities.length === 1 && previous.length > 0 &&
    NEXT_SENTENCE_SHARE.test(text.slice(previous.at(-1)!.end, alone.start));
  const qs = follows ? [...previous, alone] : claimQuantities;
  const percents = qs.filter((q) => q.kind === "percent");
  if (percents.length !== 1 || !isShare(text, percents[0])) return [];
  const percent = percents[0];
  const linked = (a: Quantity, b: Quantity) => {
    const between = text.slice(a.end, b.start);
    if (PART_OF.test(between)) return true;
    // "120 kcal of its 480 total", "12 students of the 40": the part's own noun, then "of" a whole
    // that is bare or its total.
    const noun = /^\s+([\p{L}-]+)(?=\s)/u.exec(between);
    return a.kind === "count" && !!a.noun && !!noun &&
      noun[1].toLowerCase().startsWith(a.noun.toLowerCase()) &&
      OF.test(between.slice(noun[0].length)) &&
      (b.kind === "number" || b.noun === a.noun || b.noun === "total");
  };
  const pairs: [Quantity, Quantity][] = [];
  for (let i = 0; i + 1 < qs.length; i++) {
    const [a, b] = [qs[i], qs[i + 1]];
    if (!countLike(a) || !countLike(b) || !linked(a, b)) continue;
    // "roughly three in four": a ratio said loosely in words, no count of the percentage's.
    if (a.word && b.word) continue;
    // "120 kcal of its 480 total": a bare whole is in its part's unit.
    if (a.kind === "unit" && b.kind !== "number" && b.noun !== "total" && a.unit !== b.unit) {
      continue;
    }
    if (b.value !== 0 && Math.abs(a.value) <= Math.abs(b.value)) pairs.push([a, b]);
  }
  // "Of the 40 students, 12 passed", "40 visitors, and 12 of them bought": the whole first, then
  // the part after the comma.
  for (let i = 0; i + 1 < qs.length; i++) {
    const [whole, part] = [qs[i], qs[i + 1]];
    if (!countLike(whole) || !countLike(part) || whole.value === 0) continue;
    const ofThose = OF_THOSE.test(text.slice(part.end, part.end + 12));
    if (!ofThose && !WHOLE_FIRST.test(text.slice(Math.max(0, whole.start - 16), whole.start))) {
      continue;
    }
    // "Of the 40 students, 12 passed"; after "of them" the whole is the figure before, whatever
    // words come between ("taken 27 penalties and scored 23 of them").
    const between = text.slice(whole.end, part.start);
    if (!(ofThose ? /^[\s\p{L}'’,-]*$/u : /^[\s\p{L}'’-]*,\s*(?:and\s+)?$/u).test(between)) {
      continue;
    }
    if (Math.abs(part.value) <= Math.abs(whole.value)) pairs.push([part, whole]);
  }
  // "Of the 35 members, 40% (14 people) voted": the whole first, then the percentage, then the
  // part that restates it.
  const at = qs.indexOf(percent);
  const [whole, part] = [qs[at - 1], qs[at + 1]];
  if (
    whole && part && countLike(whole) && countLike(part) && whole.value !== 0 &&
    WHOLE_FIRST.test(text.slice(Math.max(0, whole.start - 16), whole.start)) &&
    /^[\s\p{L}'’-]*,\s*$/u.test(text.slice(whole.end, percent.start)) &&
    RESTATED.test(text.slice(percent.end, part.start)) &&
    Math.abs(part.value) <= Math.abs(whole.value)
  ) pairs.push([part, whole]);
  if (pairs.length === 1 && (follows || near(text, pairs[0], percent))) {
    if (otherBase(qs, pairs[0], percent)) return [];
    return shareFinding(text, pairs[0], percent);
  }
  if (pairs.length > 0 || follows) return [];
  const rate = namedRateFinding(text, [...earlier, ...claimQuantities], percent);
  return rate ?? scoreShareFinding(text, percent) ?? partOfWhole(text, qs, percent);
}

/**
 * A score written as one token, which quantities.ts does not read as two counts: "38/50",
 * "3-of-9", "3-for-9".
 */
const SCORE =
  /(?<![\d.,/-])(\d{1,4})(?:\s*\/\s*|-(?:of|for)-)(\d{1,4})(?![\d/]|[.,]\d|-(?:of|for)-)/g;
/** Words on its line that make a fraction a score rather than a date ("3/10"). */
const SCORE_WORDS = /\b(?:scor\w*|marks?|points?|correct|right|got|went|made)\b/i;
/** The line after a score labelled as its share: "Percentage: 56%". */
const SHARE_LINE_LABEL =
  /^\s*(?:[-*•]\s*)?(?:percentage|percent|score|result|grade|accuracy)\s*[:=]?\s*(?:about|roughly|around|approximately|[≈~])?\s*$/i;

/**
 * A score with its percentage: in its clause ("went 3-of-9 from the line (33.3%)") or, the score
 * alone on its line, on the next line under a share's label ("Score: 38/50" then "Percentage:
 * 56%"). An "=" between is arithmetic's to read; a fraction that may be a date needs a score's word
 * on its line.
 */
function scoreShareFinding(text: string, percent: Quantity): ExactFinding[] | undefined {
  const line = lineAt(text, percent.start);
  const previous = line.start > 0 ? lineAt(text, line.start - 1) : undefined;
  const said = text.slice(line.start, percent.start);
  const from = SHARE_LINE_LABEL.test(said) && previous ? previous.start : line.start;
  const m = [...text.slice(from, percent.start).matchAll(SCORE)].at(-1);
  if (!m) return undefined;
  const start = from + m.index!, end = start + m[0].length;
  const between = text.slice(end, percent.start);
  const nextLine = from !== line.start;
  const glued = nextLine
    ? /^[^\d\n]*\n$/.test(text.slice(end, line.start))
    : between.length <= NEAR || (between.length <= NEAR_SAID && SAID_SHARE.test(between));
  if (!glued || /[\d=≈]/.test(nextLine ? text.slice(end, line.start) : between)) return undefined;
  const [part, whole] = [Number(m[1]), Number(m[2])];
  const dateLike = m[0].includes("/") && part <= 12 && whole <= 31;
  if (whole === 0 || part > whole) return undefined;
  if (dateLike && !SCORE_WORDS.test(text.slice(lineAt(text, start).start, line.end))) {
    return undefined;
  }
  const count = (value: number, at: number, to: number): Quantity => ({
    start: at,
    end: to,
    kind: "number",
    value,
    tolerance: 0,
    approx: false,
    inexact: false,
  });
  const slash = start + m[1].length;
  return shareFinding(text, [count(part, start, slash), count(whole, slash, end)], percent);
}

/**
 * Rates named for what they count, and the words that name their count: a conversion rate is
 * of purchases, a turnout of ballots cast.
 */
const NAMED_RATES: readonly [RegExp, RegExp][] = [
  [
    /conversion/,
    /\b(?:purchas\w*|orders?|ordered|sales|sold|bought|buyers?|sign-?ups?|signed up|subscri\w*|converted|conversions)\b/,
  ],
  [/turnout/, /\b(?:ballots?|votes|voted|cast)\b/],
  [/germination/, /\b(?:sprout\w*|germinat\w*|came up)\b/],
  [/pass/, /\bpass(?:ed|es)?\b/],
  [/(?:acceptance|admissions?|admit)/, /\b(?:admit\w*|accept\w*|offers?|offered)\b/],
  [/(?:defect|failure|fail)/, /\b(?:fail\w*|defect\w*|faulty|rejected)\b/],
  [/completion/, /\bcomplet\w*\b/],
  [/attendance/, /\b(?:attend\w*|present|showed up)\b/],
  [/open/, /\bopen(?:ed|s)\b/],
  [/click-?through/, /\bclick(?:s|ed)\b/],
  [/response/, /\b(?:respon\w*|replie[ds]|answered)\b/],
  [/(?:occupancy|capacity)/, /\b(?:occupied|booked|sold|filled|taken)\b/],
  [/win/, /\b(?:wins|won)\b/],
  [/retention/, /\b(?:retained|stayed|renewed|remained|kept)\b/],
];
const RATE_NAME = new RegExp(
  String.raw`\b(${NAMED_RATES.map(([name]) => name.source).join("|")})(?:\s+(?:rate|ratio))?` +
    String.raw`(?:\s+(?:was|is|of|at|stood at|came to|comes to|works out to|would be))?\s*` +
    String.raw`[:=—–-]?\s*(?:about|roughly|around|nearly|almost|just|approximately|[≈~])?\s*$`,
  "i",
);
/** "37% of capacity", "39% of your income": the rate named after its percentage. */
const RATE_NAME_AFTER =
  /^\s+of\s+(?:(?:your|the|their|his|her|its|my|our|monthly|annual|net|gross)\s+)*(capacity|income|pay|salary|earnings|take-home|budget|paycheck)\b/i;
/** Rates named for their whole, and the words that name it: "39% of your income". */
const WHOLE_NAMED = /^(?:income|pay|salary|earnings|take-home|budget|paycheck)$/;
const WHOLE_WORDS = /\b(?:income|pay|salary|earnings|take-home|budget|paycheck|earn\w*)\b/;

/**
 * A percentage named a rate of what one count counts ("58 purchases from 1,937 visitors gives a
 * conversion rate of 2.99%", "Seeds sown: 50 / Seeds sprouted: 41 / Germination rate: 82%"): the
 * count the rate's words name, over the one other count at least as large, in its claim or the
 * few before; or named for its whole ("rent of $900 ... 30% of your income"): the one other
 * count, over the one the words name. Silent unless both are one.
 */
function namedRateFinding(
  text: string,
  qs: readonly Quantity[],
  percent: Quantity,
): ExactFinding[] | undefined {
  const name = rateNameBefore(text, percent) ??
    RATE_NAME_AFTER.exec(text.slice(percent.end, percent.end + 16))?.[1];
  if (!name) return undefined;
  const byWhole = WHOLE_NAMED.test(name.toLowerCase());
  const named = byWhole
    ? WHOLE_WORDS
    : NAMED_RATES.find(([rate]) => rate.test(name.toLowerCase()))?.[1];
  if (!named) return undefined;
  const candidates = qs.filter((q) => q.start < percent.start && exactCount(text, q) && !q.word);
  // A count's words: those after it, to the next figure or a few words on; and its label before
  // it on its line, when it is the line's first figure ("Seeds sprouted: 41").
  const wordsOf = (q: Quantity, k: number) => {
    const line = Math.max(text.lastIndexOf("\n", q.start - 1) + 1, q.start - 32);
    const first = !candidates[k - 1] || candidates[k - 1].end <= line;
    const label = first ? text.slice(line, q.start).split(/[.!?]\s/).at(-1)! : "";
    const to = Math.min(candidates[k + 1]?.start ?? percent.start, q.end + 24);
    return (label + text.slice(q.end, to).split("\n")[0]).toLowerCase();
  };
  const said = candidates.filter((q, k) => named.test(wordsOf(q, k)));
  if (said.length !== 1) return undefined;
  const [one] = said;
  const others = candidates.filter((q) =>
    q !== one && (byWhole ? q.value <= one.value : q.value >= one.value) && q.value > 0
  );
  if (others.length !== 1 || !sameKind(one, others[0])) return undefined;
  const [part, whole] = byWhole ? [others[0], one] : [one, others[0]];
  return whole.value > 0 ? shareFinding(text, [part, whole], percent) : undefined;
}

/**
 * The name of the rate a percentage is said to be, just before it ("a defect rate of 6.6%"), or on
 * a bare label ("Rate: 14.0%") under the heading of its block of lines ("Acceptance rate").
 */
function rateNameBefore(text: string, percent: Quantity): string | undefined {
  const said = RATE_NAME.exec(text.slice(Math.max(0, percent.start - 48), percent.start))?.[1];
  if (said) return said;
  const line = text.lastIndexOf("\n", percent.start - 1) + 1;
  if (!BARE_RATE_LABEL.test(text.slice(line, percent.start))) return undefined;
  const heading = headingAbove(text, line);
  return heading === undefined ? undefined : RATE_HEADING.exec(heading)?.[1];
}
const BARE_RATE_LABEL =
  /^\s*(?:[-*•]\s*)?(?:rate|percentage|share)\s*[:=]\s*(?:about|roughly|around|approximately|[≈~])?\s*$/i;
const RATE_HEADING = new RegExp(
  String.raw`^\s*(?:#{1,6}\s*)?(${NAMED_RATES.map(([name]) => name.source).join("|")})` +
    String.raw`(?:\s+(?:rate|ratio))?\s*:?\s*$`,
  "i",
);
/**
 * The heading over the block of lines that starts before `lineStart`: a "#" line or a line
 * underlined with "---" or "===", with no blank line between.
 */
function headingAbove(text: string, lineStart: number): string | undefined {
  const lines = text.slice(0, lineStart).split("\n").slice(0, -1);
  for (let k = lines.length - 1; k >= 0 && lines[k].trim() !== ""; k--) {
    if (/^\s*#{1,6}\s/.test(lines[k])) return lines[k];
    if (/^\s*(?:-{3,}|={3,})\s*$/.test(lines[k]) && k > 0) return lines[k - 1];
  }
  return undefined;
}

/**
 * Whose share a rate named before a percentage is, by what its part's clause says of the part:
 * "244 of 3,707 units failed the QA check, a defect rate of 93.4%" names the failures' share, so
 * "failed" there is no word for the rest ("7 of 45 seeds failed to germinate, a germination rate
 * of 84.4%" still says the rest); "244 of 3,707 units passed, a defect rate of 93.4%" counts what
 * another rate counts, so the percentage is the rest's.
 */
function rateSaysWhose(
  text: string,
  part: Quantity,
  percent: Quantity,
): "part" | "rest" | undefined {
  const name = rateNameBefore(text, percent)?.toLowerCase();
  const counted = name && NAMED_RATES.find(([rate]) => rate.test(name))?.[1];
  if (!counted) return undefined;
  const clause = text.slice(part.end, percent.start).split(/[,;:.](?:\s|$)|[(\n]/)[0];
  const rest = clause.replace(new RegExp(counted.source, "gi"), " ");
  if (rest !== clause) return OF_THE_REST.test(rest) ? undefined : "part";
  return NAMED_RATES.some(([, words]) => words.test(clause)) ? "rest" : undefined;
}

/** Two counts of one kind: money of one currency, or counts and bare numbers. */
const sameKind = (a: Quantity, b: Quantity) =>
  a.kind === "money" || b.kind === "money"
    ? sameSlot(a, b)
    : a.kind !== "unit" && b.kind !== "unit";

/**
 * Another quantity that may be the whole the percentage is of: "21.6%, 1,428 papers out of 6,743
 * submissions (6,614 after filtering)".
 */
const otherBase = (
  qs: readonly Quantity[],
  [part, whole]: [Quantity, Quantity],
  percent: Quantity,
) =>
  qs.some((q) =>
    q !== part && q !== whole && q !== percent && q.kind !== "date" && q.kind !== "percent" &&
    !q.word && q.value > part.value
  );

/** Whether a percentage is said in the clause of its share, or said to be the share further on. */
function near(text: string, [a, b]: [Quantity, Quantity], percent: Quantity): boolean {
  const after = percent.start - Math.max(a.end, b.end);
  if (Math.min(a.start, b.start) - percent.end > NEAR) return false;
  if (after <= NEAR) return true;
  const between = text.slice(Math.max(a.end, b.end), percent.start);
  return after <= NEAR_SAID && !/\d/.test(between) && SAID_SHARE.test(between);
}

const slackOf = (part: Quantity, percent: Quantity) =>
  part.approx || percent.approx ? HEDGED_SLACK : 0;

/** A list item's label that names a share: "Pass rate", "Share of votes", "Open percentage". */
const SHARE_LABEL = /\b(?:rate|share|percentage|proportion)\b/i;

/** The words of a share's label that may name what its part counts: "pass" of "Pass rate". */
const stemsOf = (label: string) =>
  (label.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((w) =>
    isContentWord(w) && !SHARE_LABEL.test(w)
  )
    .map((w) => w.slice(0, 4));

/** The shares the answer's lists and tables state: items of a list, a table's column of rates. */
export function listShareFindings(text: string, lists: readonly MarkdownList[]): ExactFinding[] {
  return [
    ...itemShareFindings(text, lists),
    ...tableShareFindings(text, lists),
    ...bracketShareFindings(text, lists),
  ];
}

/**
 * A list of amounts, each with its share in brackets ("- Stocks: $6,000 (60%)"): each share is
 * its amount's part of their sum, judged as a table's column is (judgedReading).
 */
function bracketShareFindings(text: string, lists: readonly MarkdownList[]): ExactFinding[] {
  return lists.flatMap(({ items }) => {
    if (items.length < 2 || !items.every((item) => item.share)) return [];
    const amounts = items.map((item) => item.amount!);
    if (!amounts.every((q) => countLike(q) && sameSlot(q, amounts[0]))) return [];
    const whole = { ...amounts[0], value: amounts.reduce((n, q) => n + q.value, 0), tolerance: 0 };
    if (whole.value <= 0) return [];
    return judgedReading(text, [
      amounts.map((part, k) => ({ part, whole, percent: items[k].share! })),
    ]);
  });
}

/**
 * A list of two amounts and a share ("- Students who sat the exam: 125", "- Students who passed:
 * 83", "- Pass rate: 66%"): every item states one amount, two of one slot and one percentage, whose
 * label names a rate of what the smaller amount's label counts ("pass", "passed"). The share is
 * the smaller over the larger; silent when the percentage is the rest's, said either way.
 */
function itemShareFindings(text: string, lists: readonly MarkdownList[]): ExactFinding[] {
  return lists.flatMap(({ items }) => {
    if (items.length !== 3 || !items.every((item) => item.amount)) return [];
    const shares = items.filter((item) => item.amount!.kind === "percent");
    const counts = items.filter((item) => countLike(item.amount!));
    if (shares.length !== 1 || counts.length !== 2) return [];
    const [a, b] = counts.map((item) => item.amount!);
    const percent = shares[0].amount!;
    if (!sameSlot(a, b) || !isShare(text, percent) || percent.value > 100) return [];
    const [part, whole] = a.value <= b.value ? [a, b] : [b, a];
    const partLabel = counts[part === a ? 0 : 1].label.toLowerCase();
    const named = SHARE_LABEL.test(shares[0].label) &&
      stemsOf(shares[0].label).some((stem) => new RegExp(`\\b${stem}`).test(partLabel));
    if (!named || whole.value === 0) return [];
    return shareFinding(text, [part, whole], percent, true);
  });
}

/** A table's total row: "All", "Total", "Overall" (emphasis aside). */
const TOTAL_ROW = /^[\s*_]*(?:all|total|overall|grand total)[\s*_]*$/i;

/** Whether two table columns are of one table: the same rows. */
const sameRows = (a: MarkdownList, b: MarkdownList) =>
  a.items.length === b.items.length && a.items.every((item, k) => item.start === b.items[k].start);

/** One row's reading of a table's percentage: the share of `part` in `whole`. */
interface RowShare {
  part: Quantity;
  whole: Quantity;
  percent: Quantity;
}

/**
 * What a table's column of percentages may be, row by row: the share of each row's count in its
 * column's total row ("| Email | 369 | 46.1% |" ... "| All | 800 |") or, without one, in the
 * column's sum; or the ratio of two counts of the row ("| 9A | 28 | 25 | 89.3% |").
 */
function tableReadings(rates: MarkdownList, counts: readonly MarkdownList[]): RowShare[][] {
  const readings: RowShare[][] = [];
  for (const column of counts) {
    const amounts = column.items.map((item) => item.amount!);
    const total = column.items.findIndex((item) => TOTAL_ROW.test(item.label));
    const whole = total >= 0
      ? amounts[total]
      : { ...amounts[0], value: amounts.reduce((n, q) => n + q.value, 0), tolerance: 0 };
    if (whole.value <= 0) continue;
    readings.push(
      amounts.flatMap((part, k) =>
        k === total ? [] : [{ part, whole, percent: rates.items[k].amount! }]
      ),
    );
    for (const other of counts) {
      const parts = other.items.map((item) => item.amount!);
      const rows = amounts.map((whole, k) => ({
        part: parts[k],
        whole,
        percent: rates.items[k].amount!,
      }));
      if (
        other !== column && rows.every((r) => r.whole.value > 0 && r.part.value <= r.whole.value)
      ) {
        readings.push(rows);
      }
    }
  }
  return readings;
}

/**
 * A table's column of percentages against what its rows may be (tableReadings). A reading every
 * row bears out confirms them; one all rows but one bear out, two at least, shows that row wrong:
 * a relation held exactly row after row is the table's own, while rates of another measure than
 * the counts beside them (revenue beside orders) hold on no row. Else, or when two readings each
 * leave one row out, silent.
 */
function tableShareFindings(text: string, lists: readonly MarkdownList[]): ExactFinding[] {
  const out: ExactFinding[] = [];
  for (const rates of lists) {
    if (!rates.heading || !rates.items.every((item) => item.amount?.kind === "percent")) continue;
    const counts = lists.filter((l) =>
      l !== rates && sameRows(l, rates) &&
      l.items.every((item) =>
        item.amount && item.amount.kind !== "percent" && countLike(item.amount)
      )
    );
    out.push(...judgedReading(text, tableReadings(rates, counts)));
  }
  return out;
}

/**
 * Of the readings of a column of percentages, the one every row bears out, or else the one all
 * rows but one bear out (two at least; three rows at least), when it is the only such.
 */
function judgedReading(text: string, readings: readonly RowShare[][]): ExactFinding[] {
  const judged = readings.map((rows) => ({
    rows: rows.length,
    found: rows.flatMap((r) => shareFinding(text, [r.part, r.whole], r.percent)),
  })).filter(({ rows, found }) => found.length === rows);
  const wrong = ({ found }: { found: ExactFinding[] }) =>
    found.filter((f) => f.verdict !== "consistent").length;
  const held = judged.filter((j) => j.rows >= 2 && wrong(j) === 0);
  const oneOff = judged.filter((j) => j.rows >= 3 && wrong(j) === 1);
  if (held.length > 0) return held[0].found;
  return oneOff.length === 1 ? oneOff[0].found : [];
}

/**
 * "12 of the 40 students (30%)": the percentage is the part's share of the whole. `restUnsaid`:
 * the text does not say whose share it is, so one that is the rest's is not wrong.
 */
export function shareFinding(
  text: string,
  [part, whole]: [Quantity, Quantity],
  percent: Quantity,
  restUnsaid = false,
): ExactFinding[] {
  const share = {
    value: 100 * part.value / whole.value,
    tolerance: 100 * part.tolerance / Math.abs(whole.value),
  };
  const rest = { value: 100 - share.value, tolerance: share.tolerance };
  const verdict = judgeShare(share, part, percent);
  const whose = rateSaysWhose(text, part, percent);
  // Up to the end of the percentage's sentence: "58% of the way there. The remaining ones ..."
  // says nothing of the 58%.
  const after = text.slice(Math.min(part.end, whole.end), percent.end) +
    text.slice(percent.end, percent.end + 40).split(/[.!?](?:\s|$)/)[0];
  // The rest's share, said with words for the rest ("so 84% failed"), is no wrong share.
  if (
    verdict !== "consistent" && whose !== "part" &&
    (restUnsaid || whose === "rest" || OF_THE_REST.test(after)) &&
    judgeShare(rest, part, percent) !== "contradicted"
  ) return [];
  if (verdict === undefined) return [];
  const ok = verdict === "consistent";
  const right = `${formatNumber(part.value)} of ${formatNumber(whole.value)} is ${
    formatNumber(share.value, 1)
  }%`;
  const span = {
    start: Math.min(part.start, percent.start),
    end: Math.max(whole.end, percent.end),
  };
  return [
    finding("percentage", !ok, span, ok ? right : `${right}, not ${written(text, percent)}`),
  ];
}

/** After a percentage, words that make it a price's reduction: "25% off", "a 23% discount". */
const DISCOUNT_AFTER = /^\s*(?:off|discount|reduction|markdown|cheaper|saving|savings)\b/i;
/** Before one: "a discount of 25%", "you save 25%". */
const DISCOUNT_BEFORE =
  /\b(?:(?:discount|reduction|markdown|saving|savings)\s+of|sav(?:e|es|ing)|knocks?|cuts?)\s*(?:about|roughly|around|nearly|almost|just|exactly)?\s*$/i;
/** Before an amount, words that make it the saving: "saving $12", "you save $22.00". */
const SAVING_BEFORE =
  /\b(?:sav(?:e|es|ed|ing)(?:\s+you)?|discount of|knock(?:s|ed)?|cuts?|tak(?:es?|en)|took|(?:drops?|dropped|falls?|fell|comes?\s+down|goes?\s+down|reduced|lowered)\s+by)\s*$/i;
/** Before an amount, words that make it the new price: "now $68", "you pay $60", "to $60". */
const PRICE_BEFORE =
  /\b(?:now|pay|paid|to|costs?|cost you|down to|reduced to|(?:sale|new) price(?: is| of)?:?)\s*(?:just|only)?\s*$/i;
/** Discounts on discounts, or on part of a price: no one reduction of the two prices. */
const STACKED =
  /\b(?:extra|additional|another|further|plus|then|on top|coupon|code|again|tax|vat|shipping|fee|each|per)\b/i;

/**
 * A price's reduction as a percentage: "was $80, now $68, a 15% discount", "from $80 to $60, so
 * you're saving $20, which is 25% off". The claim states the percentage and the two prices, or
 * the two prices and the saving between them (which adds up); the percentage is the saving's
 * share of the higher price. Silent with other amounts, or a discount stacked on another.
 */
export function discountFindings(
  text: string,
  claimQuantities: readonly Quantity[],
  previous: readonly Quantity[] = [],
): ExactFinding[] {
  const own = discountIn(text, claimQuantities);
  // The prices may be told the sentence before: "It dropped from $120 to $90. You save $30,
  // which is 25% off."
  const prices = previous.filter((q) => q.kind === "money");
  if (own.length > 0 || prices.length === 0 || prices.length !== previous.length) return own;
  return discountIn(text, [...prices, ...claimQuantities]);
}

function discountIn(text: string, claimQuantities: readonly Quantity[]): ExactFinding[] {
  const percents = claimQuantities.filter((q) => q.kind === "percent");
  const amounts = claimQuantities.filter((q) => q.kind === "money");
  if (percents.length !== 1 || amounts.length < 2 || amounts.length > 3) return [];
  const [percent] = percents;
  const discount = DISCOUNT_AFTER.test(text.slice(percent.end, percent.end + 16)) ||
    DISCOUNT_BEFORE.test(text.slice(Math.max(0, percent.start - 30), percent.start));
  if (!discount || percent.inexact || percent.computed) return [];
  if (!amounts.every((q) => exactCount(text, q))) return [];
  if (!amounts.every((q) => sameSlot(q, amounts[0]))) return [];
  const from = Math.min(percent.start, amounts[0].start);
  const to = Math.max(percent.end, amounts.at(-1)!.end);
  const others = claimQuantities.filter((q) => q !== percent && q.kind !== "date");
  if (others.length !== amounts.length || STACKED.test(text.slice(from, to))) return [];
  const original = amounts.reduce((a, b) => (b.value > a.value ? b : a));
  const lower = amounts.filter((q) => q !== original);
  const saidSaving = lower.filter((q) =>
    SAVING_BEFORE.test(text.slice(Math.max(0, q.start - 12), q.start))
  );
  let saving: number;
  if (lower.length === 1) {
    // The lower amount is the saving, or the new price, as the words before it say; else unknown.
    const price = PRICE_BEFORE.test(text.slice(Math.max(0, lower[0].start - 16), lower[0].start));
    if (saidSaving.length === 0 && !price) return [];
    saving = saidSaving.length === 1 ? lower[0].value : original.value - lower[0].value;
  } else {
    // The price, the new price and the saving: the two must add up to the price, else the one
    // the percentage does not give is wrong.
    if (saidSaving.length !== 1) return [];
    if (lower[0].value + lower[1].value !== original.value) {
      return offPercentFindings(text, original, saidSaving[0], lower, percent, {
        start: from,
        end: to,
      });
    }
    saving = saidSaving[0].value;
  }
  if (saving <= 0) return [];
  const share = { value: 100 * saving / original.value, tolerance: 0 };
  const loosely = { ...original, approx: amounts.some((q) => q.approx) };
  const verdict = judgeShare(share, loosely, percent);
  if (verdict === undefined) return [];
  const right = `${original.currency ?? ""}${formatNumber(saving)} off ${
    written(text, original)
  } is ${formatNumber(share.value, 1)}% off`;
  const ok = verdict === "consistent";
  return [
    finding(
      "percentage",
      !ok,
      { start: from, end: to },
      ok ? right : `${right}, not ${written(text, percent)}`,
    ),
  ];
}

/**
 * A saving and a new price that do not add up to the price: each against the percentage off it
 * ("30% off $250 is $75 off, not $65"), shown wrong where one of them is past the percentage's
 * rounding and the other within it.
 */
function offPercentFindings(
  text: string,
  original: Quantity,
  saving: Quantity,
  lower: readonly Quantity[],
  percent: Quantity,
  span: { start: number; end: number },
): ExactFinding[] {
  const price = lower.find((q) => q !== saving)!;
  const off = (share: number) => share / 100 * original.value;
  const reach = (q: Quantity, expected: (share: number) => number) => {
    const [a, b] = [
      expected(percent.value - percent.tolerance),
      expected(percent.value + percent.tolerance),
    ];
    return q.value >= Math.min(a, b) - q.tolerance && q.value <= Math.max(a, b) + q.tolerance;
  };
  const savingOk = reach(saving, off),
    priceOk = reach(price, (share) => original.value - off(share));
  if (savingOk === priceOk) return [];
  const cost = original.currency ?? "";
  const said = `${written(text, percent)} off ${written(text, original)}`;
  const reason = savingOk
    ? `${said} leaves ${cost}${formatNumber(original.value - off(percent.value))}, not ${
      written(text, price)
    }`
    : `${said} is ${cost}${formatNumber(off(percent.value))} off, not ${written(text, saving)}`;
  return [finding("percentage", true, span, reason)];
}

/** A count's share in parentheses right after it: "231 (82.4%)". */
const SHARE_IN_PARENS = /^\s*\(\s*$/;

/**
 * Parts with their shares under their whole, in a block of lines or a sentence: "Enrolled: 250",
 * "Completed: 231 (92.4%)", "Withdrew: 19 (7.6%)". The whole is the one figure before the parts
 * that they add up to exactly; each percentage is its part's share of it.
 */
export function partShareFindings(text: string, block: readonly Quantity[]): ExactFinding[] {
  const pairs: [Quantity, Quantity][] = [];
  block.forEach((q, k) => {
    const next = block[k + 1];
    if (
      next?.kind === "percent" && countLike(q) && isShare(text, next) &&
      SHARE_IN_PARENS.test(text.slice(q.end, next.start)) &&
      !WHOLE_FIRST.test(text.slice(Math.max(0, q.start - 16), q.start))
    ) pairs.push([q, next]);
  });
  if (pairs.length < 2) return [];
  const sum = pairs.reduce((n, [part]) => n + part.value, 0);
  const wholes = block.filter((q) =>
    q.end <= pairs[0][0].start && countLike(q) && q.value === sum && sameKind(q, pairs[0][0])
  );
  if (wholes.length !== 1 || !pairs.every(([part]) => sameKind(part, wholes[0]))) return [];
  return pairs.flatMap(([part, percent]) => shareFinding(text, [part, wholes[0]], percent));
}

/**
 * How many points past its rounding a hedged percentage may be and not be shown wrong; one
 * written to the tenth or finer claims its tenths ("about 15.1%" is no 16.1%): half a point.
 */
const HEDGED_POINTS = 1;
const HEDGED_DECIMAL_POINTS = 0.5;

/**
 * A share against the percentage said of it. Said plainly, it is right or wrong within the
 * precision of both. Of a count said loosely ("about 94 of 118"), confirmed within the rounding
 * the figure shows ("roughly 80%", not "76.7%"), shown wrong past 10%. Of exact counts but
 * hedged ("about 86.3%", "roughly 15%"), it is confirmed within the rounding the figure shows,
 * shown wrong only past that and a point, and neither between: "about" may round to a nice figure,
 * but not by four points a figure written to the tenth.
 */
export function judgeShare(share: Reading, part: Quantity, percent: Quantity) {
  const shown = percent.approx || part.approx ? hedgedShare(percent) : percent;
  if (agree(share, shown, 0)) return "consistent";
  if (part.approx) return agree(share, percent, HEDGED_SLACK) ? undefined : "contradicted";
  if (!percent.approx) return "contradicted";
  const off = Math.abs(share.value - shown.value) - share.tolerance - shown.tolerance;
  const points = Number.isInteger(percent.value) ? HEDGED_POINTS : HEDGED_DECIMAL_POINTS;
  return off > points ? "contradicted" : undefined;
}

/**
 * A hedged percentage rounds to a nice figure, a five at the coarsest: "about 20%" is 17.5% to
 * 22.5%, not the 25% that "about a quarter" says.
 */
export const hedgedShare = (percent: Quantity): Reading => {
  const read = hedgedReading(percent);
  return { ...read, tolerance: Math.min(read.tolerance, Math.max(percent.tolerance, 2.5)) };
};

/** A charge of a percentage on a sum: "a 15% tip on a $64 bill", "20% VAT on £50". */
const CHARGED_ON =
  /^\s+(?:tip|tax|vat|gst|discount|commission|fee|surcharge|service\s+charge|deposit|mark-?up|levy)\s+on\s+(?:an?\s+|the\s+|your\s+)?$/i;
/** ... and the charge said right after the sum: "$64 bill comes to $9.60". */
const CHARGE_IS =
  /^\s*(?:[\p{L}-]+\s+){0,2}(?:is|comes\s+to|works\s+out\s+(?:to|at)|would\s+be|equals|=)\s*(?:about\s+|roughly\s+|~\s*)?$/iu;

/**
 * "30% of the 40 students, 12 students": the percentage of the whole, then the part; or a charge
 * on a sum, then the charge ("a 15% tip on a $64 bill comes to $9.60").
 */
function partOfWhole(text: string, qs: readonly Quantity[], percent: Quantity): ExactFinding[] {
  const at = qs.indexOf(percent);
  const [whole, part] = [qs[at + 1], qs[at + 2]];
  if (!whole || !part) return [];
  const charged = whole.kind === "money" && part.kind === "money" &&
    CHARGED_ON.test(text.slice(percent.end, whole.start)) &&
    CHARGE_IS.test(text.slice(whole.end, part.start));
  if (!charged && !OF.test(text.slice(percent.end, whole.start))) return [];
  if (part.start - whole.end > NEAR) return [];
  // "21.0975 km (half of 42.195), which is about 13.1 miles": a bracket that closes after the
  // whole closes the share; what follows is said of the figure before it.
  if (/^[^(]*\)/.test(text.slice(whole.end, part.start))) return [];
  if (!countLike(whole) || !countLike(part) || Math.abs(part.value) > Math.abs(whole.value)) {
    return [];
  }
  const expected = {
    value: percent.value * whole.value / 100,
    tolerance: percent.tolerance * Math.abs(whole.value) / 100,
  };
  const ok = agree(expected, part, slackOf(part, percent));
  // A hedged part the share gives only within the hedge's slack is said loosely: neither
  // confirmed nor shown wrong ("45% of 4,000 mAh, i.e. roughly 1,600 mAh").
  if (ok && slackOf(part, percent) > 0 && !agree(expected, hedgedReading(part), 0)) return [];
  const right = `${written(text, percent)} of ${formatNumber(whole.value)} is ${
    formatNumber(expected.value)
  }`;
  return [
    finding(
      "percentage",
      !ok,
      { start: percent.start, end: part.end },
      ok ? right : `${right}, not ${formatNumber(part.value)}`,
    ),
  ];
}
