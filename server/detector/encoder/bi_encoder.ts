/**
 * The pretrained encoder as a bi-encoder: each text to one unit-length vector (masked mean of its
 * token states, taken inside the ONNX graph), so a dot product is a cosine similarity.
 */
import { modelFolder } from "../inference/model_files.ts";
import { BI_ENCODER_FILE, VOCABULARY_FILE } from "./files.ts";
import { OnnxEncoder } from "./onnx_model.ts";
import { encodeText, readVocabulary, type Vocabulary } from "./tokenizer.ts";

/** Tokens a text is cut to: passages and queries are short. */
export const TEXT_TOKENS = 128;

export class BiEncoder {
  private constructor(
    private readonly model: OnnxEncoder,
    private readonly vocabulary: Vocabulary,
    readonly dimensions: number,
  ) {}

  static async load(modelDir: string): Promise<BiEncoder> {
    const dir = modelFolder(modelDir);
    const vocabulary = readVocabulary(await Deno.readTextFile(dir + VOCABULARY_FILE));
    const model = await OnnxEncoder.load(dir + BI_ENCODER_FILE);
    const probe = await model.run(encodeText("", vocabulary, TEXT_TOKENS), "embedding");
    return new BiEncoder(model, vocabulary, probe.length);
  }

  /** One vector per text, in order (one run per text: see onnx_model.ts). */
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const inputs = texts.map((t) => encodeText(t, this.vocabulary, TEXT_TOKENS));
    return await this.model.runAll(inputs, "embedding");
  }
}
