/**
 * How exact findings move the call's probability: one calibrated rule for calls with a
 * contradicted finding and one for calls whose own arithmetic, dates and check digits check out
 * (finding.ts, countsForFusion), each a logistic regression with the model's logit z as offset:
 * logit p = z + c · (a · z + b), c the share of the response's checkable claims the findings
 * cover. An answer shown wrong, or a one-line answer shown right (c = 1), takes the fitted rule in
 * full; a long answer with one right conversion among figures nothing checks, a part.
 * Fitted by `deno task calibrate:checks` on the model it finds (so a new model is refitted by
 * that one command) into `exact-fusion.json` beside the model, stamped with the model and
 * calibrator it was fitted on; a stale or missing file leaves p as the model gives it.
 */
import { z } from "zod";
import { sigmoid } from "../learners/linear.ts";
import { fitLogistic } from "../learners/newton.ts";
import { modelFolder, readStampedModelJson } from "../inference/model_files.ts";
import { countsForFusion, type ExactFinding, isIdentifier } from "./finding.ts";
import type { ClaimFindings } from "./run.ts";

export const EXACT_FUSION_FILE = "exact-fusion.json";
export const EXACT_FUSION_FORMAT = "hd-exact-fusion-3";
/**
 * A call with a contradiction; one whose own arithmetic and dates check out (its identifiers
 * too, if any); one whose only checks are identifiers with the right check digit or year.
 */
export const FINDING_GROUPS = ["contradicted", "consistent", "identifier"] as const;
export type FindingGroup = typeof FINDING_GROUPS[number];

export const ExactFusionFile = z.object({
  format: z.literal(EXACT_FUSION_FORMAT),
  modelVersion: z.string(),
  calibratorVersion: z.string(),
  /** Per group, [a, b] of logit p = z + c · (a · z + b). */
  rules: z.record(z.enum(FINDING_GROUPS), z.array(z.number()).length(2)),
  /** Rows (and hallucinated rows) behind each rule, and the data they came from. */
  rows: z.record(
    z.enum(FINDING_GROUPS),
    z.object({ n: z.number().int(), positive: z.number().int() }),
  ),
  fittedOn: z.array(z.string()),
});
export type ExactFusionFile = z.infer<typeof ExactFusionFile>;

/** What the fusion reads of a call's findings: its group and the share of claims they cover. */
export interface FindingEvidence {
  group: FindingGroup;
  coverage: number;
}

/**
 * A call's evidence: any contradiction wins; no finding that counts, none (scored as before). A
 * right identifier is weaker evidence than right arithmetic (fabricated references carry
 * well-formed identifiers, their years too): a call whose only checks are identifiers has a rule
 * of its own.
 * A contradiction shows the answer holds an error whatever else it states: it covers the whole
 * answer (on the fitting rows, all 134 contradicted calls whose findings reached two thirds or less
 * of their checkable claims were hallucinated). A consistent group moves p only by the share of
 * claims it covers: a right conversion says nothing of the answer's other figures. That share is
 * over the claims that state something a check could read (a quantity, a date, an identifier); a
 * claim is covered by a finding whose span reaches into it (an age checked against a birth stated
 * in the sentence before covers both sentences).
 */
export function findingEvidence(claims: readonly ClaimFindings[]): FindingEvidence | undefined {
  const counted = claims.flatMap((c) => c.findings.filter(countsForFusion));
  const reaches = (fs: readonly ExactFinding[], c: ClaimFindings) =>
    fs.some((f) => f.start < c.end && f.end > c.start);
  // A claim with a finding was checkable, whatever it states ("doi:10.123/x").
  const all = claims.flatMap((c) => c.findings);
  const checkable = claims.filter((c) => c.checkable || reaches(all, c));
  const covered = (fs: ExactFinding[]) => checkable.filter((c) => reaches(fs, c)).length;
  const contradicted = counted.filter((f) => f.verdict === "contradicted");
  const [group, shown]: [FindingGroup, ExactFinding[]] = contradicted.length > 0
    ? ["contradicted", contradicted]
    : counted.some((f) => !isIdentifier(f.kind))
    ? ["consistent", counted]
    : ["identifier", counted];
  if (shown.length === 0) return undefined;
  return { group, coverage: group === "contradicted" ? 1 : covered(shown) / checkable.length };
}

const EPS = 1e-6;
export const logit = (p: number) => {
  const q = Math.min(Math.max(p, EPS), 1 - EPS);
  return Math.log(q / (1 - q));
};

/** The offset z and the features [c · z, c] of the rule. */
const features = (p: number, coverage: number) => {
  const z = logit(p);
  return { z, x: [coverage * z, coverage] };
};

export function fusedProbability(
  file: ExactFusionFile,
  evidence: FindingEvidence,
  p: number,
): number {
  const [a, b] = file.rules[evidence.group];
  const { z, x } = features(p, evidence.coverage);
  return sigmoid(z + a * x[0] + b * x[1]);
}

export interface FusionRow extends FindingEvidence {
  pDetector: number;
  hallucinated: boolean;
}

/** Each rule: a logistic regression with the model's logit as offset (learners/newton.ts). */
function fitRule(rows: readonly FusionRow[]): number[] {
  const f = rows.map((r) => features(r.pDetector, r.coverage));
  return fitLogistic({
    x: f.map((r) => r.x),
    y: rows.map((r) => r.hallucinated),
    offset: f.map((r) => r.z),
  });
}

/** Each group's rule fitted on its rows. */
export function fitExactFusion(
  rows: readonly FusionRow[],
  stamp: { modelVersion: string; calibratorVersion: string; fittedOn: string[] },
): ExactFusionFile {
  const of = (g: FindingGroup) => rows.filter((r) => r.group === g);
  const fit = (g: FindingGroup) => {
    if (of(g).length === 0) throw new Error(`no rows with ${g} findings to fit on`);
    return fitRule(of(g));
  };
  const count = (g: FindingGroup) => ({
    n: of(g).length,
    positive: of(g).filter((r) => r.hallucinated).length,
  });
  return {
    format: EXACT_FUSION_FORMAT,
    ...stamp,
    rules: {
      contradicted: fit("contradicted"),
      consistent: fit("consistent"),
      identifier: fit("identifier"),
    },
    rows: {
      contradicted: count("contradicted"),
      consistent: count("consistent"),
      identifier: count("identifier"),
    },
  };
}

/** The fusion file for this model and calibrator, or undefined (missing or fitted on another). */
export async function readExactFusion(
  modelDir: string,
  stamp: { modelVersion: string; calibratorVersion: string },
): Promise<ExactFusionFile | undefined> {
  const { modelVersion, calibratorVersion } = stamp;
  return await readStampedModelJson(modelFolder(modelDir) + EXACT_FUSION_FILE, ExactFusionFile, {
    modelVersion,
    calibratorVersion,
  });
}
