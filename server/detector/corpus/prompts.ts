/**
 * How loaders turn a context (document, knowledge snippet, references) plus an instruction into
 * one prompt field within the 2,048-code-point limit.
 *
 * Length policy (windows, not skips, for contexts): a context that does not fit is cut to the
 * window of whole sentences that covers most of the response's words, so a faithful summary keeps
 * its support and an unfaithful one is still judged against the part it draws on. The
 * instruction or question is always kept whole. Responses are never cut here: a loader that knows
 * where the labelled part of a long response is builds its own window, and corpus.ts skips rows
 * whose response still exceeds the limit.
 */
import { codePointLength, cutToCodePoints, MAX_FIELD_CHARS } from "../../../shared/text.ts";
import { normaliseText } from "./keys.ts";

const WORD = /[\p{L}\p{N}]{4,}/gu;

function contentWords(text: string): Set<string> {
  return new Set(text.toLowerCase().match(WORD) ?? []);
}

/** Sentence-ish units: split after . ! ? and at line breaks, keeping the separators. */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?]["')\]]?\s+|\n+)/u).filter((s) => s !== "");
}

/**
 * The contiguous run of sentences of `context`, at most `budget` code points, that covers the most
 * distinct content words of `response` (ties: the earliest, i.e. the lead of the document).
 */
export function windowContext(context: string, response: string, budget: number): string {
  context = normaliseText(context);
  if (budget <= 0) return "";
  if (codePointLength(context) <= budget) return context;
  const units = sentences(context).map((text) => {
    const bounded = codePointLength(text) > budget ? cutToCodePoints(text, budget) : text;
    return { text: bounded, length: codePointLength(bounded), words: contentWords(bounded) };
  });
  const wanted = contentWords(response);
  const counts = new Map<string, number>();
  let covered = 0;
  let best = { start: 0, end: 0, covered: -1 };
  let end = 0;
  let length = 0;
  for (let start = 0; start < units.length; start++) {
    while (end < units.length && length + units[end].length <= budget) {
      for (const word of units[end].words) {
        if (!wanted.has(word)) continue;
        const n = counts.get(word) ?? 0;
        if (n === 0) covered++;
        counts.set(word, n + 1);
      }
      length += units[end].length;
      end++;
    }
    if (covered > best.covered) best = { start, end, covered };
    for (const word of units[start].words) {
      if (!wanted.has(word)) continue;
      const n = counts.get(word)! - 1;
      if (n === 0) covered--;
      counts.set(word, n);
    }
    length -= units[start].length;
  }
  return units.slice(best.start, best.end).map((u) => u.text).join("").trim();
}

/**
 * The opening of `text` in whole sentences within `max` code points, for responses whose label
 * shows in their opening (a refusal or a compliance), so a cut keeps it.
 */
export function openingWithin(text: string, max: number = MAX_FIELD_CHARS): string {
  text = normaliseText(text);
  if (codePointLength(text) <= max) return text;
  let kept = "";
  for (const sentence of sentences(text)) {
    if (codePointLength(kept) + codePointLength(sentence) > max) break;
    kept += sentence;
  }
  return kept.trim();
}

/** `head` + windowed `context` + `tail`, the whole at most 2,048 code points. */
export function promptWithContext(
  head: string,
  context: string,
  tail: string,
  response: string,
): string {
  const budget = MAX_FIELD_CHARS - codePointLength(head) - codePointLength(tail);
  return `${head}${windowContext(context, response, budget)}${tail}`;
}

/** Summarisation prompt: "Summarize:" + the (windowed) document. */
export function summaryPrompt(document: string, summary: string): string {
  return promptWithContext("Summarize:\n", document, "", summary);
}

/** Grounded question answering: the (windowed) context, then the question. */
export function groundedQuestionPrompt(context: string, question: string, answer: string): string {
  return promptWithContext(
    "Context:\n",
    context,
    `\n\nQuestion: ${normaliseText(question)}`,
    answer,
  );
}

/** Knowledge-grounded dialogue: the (windowed) knowledge, then the user's last turn(s). */
export function dialoguePrompt(knowledge: string, history: string, response: string): string {
  const turn = normaliseText(history);
  const tail = turn === "" ? "" : `\n\nUser: ${cutToCodePoints(turn, 600)}`;
  return promptWithContext("Knowledge:\n", knowledge, tail, response);
}
