/**
 * HALLMARK (MIT): real vs hallucinated bibliography entries, ro only (surface plausibility of a
 * citation; nothing in a prompt could verify it). Each entry is rendered as a reference line,
 * "Authors (year). Title. Venue. doi". VALID → NORMAL; HALLUCINATED (fabricated or misattributed,
 * all 14 types) → CF_AUTH. Canary entries are dropped. Grouped by title, so perturbations of a
 * real entry share the split with it (near-miss titles differ, and may split apart).
 */
import { readJsonLines } from "../read.ts";
import { docKey } from "../keys.ts";
import type { CorpusRow, Loader } from "../types.ts";

const name = "hallmark_citations";

const FILES = ["dev_public", "test_public", "stress_test", "supplement_chatgpt_citations"];

interface Entry {
  bibtex_key: string;
  fields: Record<string, string>;
  label: string;
  generation_method: string;
}

function render(fields: Record<string, string>): string {
  const authors = (fields.author ?? "").replace(/\s+and\s+/g, ", ");
  const venue = fields.booktitle ?? fields.journal ?? fields.venue;
  const parts = [
    `${authors}${fields.year ? ` (${fields.year})` : ""}.`,
    `${fields.title}.`,
    venue ? `${venue}.` : "",
    fields.doi ? `https://doi.org/${fields.doi}` : "",
  ];
  return parts.filter((p) => p !== "").join(" ").replace(/[{}]/g, "");
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  for (const file of FILES) {
    for (const entry of await readJsonLines<Entry>(`${dataDir}/${name}/${file}.jsonl.gz`)) {
      if (entry.generation_method === "canary" || !entry.fields.title) continue;
      const hallucinated = entry.label === "HALLUCINATED";
      yield {
        set: name,
        part: file,
        response: render(entry.fields),
        regime: hallucinated ? "CF_AUTH" : "NORMAL",
        hallucinated,
        groups: [docKey(entry.fields.title)],
        modes: ["ro"],
      };
    }
  }
}

const loader: Loader = { name, licence: "MIT", trainable: true, load };
export default loader;
