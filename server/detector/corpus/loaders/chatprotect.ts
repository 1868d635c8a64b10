/**
 * ChatProtect (Apache-2.0): sentence pairs sampled in the same context of LM descriptions, tagged
 * by humans. Response = the preceding text + the original sentence + the alternative sentence;
 * `strong` (the two contradict) → SELF_CONTR, `ok` → NORMAL; untagged pairs are dropped. pr
 * (prompt = the request, e.g. "Please tell me about X") and ro (a contradiction shows in the
 * response alone). Long prefixes keep their end (whole sentences), so the pair always fits.
 * Sampling: every `strong` pair, and `ok` pairs at a deterministic 2 per `strong` per set (by a
 * hash of the file path), to keep the set from swamping the corpus. Grouped by the request.
 */
import { readJsonLines } from "../read.ts";
import { hashText, promptKey } from "../keys.ts";
import { codePointLength, MAX_FIELD_CHARS } from "../../../../shared/text.ts";
import type { CorpusRow, Loader } from "../types.ts";

const name = "chatprotect";

const OK_PER_STRONG = 2;

interface Pair {
  path: string;
  set: string;
  kind: string;
  target?: string;
  prefix?: string;
  orig?: string;
  alt?: string;
  tag?: string | null;
  lm?: string;
}

/** The end of `prefix`, from a sentence start, within `budget` code points. */
function prefixTail(prefix: string, budget: number): string {
  if (codePointLength(prefix) <= budget) return prefix;
  const tail = Array.from(prefix).slice(-budget).join("");
  const start = tail.search(/(?<=[.!?]\s)\S/u);
  return start < 0 ? "" : tail.slice(start);
}

function response(pair: Pair): string {
  const sentences = `${pair.orig!.trim()} ${pair.alt!.trim()}`;
  const budget = MAX_FIELD_CHARS - codePointLength(sentences) - 1;
  return `${prefixTail((pair.prefix ?? "").trim(), budget)} ${sentences}`.trim();
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  const pairs =
    (await readJsonLines<Pair>(`${dataDir}/${name}/chatprotect_sentence_pairs.jsonl.gz`))
      .filter((p) =>
        p.kind === "sentences" && (p.tag === "strong" || p.tag === "ok") && p.orig && p.alt &&
        p.target
      );
  const strongPerSet = new Map<string, number>();
  const okPerSet = new Map<string, number>();
  for (const p of pairs) {
    const counts = p.tag === "strong" ? strongPerSet : okPerSet;
    counts.set(p.set, (counts.get(p.set) ?? 0) + 1);
  }
  for (const p of pairs) {
    const contradiction = p.tag === "strong";
    if (!contradiction) {
      const keep = Math.min(
        1,
        OK_PER_STRONG * (strongPerSet.get(p.set) ?? 0) / okPerSet.get(p.set)!,
      );
      if (parseInt(hashText(p.path), 16) / 2 ** 53 >= keep) continue;
    }
    yield {
      set: name,
      part: `${p.set}:${p.lm ?? ""}`,
      prompt: p.target!,
      response: response(p),
      regime: contradiction ? "SELF_CONTR" : "NORMAL",
      hallucinated: contradiction,
      groups: [promptKey(p.target!)],
      modes: ["pr", "ro"],
    };
  }
}

const loader: Loader = { name, licence: "Apache-2.0", trainable: true, load };
export default loader;
