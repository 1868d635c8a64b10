/**
 * Percentages and the counts they stand for, in one claim: "12 of the 40 students (30%)",
 * "Of the 40 students, 12 passed (30%)", "20 passes completed out of 31 attempts, a completion
 * rate of 64.5%", "12 out of 40, or 30%", "30% of the 40 students, 12 students", "59% of the
 * company's 1,896 employees (1,127 people)"; or a share, then the next sentence with its
 * percentage alone ("21 correct out of 28. That's a score of 75%"). The percentage must be the
 * share within the precision it is written with. One share and one percentage per claim, else
 * silent; silent too where the percentage is a change ("up 12%") and where it is the rest's share
 * said of the rest ("7 of the 45 seeds germinated, so 84% failed").
 */
import { type ExactFinding, finding } from "./finding.ts";
import type { MarkdownList } from "./lists.ts";
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
const OF = new RegExp(
  String.raw`^(?:\s*(?:(?:out of|of|in)|(?:[\p{L}-]+\s+){1,3}out of)\s+` +
    String
      .raw`(?:the\s+|all\s+|a total of\s+|(?:his|her|their|its|your|my|our)\s+)?(?:[\p{L}-]+['’]s\s+)?)$`,
  "iu",
);
const WHOLE_FIRST = /\b(?:of|out of|among)\s+(?:the\s+|all\s+)?$/i;
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
/** A change or a rate, not a share: "up 12%", "12% more than", "an interest rate of 5%". */
const CHANGE_BEFORE =
  /\b(?:up|down|ris(?:e|es|en|ing)|rose|f[ae]ll(?:s|en|ing)?|increas\w*|decreas\w*|gr[eo]w\w*|drop\w*|declin\w*|climb\w*|jump\w*|by|margin|interest|discount|off|tax|vat|apr|yield\w*|return\w*)\b[^\d.;]{0,12}$/i;
const CHANGE_AFTER =
  /^\s*(?:more|less|fewer|higher|lower|increase|decrease|rise|drop|up|down|off|interest|per year|a year|annually|year-on-year)\b/i;
/** Words that say a percentage is of the rest: "so 84% failed", "the other 16%". */
const OF_THE_REST =
  /\b(?:not|no|never|none|without|fail\w*|miss(?:ed|ing)?|lost|los(?:s|es|ing)|rest|remain\w*|others?|in(?:complet|correct|valid|accura|eligib|activ)\w*|un(?:answered|sold|used|successful|employed|decided|sure|able|paid|filled|treated)|wrong(?:ly)?|left|reject\w*|declin\w*|refus\w*|absent|\w+n't)\b/i;

const countLike = (q: Quantity) =>
  !q.computed && !q.ordinal &&
  (q.kind === "count" || q.kind === "number" || q.kind === "money" || q.kind === "unit") &&
  !q.inexact;

/** A percentage that can be a share: exact, not worked out, not a change or a rate. */
function isShare(text: string, q: Quantity): boolean {
  return q.kind === "percent" && !q.inexact && !q.computed &&
    !CHANGE_BEFORE.test(text.slice(Math.max(0, q.start - 30), q.start)) &&
    !CHANGE_AFTER.test(text.slice(q.end, q.end + 20));
}

/**
 * `previous`: the quantities of the claim before, read with this one when this one states a
 * percentage alone and says it is the share stated before ("That's 75%").
 */
export function shareFindings(
  text: string,
  claimQuantities: readonly Quantity[],
  previous: readonly Quantity[] = [],
): ExactFinding[] {
  const [alone] = claimQuantities;
  const follows = claimQuantities.length === 1 && previous.length > 0 &&
    NEXT_SENTENCE_SHARE.test(text.slice(previous.at(-1)!.end, alone.start));
  const qs = follows ? [...previous, alone] : claimQuantities;
  const percents = qs.filter((q) => q.kind === "percent");
  if (percents.length !== 1 || !isShare(text, percents[0])) return [];
  const percent = percents[0];
  const linked = (a: Quantity, b: Quantity) => OF.test(text.slice(a.end, b.start));
  const pairs: [Quantity, Quantity][] = [];
  for (let i = 0; i + 1 < qs.length; i++) {
    const [a, b] = [qs[i], qs[i + 1]];
    if (!countLike(a) || !countLike(b) || !linked(a, b)) continue;
    if (a.kind === "unit" && a.unit !== b.unit) continue;
    if (b.value !== 0 && Math.abs(a.value) <= Math.abs(b.value)) pairs.push([a, b]);
  }
  // "Of the 40 students, 12 passed", "40 visitors, and 12 of them bought": the whole first, then
  // the part after the comma.
  for (let i = 0; i + 1 < qs.length; i++) {
    const [whole, part] = [qs[i], qs[i + 1]];
    if (!countLike(whole) || !countLike(part) || whole.value === 0) continue;
    const named = WHOLE_FIRST.test(text.slice(Math.max(0, whole.start - 16), whole.start)) ||
      OF_THOSE.test(text.slice(part.end, part.end + 12));
    if (!named) continue;
    if (!/^[\s\p{L}'’-]*,\s*(?:and\s+)?$/u.test(text.slice(whole.end, part.start))) continue;
    if (Math.abs(part.value) <= Math.abs(whole.value)) pairs.push([part, whole]);
  }
  if (pairs.length === 1 && (follows || near(text, pairs[0], percent))) {
    if (otherBase(qs, pairs[0], percent)) return [];
    return shareFinding(text, pairs[0], percent);
  }
  return pairs.length > 0 || follows ? [] : partOfWhole(text, qs, percent);
}

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
  return [...itemShareFindings(text, lists), ...tableShareFindings(text, lists)];
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

/**
 * A table's column of percentages beside a column of counts with a total row ("| Email | 369 |
 * 46.1% |" ... "| All | 800 | 100% |"): each row's percentage the share of its count in the total.
 * Confirmed when every row holds; silent otherwise, for the percentages may be of another measure
 * than the counts beside them (revenue beside orders).
 */
function tableShareFindings(text: string, lists: readonly MarkdownList[]): ExactFinding[] {
  const out: ExactFinding[] = [];
  for (const rates of lists) {
    if (!rates.heading || !rates.items.every((item) => item.amount?.kind === "percent")) continue;
    const counts = lists.find((l) =>
      l !== rates && sameRows(l, rates) &&
      l.items.every((item) =>
        item.amount && item.amount.kind !== "percent" && countLike(item.amount)
      )
    );
    const total = counts?.items.findIndex((item) => TOTAL_ROW.test(item.label)) ?? -1;
    if (!counts || total < 0) continue;
    const whole = counts.items[total].amount!;
    const rows = counts.items.flatMap((item, k) =>
      k === total ? [] : [[item.amount!, rates.items[k].amount!] as const]
    );
    if (rows.length < 2 || whole.value <= 0) continue;
    const found = rows.flatMap(([part, percent]) => shareFinding(text, [part, whole], percent));
    if (found.length === rows.length && found.every((f) => f.verdict === "consistent")) {
      out.push(...found);
    }
  }
  return out;
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
  // Up to the end of the percentage's sentence: "58% of the way there. The remaining ones ..."
  // says nothing of the 58%.
  const after = text.slice(Math.min(part.end, whole.end), percent.end) +
    text.slice(percent.end, percent.end + 40).split(/[.!?](?:\s|$)/)[0];
  // The rest's share, said with words for the rest ("so 84% failed"), is no wrong share.
  if (
    verdict !== "consistent" && (restUnsaid || OF_THE_REST.test(after)) &&
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

/** How many points past its rounding a hedged percentage may be and not be shown wrong. */
const HEDGED_POINTS = 1;

/**
 * A share against the percentage said of it. Said plainly, it is right or wrong within the
 * precision of both. Of a count said loosely ("about 12 of 40"), within 10%. Of exact counts but
 * hedged ("about 86.3%", "roughly 15%"), it is confirmed within the rounding the figure shows,
 * shown wrong only past that and a point, and neither between: "about" may round to a nice figure,
 * but not by four points a figure written to the tenth.
 */
function judgeShare(share: Reading, part: Quantity, percent: Quantity) {
  if (part.approx) {
    return agree(share, percent, HEDGED_SLACK) ? "consistent" : "contradicted";
  }
  const shown = percent.approx ? hedgedReading(percent) : percent;
  if (agree(share, shown, 0)) return "consistent";
  if (!percent.approx) return "contradicted";
  const off = Math.abs(share.value - shown.value) - share.tolerance - shown.tolerance;
  return off > HEDGED_POINTS ? "contradicted" : undefined;
}

/** "30% of the 40 students, 12 students": the percentage of the whole, then the part. */
function partOfWhole(text: string, qs: readonly Quantity[], percent: Quantity): ExactFinding[] {
  const at = qs.indexOf(percent);
  const [whole, part] = [qs[at + 1], qs[at + 2]];
  if (!whole || !part || !OF.test(text.slice(percent.end, whole.start))) return [];
  if (part.start - whole.end > NEAR) return [];
  if (!countLike(whole) || !countLike(part) || Math.abs(part.value) > Math.abs(whole.value)) {
    return [];
  }
  const expected = {
    value: percent.value * whole.value / 100,
    tolerance: percent.tolerance * Math.abs(whole.value) / 100,
  };
  const ok = agree(expected, part, slackOf(part, percent));
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
