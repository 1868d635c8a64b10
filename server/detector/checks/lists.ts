/**
 * Markdown lists and tables read as a whole, for the checks that add up or compare their items: a
 * bullet or numbered list of "label: amount" items ("- Rent: $1,900", "1. Venue: $13,750", "*
 * Week 1: 84 cans"), each column of a table of "| label | amount |" rows, and amounts laid out
 * without markers: a run of lines of one layout ("Adults: 212", "Laptop stand     $27.85", "Basil
 * ........ $2.49" in a code block), or one line of items parted by middle dots ("Rent £1,150 ·
 * Utilities £186"). An item's amount is one quantity, alone after its label (a count's noun or a
 * unit's word may follow: "84 cans", "29 h"); an item with more, or with words after its amount
 * ("$3 per kg"), has none. A score ("38/40") is no quantity: an item states it apart. The layout
 * is read from the markdown (bullets "*" are emphasis marks once read), the amounts from the text.
 */
import { quantities, type Quantity } from "./quantities.ts";
import { type UnitId, unitOfForm } from "./units.ts";

export interface Span {
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
  /** A score the item states alone after its label: "Section A: 38/40". */
  score?: Score;
  /** The amount's share in brackets after it: "Stocks: $6,000 (60%)". */
  share?: Quantity;
}

/** "38/40", "84 out of 100": marks got of marks available. */
export interface Score {
  got: number;
  of: number;
  start: number;
  end: number;
}

export interface MarkdownList {
  items: ListItem[];
  /** A table column's header: what its amounts are ("Quantity", "Price each"). */
  heading?: string;
  /** The first line after the list or table, when it is neither: where a total may be stated. */
  after?: { start: number; end: number };
  /** The line after stands under a rule ("-----"): it sums the column above, as a total row does. */
  ruled?: boolean;
}

/** "- ", "* ", "+ ", "• ", "1. ", "2) ": a list item's marker, after its indent. */
const ITEM = /^([ \t]*)(?:([-*+•])|\d{1,2}[.)])[ \t]+/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^[\s|:-]+$/;
/** A rule across the text ("-----", "====="), which may part a column of amounts from its total. */
const DIVIDER = /^\s*([-=_—])\1{2,}\s*$/;
/** Between a label and its amount in a column: a wide gap, a tab or a dot leader. */
const COLUMN_GAP = /(?:[^\S\n]{2,}|\t|[^\S\n]*(?:\.{3,}|…+)[^\S\n]*)(?=\S)/g;
/** Between the items of one line: a middle dot or a bullet, spaced. */
const ITEM_DOT = /[^\S\n]+[·•][^\S\n]+/g;
/** An item of a line of items with no mark after its label: words, then the amount ("Rent £1,150"). */
const DOT_ITEM_LABEL = /^\s*(\p{L}[^\d$£€¥~≈]*?)\s+(?=[~≈$£€¥\d])/u;
/** A score alone: "38/40", "84 out of 100". */
const SCORE_ALONE = /^\s*(\d{1,4})\s*(?:\/|out of)\s*(\d{1,4})\s*[.;,]?\s*$/d;
/** A score in a sentence, not in a date or fraction of more terms ("1/2/2024"). */
const SCORE = /(?<![\d/.,])(\d{1,4})\s*(?:\/|\bout of\b)\s*(\d{1,4})(?![\d/.,]\d)/d;
/** A line of its own that names a total, its amount on the next line: "### Total", "**Total**". */
const TOTAL_HEADING = /^[\s#]*(?:grand\s+)?(?:total|overall)\s*:?\s*$/i;
/** Between an item's label and its amount: a colon or a spaced dash. */
const LABEL_END = /:|\s[–—-]\s/;
/** An item worked out: its amount after the last "=" ("2 × Widget A @ $45.00 = $90.00"). */
const WORKED_RESULT = /\s=\s(?!.*\s=\s)/;
/** A colon between digits: a time or a ratio ("9:30", "3:1"), no label's end. */
const DIGITS_COLON = /\d:\d/;
/** Before an amount: nothing, or a sign or word that hedges it ("~207 kcal", "about $40"). */
const HEDGE = /^\s*(?:[~≈]|(?:about|around|roughly|approx\.?|approximately|circa|ca\.)\s)?\s*$/i;
/** After an amount: at most one word (its noun or unit), then an end of sentence. */
const AMOUNT_TAIL = /^\s*(?:([\p{L}]+)\s*)?[.;,]?\s*$/u;

/** Units' forms too short to read in prose ("h"), read after an amount alone ("Review: 4 h"). */
const SHORT_FORMS: Record<string, UnitId> = { h: "h" };

interface Line {
  start: number;
  end: number;
  kind: "blank" | "item" | "row" | "rule" | "divider" | "other";
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
        : DIVIDER.test(raw)
        ? { start, end, kind: "divider" }
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

/** A percentage in brackets right after an amount, closing its item: "$6,000 (60%)". */
const isBracketShare = (text: string, amount: Quantity, share: Quantity | undefined, to: number) =>
  share?.kind === "percent" && /^\s*\(\s*$/.test(text.slice(amount.end, share.start)) &&
  /^\s*\)/.test(text.slice(share.end, to));

/**
 * The one quantity of `text` from `from` to `to`, alone but for its noun or unit word, or its
 * share in brackets.
 */
function amountOf(text: string, all: readonly Quantity[], from: number, to: number) {
  const inside = all.filter((q) => q.start >= from && q.end <= to);
  // "$6,000 (60%)": the amount and its share in brackets.
  const [, share] = inside;
  const shared = inside.length === 2 && isBracketShare(text, inside[0], share, to);
  if ((inside.length !== 1 && !shared) || !HEDGE.test(text.slice(from, inside[0].start))) {
    return undefined;
  }
  const [q] = inside;
  const tail = AMOUNT_TAIL.exec(
    shared ? text.slice(share.end, to).replace(/^\s*\)/, "") : text.slice(q.end, to),
  );
  if (!tail || (shared && tail[1])) return undefined;
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

/** A score alone from `from` to `to`. */
function scoreOf(text: string, from: number, to: number): Score | undefined {
  const m = SCORE_ALONE.exec(text.slice(from, to));
  return m ? score(m, from) : undefined;
}

/** The first score of a sentence: "Overall score: 84 out of 100". */
export function scoreIn(text: string, span: Span): Score | undefined {
  const m = SCORE.exec(text.slice(span.start, span.end));
  return m ? score(m, span.start) : undefined;
}

/** Every score of a span, in order. */
export function scoresIn(text: string, span: Span): Score[] {
  const found = text.slice(span.start, span.end).matchAll(new RegExp(SCORE, "gd"));
  return [...found].flatMap((m) => score(m, span.start) ?? []);
}

/** A score matched at `offset`, when it gets no more marks than are available. */
function score(m: RegExpExecArray, offset: number): Score | undefined {
  const [got, of] = [Number(m[1]), Number(m[2])];
  const [start, end] = [offset + m.indices![1]![0], offset + m.indices![2]![1]];
  return of > 0 && got <= of ? { got, of, start, end } : undefined;
}

/** An item: its label, and what it states from `from` to its end, an amount or a score. */
function itemOf(
  text: string,
  all: readonly Quantity[],
  label: string,
  span: Span,
  from: number | undefined,
): ListItem {
  const amount = from === undefined ? undefined : amountOf(text, all, from, span.end);
  const score = from === undefined || amount ? undefined : scoreOf(text, from, span.end);
  const next = amount && all.find((q) => q.start >= amount.end && q.end <= span.end);
  const share = amount && isBracketShare(text, amount, next, span.end) ? next : undefined;
  return { label, ...span, amount, ...(score ? { score } : {}), ...(share ? { share } : {}) };
}

/**
 * The first line from `at` on that is not blank, when it is plain text. A line that only names a
 * total ("### Total") is read with the line after it, which states it.
 */
function lineAfter(text: string, lines: readonly Line[], at: number): Span | undefined {
  const k = lines.findIndex((l, k) => k >= at && l.kind !== "blank");
  const next = lines[k];
  if (next?.kind !== "other") return undefined;
  const words = text.slice(next.start, next.end);
  const stated = TOTAL_HEADING.test(words) ? lineAfter(text, lines, k + 1) : undefined;
  return stated
    ? { start: next.start + words.search(/\p{L}/u), end: stated.end }
    : { start: next.start, end: next.end };
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
    const worked = WORKED_RESULT.exec(content);
    const split = worked ?? LABEL_END.exec(content);
    const amountFrom = split ? line.content! + split.index + split[0].length : undefined;
    const item = itemOf(
      text,
      all,
      split ? content.slice(0, split.index).trim() : content.trim(),
      { start: line.content!, end: line.end },
      amountFrom,
    );
    // The item's amount is its working's result: a figure it states, not a step.
    items.push(
      worked && item.amount ? { ...item, amount: { ...item.amount, computed: false } } : item,
    );
  }
  // Another style of item next (a nested list) is no line after.
  return { list: { items, after: lineAfter(text, lines, i) }, next: i };
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
      items: body.map((cells) =>
        itemOf(
          text,
          all,
          text.slice(cells[0].start, cells[0].end).trim(),
          { start: cells[0].start, end: cells[column].end },
          cells[column].start,
        )
      ),
    });
  }
  // A line after the table states a total of its one column of amounts, if of any.
  const columns = lists.filter((l) => l.items.some((item) => item.amount));
  if (columns.length === 1) columns[0].after = lineAfter(text, lines, i);
  return { lists, next: i };
}

/**
 * A plain line read as an item: its label, then a colon or a spaced dash ("Adults: 212") or a
 * column's gap ("Laptop stand     $27.85", "Basil ........ $2.49"), then its amount or score
 * alone. `layout`: which of the two marks parts it, one throughout a run of items.
 */
function lineItem(text: string, all: readonly Quantity[], line: Line) {
  const raw = text.slice(line.start, line.end);
  const content = line.start + raw.search(/\S/);
  const split = LABEL_END.exec(raw);
  if (split && DIGITS_COLON.test(raw.slice(split.index - 1, split.index + 2))) return undefined;
  const gap = split ? undefined : [...raw.trimEnd().matchAll(COLUMN_GAP)].at(-1);
  const mark = split ?? gap;
  if (!mark || line.start + mark.index! <= content) return undefined;
  const label = text.slice(content, line.start + mark.index!).trim();
  const item = itemOf(
    text,
    all,
    label,
    { start: content, end: line.end },
    line.start + mark.index! + mark[0].length,
  );
  if (!/\p{L}/u.test(label) || !item.amount && !item.score) return undefined;
  return { item, layout: split ? "label" : "column" };
}

/** A run of plain lines of one layout, each an item; a rule may part two of them. */
function lineRunAt(text: string, all: readonly Quantity[], lines: readonly Line[], at: number) {
  const first = lineItem(text, all, lines[at]);
  if (!first) return { next: at + 1 };
  const items = [first.item];
  let i = at + 1;
  for (; i < lines.length; i++) {
    const divided = lines[i].kind === "divider" && lines[i + 1]?.kind === "other";
    const line = lines[divided ? i + 1 : i];
    const next = line.kind === "other" ? lineItem(text, all, line) : undefined;
    if (next?.layout !== first.layout) break;
    items.push(next.item);
    if (divided) i++;
  }
  if (items.length < 2) return { next: at + 1 };
  const ruled = lines[i]?.kind === "divider";
  const after = lineAfter(text, lines, ruled ? i + 1 : i);
  return { list: { items, after, ...(ruled && after ? { ruled } : {}) }, next: i };
}

/**
 * A line of two items or more parted by middle dots, each a label and then its amount ("Rent
 * £1,150", "Phone: £32"); the first may follow what the line counts ("Steps this week: M
 * 5,829"). A number the reading of the whole takes for a name's ("M 5,829") is read alone.
 */
function dotLineAt(text: string, all: readonly Quantity[], lines: readonly Line[], at: number) {
  const line = lines[at];
  const bounds = [
    line.start,
    ...[...text.slice(line.start, line.end).matchAll(ITEM_DOT)]
      .flatMap((m) => [line.start + m.index!, line.start + m.index! + m[0].length]),
    line.end,
  ];
  if (bounds.length < 4) return undefined;
  const items: ListItem[] = [];
  for (let k = 0; k < bounds.length; k += 2) {
    const item = dotItem(text, all, { start: bounds[k], end: bounds[k + 1] });
    if (!item) return undefined;
    items.push(item);
  }
  return { items, after: lineAfter(text, lines, at + 1) };
}

/** An item between middle dots: "Phone: £32", "Rent £1,150", "M 5,829". */
function dotItem(text: string, all: readonly Quantity[], span: Span): ListItem | undefined {
  const split = LABEL_END.exec(text.slice(span.start, span.end));
  const rest = split ? span.start + split.index + split[0].length : span.start;
  if (split) {
    const item = itemOf(
      text,
      all,
      text.slice(span.start, rest - split[0].length).trim(),
      span,
      rest,
    );
    if (item.amount) return item;
  }
  const words = DOT_ITEM_LABEL.exec(text.slice(rest, span.end));
  if (!words) return undefined;
  const from = rest + words[0].length;
  const amount = amountOf(text, all, from, span.end) ??
    (all.some((q) => q.end > from && q.start < span.end)
      ? undefined
      : amountAlone(text, from, span.end));
  return amount && { label: words[1].trim(), ...span, amount };
}

/** The amount from `from` to `to` read by itself, apart from the words before it. */
function amountAlone(text: string, from: number, to: number): Quantity | undefined {
  const piece = text.slice(from, to);
  const q = amountOf(piece, quantities(piece), 0, piece.length);
  return q && { ...q, start: from + q.start, end: from + q.end };
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
    } else if (kind === "other") {
      const dotted = dotLineAt(text, all, lines, i);
      const { list, next } = dotted
        ? { list: dotted, next: i + 1 }
        : lineRunAt(text, all, lines, i);
      if (list) lists.push(list);
      i = next;
    } else i++;
  }
  return lists;
}
