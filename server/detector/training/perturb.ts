/**
 * Training signal made by us (FactCC-style): faithful grounded responses of the training split
 * edited so that their meaning changes (entity, number and pronoun swaps, antonyms, negation) or
 * stays (synonym substitution, claim reordering). The edited rows teach the difference between
 * "reworded" and "changed". Only built from training-split rows of trainable sets: never in
 * calibration or test.
 */
import type { CorpusRow } from "../corpus/types.ts";
import type { Lexicon } from "../signals/lexicon.ts";
import { splitClaims } from "../signals/claims.ts";
import { isContentWord, WORD } from "../signals/text.ts";
import type { WordVectors } from "../signals/word_vectors.ts";
import { seededRandom } from "../learners/random.ts";

export type PerturbationKind =
  | "entity_swap"
  | "number_swap"
  | "pronoun_swap"
  | "antonym"
  | "negation"
  | "synonym"
  | "reorder";

/** Whether each kind changes the meaning (the edited row is hallucinated). */
export const CHANGES_MEANING: Record<PerturbationKind, boolean> = {
  entity_swap: true,
  number_swap: true,
  pronoun_swap: true,
  antonym: true,
  negation: true,
  synonym: false,
  reorder: false,
};
const KINDS = Object.keys(CHANGES_MEANING) as PerturbationKind[];

/** Grounded sets whose faithful responses are edited (all trainable, document or snippet prompts). */
export const PERTURBED_SETS = [
  "begin",
  "faithdial_audit",
  "frank",
  "summac_pieces",
  "summedits",
  "wice",
  "xsum_hallucination",
];
export const PERTURBED_SET = "perturbed";
/** A synonym must also be this close in vector space: WordNet lists rare senses too. */
const SYNONYM_SIMILARITY = 0.6;
/** Weight of an edited row against a labelled one. */
const PERTURBED_WEIGHT = 0.5;

const PRONOUNS: Record<string, string> = {
  he: "she",
  she: "he",
  his: "her",
  her: "his",
  him: "her",
  He: "She",
  She: "He",
  His: "Her",
  Her: "His",
};
const AUXILIARY = /\b(is|was|are|were|has|have|had|can|will|could|would|did|does|do)\b(?! not)/;
const EXISTING_NEGATION = /\b(is|was|are|were|has|have|had|can|will|could|would|did|does|do) not\b/;

interface Span {
  word: string;
  index: number;
}

function spans(text: string): Span[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: m[0], index: m.index }));
}

function replaceAt(text: string, span: Span, replacement: string): string {
  return text.slice(0, span.index) + replacement + text.slice(span.index + span.word.length);
}

function pick<T>(items: readonly T[], rand: () => number): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(rand() * items.length)];
}

/** Tools an edit may need: the lexicon and the vector vocabulary (to keep synonyms common). */
export interface PerturbTools {
  lexicon: Lexicon;
  vectors: WordVectors;
}

/** One edit of the response of the given kind, or undefined when the kind does not apply. */
export function perturb(
  kind: PerturbationKind,
  prompt: string,
  response: string,
  tools: PerturbTools,
  rand: () => number,
): string | undefined {
  const words = spans(response);
  const isCapitalised = (s: Span, i: number) => i > 0 && /^\p{Lu}\p{Ll}+$/u.test(s.word);
  switch (kind) {
    case "entity_swap": {
      const present = new Set(words.map((s) => s.word));
      const target = pick(words.filter(isCapitalised), rand);
      const others = [...new Set(spans(prompt).filter(isCapitalised).map((s) => s.word))]
        .filter((w) => !present.has(w));
      const replacement = pick(others, rand);
      return target && replacement ? replaceAt(response, target, replacement) : undefined;
    }
    case "number_swap": {
      const target = pick(words.filter((s) => /^\d+$/.test(s.word)), rand);
      if (!target) return undefined;
      const value = Number(target.word);
      const others = spans(prompt).map((s) => s.word).filter((w) =>
        /^\d+$/.test(w) && w !== target.word
      );
      return replaceAt(
        response,
        target,
        pick(others, rand) ?? String(value + 1 + Math.floor(rand() * 9)),
      );
    }
    case "pronoun_swap": {
      const target = pick(words.filter((s) => s.word in PRONOUNS), rand);
      return target ? replaceAt(response, target, PRONOUNS[target.word]) : undefined;
    }
    case "antonym": {
      const candidates = words.flatMap((s) => {
        const lower = s.word.toLowerCase();
        if (lower !== s.word || !isContentWord(lower)) return [];
        const antonym = [...tools.lexicon.antonymsOfWord(lower)].find((a) =>
          tools.vectors.indexOf(a) >= 0
        );
        return antonym ? [{ span: s, antonym }] : [];
      });
      const chosen = pick(candidates, rand);
      return chosen ? replaceAt(response, chosen.span, chosen.antonym) : undefined;
    }
    case "negation": {
      if (EXISTING_NEGATION.test(response)) return response.replace(EXISTING_NEGATION, "$1");
      return AUXILIARY.test(response) ? response.replace(AUXILIARY, "$1 not") : undefined;
    }
    case "synonym": {
      const candidates = words.flatMap((s) => {
        const lower = s.word.toLowerCase();
        // Lemmas only: a synonym of "cars" would lose the plural.
        if (lower !== s.word || !isContentWord(lower) || !tools.lexicon.knows(lower)) return [];
        const synonym = [...tools.lexicon.synonymsOf(lower)].find((w) =>
          tools.vectors.indexOf(w) >= 0 && tools.vectors.similarity(w, lower) >= SYNONYM_SIMILARITY
        );
        return synonym ? [{ span: s, synonym }] : [];
      });
      const chosen = pick(candidates, rand);
      return chosen ? replaceAt(response, chosen.span, chosen.synonym) : undefined;
    }
    case "reorder": {
      const claims = splitClaims(response);
      if (claims.length < 2) return undefined;
      const [a, b] = claims;
      return b.text + " " + a.text + response.slice(b.end);
    }
  }
}

/**
 * One edited row per faithful source row (kinds tried in a seeded order until one applies);
 * changed rows are labelled hallucinated (NEAR_FALSE), preserved ones not (NORMAL).
 */
export function perturbedRows(
  rows: readonly CorpusRow[],
  tools: PerturbTools,
  seed: number,
): CorpusRow[] {
  const rand = seededRandom(seed);
  const out: CorpusRow[] = [];
  for (const row of rows) {
    if (row.hallucinated || !row.prompt || !PERTURBED_SETS.includes(row.set)) continue;
    const start = Math.floor(rand() * KINDS.length);
    for (let k = 0; k < KINDS.length; k++) {
      const kind = KINDS[(start + k) % KINDS.length];
      const response = perturb(kind, row.prompt, row.response, tools, rand);
      if (response === undefined || response === row.response) continue;
      const changed = CHANGES_MEANING[kind];
      out.push({
        set: PERTURBED_SET,
        part: kind,
        prompt: row.prompt,
        response,
        regime: changed ? "NEAR_FALSE" : "NORMAL",
        hallucinated: changed,
        groups: row.groups,
        modes: ["pr"],
        weight: PERTURBED_WEIGHT,
      });
      break;
    }
  }
  return out;
}
