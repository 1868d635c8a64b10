/**
 * HaluQuestQA (CC-BY-SA-4.0): ELI5-style questions, each with a human and a GPT-4 answer, and
 * expert span annotations per aspect saying which answer(s) they hit. pr and ro. Per answer:
 * factuality error → FABRICATED; else an unhelpful reference or example (only where the aspect hits
 * just this answer) → CF_AUTH at weight 0.5 (a weak proxy); else incomplete answer →
 * UNDERSPECIFIED; else irrelevance only → dropped (no regime); else NORMAL. Answers over 2,048 code
 * points are skipped by corpus.ts (the labelled spans could be anywhere). The SFT copy
 * (incomplete_ans_detection_data) repeats these answers and is not used. Grouped by question.
 */
import { parsePythonList, readRecords } from "../read.ts";
import { promptKey } from "../keys.ts";
import type { CorpusRow, Loader } from "../types.ts";
import type { RawRegime } from "../../../../shared/regimes.ts";

const name = "haluquestqa";

function hits(r: Record<string, string>, aspect: string): string[] {
  return parsePythonList(r[`${aspect}_label`] ?? "").map(String);
}

function regimeOf(r: Record<string, string>, answer: string): [RawRegime, number] | undefined {
  if (hits(r, "factuality").includes(answer)) return ["FABRICATED", 1];
  const references = hits(r, "reference_example");
  if (
    references.length === 1 && references[0] === answer &&
    parsePythonList(r.reference_example_helpful ?? "").some((h) => String(h) === "False")
  ) return ["CF_AUTH", 0.5];
  if (hits(r, "incomplete_ans").includes(answer)) return ["UNDERSPECIFIED", 1];
  if (hits(r, "irrelevance").includes(answer)) return undefined;
  return ["NORMAL", 1];
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  const records = await readRecords(`${dataDir}/${name}/HaluQuestQA.csv.gz`, { delimiter: "\t" });
  for (const r of records) {
    for (const answer of ["answer1", "answer2"]) {
      const text = r[`${answer === "answer1" ? "ans1" : "ans2"}_text`];
      const labelled = regimeOf(r, answer);
      if (!labelled || !text?.trim()) continue;
      const [regime, weight] = labelled;
      yield {
        set: name,
        part: r[`${answer === "answer1" ? "ans1" : "ans2"}_label`],
        prompt: r.question_text,
        response: text,
        regime,
        hallucinated: regime !== "NORMAL",
        groups: [promptKey(r.question_text)],
        modes: ["pr", "ro"],
        ...(weight === 1 ? {} : { weight }),
      };
    }
  }
}

const loader: Loader = { name, licence: "CC-BY-SA-4.0", trainable: true, load };
export default loader;
