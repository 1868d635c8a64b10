/** The detect request's per-field cap, applied before sending (the server rejects longer text). */
import { MAX_FIELD_CHARS } from "../../../shared/text.ts";

export interface Clamped {
  text: string;
  truncated: boolean;
}

/** The first MAX_FIELD_CHARS code points of `text`. */
export function clampToFieldLimit(text: string): Clamped {
  const codePoints = Array.from(text);
  if (codePoints.length <= MAX_FIELD_CHARS) return { text, truncated: false };
  return { text: codePoints.slice(0, MAX_FIELD_CHARS).join(""), truncated: true };
}
