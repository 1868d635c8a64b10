/**
 * Model-family comparison and feature-group ablation on held-out data (the calibration split;
 * the test split stays untouched): binary heads only, mean AUROC per set for each input mode.
 */
import { INPUT_MODES, type InputMode } from "../../../shared/regimes.ts";
import { ALL_GROUPS, featureCount, type FeatureGroups } from "../features/vectorize.ts";
import { linearLogits } from "../linear.ts";
import { auroc } from "../metrics.ts";
import { predictTrees } from "../trees.ts";
import type { SparseVector } from "../features/vectorize.ts";
import { type Example, vectorizeExamples } from "./examples.ts";
import { treeInputs } from "./heads.ts";
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
  /** The trained binary scorers, reused when this variant ships. */
  scorers: Record<InputMode, BinaryScorer>;
}

const without = (group: keyof FeatureGroups): FeatureGroups => ({ ...ALL_GROUPS, [group]: false });

export const VARIANTS: { variant: string; recipe: ModelRecipe }[] = [
  { variant: "linear, all groups", recipe: { family: "linear", groups: ALL_GROUPS } },
  { variant: "linear+trees, all groups", recipe: { family: "linear+trees", groups: ALL_GROUPS } },
  { variant: "linear, no word n-grams", recipe: { family: "linear", groups: without("words") } },
  {
    variant: "linear+trees, no word n-grams",
    recipe: { family: "linear+trees", groups: without("words") },
  },
  { variant: "linear, no char n-grams", recipe: { family: "linear", groups: without("chars") } },
  { variant: "linear, no novel n-grams", recipe: { family: "linear", groups: without("novel") } },
  { variant: "linear, no dense features", recipe: { family: "linear", groups: without("dense") } },
];

export function meanPerSetAuroc(examples: readonly Example[], scores: readonly number[]): number {
  const bySet = new Map<string, number[]>();
  examples.forEach((e, i) => bySet.set(e.row.set, [...(bySet.get(e.row.set) ?? []), i]));
  const values = [...bySet.values()]
    .map((idx) => auroc(idx.map((i) => scores[i]), idx.map((i) => examples[i].row.hallucinated)))
    .filter((a) => !Number.isNaN(a));
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function heldOut(
  data: PreparedData,
  recipe: ModelRecipe,
  mode: InputMode,
  cache: Map<string, SparseVector[][]>,
): { score: number; scorer: BinaryScorer } {
  const config = vectorizerFor(data, recipe.groups);
  const dim = featureCount(config);
  const train = data.examples.train[mode], held = data.examples.calibration[mode];
  const key = `${mode}:${JSON.stringify(recipe.groups)}`;
  const [xs, heldXs] = cache.get(key) ??
    [vectorizeExamples(config, train), vectorizeExamples(config, held)];
  // Only the full feature set is used by more than one variant.
  if (JSON.stringify(recipe.groups) === JSON.stringify(ALL_GROUPS)) cache.set(key, [xs, heldXs]);
  const scorer = trainScorer(train, xs, dim, recipe.family);
  const scores = heldXs.map((x, i) => {
    const logit = linearLogits(scorer.binary, x)[0];
    return scorer.trees ? predictTrees(scorer.trees, treeInputs(held[i].dense, logit)) : logit;
  });
  return { score: meanPerSetAuroc(held, scores), scorer };
}

export function compareVariants(data: PreparedData, log: Log): VariantResult[] {
  const cache = new Map<string, SparseVector[][]>();
  return VARIANTS.map(({ variant, recipe }) => {
    const started = performance.now();
    const [pr, ro] = INPUT_MODES.map((mode) => heldOut(data, recipe, mode, cache));
    log(
      `selection: ${variant}: pr ${pr.score.toFixed(3)}, ro ${ro.score.toFixed(3)} (${
        ((performance.now() - started) / 1000).toFixed(1)
      } s)`,
    );
    return {
      variant,
      recipe,
      prMeanPerSetAuroc: pr.score,
      roMeanPerSetAuroc: ro.score,
      scorers: { pr: pr.scorer, ro: ro.scorer },
    };
  });
}

/** The variant with the best mean of its pr and ro held-out scores. */
export function bestVariant(results: readonly VariantResult[]): VariantResult {
  const score = (r: VariantResult) => (r.prMeanPerSetAuroc + r.roMeanPerSetAuroc) / 2;
  return results.reduce((a, b) => (score(b) > score(a) ? b : a));
}
