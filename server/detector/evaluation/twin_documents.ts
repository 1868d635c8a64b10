/**
 * The exact checks' evaluation set, document part: real answers from the labelled data (rows
 * judged faithful to the document in their prompt) with one number the document also states
 * edited, beside the unedited answer. Built at run time from ../shared/data, deterministic from a
 * seed, never written to disk (the text is the data's). The number is chosen by its digits alone
 * (any number written the same way in the document), not by what the checks can align, so the
 * recall measured on it is not flattered by the checks' own reading.
 */
import type { BuiltRow } from "../corpus/corpus.ts";
import { seededRandom, shuffledIndices } from "../learners/random.ts";
import type { TwinPair, TwinPart } from "./twin_templates.ts";

/** A number as written: thousands commas and decimals kept, not inside a word or identifier. */
const NUMBER = /(?<![\p{L}\p{N}.,/:-])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\p{L}\p{N}]|[.,/:-]\d)/gu;
/** Rows long enough to hold a fact and short enough to stay one answer. */
const MAX_RESPONSE = 1_500;

function edited(r: () => number, integer: string, decimals: string | undefined): string {
  const value = Number(integer.replace(/,/g, ""));
  const year = !decimals && !integer.includes(",") && value >= 1000 && value <= 2100;
  if (year) return String(value + (r() < 0.5 ? -1 : 1) * (1 + Math.floor(r() * 9)));
  // Up by 20% to 80% (plus one), or down by 12% to 48%: never the same value.
  const frac = 0.2 + 0.6 * r();
  const next = r() < 0.5 || value <= 3 ? value * (1 + frac) + 1 : value * (1 - 0.6 * frac);
  const digits = decimals ? decimals.length - 1 : 0;
  const text = next.toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: integer.includes(","),
  });
  return text === integer + (decimals ?? "") ? String(Number(text.replace(/,/g, "")) + 2) : text;
}

export function documentTwins(
  rows: readonly BuiltRow[],
  part: TwinPart,
  seed: number,
  cap: number,
): TwinPair[] {
  const r = seededRandom(seed + 1);
  const out: TwinPair[] = [];
  // Rows in a seeded order, so the cap draws from every set.
  for (const i of shuffledIndices(rows.length, seed)) {
    if (out.length >= cap) break;
    const row = rows[i];
    if (row.hallucinated || !row.prompt || !row.modes.includes("pr")) continue;
    if (row.response.length > MAX_RESPONSE) continue;
    const candidates = [...row.response.matchAll(NUMBER)].filter((m) =>
      new RegExp(`(?<![\\d.,])${m[0].replace(/[.,]/g, "\\$&")}(?![\\d]|[.,]\\d)`).test(row.prompt!)
    );
    if (candidates.length === 0) continue;
    const m = candidates[Math.floor(r() * candidates.length)];
    const replacement = edited(r, m[1], m[2]);
    const wrong = row.response.slice(0, m.index) + replacement +
      row.response.slice(m.index! + m[0].length);
    const isYear = !m[2] && /^\d{4}$/.test(m[1]) && Number(m[1]) >= 1000 && Number(m[1]) <= 2100;
    out.push({
      id: `${part}:document:${out.length}`,
      kind: isYear ? "evidence_date" : "evidence_number",
      part,
      source: `document (${row.set})`,
      prompt: row.prompt,
      wrong,
      right: row.response,
    });
  }
  return out;
}
