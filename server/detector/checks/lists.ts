/**
 * Markdown lists and tables read as a whole, for the checks that add up or compare their items: a
 * bullet or numbered list of "label: amount" items ("- Rent: $1,900", "1. Venue: $13,750", "*
 * Week 1: 84 cans"), and each column of a table of "| label | amount |" rows. An item's amount is
 * one quantity, alone after its label (a count's noun or a unit's word may follow: "84 cans", "29
 * h"); an item with more, or with words after its amount ("$3 per kg"), has none. The layout is
 * read from the markdown (bullets "*" are emphasis marks once read), the amounts from the text.
 */
import type { Quantity } from "./quantities.ts";
import { type UnitId, unitOfForm } from "./units.ts";

interface Span {
  start: number;
  end: number;
}

export interface ListItem {
  /** The item's label, without its marker: "Rent", "Week 1". */
  label: string;
  start: number;
  end: number;
  /** The one quantity the item states after its label; undefined when it states none or more. */
  amount?: Quantity;
}

export interface MarkdownList {
  items: ListItem[];
  /** A table column's header: what its amounts are ("Quantity", "Price each"). */
  heading?: string;
  /** The first line after the list or table, when it is neither: where a total may be stated. */
  after?: { start: number; end: number };
}

/** "- ", "* ", "+ ", "• ", "1. ", "2) ": a list item's marker, after its indent. */
const ITEM = /^([ \t]*)(?:([-*+•])|\d{1,2}[.)])[ \t]+/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^[\s|:-]+$/;
/** Between an item's label and its amount: a colon or a spaced dash. */
const LABEL_END = /:|\s[–—-]\s/;
/** Before an amount: nothing, or a sign or word that hedges it ("~207 kcal", "about $40"). */
const HEDGE = /^\s*(?:[~≈]|(?:about|around|roughly|approx\.?|approximately|circa|ca\.)\s)?\s*$/i;
/** After an amount: at most one word (its noun or unit), then an end of sentence. */
const AMOUNT_TAIL = /^\s*(?:([\p{L}]+)\s*)?[.;,]?\s*$/u;

/** Units' forms too short to read in prose ("h"), read after an amount alone ("Review: 4 h"). */
const SHORT_FORMS: Record<string, UnitId> = { h: "h" };

interface Line {
  start: number;
  end: number;
  kind: "blank" | "item" | "row" | "rule" | "other";
  /** Items: the indent and the kind of marker, which one list keeps throughout. */
  style?: string;
  /** Items: where the content starts after the marker. */
  content?: number;
}

function linesOf(markdown: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const raw of markdown.split("\n")) {
    const end = start + raw.length;
    const item = ITEM.exec(raw);
    lines.push(
      !raw.trim()
        ? { start, end, kind: "blank" }
        : TABLE_ROW.test(raw)
        ? { start, end, kind: TABLE_RULE.test(raw) ? "rule" : "row" }
        : item
        ? {
          start,
          end,
          kind: "item",
          style: `${item[1]}${item[2] ? "bullet" : "number"}`,
          content: start + item[0].length,
        }
        : { start, end, kind: "other" },
    );
    start = end + 1;
  }
  return lines;
}

/** The one quantity of `text` from `from` to `to`, alone but for its noun or unit word. */
function amountOf(text: string, all: readonly Quantity[], from: number, to: number) {
  const inside = all.filter((q) => q.start >= from && q.end <= to);
  if (inside.length !== 1 || !HEDGE.test(text.slice(from, inside[0].start))) return undefined;
  const [q] = inside;
  const tail = AMOUNT_TAIL.exec(text.slice(q.end, to));
  if (!tail) return undefined;
  const word = tail[1];
  if (!word || q.kind === "count") return q;
  // "29 h": a bare number, then a unit's word that the reading of numbers leaves aside.
  const unit = q.kind === "number" ? unitOfForm(word) ?? SHORT_FORMS[word] : undefined;
  if (!unit) return undefined;
  return {
    ...q,
    kind: "unit" as const,
    unit,
    end: q.end + text.slice(q.end).indexOf(word) + word.length,
  };
}

/** The first line from `at` on that is not blank, when it is plain text. */
function lineAfter(lines: readonly Line[], at: number) {
  const next = lines.slice(at).find((l) => l.kind !== "blank");
  return next?.kind === "other" ? { start: next.start, end: next.end } : undefined;
}

/** A run of items of one style, blank lines between them allowed. */
function listAt(text: string, all: readonly Quantity[], lines: readonly Line[], at: number) {
  const style = lines[at].style;
  const items: ListItem[] = [];
  let i = at;
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (line.kind === "blank") continue;
    if (line.kind !== "item" || line.style !== style) break;
    const content = text.slice(line.content!, line.end);
    const split = LABEL_END.exec(content);
    const amountFrom = split ? line.content! + split.index + split[0].length : undefined;
    items.push({
      label: split ? content.slice(0, split.index).trim() : content.trim(),
      start: line.content!,
      end: line.end,
      amount: amountFrom === undefined ? undefined : amountOf(text, all, amountFrom, line.end),
    });
  }
  // Another style of item next (a nested list) is no line after.
  return { list: { items, after: lineAfter(lines, i) }, next: i };
}

/** The cells of a table row between its pipes: offsets in the text. */
export function cellsOf(text: string, line: Span): Span[] {
  const pipes = [...text.slice(line.start, line.end).matchAll(/\|/g)].map((m) =>
    line.start + m.index!
  );
  return pipes.slice(1).map((end, i) => ({ start: pipes[i] + 1, end }));
}

/** Whether a line is a markdown table's row: it opens and closes with a pipe. */
export const isTableRow = (text: string, line: Span) =>
  TABLE_ROW.test(text.slice(line.start, line.end));

/** The line `at` is in, without its line break. */
export function lineAt(text: string, at: number): Span {
  const end = text.indexOf("\n", at);
  return { start: text.lastIndexOf("\n", at - 1) + 1, end: end < 0 ? text.length : end };
}

/** A table with a header and a rule: one list per column after the first, of its body rows. */
function tableAt(text: string, all: readonly Quantity[], lines: readonly Line[], at: number) {
  let i = at;
  while (i < lines.length && (lines[i].kind === "row" || lines[i].kind === "rule")) i++;
  const rows = lines.slice(at, i);
  const lists: MarkdownList[] = [];
  const body = rows.slice(2).map((row) => cellsOf(text, row));
  const width = cellsOf(text, rows[0]).length;
  if (rows[1]?.kind !== "rule" || body.some((cells) => cells.length !== width)) {
    return { lists, next: i };
  }
  const header = cellsOf(text, rows[0]);
  for (let column = 1; column < width; column++) {
    lists.push({
      heading: text.slice(header[column].start, header[column].end).trim(),
      items: body.map((cells) => ({
        label: text.slice(cells[0].start, cells[0].end).trim(),
        start: cells[0].start,
        end: cells[column].end,
        amount: amountOf(text, all, cells[column].start, cells[column].end),
      })),
    });
  }
  // A line after the table states a total of its one column of amounts, if of any.
  const columns = lists.filter((l) => l.items.some((item) => item.amount));
  if (columns.length === 1) columns[0].after = lineAfter(lines, i);
  return { lists, next: i };
}

/** The lists and table columns of an answer: `markdown` for the layout, `text` for the words. */
export function markdownLists(
  markdown: string,
  text: string,
  all: readonly Quantity[],
): MarkdownList[] {
  const lines = linesOf(markdown);
  const lists: MarkdownList[] = [];
  for (let i = 0; i < lines.length;) {
    const kind = lines[i].kind;
    if (kind === "item") {
      const { list, next } = listAt(text, all, lines, i);
      lists.push(list);
      i = next;
    } else if (kind === "row") {
      const { lists: columns, next } = tableAt(text, all, lines, i);
      lists.push(...columns);
      i = next;
    } else i++;
  }
  return lists;
}
