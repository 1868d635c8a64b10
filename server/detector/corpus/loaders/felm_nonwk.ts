/**
 * FELM science, writing/recommendation, reasoning, math (CC BY-NC-SA 4.0 → eval-only): ChatGPT
 * answers with per-segment truth labels, pr and ro. All segments true → NORMAL. Otherwise, by the
 * error types of the row: knowledge_error → FABRICATED; else fooled (accepts a false premise) →
 * NEAR_FALSE; else irrelevant_with_qst → UNDERSPECIFIED. Reasoning and math errors (no type;
 * calculation and logic slips) are not among the regimes and are dropped. Grouped by prompt
 * (some prompts are TruthfulQA questions).
 */
import { parsePythonList, readText } from "../read.ts";
import { promptKey } from "../keys.ts";
import type { CorpusRow, Loader } from "../types.ts";
import type { RawRegime } from "../../../../shared/regimes.ts";

const name = "felm_nonwk";

interface Answer {
  prompt: string;
  response: unknown;
  labels: string | boolean[];
  type?: string | (string | null)[];
}

function list(value: unknown): string[] {
  return (Array.isArray(value) ? value : parsePythonList(String(value ?? "[]"))).map(String);
}

function regimeOf(r: Answer): RawRegime | undefined {
  if (list(r.labels).every((l) => l === "True" || l === "true")) return "NORMAL";
  const types = list(r.type);
  if (types.includes("knowledge_error")) return "FABRICATED";
  if (types.includes("fooled")) return "NEAR_FALSE";
  if (types.includes("irrelevant_with_qst")) return "UNDERSPECIFIED";
  return undefined;
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  for (const part of ["science", "writing_rec", "reasoning", "math"]) {
    // One reasoning row has a bare NaN response (Python's JSON); read it as null and skip it.
    const text = (await readText(`${dataDir}/${name}/${part}.jsonl`)).replace(
      /:\s*NaN\b/g,
      ": null",
    );
    for (const line of text.split("\n").filter((l) => l.trim() !== "")) {
      const r = JSON.parse(line) as Answer;
      const regime = regimeOf(r);
      if (!regime || typeof r.response !== "string" || !r.prompt) continue;
      yield {
        set: name,
        part,
        prompt: r.prompt,
        response: r.response,
        regime,
        hallucinated: regime !== "NORMAL",
        groups: [promptKey(r.prompt)],
        modes: ["pr", "ro"],
      };
    }
  }
}

const loader: Loader = { name, licence: "CC BY-NC-SA 4.0", trainable: false, load };
export default loader;
