/**
 * Claim-level alignment (`pr` mode): each claim of the response (`splitClaims`) is compared with
 * its evidence window, the few prompt sentences that share most of its content words, not with
 * the whole prompt; the per-claim findings are aggregated to the answer (worst claim and
 * coverage-weighted mean). Three feature blocks, switchable for the ablation:
 *
 * - claims: unsupported content words, numbers and entities per claim against its window, and
 *   words found elsewhere in the prompt but not in the window (facts fused across passages);
 * - vectors: soft coverage (each claim word's best cosine match in the window) and near misses
 *   (a new word very close to a window word: a swapped name, role or quantity);
 * - lexicon: WordNet antonyms and prefix negations of window words, and new words that are only
 *   synonyms or derivational forms of window words (rewording, not a change).
 */
import { type Claim, splitClaims } from "./claims.ts";
import { type Lexicon, withoutNegation } from "./lexicon.ts";
import { isContentWord, numbersIn, stem, STOPWORDS, type TextAnalysis, words } from "./text.ts";
import type { WordVectors } from "./word_vectors.ts";

/** What the model ships beside its weights for meaning, not just spelling. */
export interface Semantics {
  vectors: WordVectors;
  lexicon: Lexicon;
}

export const CLAIM_FEATURES = [
  "claim_log_count",
  "claim_max_unsupported",
  "claim_weighted_unsupported",
  "claim_unsupported_share",
  "claim_max_number_missing",
  "claim_max_entity_missing",
  "claim_max_best_sentence_entity_missing",
  "claim_max_window_gap",
  "claim_min_best_sentence_share",
] as const;

export const VECTOR_FEATURES = [
  "vec_min_soft_coverage",
  "vec_weighted_soft_coverage",
  "vec_near_miss_log",
  "vec_max_novel_similarity",
  "vec_far_novel_share",
  "vec_unknown_novel_share",
] as const;

export const LEXICON_FEATURES = [
  "lex_antonym_log",
  "lex_negated_form_log",
  "lex_related_share",
  "lex_max_unexplained",
  "lex_near_miss_unrelated_log",
] as const;

/** Prompt sentences in a window; claims scored per call (bounded cost on long answers). */
const WINDOW_SENTENCES = 3;
const MAX_CLAIMS = 40;
const MAX_EVIDENCE_SENTENCES = 120;
/** A new word at least this close to a window word is a near miss rather than new content. */
const NEAR_MISS = 0.5;
const FAR = 0.3;
const UNSUPPORTED_CLAIM = 1 / 3;
/**
 * New words of a claim searched in vector space; the rest count as far (a claim with more new
 * words than this is unsupported whatever they mean), which bounds the cost of long claims.
 */
const MAX_SEARCHED_NOVEL = 12;

export interface EvidenceSentence {
  /** Lower-cased words in order (the learned alignment model reads them as a sequence). */
  words: readonly string[];
  tokens: Set<string>;
  stems: Set<string>;
  numbers: Set<string>;
  /** Vector rows of its content words. */
  rows: number[];
  /** Words its prefix-negated words negate ("non-taxable" -> "taxable"). */
  negatedBases: Set<string>;
}

/** One claim against its window: the quantities the features aggregate. */
export interface ClaimAlignment {
  claim: Claim;
  content: number;
  unsupported: number;
  unsupportedInPrompt: number;
  numberMissing: number;
  entityMissing: number;
  /** Entities missing from the single best sentence: facts fused from different passages. */
  bestSentenceEntityMissing: number;
  bestSentenceShare: number;
  softCoverage: number;
  nearMisses: number;
  maxNovelSimilarity: number;
  farNovel: number;
  unknownNovel: number;
  novel: number;
  antonyms: number;
  negatedForms: number;
  related: number;
  nearMissUnrelated: number;
}

const CAPITALISED = /^\p{Lu}/u;

/** Each prompt sentence prepared once per call, whatever the number of claims. */
export function evidenceOf(p: TextAnalysis, vectors: WordVectors): EvidenceSentence[] {
  return p.sentences.slice(0, MAX_EVIDENCE_SENTENCES).map((s) => {
    const content = [...s.content];
    return {
      words: s.tokens,
      tokens: new Set(s.tokens),
      stems: new Set(s.tokens.map(stem)),
      numbers: s.numbers,
      rows: content.map((t) => vectors.indexOf(t)).filter((i) => i >= 0),
      negatedBases: new Set(content.map(withoutNegation).filter((t, i) => t !== content[i])),
    };
  });
}

/**
 * The window of a claim: the sentences sharing most of its content stems, best first (ties: the
 * earlier sentence); sentences sharing nothing only when nothing is shared at all (the first).
 */
function windowOf(evidence: readonly EvidenceSentence[], stems: readonly string[]) {
  const top: { sentence: EvidenceSentence; shared: number }[] = [];
  for (const sentence of evidence) {
    let shared = 0;
    for (const t of stems) if (sentence.stems.has(t)) shared++;
    let at = top.length;
    while (at > 0 && top[at - 1].shared < shared) at--;
    if (at >= WINDOW_SENTENCES) continue;
    top.splice(at, 0, { sentence, shared });
    if (top.length > WINDOW_SENTENCES) top.pop();
  }
  return {
    sentences: top.filter((s, k) => s.shared > 0 || k === 0).map((s) => s.sentence),
    bestShare: stems.length === 0 ? 1 : (top[0]?.shared ?? 0) / stems.length,
  };
}

/** The window of a claim given its distinct content words (numbers do not choose it). */
export function claimWindow(evidence: readonly EvidenceSentence[], content: readonly string[]) {
  // A changed number must not pull its source sentence into the window.
  return windowOf(evidence, content.map(stem).filter((t) => !/^\d/.test(t)));
}

/** Whether any of the window's sets has the value (no union built per claim). */
function anyHas(sets: readonly ReadonlySet<string>[], value: string): boolean {
  for (const set of sets) if (set.has(value)) return true;
  return false;
}

export function alignClaims(
  response: string,
  p: TextAnalysis,
  semantics: Semantics,
): ClaimAlignment[] {
  const { vectors, lexicon } = semantics;
  const evidence = evidenceOf(p, vectors);
  const promptStems = new Set(p.lower.map(stem));
  return splitClaims(response).slice(0, MAX_CLAIMS).map((claim) => {
    const original = words(claim.text);
    const tokens = original.map((w) => w.toLowerCase());
    const content = [...new Set(tokens.filter(isContentWord))];
    const stems = content.map(stem);
    const window = claimWindow(evidence, content);
    const windowTokens = window.sentences.map((s) => s.tokens);
    const windowStems = window.sentences.map((s) => s.stems);
    const windowNegated = window.sentences.map((s) => s.negatedBases);
    const inWindow = (t: string) => anyHas(windowTokens, t);

    let unsupported = 0, unsupportedInPrompt = 0, coverage = 0, nearMisses = 0, farNovel = 0;
    let unknownNovel = 0, maxNovelSimilarity = 0, antonyms = 0, negated = 0, related = 0;
    let nearMissUnrelated = 0;
    content.forEach((word, k) => {
      if (anyHas(windowStems, stems[k])) {
        coverage += 1;
        return;
      }
      unsupported++;
      if (!promptStems.has(stems[k])) unsupportedInPrompt++;
      const row = vectors.indexOf(word);
      let best = 0;
      if (row < 0) unknownNovel++;
      else if (unsupported <= MAX_SEARCHED_NOVEL) {
        for (const s of window.sentences) best = Math.max(best, vectors.bestCosine(row, s.rows));
      }
      coverage += best;
      if (best > maxNovelSimilarity) maxNovelSimilarity = best;
      if (row >= 0 && best < FAR) farNovel++;
      const relations = lexicon.relationsOf(word);
      const isRelated = relations.related.some(inWindow);
      if (isRelated) related++;
      if (best >= NEAR_MISS) {
        nearMisses++;
        if (!isRelated) nearMissUnrelated++;
      }
      if (relations.antonyms.some(inWindow)) antonyms++;
      const base = withoutNegation(word);
      if (anyHas(windowNegated, word) || (base !== word && inWindow(base))) negated++;
    });
    const numbers = numbersIn(claim.text);
    const entities = original.slice(1).filter((w) => CAPITALISED.test(w))
      .map((w) => w.toLowerCase()).filter((w) => !STOPWORDS.has(w));
    const n = content.length;
    const missingShare = (items: readonly string[], support: readonly ReadonlySet<string>[]) =>
      items.length === 0 ? 0 : items.filter((x) => !anyHas(support, x)).length / items.length;
    return {
      claim,
      content: n,
      unsupported: n === 0 ? 0 : unsupported / n,
      unsupportedInPrompt: n === 0 ? 0 : unsupportedInPrompt / n,
      numberMissing: missingShare(numbers, window.sentences.map((s) => s.numbers)),
      entityMissing: missingShare(entities, windowTokens),
      bestSentenceEntityMissing: missingShare(entities, windowTokens.slice(0, 1)),
      bestSentenceShare: window.bestShare,
      softCoverage: n === 0 ? 1 : coverage / n,
      nearMisses,
      maxNovelSimilarity,
      farNovel,
      unknownNovel,
      novel: unsupported,
      antonyms,
      negatedForms: negated,
      related,
      nearMissUnrelated,
    };
  });
}

/** The claim, vector and lexicon blocks, written into `out` from `offset`. */
export function alignmentFeatures(
  response: string,
  p: TextAnalysis,
  semantics: Semantics,
  out: Float32Array,
  offset: number,
) {
  const claims = alignClaims(response, p, semantics);
  const log1p = Math.log1p;
  let k = offset;
  const max = (f: (c: ClaimAlignment) => number) => claims.reduce((m, c) => Math.max(m, f(c)), 0);
  const min = (f: (c: ClaimAlignment) => number) =>
    claims.length === 0 ? 1 : claims.reduce((m, c) => Math.min(m, f(c)), 1);
  const totalContent = claims.reduce((n, c) => n + c.content, 0);
  const weighted = (f: (c: ClaimAlignment) => number) =>
    totalContent === 0 ? 0 : claims.reduce((s, c) => s + c.content * f(c), 0) / totalContent;
  const sum = (f: (c: ClaimAlignment) => number) => claims.reduce((s, c) => s + f(c), 0);
  const novel = sum((c) => c.novel);
  const knownNovel = novel - sum((c) => c.unknownNovel);

  out[k++] = log1p(claims.length);
  out[k++] = max((c) => c.unsupported);
  out[k++] = weighted((c) => c.unsupported);
  out[k++] = claims.length === 0
    ? 0
    : claims.filter((c) => c.unsupported >= UNSUPPORTED_CLAIM).length / claims.length;
  out[k++] = max((c) => c.numberMissing);
  out[k++] = max((c) => c.entityMissing);
  out[k++] = max((c) => c.bestSentenceEntityMissing);
  out[k++] = max((c) => c.unsupported - c.unsupportedInPrompt);
  out[k++] = min((c) => c.bestSentenceShare);

  out[k++] = min((c) => c.softCoverage);
  out[k++] = totalContent === 0 ? 1 : weighted((c) => c.softCoverage);
  out[k++] = log1p(sum((c) => c.nearMisses));
  out[k++] = max((c) => c.maxNovelSimilarity);
  out[k++] = knownNovel === 0 ? 0 : sum((c) => c.farNovel) / knownNovel;
  out[k++] = novel === 0 ? 0 : sum((c) => c.unknownNovel) / novel;

  out[k++] = log1p(sum((c) => c.antonyms));
  out[k++] = log1p(sum((c) => c.negatedForms));
  out[k++] = novel === 0 ? 0 : sum((c) => c.related) / novel;
  out[k++] = max((c) => c.content === 0 ? 0 : (c.novel - c.related) / c.content);
  out[k++] = log1p(sum((c) => c.nearMissUnrelated));
}
