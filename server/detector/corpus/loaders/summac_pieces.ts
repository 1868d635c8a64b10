/**
 * SummaC benchmark pieces with documents, pr only (prompt = "Summarize:" + document):
 * - FactCC (BSD-3-Clause): 1 → NORMAL; 0 → NEAR_FALSE (entity, number, negation swaps).
 * - SummEval (MIT): 1 (all three experts gave 5) → NORMAL; 0 → FABRICATED at weight 0.5 (soft:
 *   one expert below 5 is borderline).
 * - Polytope (no licence found → these rows are eval-only): label re-derived, addition error →
 *   FABRICATED, else inaccuracy → NEAR_FALSE, omission / duplication only → NORMAL.
 * - XSumFaith: skipped, the same items as ../xsum_hallucination.
 * Grouped by CNN/DM story hash where the item has one, and by document text.
 */
import { readJson } from "../read.ts";
import { cnndmKey, detokenise, docKey } from "../keys.ts";
import { summaryPrompt } from "../prompts.ts";
import type { CorpusRow, Loader } from "../types.ts";
import type { RawRegime } from "../../../../shared/regimes.ts";

const name = "summac_pieces";

type Item = Record<string, string>;

function summaryRow(
  part: string,
  item: Item,
  regime: RawRegime,
  extra: Partial<CorpusRow> = {},
): CorpusRow {
  const summary = detokenise(item.claim);
  const document = detokenise(item.document);
  return {
    set: name,
    part,
    prompt: summaryPrompt(document, summary),
    response: summary,
    regime,
    hallucinated: regime !== "NORMAL",
    groups: [cnndmKey(item.id ?? item.cnndm_id ?? ""), docKey(document)],
    modes: ["pr"],
    ...extra,
  };
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  const dir = `${dataDir}/${name}`;
  for (const item of Object.values(await readJson<Record<string, Item>>(`${dir}/factcc.json.gz`))) {
    yield summaryRow("factcc", item, String(item.label) === "1" ? "NORMAL" : "NEAR_FALSE");
  }
  for (const item of Object.values(await readJson<Record<string, Item>>(`${dir}/summeval.json`))) {
    const consistent = String(item.label) === "1";
    yield summaryRow(
      "summeval",
      item,
      consistent ? "NORMAL" : "FABRICATED",
      consistent ? {} : { weight: 0.5 },
    );
  }
  for (
    const item of Object.values(await readJson<Record<string, Item>>(`${dir}/polytope.json.gz`))
  ) {
    const regime = String(item.addition_label) === "0"
      ? "FABRICATED"
      : String(item.inaccuracy_label) === "0"
      ? "NEAR_FALSE"
      : "NORMAL";
    yield summaryRow("polytope", item, regime, { trainable: false });
  }
}

const loader: Loader = {
  name,
  licence: "FactCC BSD-3-Clause, SummEval MIT; Polytope no licence (its rows eval-only)",
  trainable: true,
  load,
};
export default loader;
