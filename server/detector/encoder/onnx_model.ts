/**
 * One ONNX encoder served through onnxruntime-node (its CPU library ships in the npm package).
 * One input per run: the int8 models quantise their activations with one scale per run (dynamic
 * quantisation), so rows run together would change one another's outputs (measured: up to 0.29 of
 * a logit on the reference pairs); alone, each output is the reference's exactly, whatever else the
 * call holds.
 */
import * as ort from "onnxruntime-node";
import type { EncodedPair } from "./tokenizer.ts";

export class OnnxEncoder {
  private constructor(private readonly session: ort.InferenceSession) {}

  static async load(path: string): Promise<OnnxEncoder> {
    const session = await ort.InferenceSession.create(path, {
      interOpNumThreads: 1,
      graphOptimizationLevel: "all",
    });
    return new OnnxEncoder(session);
  }

  /** The named output of one input. */
  async run(input: EncodedPair, output: string): Promise<Float32Array> {
    const tensor = (values: readonly number[]) =>
      new ort.Tensor("int64", BigInt64Array.from(values, BigInt), [1, values.length]);
    const result = await this.session.run({
      input_ids: tensor(input.ids),
      attention_mask: tensor(input.ids.map(() => 1)),
      token_type_ids: tensor(input.types),
    }, [output]);
    return result[output].data as Float32Array;
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}
