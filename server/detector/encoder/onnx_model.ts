/**
 * One ONNX encoder served through onnxruntime-node (its CPU library ships in the npm package).
 * One input per run: the int8 models quantise their activations with one scale per run (dynamic
 * quantisation), so rows run together would change one another's outputs (measured: up to 0.29 of
 * a logit on the reference pairs); alone, each output is the reference's exactly, whatever else the
 * call holds. Runs are not run side by side: onnxruntime-node gains nothing from it (measured: 20
 * pairs in 260 ms as two streams of one thread, 264 ms one after another on one thread, 165 ms one
 * after another on the default threads).
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

  /** The named output of each input, in order. */
  async runAll(inputs: readonly EncodedPair[], output: string): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (const input of inputs) out.push(await this.run(input, output));
    return out;
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}
