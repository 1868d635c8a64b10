/**
 * AttributionBench (Apache-2.0 per its dataset card): answer sentences from generative search and
 * RAG systems, human-judged against their cited references, pr only (prompt = references +
 * question, response = the claim). attributable → NORMAL; not attributable → FABRICATED, or
 * CF_AUTH when the claim carries a [n] citation marker (a citation pinned on a source that does not
 * say it). Rows without references are dropped. The BEGIN part shares knowledge and responses
 * with ../begin: grouped by reference text and response so the copies share a split. `part` keeps
 * the file (dev / test / test_ood) for anyone who wants the authors' held-out files.
 */
import { readJsonLines } from "../read.ts";
import { docKey, promptKey, responseKey } from "../keys.ts";
import { groundedQuestionPrompt } from "../prompts.ts";
import type { CorpusRow, Loader } from "../types.ts";

const name = "attributionbench";

const FILES = {
  dev: "dev_all_subset_balanced.jsonl.gz",
  test: "test_all_subset_balanced_sampled500.jsonl.gz",
  test_ood: "test_ood_all_subset_balanced.jsonl.gz",
};

interface BenchRow {
  question: string;
  claim: string;
  references: string[];
  attribution_label: string;
  src_dataset: string;
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  for (const [file, path] of Object.entries(FILES)) {
    for (const r of await readJsonLines<BenchRow>(`${dataDir}/${name}/${path}`)) {
      const references = r.references.map((ref) => ref.trim()).filter((ref) => ref !== "");
      if (references.length === 0) continue;
      const context = references.join("\n\n");
      const supported = r.attribution_label === "attributable";
      const regime = supported ? "NORMAL" : /\[\d+\]/.test(r.claim) ? "CF_AUTH" : "FABRICATED";
      yield {
        set: name,
        part: `${file}:${r.src_dataset}`,
        prompt: groundedQuestionPrompt(context, r.question, r.claim),
        response: r.claim,
        regime,
        hallucinated: !supported,
        groups: [...references.map(docKey), promptKey(r.question), responseKey(r.claim)],
        modes: ["pr"],
      };
    }
  }
}

const loader: Loader = { name, licence: "Apache-2.0", trainable: true, load };
export default loader;
