/**
 * Dense features: response-intrinsic cues, and (in `pr` mode) how well the prompt supports the
 * response: unsupported content words, numbers, dates and entities, coverage, and an aligned
 * sentence comparison that catches one-word edits of a copied sentence (negations, numbers).
 */
import {
  alignmentFeatures,
  CLAIM_FEATURES,
  LEXICON_FEATURES,
  type Semantics,
  VECTOR_FEATURES,
} from "./alignment.ts";
import {
  analyse,
  datePartsIn,
  hedgeCount,
  isContentWord,
  NEGATIONS,
  refusalCues,
  type SentenceInfo,
  stem,
  type TextAnalysis,
  wordNgrams,
} from "./text.ts";

const FIRST_PERSON: ReadonlySet<string> = new Set(["i", "me", "my", "i'm"]);
const CITATION_CUES = /\bet al\b|\(\d{4}\)|\bdoi\b|arxiv|\bvol\.|\bpp\.|\bjournal\b|proceedings/gi;

export const RESPONSE_FEATURES = [
  "log_response_chars",
  "log_response_words",
  "log_sentences",
  "mean_sentence_words",
  "type_token_ratio",
  "digit_share",
  "upper_share",
  "refusal_cues",
  "hedge_rate",
  "negation_rate",
  "first_person_rate",
  "question_marks",
  "citation_cues",
  "quote_marks",
  "list_lines",
  "self_max_sentence_overlap",
  "self_negation_conflict",
  "self_number_conflict",
] as const;

export const PROMPT_FEATURES = [
  "has_prompt",
  "log_prompt_chars",
  "length_ratio",
  "prompt_is_question",
  "unsupported_content_share",
  "unsupported_content_log",
  "unsupported_number_share",
  "unsupported_number_log",
  "unsupported_date_share",
  "unsupported_entity_share",
  "unsupported_entity_log",
  "unsupported_bigram_share",
  "unsupported_trigram_share",
  "prompt_coverage",
  "max_sentence_unsupported",
  "mean_sentence_unsupported",
  "aligned_max_similarity",
  "aligned_novel_tokens",
  "aligned_negation_mismatch",
  "aligned_number_mismatch",
  "aligned_entity_mismatch",
  "aligned_max_novel_content_share",
  "aligned_max_dropped_content_share",
  "unsupported_sentence_share",
  "min_sentence_similarity",
  "prompt_refusal_cues",
  "prompt_negation_rate",
] as const;

export const DENSE_FEATURES = [
  ...RESPONSE_FEATURES,
  ...PROMPT_FEATURES,
  ...CLAIM_FEATURES,
  ...VECTOR_FEATURES,
  ...LEXICON_FEATURES,
] as const;
export const DENSE_SIZE = DENSE_FEATURES.length;

/** Index ranges [start, end) of the switchable semantic blocks in the dense features. */
const CLAIMS_START = RESPONSE_FEATURES.length + PROMPT_FEATURES.length;
const VECTORS_START = CLAIMS_START + CLAIM_FEATURES.length;
const LEXICON_START = VECTORS_START + VECTOR_FEATURES.length;
export const DENSE_BLOCKS = {
  claims: [CLAIMS_START, VECTORS_START],
  vectors: [VECTORS_START, LEXICON_START],
  lexicon: [LEXICON_START, DENSE_SIZE],
} as const;

const log1p = Math.log1p;

/**
 * Writes one value per name at the names' positions from `start` and returns the next position:
 * the model files store the features by position, so a value without its name (or a name without
 * its value) must fail here rather than shift every later feature.
 */
export function writeNamed<Name extends string>(
  out: Float32Array,
  start: number,
  names: readonly Name[],
  values: Record<Name, number>,
): number {
  const given = Object.keys(values).length;
  if (given !== names.length) {
    throw new Error(`${given} feature values for ${names.length} feature names`);
  }
  names.forEach((name, i) => out[start + i] = values[name]);
  return start + names.length;
}

function share(items: readonly string[], support: ReadonlySet<string>): number {
  if (items.length === 0) return 0;
  let missing = 0;
  for (const t of items) if (!support.has(t)) missing++;
  return missing / items.length;
}

function missingCount(items: readonly string[], support: ReadonlySet<string>): number {
  let missing = 0;
  for (const t of new Set(items)) if (!support.has(t)) missing++;
  return missing;
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let inter = 0;
  for (const t of a) if (b.has(t)) inter++;
  return inter / (a.size + b.size - inter);
}

function countOf(tokens: readonly string[], set: ReadonlySet<string>): number {
  let n = 0;
  for (const t of tokens) if (set.has(t)) n++;
  return n;
}

function setDiffers(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const t of a) if (!b.has(t)) return true;
  return false;
}

/** Pairs of similar sentences inside one response that disagree on negation or numbers. */
function selfConsistency(infos: readonly SentenceInfo[]): [number, number, number] {
  let maxOverlap = 0, negationConflict = 0, numberConflict = 0;
  const limit = Math.min(infos.length, 40);
  for (let i = 0; i < limit; i++) {
    for (let j = i + 1; j < limit; j++) {
      const sim = jaccard(infos[i].content, infos[j].content);
      if (sim > maxOverlap) maxOverlap = sim;
      if (sim < 0.3) continue;
      if ((infos[i].negations > 0) !== (infos[j].negations > 0)) negationConflict++;
      if (
        infos[i].numbers.size > 0 && infos[j].numbers.size > 0 &&
        setDiffers(infos[i].numbers, infos[j].numbers)
      ) numberConflict++;
    }
  }
  return [maxOverlap, log1p(negationConflict), log1p(numberConflict)];
}

/** Response-only features, then prompt-grounding features (zeros without a prompt). */
export function denseFeatures(
  prompt: string | undefined,
  response: string,
  semantics: Semantics,
): Float32Array {
  const usePrompt = prompt !== undefined && prompt.trim().length > 0;
  return denseFromAnalysis(
    usePrompt ? prompt : undefined,
    usePrompt ? analyse(prompt) : undefined,
    response,
    analyse(response),
    semantics,
  );
}

export function denseFromAnalysis(
  prompt: string | undefined,
  p: TextAnalysis | undefined,
  response: string,
  r: TextAnalysis,
  /** Without: the claim-alignment blocks stay zero (a model that does not use them). */
  semantics: Semantics | undefined,
): Float32Array {
  const out = new Float32Array(DENSE_SIZE);
  const rLower = r.lower;
  const rInfos = r.sentences;
  const rWordCount = Math.max(rLower.length, 1);
  const [selfOverlap, selfNeg, selfNum] = selfConsistency(rInfos);
  const afterResponse = writeNamed(out, 0, RESPONSE_FEATURES, {
    log_response_chars: log1p(response.length),
    log_response_words: log1p(rLower.length),
    log_sentences: log1p(rInfos.length),
    mean_sentence_words: log1p(rLower.length / Math.max(rInfos.length, 1)),
    type_token_ratio: new Set(rLower).size / rWordCount,
    digit_share: (response.match(/\d/g)?.length ?? 0) / Math.max(response.length, 1),
    upper_share: (response.match(/\p{Lu}/gu)?.length ?? 0) / Math.max(response.length, 1),
    refusal_cues: refusalCues(response),
    hedge_rate: hedgeCount(rLower) / rWordCount,
    negation_rate: countOf(rLower, NEGATIONS) / rWordCount,
    first_person_rate: countOf(rLower, FIRST_PERSON) / rWordCount,
    question_marks: log1p(response.match(/\?/g)?.length ?? 0),
    citation_cues: log1p(response.match(CITATION_CUES)?.length ?? 0),
    quote_marks: log1p(response.match(/["“”]/g)?.length ?? 0),
    list_lines: log1p(response.match(/^\s*(?:[-*•]|\d+[.)])\s/gm)?.length ?? 0),
    self_max_sentence_overlap: selfOverlap,
    self_negation_conflict: selfNeg,
    self_number_conflict: selfNum,
  });

  if (prompt === undefined || p === undefined) return out;
  const pLower = p.lower;
  const pSet = new Set(pLower);
  // Content words are compared by stem: inflection is not a hallucination.
  const rContent = rLower.filter(isContentWord).map(stem);
  const pContent = pLower.filter(isContentWord).map(stem);
  const pStems = new Set(pLower.map(stem));
  const pNumbers = new Set(p.numbers);
  const pBigrams = new Set(wordNgrams(pLower, 2));
  const pTrigrams = new Set(wordNgrams(pLower, 3));

  let maxUnsupported = 0, sumUnsupported = 0;
  let bestSim = 0, novelTokens = 0, negMismatch = 0, numMismatch = 0, entityMismatch = 0;
  // Near-copies of a prompt sentence with a few words swapped (single-word edits).
  let maxNovelContent = 0, maxDroppedContent = 0;
  let unsupportedSentences = 0, minSim = rInfos.length > 0 ? 1 : 0;
  const pInfos = p.sentences.slice(0, 80);
  for (const info of rInfos) {
    const unsupported = share([...info.content].map(stem), pStems);
    if (unsupported >= 0.5) unsupportedSentences++;
    sumUnsupported += unsupported;
    if (unsupported > maxUnsupported) maxUnsupported = unsupported;
    let best: SentenceInfo | undefined, sim = 0;
    for (const candidate of pInfos) {
      const s = jaccard(info.content, candidate.content);
      if (s > sim) [sim, best] = [s, candidate];
    }
    if (sim > bestSim) bestSim = sim;
    if (sim < minSim) minSim = sim;
    if (!best || sim < 0.35) continue;
    const bestTokens = new Set(best.tokens);
    novelTokens += info.tokens.filter((t) => !bestTokens.has(t)).length;
    if ((info.negations > 0) !== (best.negations > 0)) negMismatch++;
    if (setDiffers(info.numbers, best.numbers)) numMismatch++;
    if (info.entities.some((e) => !bestTokens.has(e))) entityMismatch++;
    if (info.content.size > 0) {
      maxNovelContent = Math.max(maxNovelContent, share([...info.content], best.content));
    }
    if (best.content.size > 0) {
      maxDroppedContent = Math.max(maxDroppedContent, share([...best.content], info.content));
    }
  }
  const afterPrompt = writeNamed(out, afterResponse, PROMPT_FEATURES, {
    has_prompt: 1,
    log_prompt_chars: log1p(prompt.length),
    length_ratio: Math.log((response.length + 1) / (prompt.length + 1)),
    prompt_is_question: /\?\s*$/.test(prompt) ? 1 : 0,
    unsupported_content_share: share(rContent, pStems),
    unsupported_content_log: log1p(missingCount(rContent, pStems)),
    unsupported_number_share: share(r.numbers, pNumbers),
    unsupported_number_log: log1p(missingCount(r.numbers, pNumbers)),
    unsupported_date_share: share(datePartsIn(rLower), pSet),
    unsupported_entity_share: share(r.entities, pSet),
    unsupported_entity_log: log1p(missingCount(r.entities, pSet)),
    unsupported_bigram_share: share(wordNgrams(rLower, 2), pBigrams),
    unsupported_trigram_share: share(wordNgrams(rLower, 3), pTrigrams),
    prompt_coverage: pContent.length === 0 ? 0 : 1 - share(pContent, new Set(rLower.map(stem))),
    max_sentence_unsupported: maxUnsupported,
    mean_sentence_unsupported: rInfos.length === 0 ? 0 : sumUnsupported / rInfos.length,
    aligned_max_similarity: bestSim,
    aligned_novel_tokens: log1p(novelTokens),
    aligned_negation_mismatch: log1p(negMismatch),
    aligned_number_mismatch: log1p(numMismatch),
    aligned_entity_mismatch: log1p(entityMismatch),
    aligned_max_novel_content_share: maxNovelContent,
    aligned_max_dropped_content_share: maxDroppedContent,
    unsupported_sentence_share: rInfos.length === 0 ? 0 : unsupportedSentences / rInfos.length,
    min_sentence_similarity: minSim,
    prompt_refusal_cues: refusalCues(prompt),
    prompt_negation_rate: countOf(pLower, NEGATIONS) / Math.max(pLower.length, 1),
  });
  if (semantics) alignmentFeatures(response, p, semantics, out, afterPrompt);
  return out;
}
