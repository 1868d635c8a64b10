/**
 * Ratios stated in the answer against their stated parts, in one claim: "a 3:1 ratio of men to
 * women, 300 men and 150 women" (300:150 is 2:1), "twice as many cats as dogs: 40 cats and 20
 * dogs", "three times larger", "half as many". The parts are the claim's only two quantities
 * other than the ratio, of one kind (counts, one dimension, one currency, percentages) and joined
 * as a pair is written ("300 men and 150 women", "40 to 20"). A contradiction is read without
 * the order (larger over smaller: no reading of the pair fits), so a pair listed the other way
 * round is never mistaken for a wrong one; a match is reported only when the parts come in the
 * ratio's order, larger first or not. Silent when a part is a range or a bound, and, for a hedged
 * ratio ("roughly 3:1"), when the parts are within 10% of it.
 */
import { type ExactFinding, finding } from "./finding.ts";
import { type Quantity, WORD_NUMBERS } from "./quantities.ts";
import { isSpanOfTime } from "./slots.ts";
import { dimensionOf } from "./units.ts";
import { formatNumber, HEDGED_SLACK, inUnit, written } from "./values.ts";

const HEDGE = String.raw`(?:(about|approximately|roughly|around|nearly|almost|some|close to)\s+)?`;
const TERM = String.raw`(\d+(?:\.\d+)?)`;
/** "a 3:1 ratio", "a 3-to-1 ratio", "a ratio of 3:1", "the ratio of men to women is 2 to 1". */
const COLON_RATIO = new RegExp(
  String
    .raw`\b${HEDGE}${TERM}\s*(?::|-to-|\s+to\s+)\s*${TERM}\s+ratio\b|\bratio\b[^.;:\d]{0,40}?\b(?:is|was|of|at)\s+${HEDGE}${TERM}\s*(?::|-to-|\s+to\s+)\s*${TERM}(?![\d:.]\d)`,
  "gi",
);
/** Multiples in words: "twice", "three times"; "half as many" is the ratio 2 the other way. */
const WORD_MULTIPLES: Record<string, number> = { ...WORD_NUMBERS, twice: 2, half: 2 };
/**
 * "twice as many students as", "three times as long as", "half as much", "4 times larger than":
 * "N times larger/more than" is said for N and for N + 1 alike, so both are allowed.
 */
const MULTIPLE =
  /\b(?:(about|approximately|roughly|around|nearly|almost|some|close to)\s+)?(twice|half|(two|three|four|five|six|seven|eight|nine|ten|\d+(?:\.\d+)?)\s+times)\s+(?:(as)\s+[\p{L}-]+(?:\s+[\p{L}-]+){0,2}?\s+as\b|(?:more|larger|bigger|higher|greater|longer|heavier|taller|wider|faster)\b(?:\s+[\p{L}-]+){0,2}?\s+than\b)/giu;
/**
 * What joins the two parts: a connective; for counts, the first part's noun before it ("300 men
 * and 150 women"). A measure with a word of its own ("100 m tall and 30 m wide") is no pair.
 */
const CONNECTIVE = String
  .raw`(?:and|to|versus|vs\.?|against|compared (?:with|to)|,)\s+(?:the\s+|only\s+|just\s+)?\(?$`;
const PAIR_JOIN = new RegExp(String.raw`^\s*\)?` + CONNECTIVE, "i");
const COUNT_PAIR_JOIN = new RegExp(String.raw`^\s*\)?(?:[\p{L}'-]+\s+){0,3}?` + CONNECTIVE, "iu");

/** Every ratio COLON_RATIO and MULTIPLE read names one of these words. */
const MAY_STATE_RATIO = /ratio|twice|half|times/i;

interface StatedRatio {
  start: number;
  end: number;
  /** The proportion, larger over smaller, and its rounding. */
  value: number;
  tolerance: number;
  /** "three times larger": N + 1 is meant as often as N. */
  orOneMore: boolean;
  approx: boolean;
  /** The ratio in words for reasons: "3:1", "twice (2:1)". */
  label: string;
  /** Whether the larger side is named first ("3:1", "twice as many"; not "1:3", "half as many"). */
  largerFirst: boolean;
}

const decimalsOf = (term: string) => term.split(".")[1]?.length ?? 0;

/** The ratios a claim states: exactly one, else none (two would leave the parts unassigned). */
function statedRatios(text: string): StatedRatio[] {
  const out: StatedRatio[] = [];
  for (const m of text.matchAll(COLON_RATIO)) {
    const hedge = m[1] ?? m[4];
    const [a, b] = m[2] !== undefined ? [m[2], m[3]] : [m[5], m[6]];
    const [x, y] = [Number(a), Number(b)];
    if (x <= 0 || y <= 0) continue;
    // The larger term over the smaller, each rounded in its last written digit.
    const [big, small] = x >= y ? [a, b] : [b, a];
    out.push({
      start: m.index,
      end: m.index + m[0].length,
      value: Number(big) / Number(small),
      tolerance: 0.5 * 10 ** -decimalsOf(big) / Number(small),
      orOneMore: false,
      approx: hedge !== undefined,
      label: `${a}:${b}`,
      largerFirst: x >= y,
    });
  }
  for (const m of text.matchAll(MULTIPLE)) {
    const word = (m[3] ?? m[2]).toLowerCase();
    const value = WORD_MULTIPLES[word] ?? Number(word);
    if (!(value > 1)) continue;
    const orOneMore = m[4] === undefined && word !== "half";
    out.push({
      start: m.index,
      end: m.index + m[0].length,
      value,
      // "Twice as many" is said of 1.75 to 2.25 times; a decimal multiple keeps its rounding.
      tolerance: word.includes(".") ? 0.5 * 10 ** -decimalsOf(word) : 0.25,
      orOneMore,
      approx: m[1] !== undefined,
      label: `${m[2]} (${value}:1${orOneMore ? ` or ${value + 1}:1` : ""})`,
      largerFirst: word !== "half",
    });
  }
  return out;
}

/** Whether two quantities can be the two sides of one proportion. */
function comparable(a: Quantity, b: Quantity): boolean {
  // Spans of time ("3 days") are not parts of a proportion of things.
  if (a.kind !== b.kind || isSpanOfTime(a) || isSpanOfTime(b)) return false;
  switch (a.kind) {
    case "unit":
      return dimensionOf(a.unit!) === dimensionOf(b.unit!);
    case "money":
      return a.currency === b.currency;
    case "count":
    case "percent":
    case "number":
      return true;
    default:
      return false;
  }
}

/** Whether a text names both nouns at least twice each: once in its part, once besides. */
function namesBoth(text: string, a: string, b: string): boolean {
  const times = (noun: string) =>
    text.match(new RegExp(`\\b${noun.replace(/[^\p{L}'-]/gu, "")}`, "giu"))?.length ?? 0;
  return times(a) >= 2 && times(b) >= 2;
}

export function ratioFindings(
  text: string,
  claim: { start: number; end: number; quantities: readonly Quantity[] },
): ExactFinding[] {
  // Two parts and a word of proportion, or nothing to read (the patterns are costly to run).
  if (claim.quantities.length < 2) return [];
  const claimText = text.slice(claim.start, claim.end);
  if (!MAY_STATE_RATIO.test(claimText)) return [];
  const ratios = statedRatios(claimText).map((r) => ({
    ...r,
    start: r.start + claim.start,
    end: r.end + claim.start,
  }));
  if (ratios.length !== 1) return [];
  const [ratio] = ratios;
  const parts = claim.quantities.filter((q) =>
    (q.end <= ratio.start || q.start >= ratio.end) && q.kind !== "date"
  );
  if (parts.length !== 2) return [];
  const [a, b] = parts;
  if (!comparable(a, b) || a.inexact || b.inexact || a.computed || b.computed) return [];
  const join = text.slice(a.end, b.start);
  if (!(a.kind === "count" ? COUNT_PAIR_JOIN : PAIR_JOIN).test(join)) return [];
  // Counts of two things ("300 men and 150 women") are the ratio's sides only when the claim
  // names both things elsewhere too ("a ratio of men to women", "twice as many cats as dogs"),
  // not "400 employees and 20 offices".
  if (a.kind === "count" && a.noun !== b.noun && !namesBoth(claimText, a.noun!, b.noun!)) return [];
  const bReading = a.unit ? inUnit(b, a.unit) : b;
  const [big, small] = a.value >= bReading.value
    ? [{ value: a.value, tolerance: a.tolerance }, bReading]
    : [bReading, { value: a.value, tolerance: a.tolerance }];
  if (small.value - small.tolerance <= 0) return [];
  // The parts' proportion as an interval: each part anywhere within its written precision.
  const low = (big.value - big.tolerance) / (small.value + small.tolerance);
  const high = (big.value + big.tolerance) / (small.value - small.tolerance);
  const proportion = big.value / small.value;
  const hedged = ratio.approx || a.approx || b.approx;
  const fits = (from: number, to: number) => {
    const stated = ratio.orOneMore ? [ratio.value, ratio.value + 1] : [ratio.value];
    return stated.some((value) => {
      const allowed = ratio.tolerance + (hedged ? HEDGED_SLACK * value : 0) + 1e-9;
      return to >= value - allowed && from <= value + allowed;
    });
  };
  // Wrong only when no reading of the parts within their precision fits; right when the parts
  // as written fit; between the two (a round part that may or may not fit), silent.
  const ok = fits(proportion, proportion);
  if (!ok && fits(low, high)) return [];
  // Parts listed the other way round from the ratio ("1:3 ... 300 men and 100 women") fit only
  // when read reversed: nothing to confirm.
  const largerFirst = a.value >= bReading.value;
  if (ok && largerFirst !== ratio.largerFirst && a.value !== bReading.value) return [];
  // A hedged ratio that the parts bear out is said loosely: nothing to confirm.
  if (ok && hedged) return [];
  const right = `${written(text, a)} to ${written(text, b)} is ${formatNumber(proportion, 2)}:1`;
  return [
    finding(
      "ratio",
      !ok,
      { start: Math.min(ratio.start, a.start), end: Math.max(ratio.end, b.end) },
      ok ? right : `${right}, not ${ratio.label}`,
    ),
  ];
}
