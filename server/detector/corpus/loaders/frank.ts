/**
 * FRANK (MIT): typed factuality annotations of CNN/DM and BBC (XSum) system summaries, pr only.
 * Factuality 1 → NORMAL. Otherwise OutE (content not in the article) → FABRICATED; else a
 * semantic-frame or discourse error (EntE, RelE, CircE, CorefE, LinkE) → NEAR_FALSE; summaries
 * with only grammar or "other" errors are dropped (noise, not hallucination).
 * Grouped by BBC id / CNN-DM story hash and by article text (shared with XSumFaith, SummaC, FIB).
 */
import { readJsonLines } from "../read.ts";
import { bbcKey, cnndmKey, detokenise, docKey } from "../keys.ts";
import { summaryPrompt } from "../prompts.ts";
import type { CorpusRow, Loader } from "../types.ts";
import type { RawRegime } from "../../../../shared/regimes.ts";

const name = "frank";

interface FrankRow {
  hash: string;
  dataset: "cnndm" | "bbc";
  model_name: string;
  article: string;
  summary: string;
  Factuality: number;
  errors: Record<string, number>;
}

function regimeOf(r: FrankRow): RawRegime | undefined {
  if (r.Factuality >= 1) return "NORMAL";
  if (r.errors.OutE < 1) return "FABRICATED";
  if (["EntE", "RelE", "CircE", "CorefE", "LinkE"].some((e) => r.errors[e] < 1)) {
    return "NEAR_FALSE";
  }
  return undefined;
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  for (const r of await readJsonLines<FrankRow>(`${dataDir}/${name}/frank_joined.jsonl.gz`)) {
    const regime = regimeOf(r);
    if (!regime) continue;
    const summary = detokenise(r.summary);
    yield {
      set: name,
      part: r.dataset,
      prompt: summaryPrompt(r.article, summary),
      response: summary,
      regime,
      hallucinated: regime !== "NORMAL",
      groups: [r.dataset === "bbc" ? bbcKey(r.hash) : cnndmKey(r.hash), docKey(r.article)],
      modes: ["pr"],
    };
  }
}

const loader: Loader = { name, licence: "MIT", trainable: true, load };
export default loader;
