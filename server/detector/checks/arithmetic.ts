/**
 * Arithmetic written out in the answer: "3 x $25 = $75", "16 ÷ 24 × 100 = 66.7%", "85 nmi × 1.852
 * km/nmi = 157.4 km", chains ("0.375 × 100 = 37.5%") and derivations whose steps start new lines
 * ("= 16 ÷ 24 × 100\n= **66.7%**"). Each link whose right side is one stated value is checked: the
 * left side, evaluated with the usual precedence (×, / before +, −), must give it within the
 * precision it is written with; a division stated with its remainder ("194 ÷ 11 = 17 with a
 * remainder of 7") must give the whole quotient and what is left.
 *
 * Plain numbers on one line (money in one currency, a sum of amounts in one unit, labels allowed)
 * are read as written: a wrong result is contradicted. Where the reading may be off, a link that
 * holds is confirmed and one that fails is left alone: units that may convert ("5 km ÷ 25 min =
 * 12 km/h"), a percent (the value, or a hundred times it), a link said with ≈ or broken over
 * lines (a line that opens with "=" goes on from the one above: no break), a lone "24/7".
 * Parentheses, powers, unknowns, LaTeX, denials and pieces of longer expressions are left alone.
 */
import { type ExactFinding, finding } from "./finding.ts";
import { UNIT_AFTER_NUMBER, unitOfForm } from "./units.ts";
import { formatNumber } from "./values.ts";

/** Spaces within one line. */
const SPACE = String.raw`[^\S\n]*`;
const CURRENCY = "[$€£]";
/** No leading zero, and no digits, decimals, times or powers glued on ("05", "3.11.2", "16:9"). */
const NUMBER = String.raw`(?:[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*|0)(?:\.\d+)?(?![\d²³^]|[.,:]\d)`;
const OPERATOR = String.raw`[+\-−×x*/÷]`;
/** A word after a number: a unit ("km", "°F", "mg/kg") or a label ("flour"); never the operator x. */
const WORD = String.raw`(?!x(?!\p{L}))[\p{L}°º][\p{L}°º²³'’]*(?:\/\p{L}+)?(?!\p{L})`;
/** A label or a hint in parentheses ("(flights)", "(inches × 25.4)"); numbers alone are a group. */
const PAREN = String.raw`\((?=[^()\n=≈]*\p{L})[^()\n=≈]{1,40}\)`;
const AFTER_NUMBER = String.raw`(?:${SPACE}%)?(?:${SPACE}(?:${WORD}|${PAREN})){0,4}`;
/**
 * A term's label before it, after a plus: "$12.99 + calculator $24.50", "+ hotel (3 nights) £300"
 * (after a hyphen it is a word's: "a 55-inch TV is 55 × 2.54"; in a product, what is counted).
 */
const BEFORE_NUMBER = String
  .raw`(?:(?<=\+${SPACE})(?:(?:\p{L}[\p{L}'’-]*|${PAREN})${SPACE}){1,3})?`;
/** At most 31 terms: no step is longer, and the bound keeps the scan linear. */
const SIDE = String.raw`[-−]?${CURRENCY}?${NUMBER}${AFTER_NUMBER}` +
  String
    .raw`(?:${SPACE}${OPERATOR}${SPACE}${BEFORE_NUMBER}${CURRENCY}?${NUMBER}${AFTER_NUMBER}){0,30}`;
/** "=" or "≈", a line break allowed on either side ("= 16 ÷ 24 × 100\n= 66.7%"). */
const RELATION = String.raw`${SPACE}\n?${SPACE}[=≈]${SPACE}\n?${SPACE}`;
const CHAIN = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,$€£/:^\-−])${SIDE}(?:${RELATION}${SIDE})+`,
  "gu",
);
const SIDES = new RegExp(SIDE, "gu");
const TERMS = new RegExp(
  `(${BEFORE_NUMBER})(${CURRENCY}?)(${NUMBER})(${AFTER_NUMBER})|(${OPERATOR})`,
  "gu",
);
const PARENS = new RegExp(PAREN, "gu");

/**
 * Said not to hold: "we cannot make 5 + 3 = 9", "25 + 25 = 49 (not true)", or on the next line
 * ("25 + 25 = 49\n\n50 = 49 (not true)").
 */
const DENIED_BEFORE = /\b(?:not|cannot|can't|never|isn't|false that|wrong that)\b[^.\n]{0,30}$/i;
const DENIED_AFTER =
  /^(?:[^.\n]{0,20}|\s*\n[^.\n]{0,20})\b(?:not true|false|wrong|incorrect|impossible)\b|^\s*[≠]/i;
/** LaTeX around the chain: "\times 100 = 66.7\%", "\frac{1}{2} = 0.5". */
const LATEX_BEFORE = /(?:\\[a-z]+|[\\{])\s*$/i;
const LATEX_AFTER = /^\s*[\\}]/;
/**
 * An operator on the line before the first side or after the last: that side is a piece of more
 * (a plus and the next term's label too: "£495 + hotel (3 nights) £300 + ..."). One that starts
 * its line is a bullet ("- 17 + 25 = 42").
 */
const OPERATOR_BEFORE =
  /\S[^\S\n]*(?:[+\-−×*/÷^]|(?<!\p{L})x)[^\S\n]*$|\S[^\S\n]*\+[^\S\n]*(?:[\p{L}'’-]+[^\S\n]*|\([^()\n]*\)[^\S\n]*){1,4}$/u;
const OPERATOR_AFTER = /^[^\S\n]*\)?[^\S\n]*[+\-−×x*/÷^][^\S\n]*[\d$€£(]/;
/**
 * Numbers and operators the chain's line states before it, up to an "=" ("(8 + 3) - (5 x 2) = "):
 * it goes on from steps not read. Words there ("Millimetres (inches × 25.4) = ") name a formula.
 */
const STEPS_BEFORE =
  /(?:^|[=≈\n])[\d\s.,()+\-−×x*/÷^%$€£]*\d[\d\s.,()+\-−×x*/÷^%$€£]*[=≈][^\S\n]*$/;
/** Dates, phone numbers and codes: "2023-10-05", "10/5/1901", "555-123-4567". */
const IDENTIFIER = /\d[-/]\d+[-/]\d/;
/** A lone "24/7" or "3-1" may be a name, a score or a range rather than a division or difference. */
const LONE_FRACTION = /^\d+\/\d+$/;
const LONE_HYPHEN = /^\d+-\d+$/;
/** A whole quotient and its remainder: "194 ÷ 11 = 17 with a remainder of 7", "= 17 R 7". */
const REMAINDER =
  /^\s*(?:,\s*)?(?:with\s+(?:a\s+)?remainder(?:\s+of)?|remainder|r(?=\s*\d))\s*(\d+)?/i;
/** A label that multiplies or divides ("each", "per"): the sum it sits in is more than a sum. */
const SCALING_LABEL = /\b(?:each|per|every|times|x|apiece|a piece)\b/i;
const RATIO = /^([\p{L}°º]+)\/(\p{L}+)/u;

interface Term {
  /** The value as written, a percent not yet divided by 100. */
  value: number;
  /** Its number, currency and percent sign as written ("€1,488", "72%"). */
  written: string;
  number: string;
  currency: string;
  percent: boolean;
  /** Its words, parentheses left out ("g flour", "km/nmi"), and whether they touch the number. */
  words: string;
  glued: boolean;
  /** Its words and parentheses as written ("(per person)"). */
  notes: string;
}

interface Side {
  start: number;
  /** The end of its last number (and percent sign): what follows may deny or qualify it. */
  valueEnd: number;
  text: string;
  terms: Term[];
  operators: string[];
}

/** A term's words as a unit ("g", "km/nmi") and a label ("flour"). */
interface Measure {
  unit?: string;
  /** The units of a ratio ("km/nmi": km and nmi), which the other terms may be counted in. */
  ratio?: string[];
  label: string;
}

/** "37 ÷ 50 × 100 = 74%": a quotient made a percentage by hand, its result read one way only. */
const percentByHand = ({ terms, operators }: Side) =>
  operators.some((o) => /[÷/]/.test(o)) &&
  terms.some((t, i) => i > 0 && t.value === 100 && !t.percent && /[×x*]/.test(operators[i - 1]));

const value = (text: string) => Number(text.replace(/[$€£,]/g, ""));
/** ± half the spacing of the last written digit. */
const tolerance = (text: string) => 0.5 * 10 ** -(text.split(".")[1]?.length ?? 0);
const adds = (operator: string) => /[+\-−]/.test(operator);

function readSide(at: number, written: string): Side {
  const terms: Term[] = [], operators: string[] = [];
  let valueEnd = at;
  for (const m of written.matchAll(TERMS)) {
    const [, label, currency, number, after, operator] = m;
    if (operator) {
      operators.push(operator === "−" ? "-" : operator);
      continue;
    }
    const [, percent, rest] = /^(\s*%)?([^]*)$/.exec(after)!;
    valueEnd = at + m.index! + label.length + currency.length + number.length +
      (percent?.length ?? 0);
    terms.push({
      value: value(number),
      written: `${currency}${number}${percent ? "%" : ""}`,
      number,
      currency,
      percent: percent !== undefined,
      words: rest.replace(PARENS, " ").replace(/\s+/g, " ").trim(),
      glued: /^[^\s(]/.test(rest),
      notes: `${label}${rest}`.trim(),
    });
  }
  // A sign before the first term: "-7 °C × 9/5 = -12.6".
  if (operators.length === terms.length && operators[0] === "-") {
    operators.shift();
    terms[0] = { ...terms[0], value: -terms[0].value, written: `-${terms[0].written}` };
  }
  return { start: at, valueEnd, text: written.replace(/\s+/g, " ").trim(), terms, operators };
}

function measureOf(words: string): Measure {
  const ratio = RATIO.exec(words);
  if (ratio && !unitOfForm(ratio[0])) {
    return {
      unit: ratio[0].toLowerCase(),
      ratio: [ratio[1].toLowerCase(), ratio[2].toLowerCase()],
      label: words.slice(ratio[0].length).trim(),
    };
  }
  const known = UNIT_AFTER_NUMBER.exec(words);
  return known
    ? { unit: unitOfForm(known[1]), label: words.slice(known[0].length).trim() }
    : { label: words };
}

/** The side's value: products and quotients first, then sums and differences; percents /100. */
function evaluate({ terms, operators }: Side): number | undefined {
  if (terms.length !== operators.length + 1) return undefined;
  const of = (t: Term) => (t.percent ? t.value / 100 : t.value);
  const sums = [of(terms[0])], signs: string[] = [];
  operators.forEach((op, i) => {
    const next = of(terms[i + 1]);
    if (adds(op)) {
      signs.push(op);
      sums.push(next);
    } else {
      const last = sums.length - 1;
      sums[last] = op === "/" || op === "÷" ? sums[last] / next : sums[last] * next;
    }
  });
  return sums.slice(1).reduce((sum, t, i) => (signs[i] === "+" ? sum + t : sum - t), sums[0]);
}

/** "a ÷ b" in whole numbers: its whole quotient and what is left; else undefined. */
function wholeDivision({ terms, operators }: Side): { quotient: number; rest: number } | undefined {
  if (terms.length !== 2 || !/^[/÷]$/.test(operators[0])) return undefined;
  const [a, b] = terms.map((t) => t.value);
  if (!Number.isInteger(a) || !Number.isInteger(b) || b === 0) return undefined;
  const quotient = Math.trunc(a / b);
  return { quotient, rest: a - quotient * b };
}

/**
 * How a link may be read: `plain` when its numbers say all there is (a wrong result is wrong),
 * `loose` when it may be read otherwise (it can only be confirmed), undefined when it is unclear
 * what it computes: a letter standing for an unknown, a date, a label that is no unit in a
 * product ("126 orders / 5,539 sessions": a share, which the share checks read), amounts in two
 * currencies, a measure whose result drops its unit.
 */
function readingOf(left: Side, result: Term): "plain" | "loose" | undefined {
  const measures = left.terms.map((t) => measureOf(t.words));
  const named = new Set(measures.flatMap((m) => m.ratio ?? []));
  const scales = !left.operators.every(adds);
  const unknown = left.terms.some((t, i) =>
    (t.glued && measures[i].unit === undefined) ||
    /(?:^|\s)\p{L}(?:\s|$)/u.test(measures[i].label) ||
    (scales && measures[i].label !== "" && !named.has(measures[i].label.toLowerCase()))
  );
  const currencies = new Set(left.terms.map((t) => t.currency).filter((c) => c !== ""));
  const outcome = measureOf(result.words);
  const dropped = measures.some((m) => m.unit !== undefined) && result.words === "" &&
    !result.percent;
  if (
    unknown || currencies.size > 1 || dropped || IDENTIFIER.test(left.text) ||
    LONE_HYPHEN.test(left.text) || (result.glued && outcome.unit === undefined)
  ) {
    return undefined;
  }
  const worded = left.terms.some((t) => t.notes !== "");
  const oneUnitSum = !scales &&
    left.terms.every((t, i) => measures[i].unit === outcome.unit && !SCALING_LABEL.test(t.notes));
  const loose = left.terms.length === 1 || (result.percent && !percentByHand(left)) ||
    left.terms.some((t) => t.percent) ||
    LONE_FRACTION.test(left.text) || (worded && !oneUnitSum) ||
    (result.currency !== "" && currencies.size === 1 && !currencies.has(result.currency));
  return loose ? "loose" : "plain";
}

/** One link "left = result": its finding, or undefined when it is not read or fails loosely. */
function linkFinding(text: string, left: Side, right: Side, loose: boolean) {
  const result = right.terms[0];
  const reading = right.terms.length === 1 ? readingOf(left, result) : undefined;
  const computed = reading && evaluate(left);
  if (computed === undefined || !Number.isFinite(computed)) return undefined;
  // A percent may be the value itself ("× 100 = 66.7%") or a hundred times it ("16/24 = 66.7%");
  // of percents, a percent ("100% − 35% = 65%").
  const ofPercents = left.terms.some((t) => t.percent);
  const readings = !result.percent || percentByHand(left)
    ? [computed]
    : ofPercents
    ? [100 * computed]
    : [computed, 100 * computed];
  const nearest = readings.reduce((a, b) =>
    Math.abs(a - result.value) <= Math.abs(b - result.value) ? a : b
  );
  let ok = Math.abs(nearest - result.value) <= tolerance(result.number) + 1e-9 * Math.abs(nearest);
  let shown = `${left.text} = ${formatNumber(nearest, 4)}${result.percent ? "%" : ""}`;
  let stated = result.written;
  const remainder = REMAINDER.exec(text.slice(right.valueEnd, right.valueEnd + 30));
  if (remainder) {
    const division = wholeDivision(left);
    if (!division) return undefined;
    const { quotient, rest } = division;
    ok = result.value === quotient && (remainder[1] === undefined || Number(remainder[1]) === rest);
    shown = `${left.text} = ${quotient} remainder ${rest}`;
    stated += remainder[0].replace(/\s+/g, " ").trimEnd();
  }
  if (!ok && (loose || reading === "loose")) return undefined;
  return finding(
    "arithmetic",
    !ok,
    { start: left.start, end: right.valueEnd },
    ok ? shown : `${shown}, not ${stated}`,
  );
}

/** Between two sides, a line break and "=" opening the next line: "× 100\n= 64.9%". */
const CONTINUED = /^[^\S\n]*\n[^\S\n]*=/;

export function arithmeticFindings(text: string): ExactFinding[] {
  const out: ExactFinding[] = [];
  for (const m of text.matchAll(CHAIN)) {
    const start = m.index!, end = start + m[0].length;
    const sides = [...m[0].matchAll(SIDES)].map((s) => readSide(start + s.index!, s[0]));
    const before = text.slice(Math.max(0, start - 40), start);
    const after = text.slice(sides.at(-1)!.valueEnd);
    if (
      DENIED_BEFORE.test(before) || DENIED_AFTER.test(after.slice(0, 30)) ||
      LATEX_BEFORE.test(before) || LATEX_AFTER.test(text.slice(end))
    ) {
      continue;
    }
    // A chain with no operator ("2.5 tonnes = 2,500 kg") states conversions, not arithmetic.
    if (sides.every((s) => s.operators.length === 0)) continue;
    const relations = [...m[0].matchAll(/[=≈]/g)].map((r) => r[0]);
    const first = OPERATOR_BEFORE.test(before) ? 1 : 0;
    const last = OPERATOR_AFTER.test(text.slice(end)) ? sides.length - 2 : sides.length - 1;
    // Spread over lines, the steps of a derivation may not each be the line above; a line that
    // opens with "=" goes on from the one above it.
    const loose = (i: number) => {
      const between = text.slice(sides[i].valueEnd, sides[i + 1].start);
      return between.includes("\n") ? !CONTINUED.test(between) : relations[i] === "≈";
    };
    // The tail of a derivation whose first steps are not read ("(8 + 3) - (5 x 2) = 11 - 10 = 1"):
    // a wrong step is wrong, but a right one says nothing of the steps before it.
    const tail = STEPS_BEFORE.test(before);
    for (let i = first; i < last; i++) {
      const found = linkFinding(text, sides[i], sides[i + 1], loose(i));
      if (found && !(tail && found.verdict === "consistent")) out.push(found);
    }
  }
  return out;
}
