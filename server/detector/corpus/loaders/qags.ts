/**
 * QAGS (no licence stated → eval-only): CNN/DM and XSum summaries with 3 worker judgements per
 * sentence, pr only. A summary with any sentence judged unsupported by the majority → FABRICATED;
 * else NORMAL. Grouped by article text.
 */
import { readJsonLines } from "../read.ts";
import { detokenise, docKey } from "../keys.ts";
import { summaryPrompt } from "../prompts.ts";
import type { CorpusRow, Loader } from "../types.ts";

const name = "qags";

interface Item {
  article: string;
  summary_sentences: { sentence: string; responses: { response: string }[] }[];
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  for (const part of ["cnndm", "xsum"]) {
    for (const r of await readJsonLines<Item>(`${dataDir}/${name}/mturk_${part}.jsonl`)) {
      const unsupported = r.summary_sentences.some((s) =>
        s.responses.filter((v) => v.response === "no").length * 2 > s.responses.length
      );
      const summary = detokenise(r.summary_sentences.map((s) => s.sentence.trim()).join(" "));
      const article = detokenise(r.article);
      yield {
        set: name,
        part,
        prompt: summaryPrompt(article, summary),
        response: summary,
        regime: unsupported ? "FABRICATED" : "NORMAL",
        hallucinated: unsupported,
        groups: [docKey(article)],
        modes: ["pr"],
      };
    }
  }
}

const loader: Loader = { name, licence: "none stated", trainable: false, load };
export default loader;
