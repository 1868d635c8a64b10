/**
 * A change told as a percentage of where it started: "the price fell from $80 to $60, a 25%
 * decrease", "revenue grew from $4.0M to $5.2M, an increase of 30%". The two values are joined
 * "from ... to ..." in the claim, in one slot; the percentage is said to be the change (a word of
 * rising or falling next to it); it is judged as a share is (shares.ts), of the first value, and
 * its direction against theirs. Silent for a rate over time ("15% a year"), a change in points,
 * or a change of percentages ("from 4% to 5%": a point or a quarter), and for a percentage in
 * another clause than the two values.
 *
 * A change told as an amount is the difference of the two: "grew from 84,300 to 91,050, an
 * increase of 6,750", "fell from $80 to $60, down $20", in their slot and their unit. What is left
 * of an amount once another is taken from it is their difference too: "had $2,500 and spent $875,
 * leaving $1,625".
 */
import { type ExactFinding, finding } from "./finding.ts";
import { CURRENCY_SIGN, type Quantity } from "./quantities.ts";
import { hedgedShare, judgeShare } from "./shares.ts";
import { sameSlot } from "./slots.ts";
import { agree, formatNumber, HEDGED_SLACK, written } from "./values.ts";

const FROM_BEFORE = /\bfrom\s*$/i;
/** Between the two values, "to", the first's year too: "from 84,300 in 2010 to 91,050". */
const TO_BETWEEN = /^\s*(?:\(?in\s+\d{4}\)?,?\s+)?(?:to|→|->)\s*$/i;
const DOWN = String
  .raw`decrease[sd]?|decreasing|drop(?:s|ped|ping)?|f[ae]ll(?:s|en|ing)?|cut|declin(?:e|es|ed|ing)|down|lower|less|dip|slump`;
const UP = String
  .raw`increase[sd]?|increasing|ris(?:e|es|en|ing)|rose|gain|gr[eo]w(?:s|n|th|ing)?|jump(?:s|ed)?|climb(?:s|ed)?|up|higher|more|hike|boost|raise`;
/** After the percentage, its word of change: "a 25% decrease", "30% higher". */
const CHANGE_AFTER = new RegExp(String.raw`^\s*(?:(${DOWN})|(${UP}))\b`, "i");
const HEDGE = String.raw`(?:(?:about|roughly|around|nearly|almost|just|some|approximately)\s+)?`;
const OR = String.raw`\s*,?\s*(?:or|i\.e\.,?)\s+`;
const AMOUNT = String.raw`${CURRENCY_SIGN}?\d[\d,.]*`;
/**
 * Before it: "an increase of 30%", "fell 25%", "down by about 25%", after the change's amount
 * "an increase of 300, or 20%", or after an amount its word follows "a $3,900 raise, or 7.5%".
 */
const CHANGE_BEFORE = new RegExp(
  String.raw`(?:\b(?:(${DOWN})|(${UP}))\s+(?:of\s+|by\s+)?(?:${AMOUNT}(?:\s+\p{L}+)?${OR})?` +
    String.raw`|\ban?\s+${AMOUNT}\s+(?:(${DOWN})|(${UP}))${OR})${HEDGE}$`,
  "iu",
);
/** After the percentage, a rate over time or a change in points: no change of the two values. */
const NOT_OF_THE_TWO =
  /^\s*(?:a|per|each|every)\s+(?:year|month|week|day|annum)\b|^\s*(?:annually|yearly|monthly|year-on-year|points?|percentage\s+points?|p\.?p\.?)\b/i;

/** A figure read out from a vowel: "an 8% increase", "an 11.5% decrease". */
const SAID_WITH_AN = /^(?:8|1[18](?!\d))/;

const measured = (q: Quantity) =>
  q.kind !== "percent" && q.kind !== "date" && !q.computed && !q.ordinal && !q.bound;

/** Between the two values and their percentage: at most this many characters, in one clause. */
const CLAUSE_REACH = 60;
const OTHER_CLAUSE = /[;\n]|\b(?:and|while|but|whereas)\b/i;
/** ... but for the years of the change: "between 2019 and 2023". */
const YEARS = /\bbetween\s+\d{4}\s+and\s+\d{4}\b/gi;

/** How far past the rounding a percentage shows the change may be and still be confirmed. */
const CHANGE_SLACK_POINTS = 1;

/**
 * Whether the change the two values state is near the percentage: rounded values allow a wide
 * change ("$1.2M to $1.5M" is 16.7% to 33.3%), so a percentage only their rounding allows ("an
 * increase of 20%") is neither shown wrong nor confirmed.
 */
function nearChange(change: { value: number }, percent: Quantity): boolean {
  const shown = percent.approx ? hedgedShare(percent) : percent;
  return Math.abs(change.value - shown.value) <= shown.tolerance + CHANGE_SLACK_POINTS;
}

/** A count's noun, which its figure leaves out: "from 4,200 units to". */
const NOUN_AFTER = /^\s+[\p{L}'-]+(?:\s+[\p{L}'-]+)?(?=\s+(?:in\s+\d{4}|to|→|->)\b)/u;

/** ... and before the clause goes on: "to 3,650 units, a drop of". */
const NOUN_BEFORE = /^\s+[\p{L}'-]+(?:\s+[\p{L}'-]+)?(?=\s*[,;(—–-])/u;

/** The one pair of values the claim joins "from ... to ...", in one slot, that differ. */
function fromTo(text: string, qs: readonly Quantity[]): readonly [Quantity, Quantity] | undefined {
  const measures = qs.filter(measured);
  const pairs = measures.flatMap((a, i) => {
    const b = measures[i + 1];
    if (!b || a.value <= 0) return [];
    if (!FROM_BEFORE.test(text.slice(Math.max(0, a.start - 12), a.start))) return [];
    const between = text.slice(a.end, b.start);
    if (!TO_BETWEEN.test(a.kind === "count" ? between.replace(NOUN_AFTER, "") : between)) return [];
    const slot = sameSlot(a, b) || a.kind === "number" || b.kind === "number";
    return slot && a.value !== b.value ? [[a, b] as const] : [];
  });
  return pairs.length === 1 ? pairs[0] : undefined;
}

export function percentChangeFindings(text: string, qs: readonly Quantity[]): ExactFinding[] {
  const percents = qs.filter((q) => q.kind === "percent");
  if (percents.length !== 1) return [];
  const [percent] = percents;
  if (percent.computed || percent.inexact) return [];
  if (NOT_OF_THE_TWO.test(text.slice(percent.end, percent.end + 24))) return [];
  const after = CHANGE_AFTER.exec(text.slice(percent.end, percent.end + 16));
  const before = CHANGE_BEFORE.exec(text.slice(Math.max(0, percent.start - 40), percent.start));
  const said = after ?? before;
  if (!said) return [];
  const saidDown = said[1] !== undefined || said[3] !== undefined;
  const change = fromTo(text, qs);
  if (!change) return [];
  const [from, to] = change;
  // The percentage in the clause of the two values: "headcount grew from 38 to 45, and revenue
  // rose 12%" is another thing's change.
  const between = percent.start > to.end
    ? text.slice(to.end, percent.start)
    : text.slice(percent.end, from.start);
  if (between.length > CLAUSE_REACH || OTHER_CLAUSE.test(between.replace(YEARS, ""))) return [];
  const relative = {
    value: (100 * Math.abs(to.value - from.value)) / from.value,
    tolerance: (100 * (from.tolerance + to.tolerance)) / from.value,
  };
  const down = to.value < from.value;
  const loosely = { ...from, approx: from.approx || to.approx };
  const verdict = saidDown !== down ? "contradicted" : judgeShare(relative, loosely, percent);
  if (verdict === undefined || (verdict === "consistent" && !nearChange(relative, percent))) {
    return [];
  }
  const percentage = `${formatNumber(relative.value, 1)}%`;
  const right = `${written(text, from)} to ${written(text, to)} is ${
    SAID_WITH_AN.test(percentage) ? "an" : "a"
  } ${percentage} ${down ? "decrease" : "increase"}`;
  const ok = verdict === "consistent";
  const wrong = saidDown !== down
    ? `a ${saidDown ? "decrease" : "increase"}`
    : written(text, percent);
  const span = { start: Math.min(from.start, percent.start), end: Math.max(to.end, percent.end) };
  return [finding("percentage", !ok, span, ok ? right : `${right}, not ${wrong}`)];
}

/**
 * Between the second value and the amount, a word of change closing the clause of the two:
 * "to 91,050 in 2020, an increase of", "to $60 — down", "to 3,650 units, a drop of".
 */
const AMOUNT_AFTER = new RegExp(
  String
    .raw`^(?:\s+in\s+\d{4})?\s*(?:[,;(—–-]\s*)?(?:(?:which|that)(?:\s+is|\s+was|'s)\s+|i\.e\.,?\s+)?(?:an?\s+(?:net\s+)?)?(?:(${DOWN})|(${UP})|difference|change)\s+(?:of\s+|by\s+)?$`,
  "i",
);

/** ... or before an amount its word of change follows: "to $55,900, a $3,900 raise". */
const AMOUNT_NAMED_AFTER = /^\s*[,;(—–-]\s*an?\s+$/;

/** Whether an amount is in the slot and unit of the two values it is the change of. */
function sameMeasure(amount: Quantity, from: Quantity, to: Quantity): boolean {
  if (amount.kind === "count" || amount.kind === "number") {
    return [from, to].every((q) =>
      q.kind === "number" ||
      (q.kind === "count" && (amount.kind === "number" || sameSlot(q, amount)))
    );
  }
  return [from, to].every((q) => sameSlot(q, amount) && q.unit === amount.unit);
}

/**
 * A change told as an amount, against the difference of the two values: confirmed where it is
 * the difference within its own rounding, shown wrong where no rounding of the three reaches it
 * or where its word goes the other way ("fell from 80 to 95, a drop of 15"). A hedged amount is
 * shown wrong only a tenth past.
 */
export function amountChangeFindings(text: string, qs: readonly Quantity[]): ExactFinding[] {
  const pair = fromTo(text, qs);
  if (!pair) return [];
  const [from, to] = pair;
  const amount = qs.find((q) => q.start >= to.end && q !== to && q.kind !== "date");
  if (!amount || !measured(amount) || amount.inexact || amount.word) return [];
  const between = text.slice(to.end, amount.start);
  const said =
    AMOUNT_AFTER.exec(to.kind === "count" ? between.replace(NOUN_BEFORE, "") : between) ??
      (AMOUNT_NAMED_AFTER.test(between)
        ? CHANGE_AFTER.exec(text.slice(amount.end, amount.end + 16))
        : null);
  if (!said || !sameMeasure(amount, from, to)) return [];
  const [saidDown, saidUp] = [said[1] !== undefined, said[2] !== undefined];
  const difference = { value: Math.abs(to.value - from.value), tolerance: 0 };
  const reach = { ...difference, tolerance: from.tolerance + to.tolerance };
  const down = to.value < from.value;
  const span = { start: from.start, end: amount.end };
  if ((saidDown && !down) || (saidUp && down)) {
    const went = `${written(text, from)} to ${written(text, to)} is ${
      down ? "a decrease" : "an increase"
    }`;
    return [finding("total", true, span, `${went}, not ${down ? "an increase" : "a decrease"}`)];
  }
  const [high, low] = down ? [from, to] : [to, from];
  const right = `${written(text, high)} − ${written(text, low)} = ${
    formatNumber(difference.value)
  }`;
  const wrong = [finding("total", true, span, `${right}, not ${written(text, amount)}`)];
  if (amount.approx) {
    const off = Math.abs(amount.value - difference.value) - reach.tolerance - amount.tolerance;
    return off > HEDGED_SLACK * difference.value ? wrong : [];
  }
  if (agree(difference, amount, 0)) return [finding("total", false, span, right)];
  return agree(reach, amount, 0) ? [] : wrong;
}

/** Before an amount, words that take it away: "spent", "have used", "withdrew", "sold". */
const TAKEN_BEFORE =
  /\b(?:spent|spend(?:ing)?|used|us(?:e|ing)|paid|pay(?:ing)?|withdr[ea]w(?:n|ing)?|sold|sell(?:ing)?|gave\s+away|lost|ate|deducted?)\s+(?:(?:about|only|just|another)\s+)?$/i;
/** ... or after it: "€875 in withdrawals", "($520) come out of". */
const TAKEN_AFTER = /^\s*\)?\s*(?:in\s+withdrawals?|withdrawn|(?:come|comes|came)\s+out)\b/i;
/** Around an amount, words that add it: "depositing $315", "€1,150 in deposits". */
const ADDED_BEFORE =
  /\b(?:deposit(?:s|ed|ing)?|add(?:s|ed|ing)?|earn(?:s|ed|ing)?|receiv(?:e|es|ed|ing)|plus)\s+(?:(?:another|about|only|just)\s+)?$/i;
const ADDED_AFTER = /^\s*in\s+deposits?\b/i;
/** Before an amount, words that make it what the others are taken from: "starting from $2,500". */
const WHOLE_BEFORE =
  /\b(?:start(?:ing|ed)?\s+(?:from|with)|began\s+with|opening\s+balance\s+of|out\s+of\s+(?:your|the|a|my)(?:\s+[\p{L}-]+)?)\s+$/iu;
/** Around an amount, words that make it what is left: "leaving", "which leaves", "left". */
const LEFT_BEFORE =
  /\b(?:leaving|leaves|leave|left\s+with|remaining|remains?|closing\s+balance\s+(?:is|of))\s+(?:you\s+)?(?:with\s+)?$/i;
const LEFT_AFTER = /^(?:\s+[\p{L}'’-]+)?\s+(?:left|remain(?:s|ing)?|to\s+spare)\b/iu;

/**
 * What is left of an amount once others are taken from it or added to it: "you started the month
 * with 2,500 and have spent 875 so far, which leaves 1,725" is 1,625; "starting from $2,500,
 * withdrawing $740 and then depositing $315 leaves you with $2,075". All in one slot, the amount
 * left named so by its words, each taken or added named so by its own (those before an amount
 * named the whole, "rent ($1,450) and groceries ($520) come out of your $4,200 income", are
 * taken); the whole the one other, or named by its words, and the largest of those taken from it.
 */
export function remainderFindings(text: string, qs: readonly Quantity[]): ExactFinding[] {
  const lead = (q: Quantity, n = 24) => text.slice(Math.max(0, q.start - n), q.start);
  const trail = (q: Quantity) => text.slice(q.end, q.end + 24);
  const left = qs.filter((q) =>
    measured(q) && (LEFT_BEFORE.test(lead(q)) || LEFT_AFTER.test(trail(q)))
  );
  if (left.length !== 1) return [];
  const [rest] = left;
  const others = qs.filter((q) =>
    q !== rest && q.start < rest.start && measured(q) && sameMeasure(q, q, rest)
  );
  const isTaken = (q: Quantity) => TAKEN_BEFORE.test(lead(q)) || TAKEN_AFTER.test(trail(q));
  const isAdded = (q: Quantity) => ADDED_BEFORE.test(lead(q)) || ADDED_AFTER.test(trail(q));
  const named = others.filter((q) => WHOLE_BEFORE.test(lead(q, 40)));
  const unsigned = others.filter((q) => !isTaken(q) && !isAdded(q));
  const wholes = named.length > 0 ? named : unsigned;
  if (wholes.length !== 1) return [];
  const [whole] = wholes;
  const parts = others.filter((q) => q !== whole);
  // Unsigned parts are taken only from a whole named so ("... come out of your $4,200 income").
  const added = parts.filter(isAdded);
  const taken = parts.filter((q) => !added.includes(q) && (isTaken(q) || named.length > 0));
  if (taken.length === 0 || taken.length + added.length !== parts.length) return [];
  if ([whole, rest, ...parts].some((q) => q.inexact || q.approx || q.word)) return [];
  if (taken.some((q) => q.value >= whole.value)) return [];
  if (named.length === 0 && taken.length === 1 && whole.value <= rest.value) return [];
  // Another figure among them may be what is left ("which is 62%; the remaining 1,800").
  const start = Math.min(whole.start, ...parts.map((q) => q.start));
  const among = new Set([whole, ...parts]);
  if (qs.some((q) => q.start > start && q.start < rest.start && !among.has(q))) return [];
  const sum = (list: Quantity[], key: "value" | "tolerance") =>
    list.reduce((total, q) => total + q[key], 0);
  const difference = {
    value: whole.value - sum(taken, "value") + sum(added, "value"),
    tolerance: whole.tolerance + sum(parts, "tolerance"),
  };
  const right = [
    written(text, whole),
    ...parts.map((q) => `${added.includes(q) ? "+" : "−"} ${written(text, q)}`),
  ].join(" ") + ` = ${formatNumber(difference.value)}`;
  const span = { start, end: rest.end };
  if (agree(difference, rest, 0)) return [finding("total", false, span, right)];
  return [finding("total", true, span, `${right}, not ${written(text, rest)}`)];
}
