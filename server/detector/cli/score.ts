/**
 * `deno task score [--task T] [--input-mode M] [--top-k N] [--model DIR] [--knowledge DIR]
 * [--concurrency N] [--claims] < in.jsonl > out.jsonl`: batch scoring, with evidence from a
 * knowledge folder when given, the exact checks on every line (server/detector/checks/) and, with
 * `--claims`, each claim's offsets, risk and findings with their reasons. Standard output carries only JSONL, one line per input line in input order; a bad
 * line gets {"id", "error"} and the run goes on; progress and counts go to standard error. A
 * line's own task / input_mode win over the flags. The `VERIFIER_*` settings are honoured as by
 * the detector service, so both score alike; up to `--concurrency` lines are scored at a time, so
 * that the verifier's waits overlap.
 */
import { readFlags } from "./command_line.ts";
import { loadServedDetector } from "../encoder/encoded_detector.ts";
import { textLines } from "../../../shared/text_lines.ts";
import { z } from "zod";
import { DetectRequest } from "../../../shared/contract.ts";
import { INPUT_MODES, TASKS } from "../../../shared/regimes.ts";
import { detectInputOf } from "../../../shared/detect_request.ts";
import { BACKEND_DEFAULT_TASK } from "../service/detect_body.ts";
import { isFolder } from "../knowledge/load.ts";
import { scoreAtTopK, scorerFor } from "../scoring/scorer.ts";
import { DEFAULT_MODEL_DIR } from "../inference/model_files.ts";
import type { Scorer } from "../inference/types.ts";
import { verifierStep } from "../verifier/scorer.ts";
import { readVerifierSettings, type VerifierSettings } from "../verifier/settings.ts";
import { formatZodIssues } from "../../../shared/zod_issues.ts";

/** Lines in flight: enough to overlap a slow verifier's waits, few enough for a local LLM. */
const DEFAULT_CONCURRENCY = 8;
/** A progress line on stderr every this many lines, for long files. */
const PROGRESS_EVERY = 100;

/**
 * A detect request (top-k comes from the flag) with the caller's line id, and the `group` the
 * batch report sorts lines by (read by `deno task report` from this same file; ignored here).
 */
const ScoreLine = DetectRequest.omit({ top_k_regimes: true }).extend({
  id: z.union([z.string(), z.number()]).optional(),
  group: z.string().optional(),
});

const Flags = z.object({
  task: z.enum(TASKS).default(BACKEND_DEFAULT_TASK),
  "input-mode": z.enum(INPUT_MODES).optional(),
  "top-k": z.coerce.number().int().min(1).max(10).default(6),
  model: z.string().optional(),
  knowledge: z.string().refine(isFolder, "must be an existing folder").optional(),
  concurrency: z.coerce.number().int().min(1).max(64).default(DEFAULT_CONCURRENCY),
  /** Also print each claim's offsets, risk and exact findings (the session route's `claims`). */
  claims: z.boolean().default(false),
});
type Flags = z.infer<typeof Flags>;

/** Scores one input line: the output object (a result or an error, with the line's id). */
async function scoreLine(
  scorer: Scorer,
  flags: Flags,
  line: string,
): Promise<Record<string, unknown>> {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { id: null, error: "invalid JSON" };
  }
  const id = (json as { id?: unknown } | null)?.id ?? null;
  const parsed = ScoreLine.safeParse(json);
  if (!parsed.success) {
    return { id, error: formatZodIssues(parsed.error, { nameUnknownKeys: true }) };
  }
  const input = detectInputOf(parsed.data, { task: flags.task, inputMode: flags["input-mode"] });
  const output = await scoreAtTopK(scorer, { ...input, claims: flags.claims }, flags["top-k"]);
  return { id, ...output };
}

async function main() {
  const flags = readFlags(
    Flags,
    "deno task score [--task T] [--input-mode M] [--top-k K] [--model DIR] [--knowledge DIR] " +
      "[--concurrency N] [--claims] < in.jsonl",
  );
  let verifier: VerifierSettings | undefined;
  try {
    verifier = readVerifierSettings(Deno.env.toObject());
  } catch (error) {
    console.error(`score: ${(error as Error).message}`);
    Deno.exit(2);
  }
  const modelDir = flags.model ?? DEFAULT_MODEL_DIR;
  const detector = await loadServedDetector(modelDir);
  console.error(`score: model ${detector.modelVersion}, calibrator ${detector.calibratorVersion}`);
  const wrap = await verifierStep(verifier, modelDir);
  const scorer = wrap(await scorerFor(detector, flags.knowledge, modelDir, console.error));
  const encoder = new TextEncoder();
  const writer = Deno.stdout.writable.getWriter();
  let scored = 0, failed = 0;
  // Lines being scored, oldest first: each is written when it is the oldest and done.
  const inFlight: Promise<Record<string, unknown>>[] = [];
  const writeOldest = async () => {
    const out = await inFlight.shift()!;
    "error" in out ? failed++ : scored++;
    await writer.write(encoder.encode(JSON.stringify(out) + "\n"));
    const done = scored + failed;
    if (done % PROGRESS_EVERY === 0) console.error(`score: ${done} lines`);
  };
  for await (const line of textLines(Deno.stdin.readable)) {
    if (line.trim() === "") continue;
    inFlight.push(scoreLine(scorer, flags, line));
    if (inFlight.length >= flags.concurrency) await writeOldest();
  }
  while (inFlight.length > 0) await writeOldest();
  await writer.close();
  console.error(`score: ${scored} scored, ${failed} invalid`);
}

if (import.meta.main) await main();
