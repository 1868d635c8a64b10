/**
 * `deno task study:thresholds [--data DIR] [--model DIR]`: what the flag should mean across
 * domains. On the calibration split (never the test split), the committed model's binary
 * probabilities are thresholded by each rule fitted on one group fold and applied to the other
 * (two-fold cross-fitting, folds by group as in calibration), and the flag is scored by pooled
 * balanced accuracy and by the mean of the per-set balanced accuracies.
 */
import { parseArgs } from "node:util";
import { INPUT_MODES } from "../../../shared/regimes.ts";
import { buildCorpus } from "../corpus/corpus.ts";
import { splitCorpus } from "../corpus/split.ts";
import { hashString } from "../features/hashing.ts";
import {
  balancedAccuracy,
  bestF1Threshold,
  bestMacroBalancedAccuracyThreshold,
  countsAt,
} from "../metrics.ts";
import { loadDetector } from "../model.ts";
import { DEFAULT_MODEL_DIR, modelFolder } from "../model_files.ts";
import { DEFAULT_DATA_DIR } from "../train.ts";

type Rule = (probs: number[], labels: boolean[], sets: string[]) => number;

export const THRESHOLD_RULES: Record<string, Rule> = {
  "max F1, pooled": (p, y) => bestF1Threshold(p, y),
  "max balanced accuracy, pooled": (p, y, s) =>
    bestMacroBalancedAccuracyThreshold(p, y, s.map(() => "")),
  "max mean per-set balanced accuracy": bestMacroBalancedAccuracyThreshold,
};

/** Pooled and mean per-set balanced accuracy of flags p >= threshold. */
export function flagAccuracy(
  probs: readonly number[],
  labels: readonly boolean[],
  sets: readonly string[],
  thresholds: readonly number[],
): { pooled: number; meanPerSet: number } {
  const flags = probs.map((p, i) => p >= thresholds[i] ? 1 : 0);
  const pooled = balancedAccuracy(countsAt(flags, labels, 1));
  const perSet = [...new Set(sets)].map((set) => {
    const idx = sets.flatMap((s, i) => s === set ? [i] : []);
    return balancedAccuracy(countsAt(idx.map((i) => flags[i]), idx.map((i) => labels[i]), 1));
  });
  return { pooled, meanPerSet: perSet.reduce((a, b) => a + b, 0) / perSet.length };
}

async function main() {
  const { values } = parseArgs({
    args: Deno.args,
    options: { data: { type: "string" }, model: { type: "string" } },
  });
  const detector = await loadDetector(modelFolder(values.model ?? DEFAULT_MODEL_DIR));
  const corpus = await buildCorpus(values.data ?? DEFAULT_DATA_DIR);
  const calibration = splitCorpus(corpus.rows).calibration.filter((r) => r.trainable !== false);
  for (const mode of INPUT_MODES) {
    const rows = calibration.filter((r) => r.modes.includes(mode));
    const p = rows.map((r) =>
      detector.score({
        prompt: r.prompt,
        response: r.response,
        task: "binary",
        inputMode: mode,
        topK: 1,
      }).p_hallucination
    );
    const y = rows.map((r) => r.hallucinated);
    const sets = rows.map((r) => r.set);
    const fold = rows.map((r) => hashString(r.groups[0], 7) % 2);
    console.log(`binary/${mode}: ${rows.length} calibration rows`);
    for (const [name, rule] of Object.entries(THRESHOLD_RULES)) {
      const fitted = [0, 1].map((f) => {
        const idx = rows.flatMap((_, i) => fold[i] !== f ? [i] : []);
        return rule(idx.map((i) => p[i]), idx.map((i) => y[i]), idx.map((i) => sets[i]));
      });
      const crossFitted = flagAccuracy(p, y, sets, fold.map((f) => fitted[f]));
      const all = rule(p, y, sets);
      const inSample = flagAccuracy(p, y, sets, p.map(() => all));
      console.log(
        `  ${name}: cross-fitted pooled ${crossFitted.pooled.toFixed(3)}, mean per set ${
          crossFitted.meanPerSet.toFixed(3)
        } (fold thresholds ${fitted.map((t) => t.toFixed(3)).join(", ")}); fitted on all: ` +
          `threshold ${all.toFixed(3)}, pooled ${inSample.pooled.toFixed(3)}, mean per set ${
            inSample.meanPerSet.toFixed(3)
          }`,
      );
    }
  }
}

if (import.meta.main) await main();
