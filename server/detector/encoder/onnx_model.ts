/**
 * One ONNX encoder served through onnxruntime-node (its CPU library ships in the npm package):
 * a batch of encoded inputs padded to the longest, one run for the batch.
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

  /** The named output of one run over the batch, with its dimensions. */
  async run(batch: readonly EncodedPair[], output: string): Promise<ort.Tensor> {
    const width = Math.max(...batch.map((p) => p.ids.length));
    const size = batch.length * width;
    const ids = new BigInt64Array(size), mask = new BigInt64Array(size);
    const types = new BigInt64Array(size);
    batch.forEach((pair, row) => {
      for (let i = 0; i < pair.ids.length; i++) {
        ids[row * width + i] = BigInt(pair.ids[i]);
        mask[row * width + i] = 1n;
        types[row * width + i] = BigInt(pair.types[i]);
      }
    });
    const dims = [batch.length, width];
    const result = await this.session.run({
      input_ids: new ort.Tensor("int64", ids, dims),
      attention_mask: new ort.Tensor("int64", mask, dims),
      token_type_ids: new ort.Tensor("int64", types, dims),
    }, [output]);
    return result[output];
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}
