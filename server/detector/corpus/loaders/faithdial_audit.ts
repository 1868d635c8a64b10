/**
 * FaithDial audit (MIT; knowledge from WoW CC-BY-4.0, CMU-DoG, Topical-Chat CDLA-Sharing-1.0):
 * BEGIN-style labels on gold and model responses of knowledge-grounded dialogue, pr only.
 * entailment (also with uncooperative) → NORMAL; hallucination and partial hallucination →
 * FABRICATED; generic → UNDERSPECIFIED; uncooperative alone and blank labels → dropped.
 * Grouped by knowledge text (shared with BEGIN and Q²) and by response.
 */
import { readRecords } from "../read.ts";
import { detokenise, docKey, responseKey } from "../keys.ts";
import { dialoguePrompt } from "../prompts.ts";
import type { CorpusRow, Loader } from "../types.ts";
import type { RawRegime } from "../../../../shared/regimes.ts";

const name = "faithdial_audit";

/** Normalises the label spellings (typos, case, "." or "," separators) to a set of tags. */
function tags(label: string): Set<string> {
  return new Set(
    label.toLowerCase().split(/[,.]/).map((t) => t.trim())
      .map((t) =>
        t.replace(/^entailmentt$/, "entailment").replace(/^hallucinated$/, "hallucination")
          .replace(/^partial hallucination$/, "hallucination")
      )
      .filter((t) => t !== ""),
  );
}

function regimeOf(label: string): RawRegime | undefined {
  const t = tags(label);
  if (t.has("hallucination")) return "FABRICATED";
  if (t.has("generic")) return "UNDERSPECIFIED";
  if (t.has("entailment")) return "NORMAL";
  return undefined;
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  const dir = `${dataDir}/${name}`;
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.name.endsWith(".csv")) files.push(entry.name);
  }
  for (const file of files.sort()) {
    const records = await readRecords(`${dir}/${file}`);
    const responseColumn = Object.keys(records[0] ?? {}).find((c) =>
      !["knowledge", "evidence", "history", "begin_label", "vrm_label", "BEGIN", "VRM"].includes(c)
    );
    for (const r of records) {
      const regime = regimeOf(r.BEGIN ?? r.begin_label ?? "");
      const knowledge = detokenise(r.evidence ?? r.knowledge ?? "");
      const response = detokenise(r[responseColumn!] ?? "");
      if (!regime || !knowledge || !response) continue;
      yield {
        set: name,
        part: file.replace(/\.csv$/, ""),
        prompt: dialoguePrompt(knowledge, detokenise(r.history), response),
        response,
        regime,
        hallucinated: regime !== "NORMAL",
        groups: [docKey(knowledge), responseKey(response)],
        modes: ["pr"],
      };
    }
  }
}

const loader: Loader = {
  name,
  licence: "MIT (annotations); WoW CC-BY-4.0, Topical-Chat CDLA-Sharing-1.0 (knowledge)",
  trainable: true,
  load,
};
export default loader;
