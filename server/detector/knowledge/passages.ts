/**
 * Chunks documents into passages: consecutive sentences (the claim splitter's, so never across a
 * line break) packed up to PASSAGE_MAX_CHARS code points. Small passages let several documents
 * share the detector's evidence budget; whole sentences keep each one readable on its own.
 */
import { codePointLength } from "../../../shared/text.ts";
import { splitClaims } from "../signals/claims.ts";
import type { KnowledgeDocument } from "./documents.ts";

export const PASSAGE_MAX_CHARS = 400;

export interface Passage {
  text: string;
  /** The document file (relative path) the passage comes from. */
  source: string;
  title?: string;
  url?: string;
}

/** A sentence longer than a passage, cut into passage-sized pieces at spaces where possible. */
function pieces(sentence: string): string[] {
  const out: string[] = [];
  let rest = Array.from(sentence);
  while (rest.length > PASSAGE_MAX_CHARS) {
    const space = rest.lastIndexOf(" ", PASSAGE_MAX_CHARS);
    const cut = space > PASSAGE_MAX_CHARS / 2 ? space : PASSAGE_MAX_CHARS;
    out.push(rest.slice(0, cut).join("").trim());
    rest = rest.slice(cut);
  }
  out.push(rest.join("").trim());
  return out.filter((p) => p !== "");
}

export function chunkDocument(document: KnowledgeDocument, source: string): Passage[] {
  const passages: Passage[] = [];
  const meta = {
    source,
    ...(document.title ? { title: document.title } : {}),
    ...(document.url ? { url: document.url } : {}),
  };
  let current = "";
  for (const { text } of splitClaims(document.text)) {
    for (const sentence of pieces(text)) {
      const joined = current === "" ? sentence : `${current} ${sentence}`;
      if (codePointLength(joined) <= PASSAGE_MAX_CHARS) {
        current = joined;
        continue;
      }
      passages.push({ text: current, ...meta });
      current = sentence;
    }
  }
  if (current !== "") passages.push({ text: current, ...meta });
  return passages;
}
