/**
 * The report's rows: `deno task score`'s input (the texts, and an optional `group`: a model, a
 * prompt template, a date) joined with its output (the scores) by `id`, or by line order when
 * the input has no ids. An output line with an `error` is an answer that was not scored.
 */
import { z } from "zod";
import { textLines } from "../../../shared/text_lines.ts";

/** Lenient: a row score refused (its output an `error`) is still a row, counted as not scored. */
const InputRow = z.object({
  id: z.union([z.string(), z.number()]).nullish(),
  prompt: z.string().optional().catch(undefined),
  response: z.string().catch(""),
  group: z.union([z.string(), z.number()]).transform(String).optional(),
});

const ScoredRow = z.object({
  id: z.union([z.string(), z.number()]).nullish(),
  p_hallucination: z.number().min(0).max(1),
  flag: z.boolean(),
  top_regime: z.string(),
  regime_scores: z.array(z.object({ regime: z.string(), p: z.number() })),
  input_mode_used: z.enum(["pr", "ro"]),
  warnings: z.array(z.string()),
});

const FailedRow = z.object({
  id: z.union([z.string(), z.number()]).nullish(),
  error: z.string(),
});

export type InputRow = z.infer<typeof InputRow>;
export type Score = z.infer<typeof ScoredRow>;

export interface ReportRow {
  id: string;
  prompt?: string;
  response: string;
  group?: string;
  /** The score, or the error that kept the answer from being scored. */
  score: Score | { error: string };
}

export function isScored(row: ReportRow): row is ReportRow & { score: Score } {
  return !("error" in row.score);
}

/** Every non-blank line of a JSONL file, parsed by `schema`; a bad line names its file and line. */
async function readJsonl<T>(
  path: string,
  schema: z.ZodType<T>,
  onLine: (count: number) => void,
): Promise<T[]> {
  const file = await Deno.open(path);
  const rows: T[] = [];
  let number = 0;
  for await (const line of textLines(file.readable)) {
    number++;
    if (line.trim() === "") continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new Error(`${path}:${number}: invalid JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new Error(`${path}:${number}: ${parsed.error.issues[0].message}`);
    rows.push(parsed.data);
    onLine(rows.length);
  }
  return rows;
}

/** The input rows with their scores; throws when the two files do not match row for row. */
export async function readReportRows(
  inputPath: string,
  scoresPath: string,
  progress: (message: string) => void,
): Promise<ReportRow[]> {
  const every = (what: string) => (n: number) => n % 1000 === 0 && progress(`${what}: ${n} rows`);
  const inputs = await readJsonl(inputPath, InputRow, every("input"));
  const scores = await readJsonl(scoresPath, z.union([ScoredRow, FailedRow]), every("scores"));
  const byId = inputs.some((r) => r.id != null);
  const scoreOf = new Map(scores.map((s, i) => [byId ? String(s.id) : String(i), s]));
  if (!byId && scores.length !== inputs.length) {
    throw new Error(`${inputs.length} input rows but ${scores.length} scores, and no ids to join`);
  }
  return inputs.map((input, i) => {
    const id = byId ? String(input.id) : String(i);
    const score = scoreOf.get(id);
    if (!score) throw new Error(`no score for input row ${id} in ${scoresPath}`);
    return {
      id,
      prompt: input.prompt,
      response: input.response,
      group: input.group,
      score: "error" in score ? { error: score.error } : score,
    };
  });
}
