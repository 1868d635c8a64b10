/**
 * What an exact check reports: a span of the response shown wrong (`contradicted`) or checked and
 * found right (`consistent`), the check's kind, a reason in words, and the regime a contradiction
 * points to (identifiers: CF_AUTH, fake or garbled citations; the rest: FABRICATED).
 */
import type { Finding } from "../../../shared/claims.ts";

export const CHECK_KINDS = [
  "evidence_number",
  "evidence_date",
  "unit_conversion",
  "arithmetic",
  "total",
  "percentage",
  "ratio",
  "restatement",
  "age",
  "duration",
  "impossible_date",
  "isbn",
  "issn",
  "arxiv",
  "doi",
  "future_citation",
] as const;
export type CheckKind = typeof CHECK_KINDS[number];

const IDENTIFIER_KINDS: ReadonlySet<CheckKind> = new Set([
  "isbn",
  "issn",
  "arxiv",
  "doi",
  "future_citation",
]);

export interface ExactFinding extends Finding {
  kind: CheckKind;
}

/** Checks of the answer against itself: its arithmetic, its dates, its identifiers' check digits. */
export const INTERNAL_KINDS: ReadonlySet<CheckKind> = new Set([
  "unit_conversion",
  "arithmetic",
  "total",
  "percentage",
  "ratio",
  "age",
  "duration",
  "isbn",
  "issn",
  "arxiv",
]);

/**
 * Whether a finding counts for the fusion: every contradiction; a consistent finding only when it
 * checks the answer against itself. A number that matches the document is not evidence that the
 * answer is faithful (on the labelled calibration split, half the rows whose checked numbers all
 * match are hallucinated elsewhere), nor is a well-formed DOI evidence that the work cited exists
 * (fabricated references carry well-formed ones). Nor is a value the answer repeats
 * (restatements.ts): both statements may be wrong alike. Those findings are reported all the same.
 */
export function countsForFusion(f: ExactFinding): boolean {
  return f.verdict === "contradicted" || INTERNAL_KINDS.has(f.kind);
}

/** Identifiers (ISBN, ISSN, arXiv, DOI, citation years): the marks of a citation. */
export const isIdentifier = (kind: CheckKind) => IDENTIFIER_KINDS.has(kind);

export function regimeOf(kind: CheckKind): "CF_AUTH" | "FABRICATED" {
  return isIdentifier(kind) ? "CF_AUTH" : "FABRICATED";
}

export function finding(
  kind: CheckKind,
  contradicted: boolean,
  span: { start: number; end: number },
  reason: string,
): ExactFinding {
  return {
    kind,
    verdict: contradicted ? "contradicted" : "consistent",
    start: span.start,
    end: span.end,
    reason,
  };
}
