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
/** Texts per run: larger batches gain nothing on a few cores and hold more memory. */
const BATCH = 32;

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
    const probe = await model.run([encodeText("", vocabulary, TEXT_TOKENS)], "embedding");
    return new BiEncoder(model, vocabulary, probe.dims[1]);
  }

  /** One vector per text, in order. */
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      const batch = texts.slice(i, i + BATCH).map((t) =>
        encodeText(t, this.vocabulary, TEXT_TOKENS)
      );
      const data = (await this.model.run(batch, "embedding")).data as Float32Array;
      for (let k = 0; k < batch.length; k++) {
        out.push(data.slice(k * this.dimensions, (k + 1) * this.dimensions));
      }
    }
    return out;
  }
}
