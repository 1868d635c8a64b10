/** Quantises trained heads into the committed file layout (see inference/model_files.ts). */
import type { InputMode } from "../../../shared/regimes.ts";
import { DENSE_FEATURES } from "../signals/grounding.ts";
import type { VectorizerConfig } from "../signals/vectorize.ts";
import type { LinearHead } from "../learners/linear.ts";
import {
  encodeWeights,
  MODEL_FORMAT,
  type ModelFile,
  quantise,
  type StoredModeHeads,
  type StoredVector,
} from "../inference/model_files.ts";
import { ModelCore } from "../inference/model.ts";
import { type ModeHeads, REGIME_CLASSES } from "./heads.ts";

export interface AssembledModel {
  file: ModelFile;
  weights: Uint8Array;
  core: ModelCore;
}

export function assembleModel(
  config: VectorizerConfig,
  heads: Record<InputMode, ModeHeads>,
): AssembledModel {
  const vectors: Int16Array[] = [];
  let offset = 0;
  const store = (head: LinearHead, output: number): StoredVector => {
    const { q, scale } = quantise(head.weights[output]);
    vectors.push(q);
    const stored = { offset, scale, bias: head.bias[output] };
    offset += q.length;
    return stored;
  };
  const storeMode = (h: ModeHeads): StoredModeHeads => ({
    binary: store(h.binary, 0),
    regime: REGIME_CLASSES.map((_, k) => store(h.regime, k)),
    ...(h.trees ? { trees: h.trees } : {}),
  });
  const file: ModelFile = {
    format: MODEL_FORMAT,
    hashBits: config.hashBits,
    groups: config.groups,
    denseFeatures: [...DENSE_FEATURES],
    denseMean: config.denseMean,
    denseStd: config.denseStd,
    regimeClasses: REGIME_CLASSES,
    heads: { pr: storeMode(heads.pr), ro: storeMode(heads.ro) },
  };
  const weights = encodeWeights(vectors);
  const all = new Int16Array(offset);
  let at = 0;
  for (const v of vectors) {
    all.set(v, at);
    at += v.length;
  }
  return { file, weights, core: new ModelCore(file, all, config.semantics) };
}
