/** Per-field character limit of the detect request, counted in Unicode code points. */
export const MAX_FIELD_CHARS = 2048;
/** One billing unit is one window of this many code points. */
export const UNIT_CHARS = 2048;

/** Length in Unicode code points (DESIGN.md: lengths count code points, not UTF-16 units). */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The first `max` code points of `text`: a cut never splits a surrogate pair. */
export function cutToCodePoints(text: string, max: number): string {
  return Array.from(text).slice(0, max).join("");
}

/** Billing units: ceil((len(prompt) + len(response)) / 2048). */
export function unitsFor(prompt: string | undefined, response: string): number {
  return Math.ceil((codePointLength(prompt ?? "") + codePointLength(response)) / UNIT_CHARS);
}
