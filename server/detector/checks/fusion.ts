/**
 * How exact findings move the call's probability: two calibrated rules over the detector's logit,
 * one for calls with a contradicted finding and one for calls whose findings are all consistent,
 * each a Platt fit (learners/calibrators.ts) of the label on logit(p_detector) over rows of that
 * group. Fitted by `deno task calibrate:checks` on the model it finds (so a new model is refitted
 * by that one command) into `exact-fusion.json` beside the model, stamped with the model and
 * calibrator it was fitted on; a stale or missing file leaves p as the detector gives it.
 */
import { z } from "zod";
import { applyCalibrator, Calibrator, fitPlatt } from "../learners/calibrators.ts";
import { modelFolder, parseModelJson } from "../inference/model_files.ts";
import type { ExactFinding } from "./finding.ts";

export const EXACT_FUSION_FILE = "exact-fusion.json";
export const EXACT_FUSION_FORMAT = "hd-exact-fusion-1";
export const FINDING_GROUPS = ["contradicted", "consistent"] as const;
export type FindingGroup = typeof FINDING_GROUPS[number];

export const ExactFusionFile = z.object({
  format: z.literal(EXACT_FUSION_FORMAT),
  modelVersion: z.string(),
  calibratorVersion: z.string(),
  rules: z.record(z.enum(FINDING_GROUPS), Calibrator),
  /** Rows (and hallucinated rows) behind each rule, and the data they came from. */
  rows: z.record(
    z.enum(FINDING_GROUPS),
    z.object({ n: z.number().int(), positive: z.number().int() }),
  ),
  fittedOn: z.array(z.string()),
});
export type ExactFusionFile = z.infer<typeof ExactFusionFile>;

/** A call's group: any contradiction wins; no finding at all, no group (scored as before). */
export function findingGroup(findings: readonly ExactFinding[]): FindingGroup | undefined {
  if (findings.length === 0) return undefined;
  return findings.some((f) => f.verdict === "contradicted") ? "contradicted" : "consistent";
}

const EPS = 1e-6;
export const logit = (p: number) => {
  const q = Math.min(Math.max(p, EPS), 1 - EPS);
  return Math.log(q / (1 - q));
};

export function fusedProbability(file: ExactFusionFile, group: FindingGroup, p: number): number {
  return applyCalibrator(file.rules[group], logit(p));
}

export interface FusionRow {
  pDetector: number;
  group: FindingGroup;
  hallucinated: boolean;
}

/** Each group's rule fitted on its rows. */
export function fitExactFusion(
  rows: readonly FusionRow[],
  stamp: { modelVersion: string; calibratorVersion: string; fittedOn: string[] },
): ExactFusionFile {
  const of = (g: FindingGroup) => rows.filter((r) => r.group === g);
  const fit = (g: FindingGroup) => {
    const group = of(g);
    if (group.length === 0) throw new Error(`no rows with ${g} findings to fit on`);
    return fitPlatt(group.map((r) => logit(r.pDetector)), group.map((r) => r.hallucinated));
  };
  const count = (g: FindingGroup) => ({
    n: of(g).length,
    positive: of(g).filter((r) => r.hallucinated).length,
  });
  return {
    format: EXACT_FUSION_FORMAT,
    ...stamp,
    rules: { contradicted: fit("contradicted"), consistent: fit("consistent") },
    rows: { contradicted: count("contradicted"), consistent: count("consistent") },
  };
}

/** The fusion file for this model and calibrator, or undefined (missing or fitted on another). */
export async function readExactFusion(
  modelDir: string,
  stamp: { modelVersion: string; calibratorVersion: string },
): Promise<ExactFusionFile | undefined> {
  const path = modelFolder(modelDir) + EXACT_FUSION_FILE;
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(path);
  } catch {
    return undefined;
  }
  const file = parseModelJson(path, ExactFusionFile, bytes);
  const current = file.modelVersion === stamp.modelVersion &&
    file.calibratorVersion === stamp.calibratorVersion;
  return current ? file : undefined;
}
