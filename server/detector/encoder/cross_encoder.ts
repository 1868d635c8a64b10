/**
 * The fine-tuned cross-encoder: for each claim of a call, the logit that its evidence window does
 * not support it (one run per claim: see onnx_model.ts).
 */
import { contentVersion, modelFolder } from "../inference/model_files.ts";
import { CLAIM_TOKENS, CROSS_ENCODER_FILE, PAIR_TOKENS, VOCABULARY_FILE } from "./files.ts";
import { OnnxEncoder } from "./onnx_model.ts";
import { encodePair, readVocabulary, type Vocabulary } from "./tokenizer.ts";

export interface ClaimPair {
  claim: string;
  evidence: string;
}

/**
 * Logits already computed, by pair: offline runs (calibration, evaluation) score the same rows for
 * several cells; the served detector keeps none.
 */
export type PairMemo = Map<string, number>;

export class CrossEncoder {
  private constructor(
    private readonly model: OnnxEncoder,
    private readonly vocabulary: Vocabulary,
    /** A digest of the model file: the fusion fitted on it names it. */
    readonly version: string,
    private readonly memo?: PairMemo,
  ) {}

  /** The cross-encoder of a model folder, or undefined when the folder has none. */
  static async load(modelDir: string, memo?: PairMemo): Promise<CrossEncoder | undefined> {
    const dir = modelFolder(modelDir);
    let bytes: Uint8Array;
    try {
      bytes = await Deno.readFile(dir + CROSS_ENCODER_FILE);
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return undefined;
      throw error;
    }
    const vocabulary = readVocabulary(await Deno.readTextFile(dir + VOCABULARY_FILE));
    const model = await OnnxEncoder.load(dir + CROSS_ENCODER_FILE);
    return new CrossEncoder(model, vocabulary, await contentVersion("enc-", [bytes]), memo);
  }

  /** One logit per pair (positive: unsupported), in order. */
  async unsupportedLogits(pairs: readonly ClaimPair[]): Promise<number[]> {
    const key = (p: ClaimPair) => p.claim + "\u0000" + p.evidence;
    const todo = pairs.filter((p) => !this.memo?.has(key(p)));
    const encoded = todo.map((p) =>
      encodePair(p.claim, p.evidence, this.vocabulary, PAIR_TOKENS, CLAIM_TOKENS)
    );
    const fresh = new Map<string, number>();
    (await this.model.runAll(encoded, "logit")).forEach(([logit], i) => {
      fresh.set(key(todo[i]), logit);
      this.memo?.set(key(todo[i]), logit);
    });
    return pairs.map((p) => fresh.get(key(p)) ?? this.memo!.get(key(p))!);
  }
}
