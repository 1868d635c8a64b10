/**
 * SummEdits (Apache-2.0): human-verified single edits of seed summaries across 8 domains, pr only.
 * 1 → NORMAL; 0 with hallucinated_fact_insertion → FABRICATED; 0 with entity, antonym or negation
 * edits → NEAR_FALSE. Documents are windowed around the summary. Grouped by document text (edits
 * of one seed share it) and by the seed summary.
 */
import { readJson } from "../read.ts";
import { docKey, responseKey } from "../keys.ts";
import { summaryPrompt } from "../prompts.ts";
import type { CorpusRow, Loader } from "../types.ts";

const name = "summedits";

interface Edit {
  doc: string;
  summary: string;
  label: string | number;
  original_summary: string;
  edit_types: string | string[];
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  const dir = `${dataDir}/${name}`;
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.name.startsWith("summedits_")) files.push(entry.name);
  }
  for (const file of files.sort()) {
    const domain = file.replace(/^summedits_|\.json(\.gz)?$/g, "");
    for (const r of await readJson<Edit[]>(`${dir}/${file}`)) {
      const consistent = String(r.label) === "1";
      const edits = String(r.edit_types);
      const regime = consistent
        ? "NORMAL"
        : edits.includes("hallucinated_fact_insertion")
        ? "FABRICATED"
        : "NEAR_FALSE";
      yield {
        set: name,
        part: domain,
        prompt: summaryPrompt(r.doc, r.summary),
        response: r.summary,
        regime,
        hallucinated: !consistent,
        groups: [docKey(r.doc), responseKey(r.original_summary)],
        modes: ["pr"],
      };
    }
  }
}

const loader: Loader = { name, licence: "Apache-2.0", trainable: true, load };
export default loader;
