/**
 * Evidence coverage: whether the prompt and the retrieved passages hold anything to check the
 * response's factual claims against. A claim is factual when it names something (a number, a
 * date, a capitalised name) or states something in several content words, and is not a question,
 * an exclamation, a refusal or the speaker talking about themselves. It is covered when the
 * evidence holds at least CLAIM_SUPPORT_SHARE of its content words (stemmed): evidence that
 * contradicts a claim is still about it. So is evidence that states the claim's slots with other
 * values: a year, a number or a name of the claim counts as held when the evidence states a year,
 * a number or a name too ("founded in 1995 in Seattle by John Carter" against "founded in 1987 in
 * Denver by Maria Lopez"), provided the claim shares a content word with the evidence or fills two
 * kinds of slot. Questions in the evidence do not count, since asking about a thing is no evidence
 * for an answer. `no_evidence` is raised when fewer than half of the response's factual claims are
 * covered; a response without factual claims never gets it. The two shares were chosen on the
 * training split (model card, "Evidence").
 */
import { type Claim, splitClaims } from "../signals/claims.ts";
import { isContentWord, lowerWords, refusalCues, stem, words } from "../signals/text.ts";

/** Share of a claim's content words that must occur in the evidence for it to be covered. */
export const CLAIM_SUPPORT_SHARE = 0.3;
/** Share of factual claims that must be covered for the response to have evidence. */
export const COVERED_CLAIMS_SHARE = 0.5;
const MIN_CONTENT_WORDS = 3;

const FIRST_PERSON = new Set(["i", "i'm", "i've", "i'd", "me", "my", "we", "our", "us"]);
const NAMES_SOMETHING = /\d|^\p{Lu}/u;

function contentStems(text: string): Set<string> {
  return new Set(lowerWords(text).filter(isContentWord).map(stem));
}

/** A slot a word fills in a statement: a year, another number, or a name. */
type Slot = "year" | "number" | "name";

/** The slot of a sentence's `index`-th word; a sentence's first word is capitalised anyway. */
function slotOf(word: string, index: number): Slot | undefined {
  if (/^\d{4}s?$/.test(word)) return "year";
  if (/\d/.test(word)) return "number";
  return index > 0 && /^\p{Lu}/u.test(word) ? "name" : undefined;
}

/** Each content stem of a statement with the slot its word fills, if any. */
function slottedStems(text: string): Map<string, Slot | undefined> {
  const out = new Map<string, Slot | undefined>();
  words(text).forEach((word, i) => {
    const lower = word.toLowerCase();
    if (!isContentWord(lower)) return;
    const s = stem(lower);
    out.set(s, out.get(s) ?? slotOf(word, i));
  });
  return out;
}

const isQuestion = (sentence: string) => sentence.trimEnd().endsWith("?");
// Exclamations are chat ("Sure, happy to help!"), not statements of fact.
const isExclamation = (sentence: string) => sentence.trimEnd().endsWith("!");

function isFactual(claim: string, content: Set<string>): boolean {
  if (isQuestion(claim) || isExclamation(claim) || refusalCues(claim) > 0) return false;
  const tokens = words(claim);
  if (tokens.some((w) => FIRST_PERSON.has(w.toLowerCase()))) return false;
  const namesSomething = tokens.some((w, i) => NAMES_SOMETHING.test(w) && (i > 0 || /\d/.test(w)));
  return content.size >= MIN_CONTENT_WORDS || (namesSomething && content.size >= 2);
}

export interface Coverage {
  /** Per factual claim, the share of its content words the evidence holds. */
  support: number[];
}

/** `claims` are the response's (`splitClaims`), when the caller has them already. */
export function evidenceCoverage(
  evidence: string,
  response: string,
  claims: readonly Claim[] = splitClaims(response),
): Coverage {
  const known = new Set<string>();
  /** The kinds of slot the evidence's statements fill. */
  const stated = new Set<Slot>();
  for (const { text } of splitClaims(evidence)) {
    if (isQuestion(text)) continue;
    for (const [s, slot] of slottedStems(text)) {
      known.add(s);
      if (slot) stated.add(slot);
    }
  }
  const support: number[] = [];
  for (const { text } of claims) {
    const content = contentStems(text);
    if (!isFactual(text, content)) continue;
    let literal = 0;
    let filled = 0;
    const filledSlots = new Set<Slot>();
    for (const [s, slot] of slottedStems(text)) {
      if (known.has(s)) literal++;
      else if (slot && stated.has(slot)) {
        filled++;
        filledSlots.add(slot);
      }
    }
    // Slots stated with other values count only for a claim about what the evidence is about.
    const anchored = literal > 0 || filledSlots.size >= 2;
    support.push((literal + (anchored ? filled : 0)) / content.size);
  }
  return { support };
}

/** Whether the response's factual claims are mostly beyond reach of the evidence. */
export function lacksEvidence({ support }: Coverage): boolean {
  const covered = support.filter((s) => s >= CLAIM_SUPPORT_SHARE).length;
  return support.length > 0 && covered < COVERED_CLAIMS_SHARE * support.length;
}
