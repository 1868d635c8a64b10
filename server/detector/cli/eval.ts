/**
 * `deno task eval [--data DIR] [--model DIR]`: scores the test split with the committed model, its
 * exact checks and its cross-encoder (as served), and without the encoder, prints per-cell, per-set, per-regime and latency tables (time
 * from launch to ready included) and the exact checks' figures on the held-out twin set, and
 * writes docs/model-card.md with its SVG reliability diagram.
 */
import { readCommandLine } from "./command_line.ts";
import { buildCorpus } from "../corpus/corpus.ts";
import { splitCorpus } from "../corpus/split.ts";
import { type EvalReport, modelCard, targetsTable } from "../evaluation/card.ts";
import { reliabilitySvg } from "../evaluation/reliability_svg.ts";
import {
  cellTable,
  confusionTable,
  latencyTable,
  peerTable,
  perSetTable,
  regimeTable,
} from "../evaluation/tables.ts";
import { evaluateCells } from "../evaluation/cells.ts";
import { evaluateEvidence, evidenceSection } from "../evaluation/evidence.ts";
import { retrievalDetector } from "../knowledge/load.ts";
import { loadPassageEncoder } from "../knowledge/passage_encoder.ts";
import { measurePairedLatency, measureReadiness } from "../evaluation/latency.ts";
import { peerAurocs, peerResults } from "../evaluation/peers.ts";
import { sentences } from "../signals/text.ts";
import { loadDetector } from "../inference/model.ts";
import { loadServedDetector } from "../encoder/encoded_detector.ts";
import { CheckedDetector } from "../checks/checked_detector.ts";
import {
  BI_ENCODER_FILE,
  CROSS_ENCODER_FILE,
  ENCODER_REPORT_FILE,
  VOCABULARY_FILE,
} from "../encoder/files.ts";
import {
  ENCODER_VARIANTS_FILE,
  encoderSection,
  EncoderVariant,
  readTrainingReport,
} from "../evaluation/encoder_section.ts";
import { z } from "zod";
import { EXACT_FUSION_FILE, type ExactFusionFile } from "../checks/fusion.ts";
import { evaluateExactChecks, exactChecksSection, twinSet } from "../evaluation/exact_checks.ts";
import { evaluateProbes } from "../evaluation/probes.ts";
import { DEFAULT_MODEL_DIR, modelFolder, TRAINING_REPORT_FILE } from "../inference/model_files.ts";
import { DEFAULT_DATA_DIR } from "../corpus/data_dir.ts";
import { type AlignmentStudy, STUDY_FILE } from "../training/alignment_study.ts";
import type { TrainingReport } from "../training/report.ts";

const DOCS_DIR = new URL("../../../docs/", import.meta.url).pathname;
const SVG_NAME = "model-card-reliability.svg";
const log = (message: string) => console.error(`[eval] ${message}`);

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && entry.name !== TRAINING_REPORT_FILE) {
      total += (await Deno.stat(dir + entry.name)).size;
    }
  }
  return total;
}

async function readVariants(): Promise<EncoderVariant[]> {
  try {
    const text = await Deno.readTextFile(ENCODER_VARIANTS_FILE);
    return z.array(EncoderVariant).parse(JSON.parse(text));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
}

/** How findings move p with this model: the fitted rules, or why they do not. */
function fusionNote(fusion: ExactFusionFile | undefined): string {
  if (!fusion) {
    return `No \`${EXACT_FUSION_FILE}\` is fitted for this model: findings are reported but do ` +
      "not move p (run `deno task calibrate:checks`).";
  }
  const rule = (g: keyof ExactFusionFile["rules"]) => {
    const [a, b] = fusion.rules[g].map((w) => w.toFixed(3));
    const { n, positive } = fusion.rows[g];
    return `logit p = z + c · (${a} · z + ${b}), fitted on ${n} rows (${positive} hallucinated)`;
  };
  return `How findings move p_hallucination (\`${EXACT_FUSION_FILE}\`, fitted by ` +
    `\`deno task calibrate:checks\` on ${fusion.fittedOn.join("; ")}), with z the model's logit ` +
    "and c the share of the response's checkable claims (those stating a quantity, a date or " +
    "an identifier) the counted findings cover: a call with a contradicted finding (c = 1: a " +
    "contradiction shows the answer holds an error, whatever else it states): " +
    `${rule("contradicted")}; a call whose own arithmetic and dates check out (conversions, ` +
    "arithmetic, totals, percentages, ratios, ages, durations; its identifiers too, if any): " +
    `${rule("consistent")}; a call whose only checks are identifiers with the right check ` +
    `digit or year (ISBN, ISSN, arXiv): ${rule("identifier")}, a rule of its own because ` +
    "fabricated references carry well-formed identifiers. Those include relations that hold among figures no " +
    "reader's phrasing took (`checks/agreements.ts`: a conversion, a sum, a share, a count of " +
    "time between two dates), which confirm and never contradict. Numbers " +
    "that match the document and well-formed DOIs are reported as consistent but do not " +
    "lower p: on the labelled calibration split, half the rows whose checked numbers all match " +
    "their document are hallucinated elsewhere. The flag is the cell's threshold on the fused p; " +
    "a contradiction sets the regime (FABRICATED; CF_AUTH for identifiers and for answers the " +
    "model reads as citations; NEAR_FALSE kept where the model reads a near-copy with one fact " +
    "changed). A call with nothing " +
    "counted is scored as the model alone.";
}

async function main() {
  const { values } = readCommandLine(
    { options: { data: { type: "string" }, model: { type: "string" } } },
    "deno task eval [--data DIR] [--model DIR]",
  );
  const modelDir = modelFolder(values.model ?? DEFAULT_MODEL_DIR);
  // The encoder's readings are kept for the run: every cell scores the same rows.
  const detector = await loadServedDetector(modelDir, new Map());
  const withoutEncoder = new CheckedDetector(detector, detector.fusion);
  const modelAlone = await loadDetector(modelDir);
  log(`model ${detector.modelVersion}, calibrator ${detector.calibratorVersion}`);
  const training = JSON.parse(
    await Deno.readTextFile(modelDir + TRAINING_REPORT_FILE),
  ) as TrainingReport;
  const corpus = await buildCorpus(values.data ?? DEFAULT_DATA_DIR, { onProgress: log });
  const split = splitCorpus(corpus.rows);
  const test = split.test;
  // Latency first, while the process holds little more than a served detector does: later, the
  // readings kept for the run make each garbage collection longer, and the p95 with it.
  log("measuring latency");
  const text = test.slice(0, 400).flatMap((r) => sentences(`${r.prompt ?? ""} ${r.response}`));
  const [latencyWithout, latency] = await measurePairedLatency([withoutEncoder, detector], text);
  // The model alone and with the checks, call by call on the same inputs (paired: a busy
  // machine slows both alike). The checks are much code that the JIT compiles over a process's
  // first few hundred calls, which run up to three times slower: the budget is the served
  // detector's, past them.
  const [alone, checked] = await measurePairedLatency([modelAlone, withoutEncoder], text, {
    calls: 1000,
    warmUp: 200,
  });
  log(`scoring ${test.length} test rows`);
  const cells = await evaluateCells(detector, test);
  log("scoring the test rows without the encoder");
  const cellsWithout = await evaluateCells(withoutEncoder, test);
  log("measuring retrieval and no_evidence");
  const evidence = await evaluateEvidence(
    detector,
    await retrievalDetector(detector, modelDir, log),
    test,
    await loadPassageEncoder(modelDir),
    log,
  );
  const peers = await peerResults(detector, test);
  const peersWithout = await peerResults(withoutEncoder, test);
  const encoderAlone = await peerAurocs(test, async (row) => {
    const read = await detector.readClaims({
      prompt: row.prompt,
      response: row.response,
      inputMode: "pr",
    });
    return read?.length ? Math.max(...read.map((r) => r.logit)) : undefined;
  });
  log("measuring the exact checks on the held-out twin set");
  log("scoring the probe sets");
  const probes = await evaluateProbes(detector, modelAlone);
  const exact = await evaluateExactChecks(
    detector,
    modelAlone,
    twinSet(split, new Date()),
    test,
    { base: alone, checked },
    probes,
  );
  const exactSection = exactChecksSection(exact, fusionNote(detector.fusion));
  log("measuring time from launch to ready");
  const readiness = await measureReadiness(modelDir);
  const encoder = encoderSection({
    training: await readTrainingReport(modelDir + ENCODER_REPORT_FILE),
    fusion: detector.encoderFusion,
    files: await Promise.all(
      [CROSS_ENCODER_FILE, BI_ENCODER_FILE, VOCABULARY_FILE].map(async (name) => ({
        name,
        bytes: (await Deno.stat(modelDir + name)).size,
      })),
    ),
    modelBytes: await dirBytes(modelDir),
    peers: { with: peers, without: peersWithout },
    encoderAlone,
    cells: { with: cells, without: cellsWithout },
    latency: { with: latency, without: latencyWithout },
    readiness,
    variants: await readVariants(),
  });
  const testRowsPerSet: Record<string, number> = {};
  for (const r of test) testRowsPerSet[r.set] = (testRowsPerSet[r.set] ?? 0) + 1;
  const report: EvalReport = {
    modelVersion: detector.modelVersion,
    calibratorVersion: detector.calibratorVersion,
    modelBytes: await dirBytes(modelDir),
    cells,
    latency,
    readiness,
    training,
    testRowsPerSet,
    peers,
    alignmentStudy: await Deno.readTextFile(STUDY_FILE).then(
      (text) => JSON.parse(text) as AlignmentStudy,
      () => undefined,
    ),
  };
  const trainable = new Map(training.sets.map((s) => [s.set, s.trainable]));
  console.log(
    `model ${report.modelVersion} / ${report.calibratorVersion}, ${
      (report.modelBytes / 1e6).toFixed(2)
    } MB\n`,
  );
  console.log(targetsTable(report) + "\n");
  console.log(peerTable(peers) + "\n");
  console.log(cellTable(cells) + "\n");
  console.log(perSetTable(cells, trainable) + "\n");
  for (const c of cells.filter((c) => c.task === "multiclass")) {
    console.log(
      `multiclass/${c.mode}: CF_AUTH AUROC within citation sets ${
        c.cfAuthCitationAuroc?.toFixed(3)
      }`,
    );
    console.log(regimeTable(c) + "\n");
    console.log(confusionTable(c) + "\n");
  }
  console.log(latencyTable(latency) + "\n");
  console.log(evidenceSection(evidence));
  console.log(exactSection);
  console.log(encoder);
  await Deno.mkdir(DOCS_DIR, { recursive: true });
  await Deno.writeTextFile(
    DOCS_DIR + "model-card.md",
    `${modelCard(report, SVG_NAME)}\n${evidenceSection(evidence)}\n${exactSection}\n${encoder}`,
  );
  await Deno.writeTextFile(DOCS_DIR + SVG_NAME, reliabilitySvg(cells));
  log(`wrote ${DOCS_DIR}model-card.md and ${SVG_NAME}`);
}

if (import.meta.main) await main();
