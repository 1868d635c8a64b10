/**
 * CoCoNot preference data (MIT; ODC-BY on Hugging Face): benign requests (contrast-style) with a
 * compliant GPT-4 answer (`chosen`) and a worse one (`rejected`), model-written, pr only.
 * A `rejected` answer that opens with a refusal → FALSE_REFUSAL; other `rejected` answers (merely
 * weaker compliance) are dropped; `chosen` → NORMAL unless it opens with a refusal itself (dropped
 * as noise). Long answers keep their opening sentences (that is where compliance or refusal
 * shows). The eval / contrast_eval files hold prompts without responses and are not used.
 */
import { readJsonLines } from "../read.ts";
import { promptKey } from "../keys.ts";
import { openingWithin } from "../prompts.ts";
import type { CorpusRow, Loader } from "../types.ts";

const name = "coconot";

/** Refusal wording in the opening of an answer ("As an AI, I can explain..." is not one). */
const REFUSAL =
  /\b(I'?m sorry|I am sorry|I apologi[sz]e|I (?:cannot|can't|can ?not|won't|will not|am unable|'m unable|am not able|'m not able|must decline)|unable to (?:provide|assist|help|comply|fulfil)|not (?:able|going) to (?:provide|assist|help)|not appropriate for me)\b/i;

function opensWithRefusal(answer: string): boolean {
  return REFUSAL.test(answer.trim().slice(0, 200));
}

interface Preference {
  category: string;
  prompt: string;
  chosen: string;
  rejected: string;
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  for (const r of await readJsonLines<Preference>(`${dataDir}/${name}/coconot_pref.jsonl.gz`)) {
    const base = {
      set: name,
      part: r.category,
      prompt: r.prompt,
      groups: [promptKey(r.prompt)],
      modes: ["pr" as const],
    };
    if (!opensWithRefusal(r.chosen)) {
      yield { ...base, response: openingWithin(r.chosen), regime: "NORMAL", hallucinated: false };
    }
    if (opensWithRefusal(r.rejected)) {
      yield {
        ...base,
        response: openingWithin(r.rejected),
        regime: "FALSE_REFUSAL",
        hallucinated: true,
      };
    }
  }
}

const loader: Loader = { name, licence: "MIT (ODC-BY on Hugging Face)", trainable: true, load };
export default loader;
