/**
 * One measure stated twice in an answer with two values: "The tower is 324 metres tall. ... At
 * 330 m, the tower is the tallest building in the city." Two statements about different things
 * read alike, so a pair is compared only when both name the same subject in the same words ("the
 * tower"), as the subject of a claim that states one measure of it ("is 324 m tall", "weighs 80
 * kg", "At 330 m, the tower is the tallest"), both the same property (height, length, ...), both
 * exact and no claim of the pair speaks of a change or a time ("now", "originally", "in 1990",
 * "grew"). The values must differ beyond the precision of both, after conversion; a subject
 * measured more than twice, or twice with the same value, gives nothing (repeating a value is no
 * evidence that it is right). Read within one paragraph (list items describe different things),
 * and silent when a name not seen before comes between the two statements.
 */
import { type ExactFinding, finding } from "./finding.ts";
import type { Quantity } from "./quantities.ts";
import { dimensionOf } from "./units.ts";
import { agree, CONVERSION_SLACK, inUnit, written } from "./values.ts";

/** The measured property a word names. */
const PROPERTY: Record<string, string> = {
  tall: "height",
  tallest: "height",
  high: "height",
  highest: "height",
  height: "height",
  long: "length",
  longest: "length",
  length: "length",
  wide: "width",
  widest: "width",
  width: "width",
  deep: "depth",
  deepest: "depth",
  depth: "depth",
  weighs: "weight",
  weighing: "weight",
  heaviest: "weight",
  weight: "weight",
};
const PROPERTY_WORD = new RegExp(`\\b(${Object.keys(PROPERTY).join("|")})\\b`, "i");
const SUBJECT = String.raw`((?:the|The)\s+[\p{Ll}\p{Lu}][\p{L}-]*(?:\s+[\p{L}][\p{L}-]*){0,2})`;
/** "The tower is 324 m tall", "The bridge weighs 80 t": the subject, then the quantity. */
const SUBJECT_BEFORE = new RegExp(
  String.raw`(?:^|[,;:]\s*)${SUBJECT}\s+(?:is|stands|measures|weighs|rises|reaches|spans)\s+$`,
  "u",
);
/** "At 330 m, the tower is the tallest ...": the quantity, then the subject. */
const SUBJECT_AFTER = new RegExp(
  String.raw`^\s*,\s+${SUBJECT}(?=\s+(?:is|was|stands|remains|ranks|weighs|measures)\b)`,
  "u",
);
/**
 * A change or a time (then and now, before and after), or a qualifier (an average, a maximum, a
 * part): the two values may both be right.
 */
const QUALIFIED =
  /\b(?:now|then|today|currently|originally|initially|once|formerly|previously|later|after|before|since|until|when|increased|decreased|grew|grown|shrank|reduced|raised|lowered|extended|expanded|added|removed|rebuilt|renovat\w*|became|become|changed|upgraded|was|were|had|used to|planned|proposed|designed|would|will|could|might|including|excluding|without|with|average|mean|maximum|max|minimum|min|typical|typically|up to|total|overall|combined|each|per|main|its|point|section|part|span)\b|\b(?:in|by|from|of)\s+(?:the\s+)?(?:1[0-9]|20)\d\d\b|\b(?:1[0-9]|20)\d0s\b/i;
/** A name inside a sentence ("... while Shanghai Tower ..."): a capitalised word not first. */
const NAME_INSIDE = /(?<![.!?:]\s+|^\s*)\b\p{Lu}[\p{Ll}\p{Lu}-]+/gu;

/**
 * Whether the text between two statements names something not named before them: "The tower is
 * 828 m tall. The Shanghai Tower, by contrast ... The tower is 632 m tall" is about two towers.
 */
function namesAnother(text: string, from: number, a: number, b: number): boolean {
  const before = text.slice(from, a);
  return [...text.slice(a, b).matchAll(NAME_INSIDE)].some((m) => !before.includes(m[0]));
}

/** Dimensions whose values change by themselves (weather) or are no measure of a thing. */
const UNSTABLE = new Set(["temperature", "speed", "pace", "frequency"]);

interface Statement {
  quantity: Quantity;
  /** The subject as written ("the Burj tower") and as compared ("the burj tower"). */
  subject: string;
  key: string;
  property: string;
}

/** The measure a claim states of its subject, if it states exactly one, plainly. */
function statementOf(
  text: string,
  claim: { start: number; end: number; quantities: readonly Quantity[] },
): Statement | undefined {
  // Durations ("built in 6 years") and ages are no measure of the subject: not counted.
  const measures = claim.quantities.filter((q) =>
    q.kind === "unit" && dimensionOf(q.unit!) !== "time"
  );
  if (measures.length !== 1 || claim.quantities.some((q) => q.kind === "date")) return undefined;
  const [q] = measures;
  if (q.approx || q.inexact || q.computed || q.word || UNSTABLE.has(dimensionOf(q.unit!))) {
    return undefined;
  }
  const claimText = text.slice(claim.start, claim.end);
  if (QUALIFIED.test(claimText)) return undefined;
  const before = text.slice(claim.start, q.start);
  const after = text.slice(q.end, claim.end);
  const subject = before.match(SUBJECT_BEFORE)?.[1] ??
    (/^\s*At\s+$/.test(before) ? after.match(SUBJECT_AFTER)?.[1] : undefined);
  if (!subject) return undefined;
  // One property word in the claim, which names the property measured.
  const words = claimText.match(new RegExp(PROPERTY_WORD, "gi")) ?? [];
  const properties = new Set(words.map((w) => PROPERTY[w.toLowerCase()]));
  if (properties.size !== 1) return undefined;
  return {
    quantity: q,
    subject: subject.replace(/^The\b/, "the").replace(/\s+/g, " "),
    key: subject.toLowerCase().replace(/\s+/g, " "),
    property: [...properties][0],
  };
}

export function restatementFindings(
  text: string,
  claims: readonly { start: number; end: number; quantities: readonly Quantity[] }[],
): ExactFinding[] {
  const statements = claims.flatMap((c) => statementOf(text, c) ?? []);
  const out: ExactFinding[] = [];
  const keys = new Set(statements.map((s) => `${s.key}|${s.property}`));
  for (const key of keys) {
    const same = statements.filter((s) => `${s.key}|${s.property}` === key);
    if (same.length !== 2) continue;
    const [a, b] = same.map((s) => s.quantity);
    if (dimensionOf(a.unit!) !== dimensionOf(b.unit!)) continue;
    const slack = a.unit === b.unit ? 0 : CONVERSION_SLACK;
    if (agree(inUnit(a, b.unit!), b, slack, b.unit)) continue;
    if (namesAnother(text, claims[0].start, a.end, b.start)) continue;
    out.push(
      finding(
        "restatement",
        true,
        { start: b.start, end: b.end },
        `${same[0].property} of ${same[0].subject}: ${written(text, a)} earlier in the answer, ${
          written(text, b)
        } here`,
      ),
    );
  }
  return out;
}
