/**
 * The exact checks of one call: the response split into claims (signals/claims.ts) and
 * paragraphs, its quantities read once, each check run, and the findings returned in response
 * order with their claim. Checks against the evidence run only when there is evidence (`pr`).
 */
import { splitClaims } from "../signals/claims.ts";
import { agreements } from "./agreements.ts";
import { arithmeticFindings } from "./arithmetic.ts";
import {
  askedConversionFindings,
  conversionFindings,
  convertedOpening,
  wholeMeasures,
} from "./conversions.ts";
import { evidenceFindings, evidenceSentences, isComparable } from "./evidence.ts";
import { scoreFindings } from "./scores.ts";
import type { ExactFinding } from "./finding.ts";
import { identifierFindings } from "./identifiers.ts";
import { impossibleDateFindings, lifespanReader } from "./lifespans.ts";
import { markdownLists } from "./lists.ts";
import { quantities, type Quantity, rangeEndingAt } from "./quantities.ts";
import { ratioFindings } from "./ratios.ts";
import { restatementFindings } from "./restatements.ts";
import { discountFindings, listShareFindings, partShareFindings, shareFindings } from "./shares.ts";
import { amountChangeFindings, percentChangeFindings, remainderFindings } from "./changes.ts";
import { clockSpanFindings } from "./clock_spans.ts";
import { clockTimes } from "./times.ts";
import { listTotalFindings, totalFindings } from "./totals.ts";

export interface ClaimFindings {
  start: number;
  end: number;
  /** Whether the claim states a quantity, date or identifier: something a check could read. */
  checkable: boolean;
  findings: ExactFinding[];
}

/** Per claim of `answer`, the findings that fall in it (a claim may have none). */
export function exactFindings(
  answer: string,
  document: string | undefined,
  now: Date = new Date(),
): ClaimFindings[] {
  // The claims are the model's (signals/claims.ts); what they state is read without markdown.
  const response = withoutEmphasis(answer);
  const evidence = document === undefined ? undefined : withoutEmphasis(document);
  const all = quantities(response);
  const claims = splitClaims(answer).map((c) => ({
    start: c.start,
    end: c.end,
    quantities: all.filter((q) => q.start >= c.start && q.end <= c.end),
  }));
  // A worked solution ("500 - 2 = 498") derives its numbers: they differ from the prompt's (in
  // words too, before its first sum: "half as much, which is $2"). A product with no result is a
  // size ("55 × 40 × 23 cm"), no working.
  const worked = all.some((q) => q.computed && !q.rate) && WORKING.test(response);
  // Times of day are read for the time between two of them (clock_spans.ts) and against the
  // document (times.ts); no other check reads them.
  const times = clockTimes(response);
  // The evidence is read only when the response states something to compare with it: a value,
  // a bound or a range of a measure or of times.
  const figures = [...all, ...times].sort((a, b) => a.start - b.start);
  const comparable = figures.some(isComparable) ||
    figures.some((_, i) => rangeEndingAt(response, figures, i) !== undefined);
  const sentences = evidence && !worked && comparable ? evidenceSentences(evidence) : [];
  const found: ExactFinding[] = [
    ...identifierFindings(response, now),
    ...arithmeticFindings(response),
    ...askedConversionFindings(response, all),
    ...impossibleDateFindings(response),
  ];
  // A list or table is read as a whole (its lines are paragraphs of their own below).
  // An item's measure may be in two parts ("1 h 15 min").
  const measures = wholeMeasures(response, all, { asConversions: false });
  const lists = markdownLists(answer, response, measures);
  found.push(
    ...listTotalFindings(response, lists, measures),
    ...listShareFindings(response, lists),
  );
  const claimBlocks = blocks(response, claims);
  const blockOf = new Map(claimBlocks.flatMap((block) => block.map((c) => [c, block] as const)));
  for (const block of claimBlocks) {
    found.push(...partShareFindings(response, block.flatMap((c) => c.quantities)));
  }
  const lifespanFindings = lifespanReader(response, all);
  paragraphs(response, claims).forEach((paragraph) => {
    found.push(
      ...totalFindings(response, paragraph),
      ...restatementFindings(response, paragraph.claims),
    );
    // A conversion may follow in the next sentence ("That's about 62 miles", "Multiply by 2.54
    // and you get 177.8 cm"): the last quantity of a claim and the first of the next are read
    // together too (convertedOpening).
    paragraph.claims.slice(1).forEach((claim, i) => {
      const before = paragraph.claims[i].quantities.at(-1);
      if (before && claim.quantities.length > 0) {
        found.push(
          ...conversionFindings(response, [
            before,
            ...convertedOpening(response, claim.quantities),
          ]),
        );
      }
    });
    paragraph.claims.forEach((claim, i) => {
      const previous = paragraph.claims[i - 1]?.quantities ?? [];
      found.push(
        ...conversionFindings(response, claim.quantities),
        ...shareFindings(
          response,
          claim.quantities,
          previous,
          claimsBefore(blockOf.get(claim)!, claim).flatMap((c) => c.quantities),
        ),
        ...changeFindings(response, claim.quantities, previous),
        ...ratioFindings(response, claim),
        ...lifespanFindings(claim.quantities, previous, claim),
        ...clockSpanFindings(response, claim, times),
      );
      if (evidence && sentences.length > 0) {
        const timed = times.filter((t) => t.start >= claim.start && t.end <= claim.end);
        const stated = [...claim.quantities, ...timed].sort((a, b) => a.start - b.start);
        found.push(
          ...evidenceFindings(response, { ...claim, quantities: stated }, evidence, sentences),
        );
      }
    });
  });
  if (evidence && !worked) found.push(...scoreFindings(response, evidence));
  // Last: figures no reader took are read for relations that hold among them (agreements.ts). A
  // conversion among them that does not hold may be an error no reader read: then no conversion
  // of the answer is reported right ("4 oz, or 113 g" beside "250 g is about 88.2 oz"). With a
  // document the answer is checked against it: its figures agreeing among themselves say nothing
  // of whether they are the document's (on the labelled split, such agreements came on
  // hallucinated summaries).
  const { confirmed, doubted } = evidence === undefined
    ? agreements(response, all, found)
    : { confirmed: [], doubted: new Set() };
  const inDoubt = (f: ExactFinding) =>
    f.verdict === "consistent" && f.kind === "unit_conversion" && doubted.has(f.kind);
  // A relation the answer states wrongly is not borne out by another figure that happens to fit
  // it ("301 showed it — 73.5%, close to the 75% the ratio predicts").
  const contradicted = found.filter((f) => f.verdict === "contradicted");
  const overruled = (f: ExactFinding) =>
    contradicted.some((c) => c.kind === f.kind && c.start < f.end && f.start < c.end);
  // Two readers may read one relation ("- Pass rate: 66%" as a list's item and as a named rate).
  const seen = new Set<string>();
  const reported = [
    ...found.filter((f) => !inDoubt(f)),
    ...confirmed.filter((f) => !overruled(f)),
  ].filter((f) => {
    const key = `${f.kind} ${f.start} ${f.reason}`;
    return !seen.has(key) && !!seen.add(key);
  });
  // An ordinal ("the 3rd edition") is read only against a document.
  const readable = (q: Quantity) => !q.ordinal || evidence !== undefined;
  return claims.map(({ start, end, quantities }) => ({
    start,
    end,
    checkable: quantities.some(readable),
    findings: reported.filter((f) => f.start >= start && f.start < end)
      .sort((a, b) => a.start - b.start || a.end - b.end),
  }));
}

/**
 * A step of working: a result after "=", or an operator between numbers other than "×", which
 * also gives sizes (a product worked out in words is still checked value by value: isDerived).
 */
const WORKING = /[=≈]|\d\s*[+\-−÷/*]\s*\d/;

/** "**261°F**", "*Marigold*", "`42`": emphasis marks, not multiplication ("3 * 4"). */
const EMPHASIS = /\*\*|__|`|\*/g;
const MULTIPLIES = /[\d)]\s*$/;
const MULTIPLIED = /^\s*[\d(]/;

/** The text with markdown emphasis read as spaces: every offset stays where it was. */
function withoutEmphasis(text: string): string {
  return text.replace(
    EMPHASIS,
    (mark, at: number) =>
      mark === "*" && MULTIPLIES.test(text.slice(Math.max(0, at - 3), at)) &&
        MULTIPLIED.test(text.slice(at + 1, at + 4))
        ? mark
        : " ".repeat(mark.length),
  );
}

type ClaimQuantities = { start: number; end: number; quantities: Quantity[] };

/** Claims grouped where the text between two of them breaks as `boundary` says. */
function groupClaims(text: string, claims: ClaimQuantities[], boundary: RegExp) {
  const groups: ClaimQuantities[][] = [];
  claims.forEach((claim, k) => {
    if (k === 0 || boundary.test(text.slice(claims[k - 1].end, claim.start))) groups.push([]);
    groups[groups.length - 1].push(claim);
  });
  return groups;
}

/**
 * Claims grouped by line: the sentences of one paragraph read together (a total after its parts,
 * a death after a birth); list items and lines of a table do not.
 */
const paragraphs = (text: string, claims: ClaimQuantities[]) =>
  groupClaims(text, claims, /\n/).map((group) => ({ claims: group }));

/**
 * The claims in blocks of lines (no blank line between): the lines of a list or of "label:
 * figure" lines read together ("Seeds sown: 50", "Seeds sprouted: 41").
 */
const blocks = (text: string, claims: ClaimQuantities[]) =>
  groupClaims(text, claims, /\n[^\S\n]*\n/);

/** The few claims before `claim` in its block of lines. */
function claimsBefore(block: ClaimQuantities[], claim: ClaimQuantities) {
  const at = block.indexOf(claim);
  return block.slice(Math.max(0, at - 3), at);
}

/**
 * A price's reduction (shares.ts) or, where none is read, a change told as a percentage or as an
 * amount, and what is left of an amount.
 */
function changeFindings(
  text: string,
  claim: readonly Quantity[],
  previous: readonly Quantity[],
): ExactFinding[] {
  const discounts = discountFindings(text, claim, previous);
  return discounts.length > 0 ? discounts : [
    ...percentChangeFindings(text, claim),
    ...amountChangeFindings(text, claim),
    ...remainderFindings(text, claim),
  ];
}
