/**
 * FIB (code Apache-2.0, data licence not stated → eval-only): documents with a consistent and a
 * human-verified inconsistent summary, pr only. The correct choice → NORMAL; the other → FABRICATED
 * for XSum (model hallucinations) and the FIR minimal-edit pairs, NEAR_FALSE for CNN/DM
 * (extractive sentences that misrepresent the document). Grouped by BBC id / CNN-DM story hash
 * (shared with XSumFaith, FRANK, CLIFF) and document text.
 */
import { parsePythonList, readJsonLines } from "../read.ts";
import { bbcKey, cnndmKey, detokenise, docKey } from "../keys.ts";
import { summaryPrompt } from "../prompts.ts";
import type { CorpusRow, Loader } from "../types.ts";

const name = "fib";

interface Pair {
  id: string;
  input: string;
  list_choices: string | string[];
  lbl: string | number;
}

function clean(text: string): string {
  return detokenise(text.replace(/<\/?t>/g, " ").replace(/\s+/g, " ").trim());
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  for (const file of ["fib_xsum", "fib_cnn_dm", "fir_xsum", "fir_cnn_dm"]) {
    const xsum = file.endsWith("xsum");
    for (const r of await readJsonLines<Pair>(`${dataDir}/${name}/${file}.jsonl.gz`)) {
      const choices =
        (Array.isArray(r.list_choices) ? r.list_choices : parsePythonList(r.list_choices)).map((
          c,
        ) => clean(String(c)));
      const correct = Number(r.lbl);
      const document = clean(r.input);
      const groups = [xsum ? bbcKey(r.id) : cnndmKey(r.id), docKey(document)];
      for (const [i, summary] of choices.entries()) {
        const regime = i === correct
          ? "NORMAL"
          : xsum || file.startsWith("fir")
          ? "FABRICATED"
          : "NEAR_FALSE";
        yield {
          set: name,
          part: file,
          prompt: summaryPrompt(document, summary),
          response: summary,
          regime,
          hallucinated: regime !== "NORMAL",
          groups,
          modes: ["pr"],
        };
      }
    }
  }
}

const loader: Loader = {
  name,
  licence: "no data licence stated (code Apache-2.0)",
  trainable: false,
  load,
};
export default loader;
