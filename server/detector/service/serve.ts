/**
 * `deno task serve:detector`: serves the inference backend alone. Listens at once (503 while the
 * model loads), then loads the model. With `VERIFIER_URL` set, scores are fused with the verifier's.
 * `ENCODER_CONCURRENCY` calls are read by the cross-encoder at once (admission.ts).
 */
import { z } from "zod";
import { createDetectorApp } from "./detector_app.ts";
import { isFolder } from "../knowledge/load.ts";
import { scorerFor } from "../scoring/scorer.ts";
import { EncoderAdmission } from "../encoder/admission.ts";
import { loadServedDetector } from "../encoder/encoded_detector.ts";
import { DEFAULT_MODEL_DIR } from "../inference/model_files.ts";
import { verifierStep } from "../verifier/scorer.ts";
import { requireVerifierModel, VerifierEnvFields, verifierSettings } from "../verifier/settings.ts";
import { formatZodIssues } from "../../../shared/zod_issues.ts";

const DetectorEnv = z.object({
  DETECTOR_PORT: z.coerce.number().int().min(0).max(65535).default(8001),
  HOST: z.string().min(1).default("127.0.0.1"),
  DETECTOR_SECRET: z.string().min(1, "DETECTOR_SECRET is required"),
  MODEL_DIR: z.string().min(1).default(DEFAULT_MODEL_DIR),
  /** Calls the cross-encoder reads at once; more are scored without it (`encoder_busy`). */
  ENCODER_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  /** Folder of documents to retrieve evidence from (indexed at start-up). */
  KNOWLEDGE_DIR: z.string().min(1).refine(isFolder, "must be an existing folder").optional(),
}).extend(VerifierEnvFields.shape).superRefine(requireVerifierModel);
export type DetectorEnv = z.infer<typeof DetectorEnv>;

/** The process environment this entry point reads, validated once at start-up. */
export function readDetectorEnv(env: Record<string, string | undefined>): DetectorEnv {
  const parsed = DetectorEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(formatZodIssues(parsed.error, { nameUnknownKeys: true }));
  }
  return parsed.data;
}

if (import.meta.main) {
  let config: DetectorEnv;
  try {
    config = readDetectorEnv(Deno.env.toObject());
  } catch (error) {
    console.error(`detector: bad configuration: ${(error as Error).message}`);
    Deno.exit(2);
  }
  const started = performance.now();
  const admission = new EncoderAdmission(config.ENCODER_CONCURRENCY);
  const detector = loadServedDetector(config.MODEL_DIR, undefined, admission);
  // A failed load is reported by the app (it keeps answering 503), so it is not rethrown here.
  detector.then(
    (d) =>
      console.error(
        `detector: model ${d.modelVersion} / ${d.calibratorVersion} loaded in ${
          Math.round(performance.now() - started)
        } ms`,
      ),
    () => {},
  );
  const wrap = await verifierStep(verifierSettings(config), config.MODEL_DIR);
  const app = createDetectorApp({
    secret: config.DETECTOR_SECRET,
    detector,
    admission,
    // The verifier step (when configured) wraps the detector, with the knowledge base if any.
    scorer: async () =>
      wrap(await scorerFor(await detector, config.KNOWLEDGE_DIR, config.MODEL_DIR, console.error)),
  });
  try {
    Deno.serve({
      port: config.DETECTOR_PORT,
      hostname: config.HOST,
      onListen: ({ hostname, port }) =>
        console.log(`detector listening on http://${hostname}:${port}`),
    }, app.fetch);
  } catch (err) {
    if (!(err instanceof Deno.errors.AddrInUse)) throw err;
    console.error(
      `detector: DETECTOR_PORT ${config.DETECTOR_PORT} is already in use on ${config.HOST}: ` +
        "set DETECTOR_PORT to a free port (0: any free port)",
    );
    Deno.exit(1);
  }
}
