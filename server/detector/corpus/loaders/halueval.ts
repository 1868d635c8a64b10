/**
 * HaluEval (MIT). general: human-labelled ChatGPT answers to Alpaca instructions, pr + ro
 * (`yes` → FABRICATED, `no` → NORMAL). generation_qa: HotpotQA knowledge + question with the gold
 * answer (NORMAL) and a ChatGPT-written wrong one (FABRICATED), pr only; the one-turn and multi-turn
 * files share the questions, so the right answers collapse in dedup.
 */
import { readJsonLines } from "../read.ts";
import { docKey, promptKey } from "../keys.ts";
import { groundedQuestionPrompt } from "../prompts.ts";
import type { CorpusRow, Loader } from "../types.ts";

interface GeneralRow {
  user_query: string;
  chatgpt_response: string;
  hallucination: string;
}

interface QaRow {
  knowledge: string;
  question: string;
  right_answer: string;
  hallucinated_answer: string;
}

const name = "halueval";

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  const dir = `${dataDir}/${name}`;
  for (const r of await readJsonLines<GeneralRow>(`${dir}/general_data.json.gz`)) {
    const hallucinated = r.hallucination === "yes";
    yield {
      set: name,
      part: "general",
      prompt: r.user_query,
      response: r.chatgpt_response,
      regime: hallucinated ? "FABRICATED" : "NORMAL",
      hallucinated,
      groups: [promptKey(r.user_query)],
      modes: ["pr", "ro"],
    };
  }
  for (const file of ["qa_one-turn_data.json", "qa_multi-turn_data.json"]) {
    for (const r of await readJsonLines<QaRow>(`${dir}/generation_qa/${file}`)) {
      const groups = [docKey(r.knowledge), promptKey(r.question)];
      for (
        const [answer, hallucinated] of [[r.right_answer, false], [
          r.hallucinated_answer,
          true,
        ]] as const
      ) {
        yield {
          set: name,
          part: "generation_qa",
          prompt: groundedQuestionPrompt(r.knowledge, r.question, answer),
          response: answer,
          regime: hallucinated ? "FABRICATED" : "NORMAL",
          hallucinated,
          groups,
          modes: ["pr"],
        };
      }
    }
  }
}

const loader: Loader = { name, licence: "MIT", trainable: true, load };
export default loader;
