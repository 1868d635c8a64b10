/**
 * XSumFaith (CC-BY-4.0): span annotations by 3 workers on 5 systems' one-sentence summaries of 500
 * BBC articles, pr only. A summary is hallucinated when at least 2 workers marked a span: any
 * extrinsic span → FABRICATED, else intrinsic → NEAR_FALSE (the majority's spans decide; summaries
 * true in the world but not in the article stay FABRICATED, as the detector judges against the
 * context). Fewer than 2 marking workers → NORMAL. Grouped by bbcid (shared with FRANK-BBC,
 * CLIFF, FIB) and article text. summac_pieces/xsumfaith.json repeats these items and is skipped.
 */
import { readJsonLines, readRecords } from "../read.ts";
import { bbcKey, detokenise, docKey } from "../keys.ts";
import { summaryPrompt } from "../prompts.ts";
import type { CorpusRow, Loader } from "../types.ts";

const name = "xsum_hallucination";

interface Marks {
  bbcid: string;
  system: string;
  summary: string;
  workers: Map<string, Set<string>>;
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  const dir = `${dataDir}/${name}`;
  const documents = new Map<string, string>();
  for (
    const r of await readJsonLines<{ bbcid: string; document: string }>(`${dir}/xsum_docs.jsonl.gz`)
  ) {
    documents.set(String(r.bbcid), r.document);
  }
  const summaries = new Map<string, Marks>();
  for (const r of await readRecords(`${dir}/hallucination_annotations_xsum_summaries.csv.gz`)) {
    const key = `${r.bbcid}\u0000${r.system}`;
    const marks = summaries.get(key) ??
      { bbcid: r.bbcid, system: r.system, summary: r.summary, workers: new Map() };
    summaries.set(key, marks);
    const types = marks.workers.get(r.worker_id) ?? new Set<string>();
    marks.workers.set(r.worker_id, types);
    if (r.hallucination_type === "extrinsic" || r.hallucination_type === "intrinsic") {
      types.add(r.hallucination_type);
    }
  }
  for (const { bbcid, system, summary: raw, workers } of summaries.values()) {
    const document = documents.get(bbcid);
    if (!document) continue;
    const marking = [...workers.values()].filter((types) => types.size > 0);
    const extrinsic = marking.filter((types) => types.has("extrinsic")).length;
    const regime = marking.length < 2 ? "NORMAL" : extrinsic >= 1 ? "FABRICATED" : "NEAR_FALSE";
    const summary = detokenise(raw.replace(/\\'/g, "'"));
    yield {
      set: name,
      part: system,
      prompt: summaryPrompt(document, summary),
      response: summary,
      regime,
      hallucinated: regime !== "NORMAL",
      groups: [bbcKey(bbcid), docKey(document)],
      modes: ["pr"],
    };
  }
}

const loader: Loader = { name, licence: "CC-BY-4.0", trainable: true, load };
export default loader;
