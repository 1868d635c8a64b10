/**
 * A score against the document's (evidence.ts compares single values; a score is two): "scored
 * 78 out of 100" where the inspection report says "Score: 87/100". Read only against the
 * document's one score out of the same marks, ten at least (no fraction: "3/4 cup"), each said
 * as a score in its sentence ("scored", "marks", "rating"); else silent.
 */
import { type ExactFinding, finding } from "./finding.ts";
import { type Score, scoresIn } from "./lists.ts";
import { sentenceAround } from "./sentences.ts";
import { written } from "./values.ts";

const SCORE_WORD = /\b(?:scor\w*|marks?|grade[ds]?|rating|rated|points?)\b/i;
/** Fewer marks available make a fraction more often than a score. */
const FEWEST_MARKS = 10;

/** The scores of `text` from `span`, said as scores. */
function scoresSaid(text: string, span: { start: number; end: number }): Score[] {
  return scoresIn(text, span).filter((s) => {
    const sentence = sentenceAround(text, s.start);
    return s.of >= FEWEST_MARKS && SCORE_WORD.test(text.slice(sentence.start, sentence.end));
  });
}

/**
 * Each score of the answer against the document's one score out of the same marks. The document
 * is read only where the answer states a score.
 */
export function scoreFindings(response: string, evidence: string): ExactFinding[] {
  const said = scoresSaid(response, { start: 0, end: response.length });
  if (said.length === 0) return [];
  const scores = scoresSaid(evidence, { start: 0, end: evidence.length });
  return said.flatMap((s) => {
    const theirs = scores.filter((d) => d.of === s.of);
    if (theirs.length !== 1) return [];
    const reason = `${written(response, s)}; the document says ${written(evidence, theirs[0])}`;
    return [finding("evidence_number", s.got !== theirs[0].got, s, reason)];
  });
}
