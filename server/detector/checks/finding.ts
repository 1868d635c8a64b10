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
  "total",
  "percentage",
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

export function regimeOf(kind: CheckKind): "CF_AUTH" | "FABRICATED" {
  return IDENTIFIER_KINDS.has(kind) ? "CF_AUTH" : "FABRICATED";
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
