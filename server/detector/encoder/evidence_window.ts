/**
 * What the cross-encoder reads for one claim: the claim against its evidence window, the few
 * prompt sentences sharing most of its content words, in the prompt's order (the SummaC lesson:
 * a claim against a whole document is diluted; against the right sentences it is checkable).
 * The pairs the encoder is trained on (training/encoder_pairs.ts) and the pairs it scores when
 * served come from this one function.
 */
import { type Claim, splitClaims } from "../signals/claims.ts";
import { isContentWord, lowerWords, stem } from "../signals/text.ts";

/** Sentences in a window: three fit the 128-token pair beside a claim. */
export const WINDOW_SENTENCES = 3;
/** A prompt with fewer content words than this is a question or an instruction, not evidence. */
export const MIN_EVIDENCE_WORDS = 12;

export interface EvidenceSentence extends Claim {
  stems: ReadonlySet<string>;
}

/** The prompt's sentences, prepared once per call whatever the number of claims. */
export function evidenceSentences(prompt: string): EvidenceSentence[] {
  return splitClaims(prompt).map((s) => ({ ...s, stems: new Set(contentStems(s.text)) }));
}

/** Whether a prompt holds enough to check claims against (else the encoder is not run). */
export function hasEvidence(sentences: readonly EvidenceSentence[]): boolean {
  let words = 0;
  for (const s of sentences) words += s.stems.size;
  return words >= MIN_EVIDENCE_WORDS;
}

function contentStems(text: string): string[] {
  // Numbers do not choose the window: a changed number must not pull in its source sentence.
  return lowerWords(text).filter((w) => isContentWord(w) && !/^\d/.test(w)).map(stem);
}

/**
 * The window text of a claim: the sentences sharing most distinct content stems with it (ties:
 * the earlier), in prompt order; the first sentences when none shares anything.
 */
export function evidenceWindow(sentences: readonly EvidenceSentence[], claim: string): string {
  const stems = [...new Set(contentStems(claim))];
  const ranked = sentences.map((sentence, index) => {
    let shared = 0;
    for (const t of stems) if (sentence.stems.has(t)) shared++;
    return { index, shared };
  }).sort((a, b) => b.shared - a.shared || a.index - b.index);
  return ranked.slice(0, WINDOW_SENTENCES).map((r) => r.index).sort((a, b) => a - b)
    .map((i) => sentences[i].text).join(" ");
}
