/**
 * `deno task report --input in.jsonl --scores out.jsonl [--out report.html] [--top N]
 * [--model DIR] [--title T]`: from `deno task score`'s input and output, one self-contained HTML
 * report: what share of the answers are flagged (with its interval) and where, per `group` when
 * the input rows carry one. The riskiest answers' claims are scored one by one by the detector as
 * served (exact checks included), to mark the risky ones. Progress goes to standard error.
 */
import { z } from "zod";
import { loadServedDetector } from "../encoder/encoded_detector.ts";
import { DEFAULT_MODEL_DIR } from "../inference/model_files.ts";
import { figuresOf } from "../report/figures.ts";
import { reportHtml, type RiskyAnswer } from "../report/html.ts";
import { isScored, readReportRows } from "../report/rows.ts";
import { readFlags } from "./command_line.ts";

const Flags = z.object({
  input: z.string().min(1),
  scores: z.string().min(1),
  out: z.string().default("report.html"),
  top: z.coerce.number().int().min(0).max(1000).default(10),
  model: z.string().optional(),
  title: z.string().default("Hallucination report"),
});

/** A claim at or above this calibrated risk is marked in the riskiest answers. */
const CLAIM_THRESHOLD = 0.5;

async function main() {
  const flags = readFlags(
    Flags,
    "deno task report --input in.jsonl --scores out.jsonl [--out report.html] [--top N] " +
      "[--model DIR] [--title T]",
  );
  const progress = (message: string) => console.error(`report: ${message}`);
  let rows;
  try {
    rows = await readReportRows(flags.input, flags.scores, progress);
  } catch (error) {
    console.error(`report: ${(error as Error).message}`);
    Deno.exit(1);
  }
  const scored = rows.filter(isScored);
  progress(`${scored.length} scored answers of ${rows.length}`);
  const groupNames = [...new Set(scored.flatMap((r) => r.group === undefined ? [] : [r.group]))]
    .sort();
  const groups = groupNames.map((name) =>
    [name, figuresOf(scored.filter((r) => r.group === name).map((r) => r.score))] as [
      string,
      ReturnType<typeof figuresOf>,
    ]
  );
  const detector = await loadServedDetector(flags.model ?? DEFAULT_MODEL_DIR);
  const top = [...scored].sort((a, b) => b.score.p_hallucination - a.score.p_hallucination)
    .slice(0, flags.top);
  const riskiest: RiskyAnswer[] = [];
  for (const [i, row] of top.entries()) {
    if ((i + 1) % 25 === 0) progress(`claims of ${i + 1}/${top.length} riskiest answers`);
    const claims = await detector.scoreClaims({
      prompt: row.prompt ?? "",
      response: row.response,
      inputMode: row.score.input_mode_used,
    });
    riskiest.push({ row, claims });
  }
  await Deno.writeTextFile(
    flags.out,
    reportHtml({
      title: flags.title,
      generatedAt: new Date(),
      modelVersion: detector.modelVersion,
      overall: figuresOf(scored.map((r) => r.score)),
      notScored: rows.length - scored.length,
      groups,
      riskiest,
      claimThreshold: CLAIM_THRESHOLD,
    }),
  );
  progress(`written to ${flags.out}`);
}

if (import.meta.main) await main();
