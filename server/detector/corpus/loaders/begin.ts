/**
 * BEGIN v1 + v2 (WoW CC-BY-4.0, CMU-DoG permissive, Topical-Chat CDLA-Sharing-1.0):
 * knowledge-grounded dialogue responses with attribution labels, pr only.
 * v2: Fully attributable → NORMAL; Not fully attributable → FABRICATED; Generic → UNDERSPECIFIED.
 * v1: entailment → NORMAL; hallucination / contradiction → FABRICATED (weight 0.5 when the tags
 * say hallucination-personal: made-up chit-chat opinions, less a factual error); generic →
 * UNDERSPECIFIED; off-topic → dropped. v1 and v2 share most snippets and many responses: copies
 * collapse in dedup, and rows are grouped by knowledge (shared with FaithDial, Q²,
 * AttributionBench) and response.
 */
import { readRecords } from "../read.ts";
import { detokenise, docKey, responseKey } from "../keys.ts";
import { dialoguePrompt } from "../prompts.ts";
import type { CorpusRow, Loader } from "../types.ts";
import type { RawRegime } from "../../../../shared/regimes.ts";

const name = "begin";

const V2_REGIMES: Record<string, RawRegime> = {
  "fully attributable": "NORMAL",
  "not fully attributable": "FABRICATED",
  "generic": "UNDERSPECIFIED",
};

const V1_REGIMES: Record<string, RawRegime> = {
  entailment: "NORMAL",
  hallucination: "FABRICATED",
  contradiction: "FABRICATED",
  generic: "UNDERSPECIFIED",
};

function dialogueRow(
  part: string,
  knowledge: string,
  message: string,
  reply: string,
  regime: RawRegime,
  weight?: number,
): CorpusRow {
  const response = detokenise(reply);
  const snippet = detokenise(knowledge);
  return {
    set: name,
    part,
    prompt: dialoguePrompt(snippet, detokenise(message), response),
    response,
    regime,
    hallucinated: regime !== "NORMAL",
    groups: [docKey(snippet), responseKey(response)],
    modes: ["pr"],
    ...(weight === undefined ? {} : { weight }),
  };
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  const dir = `${dataDir}/${name}`;
  const tsv = { delimiter: "\t", quoted: false };
  for (
    const file of [
      "begin_dev_wow.tsv",
      "begin_test_wow.tsv.gz",
      "begin_dev_cmu.tsv",
      "begin_dev_tc.tsv",
    ]
  ) {
    for (const r of await readRecords(`${dir}/v2_2022/${file}`, tsv)) {
      const regime = V2_REGIMES[r.begin_label.trim().toLowerCase()];
      if (regime && r.knowledge && r.response) {
        yield dialogueRow(`v2:${r.data_source}`, r.knowledge, r.message, r.response, regime);
      }
    }
  }
  for (const file of ["begin_v1_dev.tsv", "begin_v1_test.tsv.gz"]) {
    for (const r of await readRecords(`${dir}/v1_2021/${file}`, tsv)) {
      const regime = V1_REGIMES[r["gold label"].trim().toLowerCase()];
      if (!regime || !r.evidence || !r.response) continue;
      const personal = regime === "FABRICATED" &&
        r["full label set"].includes("hallucination-personal");
      yield dialogueRow(
        "v1:wow",
        r.evidence,
        r["previous turn"],
        r.response,
        regime,
        personal ? 0.5 : undefined,
      );
    }
  }
}

const loader: Loader = {
  name,
  licence: "CC-BY-4.0 (WoW), CMU-DoG licence, CDLA-Sharing-1.0 (Topical-Chat)",
  trainable: true,
  load,
};
export default loader;
