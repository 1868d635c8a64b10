/**
 * Arithmetic written out in the answer: "3 x $25 = $75", "17 + 25 = 42", "120 / 8 = 15". The
 * terms are evaluated with the usual precedence (×, / before +, −) and the stated result must be
 * the value within the precision it is written with; a division stated with its remainder
 * ("194 ÷ 11 = 17 with a remainder of 7") must give the whole quotient and what is left. Only
 * whole expressions of plain numbers (money allowed): one with units, percentages, parentheses,
 * powers, unknowns or LaTeX, or that is a piece of a longer one, is left alone.
 */
import { type ExactFinding, finding } from "./finding.ts";
import { unitOfForm } from "./units.ts";
import { formatNumber } from "./values.ts";

const NUMBER = String.raw`\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
const OPERATOR = String.raw`[+\-−×x*/÷]`;
const EXPRESSION = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,$(/:^-])(${NUMBER}(?:\s*${OPERATOR}\s*${NUMBER})+)\s*=\s*` +
    String.raw`(${NUMBER})(?![\p{L}\p{N}%(^]|[.,]\d|\s*${OPERATOR}\s*\$?\d)`,
  "gu",
);
/**
 * Said not to hold: "we cannot make 5 + 3 = 9", "25 + 25 = 49 (not true)", or on the next line
 * ("25 + 25 = 49\n\n50 = 49 (not true)").
 */
const DENIED_BEFORE = /\b(?:not|cannot|can't|never|isn't|false that|wrong that)\b[^.\n]{0,30}$/i;
const DENIED_AFTER =
  /^(?:[^.\n]{0,20}|\s*\n[^.\n]{0,20})\b(?:not true|false|wrong|incorrect|impossible)\b|^\s*[≠]/i;
/** A whole quotient and its remainder: "194 ÷ 11 = 17 with a remainder of 7", "= 17 R 7". */
const REMAINDER =
  /^\s*(?:,\s*)?(?:with\s+(?:a\s+)?remainder(?:\s+of)?|remainder|r(?=\s*\d))\s*(\d+)?/i;
/** Before the expression: another operator, an equation or LaTeX means it is only a part. */
const INSIDE_MORE = /(?:[+\-−×x*/÷^=\\$(]|\\[a-z]+)\s*$/;
const TERM = new RegExp(String.raw`(${NUMBER})|(${OPERATOR})`, "g");
/**
 * A sum of labelled amounts: "€481 (flights) + €804 (hotel) = €1,285", "500 g flour + 367 g water
 * = 867 g". Each term is an amount, then its unit and label: words, no digits nor operators.
 */
const AMOUNT = String.raw`[$€£]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
const LABELLED_SUM = new RegExp(
  String
    .raw`(?<![\p{L}\p{N}.,$€£(/:^-])(${AMOUNT}[^\d\n=+×*/÷%]{0,40}?(?:\s*\+\s*${AMOUNT}[^\d\n=+×*/÷%]{0,40}?)+)` +
    String.raw`\s*=\s*(${AMOUNT})(?:\s?([\p{L}]+))?(?![\p{N}%(^]|[.,]\d|\s*${OPERATOR}\s*[$€£]?\d)`,
  "gu",
);
/** A term of a labelled sum: its currency, its number, then its unit and label. */
const LABELLED_TERM = /^\s*([$€£]?)((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\s*([^]*?)\s*$/u;
/** A label of words, or words in parentheses; none that multiplies or divides ("each", "per"). */
const LABEL = /^(?:\([\p{L}\s'’,-]*\)|[\p{L}\s'’-]*)$/u;
const SCALING_LABEL = /\b(?:each|per|every|times|x|apiece|a piece)\b/i;

const value = (text: string) => Number(text.replace(/[$€£,]/g, ""));
/** ± half the spacing of the last written digit. */
const tolerance = (text: string) => 0.5 * 10 ** -(text.split(".")[1]?.length ?? 0);

/** The expression's value: products and quotients first, then sums and differences. */
function evaluate(expression: string): number | undefined {
  const numbers: number[] = [], operators: string[] = [];
  for (const m of expression.matchAll(TERM)) {
    if (m[1]) numbers.push(value(m[1]));
    else operators.push(m[2] === "−" ? "-" : m[2]);
  }
  if (numbers.length !== operators.length + 1) return undefined;
  const terms = [numbers[0]], signs: string[] = [];
  operators.forEach((op, i) => {
    const next = numbers[i + 1];
    if (op === "+" || op === "-") {
      signs.push(op);
      terms.push(next);
    } else {
      const last = terms.length - 1;
      terms[last] = op === "/" || op === "÷" ? terms[last] / next : terms[last] * next;
    }
  });
  return terms.slice(1).reduce((sum, t, i) => (signs[i] === "+" ? sum + t : sum - t), terms[0]);
}

/** "a ÷ b" in whole numbers: its whole quotient and what is left; else undefined. */
function wholeDivision(expression: string): { quotient: number; rest: number } | undefined {
  const terms = [...expression.matchAll(TERM)];
  if (terms.length !== 3 || !/^[/÷]$/.test(terms[1][2] ?? "")) return undefined;
  const [a, b] = [value(terms[0][1]), value(terms[2][1])];
  if (!Number.isInteger(a) || !Number.isInteger(b) || b === 0) return undefined;
  const quotient = Math.trunc(a / b);
  return { quotient, rest: a - quotient * b };
}

/** Whether an expression is a piece of a longer one, or said not to hold. */
function leftAlone(text: string, start: number, end: number): boolean {
  return INSIDE_MORE.test(text.slice(Math.max(0, start - 8), start)) ||
    DENIED_BEFORE.test(text.slice(Math.max(0, start - 40), start)) ||
    DENIED_AFTER.test(text.slice(end, end + 30));
}

/**
 * The value of a labelled sum: every term and the result in one currency and one unit, each label
 * plain words, and at least one label or unit (a plain sum is an expression of its own).
 */
function labelledSum(terms: string, result: string, resultWord?: string): number | undefined {
  const read = terms.split("+").map((term) => LABELLED_TERM.exec(term));
  const currency = /^[$€£]?/.exec(result)![0];
  const unitOf = (word?: string) => word === undefined ? undefined : unitOfForm(word);
  let marked = currency !== "" && currency !== "$";
  let sum = 0;
  for (const term of read) {
    if (!term || term[1] !== currency) return undefined;
    const word = /^\p{L}+/u.exec(term[3])?.[0];
    const unit = term[1] ? undefined : unitOf(word);
    const label = unit ? term[3].slice(word!.length).trim() : term[3];
    if (unit !== unitOf(resultWord) || !LABEL.test(label) || SCALING_LABEL.test(label)) {
      return undefined;
    }
    marked ||= unit !== undefined || label !== "";
    sum += value(term[2]);
  }
  return marked ? sum : undefined;
}

export function arithmeticFindings(text: string): ExactFinding[] {
  const out: ExactFinding[] = [];
  for (const m of text.matchAll(EXPRESSION)) {
    const end = m.index! + m[0].length;
    if (leftAlone(text, m.index!, end)) continue;
    const result = evaluate(m[1]);
    if (result === undefined || !Number.isFinite(result)) continue;
    const stated = value(m[2]);
    const expression = m[1].replace(/\s+/g, " ");
    let ok = Math.abs(result - stated) <= tolerance(m[2]) + 1e-9 * Math.abs(result);
    let shown = `${expression} = ${formatNumber(result, 4)}`;
    // "194 ÷ 11 = 17 with a remainder of 7": the whole quotient, and the remainder if stated.
    const remainder = REMAINDER.exec(text.slice(end, end + 30));
    if (remainder) {
      const division = wholeDivision(m[1]);
      if (!division) continue;
      const { quotient, rest } = division;
      ok = stated === quotient && (remainder[1] === undefined || Number(remainder[1]) === rest);
      shown = `${expression} = ${quotient} remainder ${rest}`;
    }
    out.push(
      finding(
        "arithmetic",
        !ok,
        { start: m.index!, end },
        ok ? shown : `${shown}, not ${m[2]}${remainder?.[0].replace(/\s+/g, " ").trimEnd() ?? ""}`,
      ),
    );
  }
  for (const m of text.matchAll(LABELLED_SUM)) {
    const end = m.index! + m[0].length;
    const plain = out.some((f) => f.start < end && m.index! < f.end);
    if (plain || leftAlone(text, m.index!, end) || REMAINDER.test(text.slice(end, end + 30))) {
      continue;
    }
    const sum = labelledSum(m[1], m[2], m[3]);
    if (sum === undefined) continue;
    const ok = Math.abs(sum - value(m[2])) <= tolerance(m[2]) + 1e-9 * sum;
    const shown = `${m[1].replace(/\s+/g, " ").trim()} = ${formatNumber(sum, 4)}`;
    out.push(
      finding("arithmetic", !ok, { start: m.index!, end }, ok ? shown : `${shown}, not ${m[2]}`),
    );
  }
  return out;
}
