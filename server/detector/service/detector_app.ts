/**
 * The inference backend's HTTP app: health (503 until the model has loaded; with the calls the
 * encoder read and turned away) and the internal detect route behind the shared secret. All state
 * lives in this closure, none in the process.
 */
import { type Context, Hono } from "hono";
import { parseDetectBody } from "./detect_body.ts";
import { inferenceSecret } from "./inference_secret.ts";
import type { DetectorScore } from "./wire.ts";
import { createScorer, scoreAtTopK } from "../scoring/scorer.ts";
import type { Detector, Scorer } from "../inference/types.ts";
import type { EncoderAdmission } from "../encoder/admission.ts";

export interface DetectorAppOptions {
  secret: string;
  detector: Promise<Detector> | Detector;
  /** Builds the scoring step from the loaded detector; default: the detector, no knowledge base. */
  scorer?: (detector: Detector) => Promise<Scorer> | Scorer;
  /** The served encoder's admission: its counts are part of the health answer. */
  admission?: EncoderAdmission;
  /** Called when loading fails (the app keeps answering 503). */
  onLoadError?: (error: unknown) => void;
}

const MODEL_UNAVAILABLE = { detail: "model_unavailable" } as const;

export function createDetectorApp(options: DetectorAppOptions): Hono {
  let detector: Detector | undefined;
  let scorer: Scorer | undefined;
  const buildScorer = options.scorer ?? createScorer;
  Promise.resolve(options.detector).then(async (loaded) => {
    scorer = await buildScorer(loaded);
    detector = loaded;
  }).catch((error) =>
    (options.onLoadError ?? ((e) => console.error("detector: model failed to load:", e)))(error)
  );
  const app = new Hono();

  const health = (c: Context) =>
    detector
      ? c.json({
        status: "ok",
        model_version: detector.modelVersion,
        calibrator_version: detector.calibratorVersion,
        ...(options.admission && { encoder_calls: options.admission.counts }),
      })
      : c.json(MODEL_UNAVAILABLE, 503);
  app.get("/health", health);
  app.get("/v1/health", health);

  app.post("/v1/detect", inferenceSecret(options.secret), async (c) => {
    const parsed = parseDetectBody(await c.req.text());
    if (!parsed.ok) return c.json({ detail: parsed.detail }, 400);
    if (!scorer) return c.json(MODEL_UNAVAILABLE, 503);
    const started = performance.now();
    const output = await scoreAtTopK(scorer, parsed.input, parsed.topK);
    const answer: DetectorScore = {
      ...output,
      latency_ms: Math.round(performance.now() - started),
    };
    return c.json(answer);
  });

  app.notFound((c) => c.json({ detail: "not_found" }, 404));
  app.onError((error, c) => {
    console.error("detector: inference failed:", error instanceof Error ? error.name : "error");
    return c.json({ detail: "inference_failed" }, 503);
  });
  return app;
}
