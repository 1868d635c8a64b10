/**
 * What the verifier probe (server/bench/verifier_probe.ts) needs of the detector: real open-domain
 * rows of the labelled data (the test split, training's own split, of TruthfulQA, HaluEval general
 * and HaluQuestQA: questions answered from world knowledge), simulated verdicts of a known AUROC,
 * and the AUROC. Reached through mod.ts's `verifierProbeKit()`, loaded on call like the knowledge
 * benchmark's kit, so the API never loads the corpus.
 */
import { buildCorpus } from "../corpus/corpus.ts";
import { splitCorpus } from "../corpus/split.ts";
import { type LabelledInput, labelledInput } from "../corpus/labelled_input.ts";
import { auroc } from "../learners/metrics.ts";
import { shuffledIndices } from "../learners/random.ts";
import { simulatedVerdicts } from "../verifier/simulated.ts";

const OPEN_DOMAIN_SETS = ["truthfulqa", "halueval", "haluquestqa"];

/** A seeded sample of `count` open-domain rows of the test split. */
async function openDomainRows(
  dataDir: string,
  count: number,
  seed: number,
): Promise<LabelledInput[]> {
  const corpus = await buildCorpus(dataDir, {});
  const rows = splitCorpus(corpus.rows).test.filter((r) =>
    OPEN_DOMAIN_SETS.includes(r.set) && (r.set !== "halueval" || r.part === "general")
  );
  return [...shuffledIndices(rows.length, seed)].slice(0, count).map((i) => labelledInput(rows[i]));
}

export const VERIFIER_PROBE_KIT = { openDomainRows, simulatedVerdicts, auroc };
export type VerifierProbeKit = typeof VERIFIER_PROBE_KIT;
