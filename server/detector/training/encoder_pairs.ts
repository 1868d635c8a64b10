/**
 * The cross-encoder's training pairs: a claim against its evidence window (encoder/
 * evidence_window.ts), labelled 1 when the claim is not supported. From the labelled grounded rows
 * of trainable sets (a faithful answer's claims are each supported; a hallucinated one-claim
 * answer is not; a short hallucinated answer of several claims is read whole), and from edits of
 * faithful claims (perturb.ts: entity, number, pronoun, antonym and negation edits are
 * unsupported, synonym substitutions are not). Per-set caps keep the large sets from drowning the
 * small ones.
 */
import type { BuiltRow } from "../corpus/corpus.ts";
import { splitClaims } from "../signals/claims.ts";
import { evidenceSentences, evidenceWindow, hasEvidence } from "../encoder/evidence_window.ts";
import { seededRandom, shuffledIndices } from "../learners/random.ts";
import { CHANGES_MEANING, perturb, type PerturbationKind, type PerturbTools } from "./perturb.ts";

export interface EncoderPair {
  claim: string;
  evidence: string;
  /** 1: the claim is not supported by the evidence. */
  label: 0 | 1;
  set: string;
  /** `labelled`, or the edit that made it. */
  source: "labelled" | PerturbationKind;
}

export interface PairOptions {
  seed: number;
  /** Labelled pairs kept per set (a random subset when a set gives more). */
  perSet: number;
  /** Share of faithful claims that also yield an edited pair (0: none). */
  perturbRate: number;
}

/** Names the pairs' files: changed whenever the construction below changes. */
export const PAIRS_VERSION = "p1";

/** A faithful answer gives at most this many claims: long summaries would otherwise dominate. */
const CLAIMS_PER_ROW = 3;
/** A hallucinated answer of several claims is read whole only when it is this short. */
const MAX_WHOLE_CHARS = 600;
const EDITS = (Object.keys(CHANGES_MEANING) as PerturbationKind[]).filter((k) => k !== "reorder");

export function encoderPairs(
  rows: readonly BuiltRow[],
  tools: PerturbTools,
  options: PairOptions,
): EncoderPair[] {
  const rand = seededRandom(options.seed);
  const labelled = new Map<string, EncoderPair[]>();
  const edited: EncoderPair[] = [];
  for (const row of rows) {
    if (!row.trainable || !row.prompt || !row.modes.includes("pr")) continue;
    const sentences = evidenceSentences(row.prompt);
    if (!hasEvidence(sentences)) continue;
    const pair = (claim: string, label: 0 | 1, source: EncoderPair["source"]): EncoderPair => ({
      claim,
      evidence: evidenceWindow(sentences, claim),
      label,
      set: row.set,
      source,
    });
    const claims = splitClaims(row.response).map((c) => c.text);
    const own = labelled.get(row.set) ?? [];
    labelled.set(row.set, own);
    if (row.hallucinated) {
      if (claims.length === 1) own.push(pair(claims[0], 1, "labelled"));
      else if (row.response.length <= MAX_WHOLE_CHARS) own.push(pair(row.response, 1, "labelled"));
      continue;
    }
    const order = shuffledIndices(claims.length, Math.floor(rand() * 2 ** 31));
    for (const i of order.slice(0, CLAIMS_PER_ROW)) {
      own.push(pair(claims[i], 0, "labelled"));
      if (rand() >= options.perturbRate) continue;
      const start = Math.floor(rand() * EDITS.length);
      for (let k = 0; k < EDITS.length; k++) {
        const kind = EDITS[(start + k) % EDITS.length];
        const changed = perturb(kind, row.prompt, claims[i], tools, rand);
        if (changed === undefined || changed === claims[i]) continue;
        edited.push(pair(changed, CHANGES_MEANING[kind] ? 1 : 0, kind));
        break;
      }
    }
  }
  const capped = [...labelled.values()].flatMap((pairs) =>
    [...shuffledIndices(pairs.length, options.seed)].slice(0, options.perSet).map((i) => pairs[i])
  );
  const all = [...capped, ...edited];
  return [...shuffledIndices(all.length, options.seed + 1)].map((i) => all[i]);
}
