/** DOM helpers shared by the site adapters. They work on any DOM (the page, or a test's parser). */
import type { Turn } from "./types.ts";

const BLOCK_TAGS = new Set([
  "ADDRESS",
  "ARTICLE",
  "ASIDE",
  "BLOCKQUOTE",
  "DD",
  "DIV",
  "DL",
  "DT",
  "FIGCAPTION",
  "FIGURE",
  "FOOTER",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "HEADER",
  "HR",
  "LI",
  "OL",
  "P",
  "PRE",
  "SECTION",
  "TABLE",
  "TR",
  "UL",
]);
/** Controls and non-text elements never belong to a message's text. */
const SKIPPED_TAGS = new Set([
  "BUTTON",
  "SCRIPT",
  "STYLE",
  "SVG",
  "TEMPLATE",
  "NOSCRIPT",
  "TIME",
  "INPUT",
  "TEXTAREA",
]);
/** Marks the extension's own badge hosts, which must never be read as page text. */
export const BADGE_HOST_ATTRIBUTE = "data-hd-badge";
/**
 * What no reader sees as text on any site: visually hidden labels for screen readers ("You
 * said", "Claude responded:"), hidden and decorative elements, and the extension's own badges.
 */
const HIDDEN_SELECTOR = [
  ".sr-only",
  ".visually-hidden",
  ".cdk-visually-hidden",
  "[hidden]",
  '[aria-hidden="true"]',
  `[${BADGE_HOST_ATTRIBUTE}]`,
].join(", ");

/**
 * Walks the text a reader sees, in order: `onText` for each text node, `onBreak` at block
 * boundaries and <br>. `skip` names further elements that are not text on this site.
 */
function walkReadable(
  element: Element,
  skip: string | undefined,
  onText: (node: Text) => void,
  onBreak: () => void,
): void {
  const excluded = skip ? `${HIDDEN_SELECTOR}, ${skip}` : HIDDEN_SELECTOR;
  const walk = (node: Node) => {
    if (node.nodeType === 3) return onText(node as Text);
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const tag = el.tagName.toUpperCase();
    if (SKIPPED_TAGS.has(tag) || el.matches(excluded)) return;
    if (tag === "BR") return onBreak();
    const block = BLOCK_TAGS.has(tag);
    if (block) onBreak();
    for (const child of Array.from(el.childNodes)) walk(child);
    if (block) onBreak();
  };
  walk(element);
}

/**
 * The text a reader sees: block elements and <br> become line breaks, whitespace runs inside a
 * line collapse. Computed from the tree rather than `innerText`, which needs layout.
 */
export function readableText(element: Element, skip?: string): string {
  const parts: string[] = [];
  walkReadable(element, skip, (node) => parts.push(node.data), () => parts.push("\n"));
  return parts.join("")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0)
    .join("\n");
}

/** A position in the page: the text node and the UTF-16 offset in it. */
export interface TextPoint {
  node: Text;
  offset: number;
}

/** A span of `readableText`'s result, in UTF-16 offsets (end exclusive). */
export interface TextSpan {
  start: number;
  end: number;
}

/**
 * Where each span of `text` (`readableText(element, skip)`) lies in the element's text nodes, as
 * start and end points. `readableText` only collapses and trims whitespace, so the n-th
 * non-whitespace character of `text` is the n-th one of the text nodes; a span holding no such
 * character gets undefined.
 */
export function locateSpans(
  element: Element,
  text: string,
  spans: readonly TextSpan[],
  skip?: string,
): ({ start: TextPoint; end: TextPoint } | undefined)[] {
  const points: TextPoint[] = [];
  walkReadable(element, skip, (node) => {
    const data = node.data;
    for (let i = 0; i < data.length; i++) {
      if (!/\s/.test(data[i])) points.push({ node, offset: i });
    }
  }, () => {});
  // before[i]: how many non-whitespace characters of `text` come before offset i.
  const before = new Array<number>(text.length + 1);
  before[0] = 0;
  for (let i = 0; i < text.length; i++) before[i + 1] = before[i] + (/\s/.test(text[i]) ? 0 : 1);
  return spans.map(({ start, end }) => {
    const first = before[Math.max(0, Math.min(start, text.length))];
    const last = before[Math.max(0, Math.min(end, text.length))] - 1;
    if (last < first || !points[first] || !points[last]) return undefined;
    return {
      start: points[first],
      end: { node: points[last].node, offset: points[last].offset + 1 },
    };
  });
}

export interface PairingOptions {
  root: ParentNode;
  promptSelector: string;
  replySelector: string;
  /** The site's finished signal for a reply (see `Turn.finished`). */
  isFinished(reply: Element): boolean | undefined;
  /** The composer's stop button: while it is shown, the page's newest reply is streaming. */
  stopSelector?: string;
  /** Inside a reply, the element that holds its text; the reply itself when absent. */
  contentSelector?: string;
  /** Inside a prompt, the element that holds its text; the prompt itself when absent. */
  promptContentSelector?: string;
  /** Elements that are not text on this site (see `Turn.skip`). */
  skip?: string;
}

/** Pairs each reply with the nearest user message before it, in document order. */
export function pairTurns(options: PairingOptions): Turn[] {
  const { promptSelector, replySelector, skip, stopSelector } = options;
  // One query over both selectors returns the elements in document order.
  const ordered = Array.from(options.root.querySelectorAll(`${promptSelector}, ${replySelector}`));
  const replies = ordered.filter((el) => el.matches(replySelector));
  const last = replies.at(-1);
  const generating = stopSelector !== undefined &&
    options.root.querySelector(stopSelector) !== null;
  const turns: Turn[] = [];
  let lastPrompt: string | undefined;
  for (const el of ordered) {
    if (!el.matches(replySelector)) {
      lastPrompt = readableText(within(el, options.promptContentSelector), skip);
      continue;
    }
    const content = within(el, options.contentSelector);
    turns.push({
      reply: el,
      content,
      response: readableText(content, skip),
      prompt: lastPrompt || undefined,
      finished: generating && el === last ? false : options.isFinished(el),
      skip,
    });
  }
  return turns;
}

/** The first element matching `selector` inside `el`, else `el` itself. */
function within(el: Element, selector: string | undefined): Element {
  return (selector && el.querySelector(selector)) || el;
}
