/** The sentence around a figure, as the checks read it: prose stops and line breaks end one. */

/** How far a sentence is looked at around a figure. */
const SENTENCE_REACH = 300;
/** A full stop, not one of "i.e.", "e.g.", "approx.", "vs.". */
export const STOP = String.raw`(?<!\b(?:[a-z]\.[a-z]|approx|ca|vs|cf))[.!?](?:\s|$)`;
export const SENTENCE_STOP = new RegExp(`${STOP}|\n`, "i");
export const SENTENCE_STOPS = new RegExp(`${STOP}|\n`, "gi");

/** The sentence around `at`: from the last stop or line break before it to the next. */
export function sentenceAround(text: string, at: number): { start: number; end: number } {
  const from = Math.max(0, at - SENTENCE_REACH);
  const stops = [...text.slice(from, at).matchAll(SENTENCE_STOPS)];
  const start = stops.length ? from + stops.at(-1)!.index + 1 : from;
  const next = text.slice(at, at + SENTENCE_REACH).search(SENTENCE_STOP);
  return { start, end: next < 0 ? Math.min(text.length, at + SENTENCE_REACH) : at + next };
}
