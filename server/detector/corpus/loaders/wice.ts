/**
 * WiCE (annotations ODC-BY-1.0; claims from Wikipedia CC-BY-SA): Wikipedia claims judged against
 * the web page they cite, pr only, using the oracle chunks (the gold supporting sentences plus
 * distractors, about 1,500 characters) as context: prompt = the cited source text + "Claim
 * made citing this source.", response = the claim. supported → NORMAL; partially_supported →
 * NEAR_FALSE (mostly backed, one part not); not_supported → FABRICATED. Each claim has a chunk
 * per annotator support set, all kept. Grouped by claim id and claim text.
 */
import { parsePythonList, readJsonLines } from "../read.ts";
import { docKey } from "../keys.ts";
import { promptWithContext } from "../prompts.ts";
import type { CorpusRow, Loader } from "../types.ts";
import type { RawRegime } from "../../../../shared/regimes.ts";

const name = "wice";

const REGIMES: Record<string, RawRegime> = {
  supported: "NORMAL",
  partially_supported: "NEAR_FALSE",
  not_supported: "FABRICATED",
};

interface Chunk {
  label: string;
  claim: string;
  evidence: string | string[];
  meta: string | { id: string };
}

async function* load(dataDir: string): AsyncIterable<CorpusRow> {
  for (const split of ["dev", "test"]) {
    for (
      const r of await readJsonLines<Chunk>(
        `${dataDir}/${name}/oracle_chunks_claim_${split}.jsonl.gz`,
      )
    ) {
      const regime = REGIMES[r.label];
      const evidence = (Array.isArray(r.evidence) ? r.evidence : parsePythonList(r.evidence)).map(
        String,
      );
      const id = typeof r.meta === "string" ? r.meta.match(/'id': '([^']+)'/)?.[1] : r.meta.id;
      if (!regime || evidence.length === 0) continue;
      yield {
        set: name,
        part: split,
        prompt: promptWithContext(
          "Source:\n",
          evidence.join(" "),
          "\n\nClaim made citing this source.",
          r.claim,
        ),
        response: r.claim,
        regime,
        hallucinated: regime !== "NORMAL",
        groups: [id ? `wice:${id}` : "", docKey(r.claim)],
        modes: ["pr"],
      };
    }
  }
}

const loader: Loader = {
  name,
  licence: "ODC-BY-1.0 (annotations); CC-BY-SA (claims)",
  trainable: true,
  load,
};
export default loader;
