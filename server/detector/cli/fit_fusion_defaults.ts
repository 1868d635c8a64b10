/**
 * `deno task calibrate:verifier-defaults [--data DIR] [--limit N]`: fits the fusion's shipped
 * defaults (`verifier-fusion-defaults.json` in `MODEL_DIR`), the weights that serve before
 * `calibrate:verifier` has run for a verifier model. No LLM runs here, so the verifier's side is
 * simulated (verdicts drawn from the labels at several AUROCs) while the detector's side is real:
 * the detector in `MODEL_DIR` scores the calibration split of the sets that allow a shipped model.
 * Per evidence group the detector's logit is kept only where it ranks rows of sets it never trained
 * on (the eval-only sets: measured there, never fitted on) clearly above chance; elsewhere the
 * verifier carries the call. Rows are a seeded sample; the summary goes to stdout.
 */
import { readFlags } from "./command_line.ts";
import { z } from "zod";
import { buildCorpus, type BuiltRow } from "../corpus/corpus.ts";
import { DEFAULT_DATA_DIR } from "../corpus/data_dir.ts";
import { splitCorpus } from "../corpus/split.ts";
import { loadDetector } from "../inference/model.ts";
import { DEFAULT_MODEL_DIR } from "../inference/model_files.ts";
import type { Scorer } from "../inference/types.ts";
import { auroc, bestF1Threshold } from "../learners/metrics.ts";
import { shuffledIndices } from "../learners/random.ts";
import { createScorer } from "../scoring/scorer.ts";
import {
  EVIDENCE_GROUPS,
  fitWeights,
  fusedProbability,
  FUSION_DEFAULTS_FORMAT,
  type FusionDefaultsFile,
  type FusionRow,
  writeFusionDefaults,
} from "../verifier/fusion.ts";
import { evidenceGroupOf } from "../verifier/scorer.ts";
import { simulatedVerdicts } from "../verifier/simulated.ts";
import { labelledInput } from "../corpus/labelled_input.ts";

const log = (message: string) => console.error(`[calibrate:verifier-defaults] ${message}`);

/** A spread of judges around what local LLMs reach on open-domain rows (about 0.7 to 0.8). */
export const SIMULATED_AUROCS = [0.65, 0.75, 0.85];
/** Chance is 0.5: below this on unseen sets the detector's ranking is not worth a weight. */
export const MIN_UNSEEN_AUROC = 0.6;
const SAMPLE_SEED = 23;
const VERDICT_SEED = 2300;

const Flags = z.object({
  data: z.string().default(DEFAULT_DATA_DIR),
  limit: z.coerce.number().int().positive().default(8_000),
});
const DefaultsEnv = z.object({ MODEL_DIR: z.string().min(1).default(DEFAULT_MODEL_DIR) });

/** A row scored by the detector: its probability, evidence group and label. */
export interface ScoredRow {
  set: string;
  /** Set and part: rows of one source, where only the detector's ranking can tell labels apart. */
  stratum: string;
  pDetector: number;
  group: FusionRow["group"];
  hallucinated: boolean;
}

async function scoreRows(base: Scorer, rows: readonly BuiltRow[]): Promise<ScoredRow[]> {
  const scored: ScoredRow[] = [];
  for (const row of rows) {
    const input = labelledInput(row);
    const output = await base({ ...input, task: "binary" });
    scored.push({
      set: row.set,
      stratum: `${row.set}/${row.part ?? ""}`,
      pDetector: output.p_hallucination,
      group: evidenceGroupOf(output),
      hallucinated: row.hallucinated,
    });
  }
  return scored;
}

/** Fewest rows of each label for a stratum to count in the AUROC below. */
const MIN_PER_LABEL = 10;

/**
 * The detector's AUROC over pairs of rows of the same stratum (each stratum's AUROC weighted by its
 * pairs): pooled over sets it would also count telling sets apart, whose labels often differ as
 * wholes (a part all hallucinated), which no deployment rewards.
 */
export function withinStratumAuroc(rows: readonly ScoredRow[]): number {
  const strata = Map.groupBy(rows, (r) => r.stratum);
  let sum = 0, pairs = 0;
  for (const members of strata.values()) {
    const positives = members.filter((r) => r.hallucinated).length;
    const negatives = members.length - positives;
    if (positives < MIN_PER_LABEL || negatives < MIN_PER_LABEL) continue;
    const a = auroc(members.map((r) => r.pDetector), members.map((r) => r.hallucinated));
    sum += a * positives * negatives;
    pairs += positives * negatives;
  }
  return pairs > 0 ? sum / pairs : 0.5;
}
const setsOf = (rows: readonly ScoredRow[]) => [...new Set(rows.map((r) => r.set))].sort();

/**
 * The defaults from scored rows: per group, the fit over every simulated judge's verdicts on the
 * fitting rows, with the detector's logit only where its unseen-set AUROC reaches the minimum.
 */
export function fitDefaults(
  fitting: readonly ScoredRow[],
  unseen: readonly ScoredRow[],
  about: Pick<FusionDefaultsFile["fittedOn"], "data" | "modelVersion" | "calibratorVersion">,
): FusionDefaultsFile {
  const weights = {} as FusionDefaultsFile["weights"];
  const detectorWeighted = {} as FusionDefaultsFile["detectorWeighted"];
  const detectorAuroc = {} as FusionDefaultsFile["detectorAuroc"];
  const rows = {} as FusionDefaultsFile["fittedOn"]["rows"];
  const unseenRows = {} as FusionDefaultsFile["fittedOn"]["unseenRows"];
  const all: FusionRow[] = [];
  for (const [g, group] of EVIDENCE_GROUPS.entries()) {
    const own = fitting.filter((r) => r.group === group);
    const away = unseen.filter((r) => r.group === group);
    detectorAuroc[group] = {
      calibration: withinStratumAuroc(own),
      unseenSets: withinStratumAuroc(away),
    };
    detectorWeighted[group] = detectorAuroc[group].unseenSets >= MIN_UNSEEN_AUROC;
    const simulated = SIMULATED_AUROCS.flatMap((target, k) => {
      const verdicts = simulatedVerdicts(
        own.map((r) => r.hallucinated),
        target,
        VERDICT_SEED + 10 * g + k,
      );
      return own.map((r, i): FusionRow => ({ ...r, pVerifier: verdicts[i] }));
    });
    weights[group] = fitWeights(simulated, { withDetector: detectorWeighted[group] });
    rows[group] = own.length;
    unseenRows[group] = away.length;
    all.push(...simulated);
  }
  const fused = all.map((r) => fusedProbability(weights[r.group], r.pDetector, r.pVerifier));
  return {
    format: FUSION_DEFAULTS_FORMAT,
    weights,
    threshold: bestF1Threshold(fused, all.map((r) => r.hallucinated)),
    detectorWeighted,
    detectorAuroc,
    minUnseenAuroc: MIN_UNSEEN_AUROC,
    fittedOn: {
      data: about.data,
      sets: setsOf(fitting),
      rows,
      unseenSets: setsOf(unseen),
      unseenRows,
      verifier: `simulated: per row a verdict drawn from its label at AUROC ${
        SIMULATED_AUROCS.join(", ")
      } (binormal, stated as calibrated probabilities; seeds from ${VERDICT_SEED}), pooled`,
      modelVersion: about.modelVersion,
      calibratorVersion: about.calibratorVersion,
    },
  };
}

/** A seeded sample of at most `limit` rows. */
function sample(rows: readonly BuiltRow[], limit: number): BuiltRow[] {
  return [...shuffledIndices(rows.length, SAMPLE_SEED)].slice(0, limit).map((i) => rows[i]);
}

async function main(): Promise<number> {
  const flags = readFlags(
    Flags,
    "deno task calibrate:verifier-defaults [--data DIR] [--limit N]",
  );
  const env = DefaultsEnv.parse(Deno.env.toObject());
  const detector = await loadDetector(env.MODEL_DIR);
  log(`detector ${detector.modelVersion} / ${detector.calibratorVersion} from ${env.MODEL_DIR}`);
  const corpus = await buildCorpus(flags.data, { onProgress: log });
  // Training's own split, so the fitting rows are rows the detector did not train on.
  const calibration = splitCorpus(corpus.rows).calibration.filter((r) => r.trainable);
  const unseenSets = corpus.rows.filter((r) => !r.trainable);
  const base = createScorer(detector);
  log(`scoring up to ${flags.limit} rows each of the calibration split and of unseen sets ...`);
  const fitting = await scoreRows(base, sample(calibration, flags.limit));
  const unseen = await scoreRows(base, sample(unseenSets, flags.limit));
  const file = fitDefaults(fitting, unseen, {
    data: "calibration split (training's split) of the sets whose licence allows a shipped model",
    modelVersion: detector.modelVersion,
    calibratorVersion: detector.calibratorVersion,
  });
  const path = await writeFusionDefaults(env.MODEL_DIR, file);
  const f3 = (v: number) => v.toFixed(3);
  console.log(`fusion defaults written to ${path}`);
  for (const group of EVIDENCE_GROUPS) {
    const w = file.weights[group], a = file.detectorAuroc[group];
    console.log(
      `${group}: ${file.fittedOn.rows[group]} rows; detector AUROC ${f3(a.calibration)} ` +
        `(unseen sets ${f3(a.unseenSets)}, ${file.fittedOn.unseenRows[group]} rows) -> ` +
        `${file.detectorWeighted[group] ? "detector weighted" : "verifier carries the call"}; ` +
        `weights detector ${f3(w.detector)}, verifier ${f3(w.verifier)}, bias ${f3(w.bias)}`,
    );
  }
  console.log(`threshold ${f3(file.threshold)}`);
  return 0;
}

if (import.meta.main) Deno.exit(await main());
