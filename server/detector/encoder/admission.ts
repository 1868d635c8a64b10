/**
 * How many calls the cross-encoder reads at once. A call with evidence costs the encoder some fifty
 * times what the rest of the detector costs (one ONNX run per claim), so under load the
 * calls queued behind its work would wait seconds, then time out at the API, while the detector
 * went on reading for callers that had gone. A call that finds every place taken is scored at
 * once without the encoder (the model and its exact checks) and says so with the warning
 * `encoder_busy`; latency stays bounded and nothing queues.
 */
export const ENCODER_BUSY = "encoder_busy";
/** What `admit` answers for a call turned away. */
export const BUSY = Symbol(ENCODER_BUSY);

export class EncoderAdmission {
  #reading = 0;
  /** Calls read by the encoder, and calls scored without it because it was busy. */
  readonly counts = { read: 0, busy: 0 };

  constructor(readonly places: number) {}

  /** `read()`'s result, or `BUSY` at once when all places are taken. */
  async admit<T>(read: () => Promise<T>): Promise<T | typeof BUSY> {
    if (this.#reading >= this.places) {
      this.counts.busy++;
      return BUSY;
    }
    this.#reading++;
    try {
      const result = await read();
      this.counts.read++;
      return result;
    } finally {
      this.#reading--;
    }
  }
}
