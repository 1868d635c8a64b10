/**
 * The model card's sections drawn from training's records (the training report beside the model,
 * the alignment study): the ablation, the flag rules and class-balance strengths compared, and
 * the learned alignment study.
 */
import { SEMANTIC_MIN_GAIN } from "../training/selection.ts";
import type { AlignmentStudy } from "../training/alignment_study.ts";
import type { TrainingReport } from "../training/report.ts";
import { f3, table } from "./tables.ts";

/** Sets shown per column in the ablation: the grounded sets of the peer table we train on. */
export const ABLATION_SETS = ["wice", "frank", "summedits", "xsum_hallucination", "summac_pieces"];

export function ablationTable(training: TrainingReport, study?: AlignmentStudy): string {
  return table(
    ["variant", "pr", "ro", ...ABLATION_SETS.map((s) => `pr ${s}`)],
    [...training.selection, ...(study ? [study] : [])].map((s) => [
      s.variant,
      f3(s.prMeanPerSetAuroc),
      f3(s.roMeanPerSetAuroc),
      ...ABLATION_SETS.map((set) => f3(s.prPerSetAuroc[set] ?? NaN)),
    ]),
  );
}

/** The flag rules compared on the calibration split (binary cells). */
export function thresholdRuleTable(training: TrainingReport): string {
  return table(
    ["cell", "rule", "pooled bal. acc", "mean per-set bal. acc"],
    training.calibration.flatMap((c) =>
      (c.thresholdRules ?? []).map((r) => [
        c.cell,
        r.rule,
        f3(r.crossFittedPooled),
        f3(r.crossFittedMeanPerSet),
      ])
    ),
  );
}

/** The within-set class balance strengths compared on the calibration split. */
export function classBalanceTable(training: TrainingReport): string {
  return table(
    [
      "strength",
      "pr: mean per-set bal. acc",
      "ro: mean per-set bal. acc",
      "pr / ro: pooled bal. acc",
      "pr / ro: AUROC mean per set",
      "pr / ro: AUROC pooled",
      "pr / ro: ECE",
    ],
    training.classBalance.map(({ strength, shipped, cells: { pr, ro } }) => [
      `${strength}${shipped ? " (shipped)" : ""}`,
      f3(pr.meanPerSetBalancedAccuracy),
      f3(ro.meanPerSetBalancedAccuracy),
      `${f3(pr.pooledBalancedAccuracy)} / ${f3(ro.pooledBalancedAccuracy)}`,
      `${f3(pr.meanPerSetAuroc)} / ${f3(ro.meanPerSetAuroc)}`,
      `${f3(pr.pooledAuroc)} / ${f3(ro.pooledAuroc)}`,
      `${f3(pr.ece)} / ${f3(ro.ece)}`,
    ]),
  );
}

/** The learned alignment model's study: what it is, what it gained, what it costs. */
export function alignmentStudySection(study: AlignmentStudy | undefined): string {
  if (!study) return "`deno task train:alignment` has not been run: no learned alignment row.";
  const alone = Object.entries(study.networkAlonePerSetAuroc)
    .filter(([set]) => ABLATION_SETS.includes(set)).map(([set, a]) => `${set} ${f3(a)}`);
  return `"+ learned alignment" (\`deno task train:alignment\`, a separate task of 4 to 8 minutes on two
shared cores, so that \`deno task train\`, 9 to 13 minutes there, keeps its margin under 20): a decomposable-attention model
(${study.parameters} weights: ${study.shape.hidden}-wide token projection of the shipped word
vectors plus exact-match, unknown-word and negation inputs, attention of each claim token over
its evidence window, ${study.shape.compare}-wide compare layer, mean and max pooling), trained in
pure TypeScript from a fixed seed as multiple-instance learning (a response's logit is its worst
claim's) on ${study.trainingResponses} responses of the grounded training sets (the two networks together), ${study.epochs}
epochs, two cross-fitted networks (each scores the training fold it did not see, so the trees do
not learn to trust an over-fitted score) in ${study.trainingSeconds.toFixed(0)} s; its worst-claim
and coverage-weighted mean claim logits are stacked into the trees of "+ WordNet". Caps: claims
<= ${study.caps.claimTokens} tokens, windows <= ${study.caps.windowTokens} tokens,
${study.caps.claims} claims per call. Alone (worst-claim logit), pr AUROC: ${alone.join(", ")}.
Gain over the shipped variant (mean of pr and ro): ${study.gain.toFixed(4)}; shipping needs
${SEMANTIC_MIN_GAIN} and the latency budget: ${
    study.passesGainBar ? "it passes the gain bar; the latency below decides" : "not shipped"
  }. Its added cost per call at 2,048 + 2,048 characters by window cap (trained at the default
cap, smaller caps applied at inference; claim pairs: splitting,
windows, tokens; then the network), on top of the lexical model and on a machine shared with
other jobs when measured:

${
    table(
      [
        "window tokens",
        "median ms",
        "p95 ms",
        "network alone p95 ms",
        "network alone, mean pr AUROC (its sets)",
      ],
      study.latency.map((l) => [
        l.windowTokens,
        l.medianMs.toFixed(2),
        l.p95Ms.toFixed(2),
        l.networkP95Ms.toFixed(2),
        f3(l.networkAloneMeanAuroc),
      ]),
    )
  }`;
}
