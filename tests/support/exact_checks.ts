/**
 * The exact checks (server/detector/checks/) read on crafted answers, for their tests: the
 * findings of a kind, one finding's verdict and reason, a wrong answer beside its right twin, and
 * the answers a check must stay silent on.
 */
import assert from "node:assert/strict";
import type { CheckKind, ExactFinding } from "../../server/detector/checks/finding.ts";
import { exactFindings } from "../../server/detector/checks/run.ts";

/** A fixed clock: citation years are judged against it. */
export const NOW = new Date(Date.UTC(2026, 10, 25));

/** A response's findings in response order, of one kind when given, against `evidence` if any. */
export function findingsOf(response: string, kind?: CheckKind, evidence?: string): ExactFinding[] {
  const all = exactFindings(response, evidence, NOW).flatMap((c) => c.findings);
  return kind ? all.filter((f) => f.kind === kind) : all;
}

/** Each finding of `kind` as "verdict: reason", in response order. */
export const readingsOf = (response: string, kind: CheckKind, evidence?: string): string[] =>
  findingsOf(response, kind, evidence).map((f) => `${f.verdict}: ${f.reason}`);

/** Exactly one finding of `kind`, with this verdict (and reason, when given). */
export function assertOne(
  response: string,
  kind: CheckKind,
  verdict: string,
  reason?: string,
  evidence?: string,
) {
  const found = findingsOf(response, kind, evidence);
  assert.equal(found.length, 1, `${response}: ${JSON.stringify(found)}`);
  assert.equal(found[0].verdict, verdict, `${response}: ${found[0].reason}`);
  if (reason) assert.equal(found[0].reason, reason);
}

/** The wrong twin contradicted (with `reason`, when given), the right one confirmed. */
export function assertTwins(kind: CheckKind, wrong: string, right: string, reason?: string) {
  assertOne(wrong, kind, "contradicted", reason);
  assertOne(right, kind, "consistent");
}

/** No finding of `kind` in any of the texts. */
export function assertSilent(kind: CheckKind, texts: string | readonly string[]) {
  for (const text of typeof texts === "string" ? [texts] : texts) {
    assert.deepEqual(findingsOf(text, kind), [], text);
  }
}

/** No contradiction of `kind` in `response` against `evidence`. */
export function assertSilentAgainst(evidence: string, kind: CheckKind, response: string) {
  assert.deepEqual(
    findingsOf(response, kind, evidence).filter((f) => f.verdict === "contradicted"),
    [],
    response,
  );
}
