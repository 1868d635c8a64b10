/**
 * DiaHalu V2 (no licence stated → eval-only): ChatGPT / GPT-4 dialogues, expert-labelled, pr only.
 * Response = the labelled LLM turn B_k (the first listed; the last B turn for hallucination-free
 * dialogues), prompt = the transcript before it (its most recent part within 2,048 code points).
 * Incoherence → SELF_CONTR; non-factual → FABRICATED; overreliance → NEAR_FALSE; irrelevance →
 * UNDERSPECIFIED; reasoning errors → dropped (no regime); label 0 → NORMAL. Grouped by the
 * opening of the dialogue (184 are seeded from TruthfulQA questions; their wording differs).
 */
import { readJsonLines } from "../read.ts";
import { promptKey } from "../keys.ts";
import { MAX_FIELD_CHARS } from "../../../../shared/text.ts";
import type { CorpusRow, Loader } from "../types.ts";
import type { RawRegime } from "../../../../shared/regimes.ts";

const name = "diahalu";

const TYPES: Record<string, RawRegime> = {
  incoherence: "SELF_CONTR",
  "non-factual": "FABRICATED",
  overreliance: "NEAR_FALSE",
  irrelevance: "UNDERSPECIFIED",
};

interface Dialogue {
  Dialogue: string;
  Label: string | number;
  "Hallucination Type": string;
}

/** The transcript's turns, in order: [speaker + number, text]. */
function turns(dialogue: string): [string, string][] {
  const parts = dialogue.split(/(?:^|\n)\s*([AB]\d+):/);
  const result: [string, string][] = [];
  for (let i = 1; i + 1 < parts.length; i += 2) result.push([parts[i], parts[i + 1].trim()]);
  return result;
}

function recentWithin(lines: string[], max: number): string {
  const kept: string[] = [];
  let length = 0;
  for (const line of [...lines].reverse()) {
    const n = Array.from(line).length + 1;
    if (length + n > max) break;
    kept.unshift(line);
    length += n;
  }
  return kept.join("\n");
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  for (const r of await readJsonLines<Dialogue>(`${dataDir}/${name}/DiaHalu_V2.jsonl.gz`)) {
    const all = turns(r.Dialogue);
    let regime: RawRegime | undefined = "NORMAL";
    let target = [...all].reverse().find(([speaker]) => speaker.startsWith("B"))?.[0];
    if (String(r.Label) === "1") {
      const [turn, type] = (JSON.parse(r["Hallucination Type"] || "[]") as [number, string][])[0] ??
        [];
      regime = TYPES[String(type).toLowerCase()];
      target = `B${turn}`;
    }
    const index = all.findIndex(([speaker]) => speaker === target);
    if (!regime || index < 1) continue;
    const history = all.slice(0, index).map(([speaker, text]) => `${speaker}: ${text}`);
    yield {
      set: name,
      part: regime,
      prompt: recentWithin(history, MAX_FIELD_CHARS),
      response: all[index][1],
      regime,
      hallucinated: regime !== "NORMAL",
      groups: [promptKey(all[0][1])],
      modes: ["pr"],
    };
  }
}

const loader: Loader = { name, licence: "none stated", trainable: false, load };
export default loader;
