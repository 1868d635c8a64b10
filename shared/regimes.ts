import { z } from "zod";

/** The seven classes the detector emits, in the fixed order of its score vectors. */
export const RAW_REGIMES = [
  "NORMAL",
  "FABRICATED",
  "NEAR_FALSE",
  "CF_AUTH",
  "FALSE_REFUSAL",
  "SELF_CONTR",
  "UNDERSPECIFIED",
] as const;
export type RawRegime = typeof RAW_REGIMES[number];

/** The regimes of the public multiclass response (v1 public-class mapping). */
export const PUBLIC_REGIMES = [
  "NORMAL",
  "FABRICATED",
  "NEAR_FALSE",
  "CF_AUTH",
  "FALSE_REFUSAL",
  "Other",
] as const;
export type PublicRegime = typeof PUBLIC_REGIMES[number];

/** The single regime of the binary task. */
export const BINARY_REGIME = "binary_hallucination";

export const TASKS = ["binary", "multiclass"] as const;
export type Task = typeof TASKS[number];
export const INPUT_MODES = ["pr", "ro"] as const;
export type InputMode = typeof INPUT_MODES[number];

/** The mode a call is scored in: the one asked for, else `pr` with a non-empty prompt, else `ro`. */
export const inputModeOf = (prompt: string | undefined, requested?: InputMode): InputMode =>
  requested ?? (prompt ? "pr" : "ro");

/** SELF_CONTR and UNDERSPECIFIED are collapsed into `Other` server-side. */
export function toPublicRegime(raw: RawRegime): PublicRegime {
  return raw === "SELF_CONTR" || raw === "UNDERSPECIFIED" ? "Other" : raw;
}

/** One regime's probability: the detector's raw scores and the public breakdown alike. */
export const RegimeScore = z.strictObject({
  regime: z.string(),
  p: z.number().min(0).max(1),
}).meta({ id: "RegimeScore" });
export type RegimeScore = z.infer<typeof RegimeScore>;

/** Sums raw seven-class probabilities into public regimes, sorted by descending p. */
export function collapseRegimeScores(raw: readonly RegimeScore[]): RegimeScore[] {
  const sums = new Map<string, number>();
  for (const { regime, p } of raw) {
    const name = (RAW_REGIMES as readonly string[]).includes(regime)
      ? toPublicRegime(regime as RawRegime)
      : regime;
    sums.set(name, (sums.get(name) ?? 0) + p);
  }
  return sortRegimeScores([...sums].map(([regime, p]) => ({ regime, p })));
}

/** Descending by p; ties keep a stable, documented order (by regime name). */
export function sortRegimeScores(scores: RegimeScore[]): RegimeScore[] {
  return scores.sort((a, b) => b.p - a.p || a.regime.localeCompare(b.regime));
}

/** Display buckets of the browser UI (spec: LOW < 0.5, MODERATE 0.5 to 0.8, HIGH >= 0.8). */
export type RiskBucket = "LOW" | "MODERATE" | "HIGH";
export function riskBucket(p: number): RiskBucket {
  return p >= 0.8 ? "HIGH" : p >= 0.5 ? "MODERATE" : "LOW";
}

/**
 * What a display shows for `p`: the whole percentage, and the bucket of that percentage, so that
 * a label never disagrees with its own number (p = 0.4994 shows "50%", hence MODERATE).
 */
export function shownRisk(p: number): { percent: number; bucket: RiskBucket } {
  const percent = Math.round(p * 100);
  return { percent, bucket: riskBucket(percent / 100) };
}
