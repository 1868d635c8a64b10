/**
 * The detector's one door: everything outside `server/detector/` (the API, its configuration, the
 * benchmark) imports the detector from here and from nowhere else (tests/conventions/layout_test.ts
 * holds to it; tests may reach the internals). A deliberate list, not the whole package:
 *
 * - The service as a child process: `startDetectorProcess`, `waitUntilReady` and their types.
 * - The wire contract of `POST /v1/detect` between the API and the backend: `DetectorRequest`
 *   (what is asked) and `DetectorScore` (zod schema and type of the 200 answer).
 * - The verifier settings (`VERIFIER_*`) the API reads and passes to the detector it starts.
 * - For the knowledge benchmark: `knowledgeBenchKit()` (loaded on call, so that the API never
 *   loads the knowledge base or the corpus), the `Passage` type and the data folder's default.
 * - For the verifier probe: `verifierProbeKit()` (loaded on call too).
 */
export {
  type DetectorProcess,
  type DetectorProcessOptions,
  startDetectorProcess,
  waitUntilReady,
} from "./service/launch.ts";
export { type DetectorRequest, DetectorScore } from "./service/wire.ts";
export {
  requireVerifierModel,
  type VerifierEnv,
  VerifierEnvFields,
  type VerifierSettings,
  verifierSettings,
} from "./verifier/settings.ts";
export { DEFAULT_DATA_DIR } from "./corpus/data_dir.ts";
export type { Passage } from "./knowledge/passages.ts";
export type { KnowledgeBenchKit, RetrievalCases } from "./evaluation/knowledge_bench_kit.ts";
import type { KnowledgeBenchKit } from "./evaluation/knowledge_bench_kit.ts";
export type { VerifierProbeKit } from "./evaluation/verifier_probe_kit.ts";
import type { VerifierProbeKit } from "./evaluation/verifier_probe_kit.ts";

/** The knowledge base's index and retrieval, the seeded generator, the real-data retrieval cases. */
export async function knowledgeBenchKit(): Promise<KnowledgeBenchKit> {
  return (await import("./evaluation/knowledge_bench_kit.ts")).KNOWLEDGE_BENCH_KIT;
}

/** Open-domain rows of the labelled data, simulated verdicts and the AUROC, for the probe. */
export async function verifierProbeKit(): Promise<VerifierProbeKit> {
  return (await import("./evaluation/verifier_probe_kit.ts")).VERIFIER_PROBE_KIT;
}
