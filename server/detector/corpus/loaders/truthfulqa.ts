/**
 * TruthfulQA v1 (Apache-2.0). Question + answer pairs from two sources:
 * - TruthfulQA.csv: each Correct Answer → NORMAL; each Incorrect Answer → FABRICATED, except the
 *   Misquotations category (who said a quote) → CF_AUTH and Indexical Error / Logical Falsehood →
 *   NEAR_FALSE.
 * - finetune_truth / finetune_info (human labels on model answers): truth `no` → FABRICATED (typed
 *   by category as above); else informativeness `no` (e.g. "I have no comment") → UNDERSPECIFIED
 *   at weight 0.5 (a weak proxy); else NORMAL.
 * Modes: pr always; ro too when the answer has at least 8 words (short answers like "You die"
 * cannot be judged without the question).
 */
import { readJsonLines, readRecords } from "../read.ts";
import { matchText, promptKey } from "../keys.ts";
import type { CorpusRow, Loader } from "../types.ts";
import type { InputMode, RawRegime } from "../../../../shared/regimes.ts";

const name = "truthfulqa";

function falseRegime(category: string | undefined): RawRegime {
  if (category === "Misquotations") return "CF_AUTH";
  if (category?.startsWith("Indexical Error") || category === "Logical Falsehood") {
    return "NEAR_FALSE";
  }
  return "FABRICATED";
}

function modesFor(answer: string): InputMode[] {
  return answer.trim().split(/\s+/).length >= 8 ? ["pr", "ro"] : ["pr"];
}

/** "Q: <question>\nA: <answer>\n<Label>:" → [question, answer]. */
function parseJudgePrompt(prompt: string): [string, string] | undefined {
  const match = prompt.match(/^Q: ([\s\S]*?)\nA: ([\s\S]*)\n(?:True|Helpful):$/);
  return match ? [match[1], match[2]] : undefined;
}

function row(
  part: string,
  question: string,
  answer: string,
  regime: RawRegime,
  weight?: number,
): CorpusRow {
  return {
    set: name,
    part,
    prompt: question,
    response: answer,
    regime,
    hallucinated: regime !== "NORMAL",
    groups: [promptKey(question)],
    modes: modesFor(answer),
    ...(weight === undefined ? {} : { weight }),
  };
}

async function judgeLabels(path: string): Promise<Map<string, [string, string, boolean]>> {
  const labels = new Map<string, [string, string, boolean]>();
  for (const r of await readJsonLines<{ prompt: string; completion: string }>(path)) {
    const pair = parseJudgePrompt(r.prompt);
    if (pair) labels.set(`${pair[0]}\u0000${pair[1]}`, [...pair, r.completion.trim() === "yes"]);
  }
  return labels;
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  const dir = `${dataDir}/${name}`;
  const categories = new Map<string, string>();
  for (const r of await readRecords(`${dir}/TruthfulQA.csv`)) {
    categories.set(matchText(r.Question), r.Category);
    const answers = (field: string) => field.split(";").map((a) => a.trim()).filter((a) => a);
    for (const answer of answers(r["Correct Answers"])) {
      yield row("csv", r.Question, answer, "NORMAL");
    }
    for (const answer of answers(r["Incorrect Answers"])) {
      yield row("csv", r.Question, answer, falseRegime(r.Category));
    }
  }
  const truth = await judgeLabels(`${dir}/finetune_truth.jsonl.gz`);
  const info = await judgeLabels(`${dir}/finetune_info.jsonl.gz`);
  for (const [key, [question, answer, truthful]] of truth) {
    const category = categories.get(matchText(question));
    if (!truthful) yield row("finetune", question, answer, falseRegime(category));
    else if (info.get(key)?.[2] === false) {
      yield row("finetune", question, answer, "UNDERSPECIFIED", 0.5);
    } else yield row("finetune", question, answer, "NORMAL");
  }
}

const loader: Loader = { name, licence: "Apache-2.0", trainable: true, load };
export default loader;
