/**
 * The learned alignment study (`deno task train:alignment`, cli/train_alignment.ts): the network
 * of learners/alignment_network.ts trained on a subsample of the training split, stacked into the
 * trees of the "+ WordNet" variant, and compared on the calibration split with the variants of
 * `deno task train` (the training report beside the committed model); its cost per call is
 * measured at several window caps. The study goes to docs/alignment-study.json, which
 * `deno task eval` puts into the model card. Separate from `deno task train` (4 to 8 minutes more
 * on two shared cores), so that training keeps its margin under 20 minutes; it ships nothing.
 */
import {
  type AlignmentCaps,
  AlignmentRunner,
  claimPairs,
  DEFAULT_CAPS,
  DEFAULT_NETWORK_TRAINING,
  networkFeatures,
  type NetworkShape,
  type NetworkTraining,
  trainAlignmentNetwork,
  type TrainingResponse,
} from "../learners/alignment_network.ts";
import type { WordVectors } from "../signals/word_vectors.ts";
import { quantile } from "../learners/metrics.ts";
import { DEFAULT_MODEL_DIR, modelFolder, TRAINING_REPORT_FILE } from "../inference/model_files.ts";
import type { TrainingReport } from "./report.ts";
import { shuffledIndices } from "../learners/random.ts";
import { type Example, groupFold, setBalancedWeights } from "./examples.ts";
import { prepareData, SEED } from "./pipeline.ts";
import {
  heldOut,
  meanOf,
  perSetAuroc,
  SEMANTIC_MIN_GAIN,
  VARIANTS,
  variantScore,
  type VariantScores,
} from "./selection.ts";

export const STUDY_FILE = new URL("../../../docs/alignment-study.json", import.meta.url).pathname;

/** Sets whose prompt holds the evidence the answer must follow: the network learns from these. */
const NETWORK_SETS = [
  "attributionbench",
  "begin",
  "faithdial_audit",
  "frank",
  "halueval",
  "q_squared",
  "summac_pieces",
  "summedits",
  "wice",
  "xsum_hallucination",
];
/** Training responses per set at most (the subsample that fits the time budget). */
const PER_SET = 2000;
/** The variant the network is stacked onto: every semantic block, no word n-grams. */
const BASE_VARIANT = "+ WordNet";
/** Window caps whose cost per call is measured (claims capped at 64 tokens throughout). */
const CAP_CURVE = [32, 64, 128];
const LATENCY_CALLS = 100;

/** A row of the ablation beside the variants of `deno task train` (same scores, same sets). */
export interface AlignmentStudy extends VariantScores {
  shape: NetworkShape;
  parameters: number;
  /** Training responses of the two cross-fitted networks together. */
  trainingResponses: number;
  epochs: number;
  trainingSeconds: number;
  caps: AlignmentCaps;
  /** The network alone (its worst-claim logit), pr AUROC per set. */
  networkAlonePerSetAuroc: Record<string, number>;
  /** Mean of pr and ro, against the best variant of `deno task train` without it. */
  gain: number;
  /** Whether the gain reaches SEMANTIC_MIN_GAIN (shipping would also need the latency budget). */
  passesGainBar: boolean;
  /**
   * Added cost per call at 2,048 + 2,048 characters, per window cap: claim pairs and network
   * together, and the network alone (the pairs' windows are shared with the claim blocks).
   */
  latency: {
    windowTokens: number;
    medianMs: number;
    p95Ms: number;
    networkP95Ms: number;
    /** The network alone at this cap: mean pr AUROC over NETWORK_SETS (calibration split). */
    networkAloneMeanAuroc: number;
  }[];
}

/** A training subsample: up to PER_SET rows of each network set, chosen from the seed. */
function subsample(examples: readonly Example[]): Example[] {
  const order = shuffledIndices(examples.length, SEED);
  const taken = new Map<string, number>();
  const out: Example[] = [];
  for (const i of order) {
    const e = examples[i];
    if (!NETWORK_SETS.includes(e.row.set)) continue;
    const n = taken.get(e.row.set) ?? 0;
    if (n >= PER_SET) continue;
    taken.set(e.row.set, n + 1);
    out.push(e);
  }
  return out;
}

/** Cost of the network features per call, on prompts and responses cut to 2,048 characters. */
function measureLatency(
  runner: AlignmentRunner,
  vectors: WordVectors,
  texts: readonly string[],
): Omit<AlignmentStudy["latency"][number], "networkAloneMeanAuroc">[] {
  const long = texts.join(" ");
  const pairsOf = (k: number) => {
    const at = (k * 997) % Math.max(long.length - 4096, 1);
    return [long.slice(at, at + 2048), long.slice(at + 2048, at + 4096)];
  };
  return CAP_CURVE.map((windowTokens) => {
    const caps = { ...DEFAULT_CAPS, windowTokens };
    for (let k = 0; k < 20; k++) {
      const [p, r] = pairsOf(k);
      networkFeatures(runner, claimPairs(p, r, vectors, caps));
    }
    const total: number[] = [], network: number[] = [];
    for (let k = 0; k < LATENCY_CALLS; k++) {
      const [p, r] = pairsOf(k);
      const started = performance.now();
      const pairs = claimPairs(p, r, vectors, caps);
      const paired = performance.now();
      networkFeatures(runner, pairs);
      const ended = performance.now();
      total.push(ended - started);
      network.push(ended - paired);
    }
    total.sort((a, b) => a - b);
    network.sort((a, b) => a - b);
    return {
      windowTokens,
      medianMs: quantile(total, 0.5),
      p95Ms: quantile(total, 0.95),
      networkP95Ms: quantile(network, 0.95),
    };
  });
}

export async function runAlignmentStudy(
  dataDir: string,
  log: (message: string) => void,
  options: NetworkTraining = DEFAULT_NETWORK_TRAINING,
): Promise<AlignmentStudy> {
  const training = JSON.parse(
    await Deno.readTextFile(modelFolder(DEFAULT_MODEL_DIR) + TRAINING_REPORT_FILE),
  ) as TrainingReport;
  const data = await prepareData(dataDir, log);
  const { vectors } = data.semantics;
  const train = data.examples.train.pr, held = data.examples.calibration.pr;

  // Cross-fitted like the trees' linear logit: each training row's features come from the
  // network that did not train on its fold, or the trees would learn to trust an over-fitted score.
  const fold = train.map(groupFold);
  const started = performance.now();
  let trainingResponses = 0;
  const networks = [0, 1].map((f) => {
    const chosen = subsample(train.filter((_, i) => fold[i] !== f));
    const weights = setBalancedWeights(chosen);
    const responses: TrainingResponse[] = chosen.map((e, i) => ({
      pairs: claimPairs(e.row.prompt ?? "", e.row.response, vectors),
      hallucinated: e.row.hallucinated,
      weight: weights[i],
    }));
    trainingResponses += responses.length;
    const network = trainAlignmentNetwork(
      responses,
      vectors,
      options,
      (epoch, loss) =>
        log(
          `fold ${f}, epoch ${epoch + 1}: loss ${loss.toFixed(4)} on ${responses.length} responses`,
        ),
    );
    return new AlignmentRunner(network, vectors).freeze();
  });
  const trainingSeconds = (performance.now() - started) / 1000;
  log(
    `networks: ${networks[0].network.params.length} weights each, ${trainingSeconds.toFixed(0)} s`,
  );
  const featuresOf = (runner: AlignmentRunner, e: Example, caps = DEFAULT_CAPS) =>
    networkFeatures(runner, claimPairs(e.row.prompt ?? "", e.row.response, vectors, caps));
  /** Calibration rows are scored by both networks, averaged. */
  const heldFeatures = (caps: AlignmentCaps) =>
    held.map((e) => {
      const [a, b] = networks.map((n) => featuresOf(n, e, caps));
      return a.map((v, k) => (v + b[k]) / 2);
    });
  const stacked = {
    train: train.map((e, i) => featuresOf(networks[fold[i]], e)),
    held: heldFeatures(DEFAULT_CAPS),
  };
  const alone = perSetAuroc(held, stacked.held.map((f) => f[0]));
  log(
    `network alone (worst claim), calibration: ${
      NETWORK_SETS.map((set) => `${set} ${alone[set]?.toFixed(3)}`).join(", ")
    }`,
  );
  // The accuracy side of the curve: the network alone, mean pr AUROC over its sets, per cap.
  const aloneMean = (perSet: Record<string, number>) =>
    meanOf(Object.fromEntries(NETWORK_SETS.map((set) => [set, perSet[set]])));
  const aloneAt = (windowTokens: number) => {
    const caps = { ...DEFAULT_CAPS, windowTokens };
    const features = windowTokens === DEFAULT_CAPS.windowTokens ? stacked.held : heldFeatures(caps);
    return aloneMean(perSetAuroc(held, features.map((f) => f[0])));
  };
  const base = VARIANTS.find((v) => v.variant === BASE_VARIANT)!;
  const pr = heldOut(data, base.recipe, "pr", new Map(), stacked);
  const baseReport = training.selection.find((s) => s.variant === BASE_VARIANT)!;
  const prMean = meanOf(pr.perSet);
  // `ro` has no prompt, so the network cannot change it: the base variant's figure stands.
  const result = { prMeanPerSetAuroc: prMean, roMeanPerSetAuroc: baseReport.roMeanPerSetAuroc };
  const shippedVariant =
    VARIANTS.find((v) => JSON.stringify(v.recipe) === JSON.stringify(training.recipe))!.variant;
  const shipped = training.selection.find((s) => s.variant === shippedVariant)!;
  const gain = variantScore(result) - variantScore(shipped);
  log(
    `+ learned alignment: pr ${prMean.toFixed(3)} (base ${
      baseReport.prMeanPerSetAuroc.toFixed(3)
    }); gain over shipped ${gain.toFixed(4)}`,
  );

  const latency = measureLatency(
    networks[0],
    vectors,
    held.slice(0, 400).map((e) => `${e.row.prompt ?? ""} ${e.row.response}`),
  );
  for (const l of latency) {
    log(
      `window ${l.windowTokens} tokens: median ${l.medianMs.toFixed(2)} ms, p95 ${
        l.p95Ms.toFixed(2)
      } ms`,
    );
  }
  return {
    variant: "+ learned alignment",
    shape: options.shape,
    parameters: networks[0].network.params.length,
    trainingResponses,
    epochs: options.epochs,
    trainingSeconds,
    caps: DEFAULT_CAPS,
    ...result,
    prPerSetAuroc: pr.perSet,
    networkAlonePerSetAuroc: alone,
    gain,
    passesGainBar: gain >= SEMANTIC_MIN_GAIN,
    latency: latency.map((l) => ({ ...l, networkAloneMeanAuroc: aloneAt(l.windowTokens) })),
  };
}
