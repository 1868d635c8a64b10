/**
 * Opens a knowledge folder for the backend (and `deno task score --knowledge`): the passages,
 * their indexes (full-text, and dense with the model folder's bi-encoder), and the detector that
 * scores retrieved evidence, i.e. the same model with the calibrator fitted on
 * retrieval-simulated calls (`retrieval-calibrator.json` beside the model). Logs file names and
 * counts only.
 */
import type { CalibratedDetector } from "../inference/model.ts";
import { z } from "zod";
import {
  CalibratorFile,
  contentVersion,
  modelFolder,
  parseModelJson,
} from "../inference/model_files.ts";
import { describeOpenReport, openKnowledgeBase } from "./knowledge_base.ts";
import { loadPassageEncoder } from "./passage_encoder.ts";
import type { Knowledge } from "./evidence_step.ts";

export const RETRIEVAL_CALIBRATOR_FILE = "retrieval-calibrator.json";

/** The calibrator file for retrieved evidence, stamped with the model it was fitted on. */
export const RetrievalCalibratorFile = CalibratorFile.extend({ modelVersion: z.string() });
export type RetrievalCalibratorFile = z.infer<typeof RetrievalCalibratorFile>;

/** The detector for retrieved evidence; the plain one when no calibrator fits this model. */
export async function retrievalDetector(
  detector: CalibratedDetector,
  modelDir: string,
  log: (line: string) => void,
): Promise<CalibratedDetector> {
  const path = `${modelFolder(modelDir)}${RETRIEVAL_CALIBRATOR_FILE}`;
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(path);
  } catch {
    log(`knowledge: no ${RETRIEVAL_CALIBRATOR_FILE}; retrieved evidence uses the main calibrator`);
    return detector;
  }
  const file = parseModelJson(path, RetrievalCalibratorFile, bytes);
  if (file.modelVersion !== detector.modelVersion) {
    log(
      `knowledge: ${RETRIEVAL_CALIBRATOR_FILE} was fitted on ${file.modelVersion}, not ${detector.modelVersion}; retrieved evidence uses the main calibrator`,
    );
    return detector;
  }
  return detector.withCalibration(file, await contentVersion("cal-", [bytes]));
}

/** The knowledge folder `dir` opened, with the detector that scores its retrieved evidence. */
export async function loadKnowledge(
  dir: string,
  detector: CalibratedDetector,
  modelDir: string,
  log: (line: string) => void,
): Promise<Knowledge> {
  const { base, report } = await openKnowledgeBase(dir, await loadPassageEncoder(modelDir), log);
  for (const line of describeOpenReport(dir, report)) log(line);
  return { base, detector: await retrievalDetector(detector, modelDir, log) };
}

/** A zod check for a folder setting: it must exist and be a folder. */
export function isFolder(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}
