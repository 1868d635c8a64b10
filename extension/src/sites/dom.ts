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
const SKIPPED_TAGS = new Set(["BUTTON", "SCRIPT", "STYLE", "SVG", "TEMPLATE", "NOSCRIPT"]);
/** Marks the extension's own badge hosts, which must never be read as page text. */
export const BADGE_HOST_ATTRIBUTE = "data-hd-badge";

/**
 * The text a reader sees: block elements and <br> become line breaks, whitespace runs inside a
 * line collapse. Computed from the tree rather than `innerText`, which needs layout.
 */
export function readableText(element: Element): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      parts.push(node.textContent ?? "");
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const tag = el.tagName.toUpperCase();
    if (SKIPPED_TAGS.has(tag) || el.hasAttribute(BADGE_HOST_ATTRIBUTE)) return;
    if (tag === "BR") {
      parts.push("\n");
      return;
    }
    const block = BLOCK_TAGS.has(tag);
    if (block) parts.push("\n");
    for (const child of Array.from(el.childNodes)) walk(child);
    if (block) parts.push("\n");
  };
  walk(element);
  return parts.join("")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0)
    .join("\n");
}

export interface PairingOptions {
  root: ParentNode;
  promptSelector: string;
  replySelector: string;
  /** Whether a reply has finished; `isLast` tells the page's newest reply. */
  isFinished(reply: Element, isLast: boolean): boolean;
  /** The part of a reply element that holds the text; the element itself by default. */
  replyText?(reply: Element): string;
  promptText?(prompt: Element): string;
}

/** Pairs each reply with the nearest user message before it, in document order. */
export function pairTurns(options: PairingOptions): Turn[] {
  // One query over both selectors returns the elements in document order.
  const ordered = Array.from(
    options.root.querySelectorAll(`${options.promptSelector}, ${options.replySelector}`),
  );
  const replies = ordered.filter((el) => el.matches(options.replySelector));
  const last = replies.at(-1);
  const turns: Turn[] = [];
  let lastPrompt: string | undefined;
  for (const el of ordered) {
    if (!el.matches(options.replySelector)) {
      lastPrompt = (options.promptText ?? readableText)(el);
      continue;
    }
    turns.push({
      reply: el,
      response: (options.replyText ?? readableText)(el),
      prompt: lastPrompt || undefined,
      finished: options.isFinished(el, el === last),
    });
  }
  return turns;
}

/** The text of the first element matching `selector` inside `el`, else of `el` itself. */
export function textWithin(el: Element, selector: string): string {
  return readableText(el.querySelector(selector) ?? el);
}
