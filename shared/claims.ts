/**
 * The claim-level answer of the session route `POST /api/web/detect` (the project's own field,
 * not in the spec; `POST /api/detect` never carries it): each claim of the response with its
 * offsets, its own calibrated risk and the exact findings on it. The extension underlines from
 * it; `deno task score --claims` prints it.
 */
import { z } from "zod";

/** An exact check's result on a span of the response: the reason is words a person can check. */
export const Finding = z.strictObject({
  kind: z.string().meta({ description: "Which check found it (e.g. `unit_conversion`)." }),
  verdict: z.enum(["contradicted", "consistent"]).meta({
    description: "`contradicted`: the span is shown wrong; `consistent`: it was checked and holds.",
  }),
  start: z.int().min(0),
  end: z.int().min(0),
  reason: z.string(),
}).meta({ id: "Finding" });
export type Finding = z.infer<typeof Finding>;

export const ClaimRisk = z.strictObject({
  start: z.int().min(0).meta({
    description: "Offset of the claim in `response`, in UTF-16 code units (as JavaScript indexes).",
  }),
  end: z.int().min(0).meta({ description: "End offset (exclusive), in UTF-16 code units." }),
  p_hallucination: z.number().min(0).max(1).meta({
    description: "The claim scored on its own against the same evidence, calibrated as the call.",
  }),
  flag: z.boolean().meta({ description: "p_hallucination at or above the call's threshold." }),
  findings: z.array(Finding),
}).meta({ id: "ClaimRisk" });
export type ClaimRisk = z.infer<typeof ClaimRisk>;
