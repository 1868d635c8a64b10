/** The encoder's files in the model folder, written by `deno task train:encoder`. */
export const CROSS_ENCODER_FILE = "cross-encoder.onnx";
export const BI_ENCODER_FILE = "bi-encoder.onnx";
export const VOCABULARY_FILE = "vocab.txt";
export const ENCODER_REPORT_FILE = "encoder-report.json";
/** The pair length the cross-encoder was trained at, and the claim's share of it. */
export const PAIR_TOKENS = 128;
export const CLAIM_TOKENS = 48;
