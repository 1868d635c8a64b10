/**
 * Q² (Apache-2.0; WoW knowledge CC-BY-4.0): DodecaDialogue and MemNet replies on Wizard of
 * Wikipedia, human-judged against the knowledge sentence, pr only. consistent → NORMAL;
 * inconsistent → FABRICATED. cross_annotation.csv: its labels are the reverse of what SOURCE.md
 * says (1 = inconsistent): every turn it shares with the per-file labels has label 0 when the file
 * says consistent and 1 when it says inconsistent (299 + 300 of 299 + 300), and its label-1 rows
 * read as unsupported ("he became famous on youtube in the 20th century" vs "21st century"). Its
 * copies of the per-file turns collapse in dedup. Grouped by knowledge text (shared with BEGIN
 * and FaithDial) and by response.
 */
import { readRecords } from "../read.ts";
import { detokenise, docKey, responseKey } from "../keys.ts";
import { dialoguePrompt } from "../prompts.ts";
import type { CorpusRow, Loader } from "../types.ts";

const name = "q_squared";

function dialogueRow(
  part: string,
  r: Record<string, string>,
  reply: string,
  consistent: boolean,
): CorpusRow {
  const response = detokenise(reply);
  return {
    set: name,
    part,
    prompt: dialoguePrompt(r.knowledge, r.message, response),
    response,
    regime: consistent ? "NORMAL" : "FABRICATED",
    hallucinated: !consistent,
    groups: [docKey(r.knowledge), responseKey(response)],
    modes: ["pr"],
  };
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  const dir = `${dataDir}/${name}`;
  for (const system of ["dodeca", "memnet"]) {
    for (const label of ["consistent", "inconsistent"]) {
      for (const r of await readRecords(`${dir}/${system}_${label}.csv`)) {
        yield dialogueRow(system, r, r.response, label === "consistent");
      }
    }
  }
  for (const r of await readRecords(`${dir}/cross_annotation.csv`)) {
    for (const system of ["dodeca", "memnet"]) {
      const label = r[`${system}_label`]?.trim();
      if (label === "0" || label === "1") {
        yield dialogueRow(`${system}:cross`, r, r[`${system}_response`], label === "0");
      }
    }
  }
}

const loader: Loader = {
  name,
  licence: "Apache-2.0 (WoW knowledge CC-BY-4.0)",
  trainable: true,
  load,
};
export default loader;
