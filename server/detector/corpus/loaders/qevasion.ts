/**
 * QEvasion / CLARITY inter-annotator files (MIT): political-interview answers labelled for clarity
 * per sub-question, pr only (prompt = the sub-question). Human interview answers, not LLM output:
 * every row has weight 0.5. 1.1 Explicit / 1.2 Implicit → NORMAL; 2.1 Dodging, 2.3 Partial,
 * 2.4 General, 2.9 Diffusion → UNDERSPECIFIED; 2.5 Contradictory → SELF_CONTR; deflection,
 * declining, claims of ignorance and clarification requests → dropped (no regime). The annotator
 * files overlap: every label given to one (sub-question, answer) pair, across files and across
 * test_set.csv's three columns, is pooled, and the strict majority decides (none → dropped).
 * Answers over 2,048 code points are windowed to the sentences most related to the
 * sub-question. Grouped by interview question.
 */
import { readRecords } from "../read.ts";
import { normaliseText, promptKey } from "../keys.ts";
import { windowContext } from "../prompts.ts";
import { MAX_FIELD_CHARS } from "../../../../shared/text.ts";
import type { CorpusRow, Loader } from "../types.ts";
import type { RawRegime } from "../../../../shared/regimes.ts";

const name = "qevasion";

const REGIMES: Record<string, RawRegime> = {
  "1.1": "NORMAL",
  "1.2": "NORMAL",
  "2.1": "UNDERSPECIFIED",
  "2.3": "UNDERSPECIFIED",
  "2.4": "UNDERSPECIFIED",
  "2.9": "UNDERSPECIFIED",
  "2.5": "SELF_CONTR",
};

function majority(labels: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].find(([, n]) => n * 2 > labels.length)?.[0];
}

interface Item {
  interviewQuestion: string;
  question: string;
  answer: string;
  labels: string[];
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  const dir = `${dataDir}/${name}/inter_annotator`;
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) files.push(entry.name);
  const items = new Map<string, Item>();
  for (const file of files.sort()) {
    for (const r of await readRecords(`${dir}/${file}`)) {
      const question = normaliseText(r.Question ?? "");
      const answer = normaliseText(r["Interview Answer"] ?? "");
      if (!question || !answer) continue;
      const key = `${question}\u0000${answer}`;
      const item = items.get(key) ??
        {
          interviewQuestion: normaliseText(r["Interview Question"] ?? ""),
          question,
          answer,
          labels: [],
        };
      items.set(key, item);
      const labels = r.Label !== undefined ? [r.Label] : [r.Annotator1, r.Annotator2, r.Annotator3];
      item.labels.push(...labels.filter((l) => l?.trim()).map((l) => l.trim().slice(0, 3)));
    }
  }
  for (const item of items.values()) {
    const regime = REGIMES[majority(item.labels) ?? ""];
    if (!regime) continue;
    yield {
      set: name,
      part: item.labels.length > 1 ? "multi-annotator" : "single-annotator",
      prompt: item.question,
      response: windowContext(item.answer, item.question, MAX_FIELD_CHARS),
      regime,
      hallucinated: regime !== "NORMAL",
      groups: [promptKey(item.interviewQuestion || item.question)],
      modes: ["pr"],
      weight: 0.5,
    };
  }
}

const loader: Loader = { name, licence: "MIT", trainable: true, load };
export default loader;
