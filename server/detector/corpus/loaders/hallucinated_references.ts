/**
 * Hallucinated references (MIT): book/paper titles that GPT-3.5 and text-davinci-003 generated for
 * ACM CCS topics, labelled by whether Bing finds them (an automatic label). One short example per
 * title, pr and ro: prompt "Recommend a book or paper on <topic>.", response the quoted title and
 * the model's first author answer. Not found → CF_AUTH; found → NORMAL. Grouped by topic (the
 * held-back gpt-4 results use the same 200 topics, so topic separation from them is impossible).
 */
import { readRecords } from "../read.ts";
import { docKey, promptKey } from "../keys.ts";
import type { CorpusRow, Loader } from "../types.ts";

const name = "hallucinated_references";

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  const dir = `${dataDir}/${name}`;
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.name.endsWith("_results.csv.gz")) files.push(entry.name);
  }
  for (const file of files.sort()) {
    for (const r of await readRecords(`${dir}/${file}`)) {
      const title = r.gen_title.trim();
      if (!title || !["True", "False"].includes(r.bing_return)) continue;
      const authors = r.model_ans_1.trim().replace(/\.$/, "");
      const hallucinated = r.bing_return === "False";
      const prompt = `Recommend a book or paper on ${r.title.trim()}.`;
      yield {
        set: name,
        part: file.replace(/_results\.csv\.gz$/, ""),
        prompt,
        response: authors ? `"${title}" by ${authors}.` : `"${title}"`,
        regime: hallucinated ? "CF_AUTH" : "NORMAL",
        hallucinated,
        groups: [promptKey(prompt), docKey(title)],
        modes: ["pr", "ro"],
      };
    }
  }
}

const loader: Loader = { name, licence: "MIT", trainable: true, load };
export default loader;
