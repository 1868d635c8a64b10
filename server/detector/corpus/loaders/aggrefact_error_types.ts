/**
 * AggreFact error-type annotations of CLIFF and Goyal'21 summaries (no licence stated →
 * eval-only), pr only. correct / no error → NORMAL; any extrinsic error → FABRICATED; intrinsic
 * only → NEAR_FALSE; noise-only annotations → dropped. Grouped by BBC id / CNN-DM story hash
 * (shared with XSumFaith, FRANK, FIB) and document text.
 */
import { parsePythonList, readRecords } from "../read.ts";
import { bbcKey, cnndmKey, detokenise, docKey } from "../keys.ts";
import { summaryPrompt } from "../prompts.ts";
import type { CorpusRow, Loader } from "../types.ts";
import type { RawRegime } from "../../../../shared/regimes.ts";

const name = "aggrefact_error_types";

function regimeOf(errorType: string): RawRegime | undefined {
  const text = errorType.trim();
  if (text === "" || text === "correct") return "NORMAL";
  const types = parsePythonList(text).flat().map(String);
  if (types.some((t) => t.startsWith("extrinsic"))) return "FABRICATED";
  if (types.some((t) => t.startsWith("intrinsic"))) return "NEAR_FALSE";
  return undefined;
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  for (const file of ["CLIFF_error_types.csv.gz", "Goyal21_error_types.csv"]) {
    for (const r of await readRecords(`${dataDir}/${name}/${file}`)) {
      const regime = regimeOf(r.error_type);
      if (!regime || !r.doc || !r.summ) continue;
      const summary = detokenise(r.summ);
      yield {
        set: name,
        part: `${file.split("_")[0]}:${r.origin}`,
        prompt: summaryPrompt(r.doc, summary),
        response: summary,
        regime,
        hallucinated: regime !== "NORMAL",
        groups: [r.origin === "xsum" ? bbcKey(r.id) : cnndmKey(r.id), docKey(r.doc)],
        modes: ["pr"],
      };
    }
  }
}

const loader: Loader = { name, licence: "none stated", trainable: false, load };
export default loader;
