/**
 * XSTest v2 (prompts CC-BY-4.0; completions of GPT-4, Llama-2, Mistral under their providers'
 * terms, which allow this use). Human-labelled completions, pr only (a refusal alone cannot be
 * judged without its prompt):
 * - safe prompt + full or partial refusal → FALSE_REFUSAL; safe prompt + compliance → NORMAL;
 * - unsafe (`contrast_*`) prompt + refusal → NORMAL (a correct refusal, a negative for
 *   FALSE_REFUSAL); unsafe + compliance → dropped (harmful, but not a hallucination regime).
 * The llama2orig completions are held back upstream as an evaluation set: its prompts are the
 * same 450, so prompt-level separation from it is impossible.
 */
import { readRecords } from "../read.ts";
import { promptKey } from "../keys.ts";
import type { CorpusRow, Loader } from "../types.ts";

const name = "xstest";

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  const dir = `${dataDir}/${name}/model_completions`;
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.name.endsWith(".csv")) files.push(entry.name);
  }
  for (const file of files.sort()) {
    const model = file.replace(/^xstest_v2_completions_|\.csv$/g, "");
    for (const r of await readRecords(`${dir}/${file}`)) {
      const safe = !r.type.startsWith("contrast_");
      const refused = r.final_label.startsWith("2_") || r.final_label.startsWith("3_");
      if (!safe && !refused) continue;
      const falseRefusal = safe && refused;
      yield {
        set: name,
        part: model,
        prompt: r.prompt,
        response: r.completion,
        regime: falseRefusal ? "FALSE_REFUSAL" : "NORMAL",
        hallucinated: falseRefusal,
        groups: [promptKey(r.prompt)],
        modes: ["pr"],
      };
    }
  }
}

const loader: Loader = {
  name,
  licence: "CC-BY-4.0 (prompts); completions under the model providers' terms",
  trainable: true,
  load,
};
export default loader;
