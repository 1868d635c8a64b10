/**
 * The claims of a checked answer, as the page shows them: the server's claims of each call moved
 * to offsets in the whole answer, with the reasons of the exact checks that contradict them. A
 * backend that computes no claims gives each call's text as one claim with the call's own score.
 */
import type { WebDetectResponse } from "../../../shared/contract.ts";
import { shownRisk } from "../../../shared/regimes.ts";
import type { Chunk } from "../split.ts";

export interface ShownClaim {
  /** UTF-16 offsets in the answer's readable text. */
  start: number;
  end: number;
  p: number;
  flag: boolean;
  /** The call's top regime, named in the underline's tooltip. */
  topRegime: string;
  /** Why an exact check finds the claim wrong, e.g. "40 °C is 104 °F, not 140 °F". */
  reasons: string[];
}

export function claimsOf(data: WebDetectResponse, chunk: Chunk): ShownClaim[] {
  const claims = data.claims ??
    [{
      start: 0,
      end: chunk.text.length,
      p_hallucination: data.p_hallucination,
      flag: data.flag,
      findings: [],
    }];
  return claims.map((claim) => ({
    start: chunk.start + claim.start,
    end: chunk.start + claim.end,
    p: claim.p_hallucination,
    flag: claim.flag,
    topRegime: data.top_regime,
    reasons: claim.findings.filter((f) => f.verdict === "contradicted").map((f) => f.reason),
  }));
}

/**
 * A claim is underlined when it is MODERATE or HIGH, flagged, or contradicted by an exact check,
 * whatever the call's warnings: nothing the server found is hidden.
 */
export function isShown(claim: ShownClaim): boolean {
  return shownRisk(claim.p).bucket !== "LOW" || claim.flag || claim.reasons.length > 0;
}
