/**
 * Model-family comparison and feature-group ablation on held-out data (the calibration split;
 * the test split stays untouched): binary heads only, mean AUROC per set for each input mode.
 */
import { INPUT_MODES, type InputMode } from "../../../shared/regimes.ts";
import {
  ALL_GROUPS,
  featureCount,
  type FeatureGroups,
  usesAlignment,
} from "../signals/vectorize.ts";
import { linearLogits } from "../learners/linear.ts";
import { auroc } from "../learners/metrics.ts";
import { predictTrees } from "../learners/trees.ts";
import type { SparseVector } from "../signals/vectorize.ts";
import { type Example, vectorizeExamples } from "./examples.ts";
import { DEFAULT_SCORER, type ScorerOptions, treeInputs } from "./heads.ts";
import {
  type BinaryScorer,
  type Log,
  type ModelRecipe,
  type PreparedData,
  trainScorer,
  vectorizerFor,
} from "./pipeline.ts";

export interface VariantResult {
  variant: string;
  recipe: ModelRecipe;
  prMeanPerSetAuroc: number;
  roMeanPerSetAuroc: number;
  /** pr AUROC of each set on the calibration split. */
  prPerSetAuroc: Record<string, number>;
  /** The trained binary scorers, reused when this variant ships. */
  scorers: Record<InputMode, BinaryScorer>;
  /** Their raw scores of the calibration split's examples, per mode. */
  heldScores: Record<InputMode, number[]>;
}

/** A variant's held-out scores, as the training report stores them (no scorers). */
export type VariantScores = Pick<
  VariantResult,
  "variant" | "prMeanPerSetAuroc" | "roMeanPerSetAuroc" | "prPerSetAuroc"
>;

const without = (...off: (keyof FeatureGroups)[]): FeatureGroups => {
  const groups = { ...ALL_GROUPS };
  for (const group of off) groups[group] = false;
  return groups;
};

/**
 * Model families, then the semantic ablation: lexical grounding as before this step, adding
 * claim-level alignment, word vectors and WordNet one at a time (trees, no word n-grams: the
 * family that shipped before them).
 */
export const VARIANTS: { variant: string; recipe: ModelRecipe }[] = [
  { variant: "linear, all groups", recipe: { family: "linear", groups: ALL_GROUPS } },
  { variant: "linear+trees, all groups", recipe: { family: "linear+trees", groups: ALL_GROUPS } },
  {
    variant: "lexical grounding only (before)",
    recipe: { family: "linear+trees", groups: without("words", "claims", "vectors", "lexicon") },
  },
  {
    variant: "+ claim-level alignment",
    recipe: { family: "linear+trees", groups: without("words", "vectors", "lexicon") },
  },
  {
    variant: "+ word vectors",
    recipe: { family: "linear+trees", groups: without("words", "lexicon") },
  },
  { variant: "+ WordNet", recipe: { family: "linear+trees", groups: without("words") } },
  {
    variant: "+ perturbation data",
    recipe: { family: "linear+trees", groups: without("words"), perturbed: true },
  },
];

export function perSetAuroc(
  examples: readonly Example[],
  scores: readonly number[],
): Record<string, number> {
  const bySet = new Map<string, number[]>();
  examples.forEach((e, i) => {
    const idx = bySet.get(e.row.set);
    if (idx) idx.push(i);
    else bySet.set(e.row.set, [i]);
  });
  return Object.fromEntries(
    [...bySet].sort(([a], [b]) => a.localeCompare(b)).map(([set, idx]) => [
      set,
      auroc(idx.map((i) => scores[i]), idx.map((i) => examples[i].row.hallucinated)),
    ]),
  );
}

export function meanOf(perSet: Record<string, number>): number {
  const values = Object.values(perSet).filter((a) => !Number.isNaN(a));
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** Features appended to the trees' dense inputs (a stacked learner's outputs), per example. */
export interface StackedFeatures {
  train: readonly Float32Array[];
  held: readonly Float32Array[];
}

const stackOnto = (xs: SparseVector[], extra?: readonly Float32Array[]) =>
  extra ? xs.map((x, i) => ({ ...x, dense: Float32Array.of(...x.dense, ...extra[i]) })) : xs;

/** A recipe's training rows in one mode: the labelled ones, plus the perturbed ones when asked. */
function trainingExamples(data: PreparedData, recipe: ModelRecipe, mode: InputMode) {
  const labelled = data.examples.train[mode];
  return recipe.perturbed && mode === "pr" ? [...labelled, ...data.perturbed] : labelled;
}

/** What a recipe's vectors in one mode depend on: the cache key of `heldOut`. */
function vectorsKey(data: PreparedData, recipe: ModelRecipe, mode: InputMode): string {
  const rows = trainingExamples(data, recipe, mode).length;
  return `${mode}:${JSON.stringify(recipe.groups)}:${rows}`;
}

export function heldOut(
  data: PreparedData,
  recipe: ModelRecipe,
  mode: InputMode,
  cache: Map<string, SparseVector[][]>,
  stacked?: StackedFeatures,
  options: ScorerOptions = DEFAULT_SCORER,
): { perSet: Record<string, number>; scorer: BinaryScorer; scores: number[] } {
  const config = vectorizerFor(data, recipe.groups);
  const dim = featureCount(config);
  const train = trainingExamples(data, recipe, mode), held = data.examples.calibration[mode];
  const key = vectorsKey(data, recipe, mode);
  const [plainXs, plainHeldXs] = cache.get(key) ??
    [vectorizeExamples(config, train), vectorizeExamples(config, held)];
  cache.set(key, [plainXs, plainHeldXs]);
  const xs = stackOnto(plainXs, stacked?.train), heldXs = stackOnto(plainHeldXs, stacked?.held);
  const scorer = trainScorer(train, xs, dim, recipe.family, options);
  const scores = heldXs.map((x) => {
    const logit = linearLogits(scorer.binary, x)[0];
    return scorer.trees ? predictTrees(scorer.trees, treeInputs(x.dense, logit)) : logit;
  });
  return { perSet: perSetAuroc(held, scores), scorer, scores };
}

export function compareVariants(
  data: PreparedData,
  log: Log,
  variants = VARIANTS,
): VariantResult[] {
  // Vectors are kept only from one variant to the next (the two families over all groups share
  // theirs, and so do the `ro` vectors of "+ WordNet" and "+ perturbation data"): every
  // variant's at once would not fit in memory.
  const cache = new Map<string, SparseVector[][]>();
  return variants.map(({ variant, recipe }) => {
    const started = performance.now();
    const keys = INPUT_MODES.map((mode) => vectorsKey(data, recipe, mode));
    for (const key of [...cache.keys()]) if (!keys.includes(key)) cache.delete(key);
    const [pr, ro] = INPUT_MODES.map((mode) => heldOut(data, recipe, mode, cache));
    const [prMean, roMean] = [meanOf(pr.perSet), meanOf(ro.perSet)];
    log(
      `selection: ${variant}: pr ${prMean.toFixed(3)}, ro ${roMean.toFixed(3)} (${
        ((performance.now() - started) / 1000).toFixed(1)
      } s)`,
    );
    return {
      variant,
      recipe,
      prMeanPerSetAuroc: prMean,
      roMeanPerSetAuroc: roMean,
      prPerSetAuroc: pr.perSet,
      scorers: { pr: pr.scorer, ro: ro.scorer },
      heldScores: { pr: pr.scores, ro: ro.scores },
    };
  });
}

/**
 * Held-out gain (mean of the pr and ro mean-per-set AUROCs) a variant with claim alignment must
 * show over the best variant without it: the alignment blocks about double the latency at
 * 2,048 + 2,048 characters, past the 5 ms budget, so noise-level gains do not pay for them.
 */
export const SEMANTIC_MIN_GAIN = 0.01;

/** What variants are compared by: the mean of the pr and ro mean-per-set AUROCs. */
export function variantScore(
  s: Pick<VariantScores, "prMeanPerSetAuroc" | "roMeanPerSetAuroc">,
): number {
  return (s.prMeanPerSetAuroc + s.roMeanPerSetAuroc) / 2;
}

/**
 * The variant with the best mean of its pr and ro held-out scores; one that needs the claim
 * alignment only when it beats the best without it by `SEMANTIC_MIN_GAIN`.
 */
export function bestVariant(results: readonly VariantResult[]): VariantResult {
  const best = (rs: readonly VariantResult[]) =>
    rs.reduce((a, b) => (variantScore(b) > variantScore(a) ? b : a));
  const overall = best(results);
  const plain = results.filter((r) => !usesAlignment(r.recipe.groups));
  if (plain.length === 0 || !usesAlignment(overall.recipe.groups)) return overall;
  const fallback = best(plain);
  return variantScore(overall) >= variantScore(fallback) + SEMANTIC_MIN_GAIN ? overall : fallback;
}
