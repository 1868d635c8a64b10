/**
 * The structural fallback, used when a site's adapter finds no answer (the site changed its
 * markup, or serves some accounts another layout): the conversation is found from the page's
 * structure rather than from exact selectors.
 * - Replies: elements whose tag, class, id, data-* or ARIA attributes name the assistant ("model-
 *   response", `data-role="bot"`, `aria-label="Assistant message"`), else rendered-markdown prose
 *   (a block holding paragraphs, lists or code) outside the composer. When every turn is prose,
 *   the turn blocks alternate: question, answer.
 * - Prompts: the nearest element before a reply that names the user, else the nearest text
 *   before it that is no reply (the user's bubble, or a thread's query heading).
 * - Finished: never said here. A reply streams while any streaming signal shows (a stop or cancel
 *   button by the composer, `aria-busy`, a streaming, typing or caret class or attribute); with
 *   none, `finished` stays undefined and the tracker waits for its text to stay unchanged for
 *   two seconds. An answer still streaming is never checked.
 * Reasoning ("thinking") blocks are no part of an answer.
 */
import { readableText } from "./dom.ts";
import type { SiteAdapter, Turn } from "./types.ts";

type Role = "user" | "assistant";

const USER_WORDS = new Set([
  "user",
  "human",
  "you",
  "me",
  "query",
  "question",
  "prompt",
  "request",
  "self",
  "mine",
  "outgoing",
  "sent",
]);
const ASSISTANT_WORDS = new Set([
  "assistant",
  "bot",
  "ai",
  "model",
  "answer",
  "response",
  "reply",
  "agent",
  "llm",
  "incoming",
  "received",
  "gpt",
  "chatgpt",
  "claude",
  "gemini",
  "copilot",
  "deepseek",
  "perplexity",
]);
/** Attributes whose names and values may name a role. */
const ROLE_ATTRIBUTES = /^(class|id|role|aria-label|aria-roledescription|data-[\w-]+)$/;

/** Blocks of rendered markdown; a heading alone is not prose (a thread's query is an <h1>). */
const PROSE_CHILDREN = new Set(["P", "UL", "OL", "PRE", "TABLE", "BLOCKQUOTE"]);
const PROSE_SELECTOR = [...PROSE_CHILDREN].join(", ").toLowerCase();
/** Never a message, nor inside one: controls, the page's frame, the composer. */
const OUTSIDE = "button, [role='button'], nav, header, footer, aside, form, textarea, select, " +
  "label, [contenteditable=''], [contenteditable='true'], [role='textbox'], [role='navigation'], " +
  "[role='dialog'], [role='menu'], [role='menuitem'], [role='listbox'], [role='option'], " +
  "[role='combobox'], [role='tooltip'], [role='banner'], [role='contentinfo']";
/**
 * An element named for the assistant is an answer only with prose in it, this much text, or after
 * a user's message: a model picker ("GPT-4o") or a label ("Claude") is named so too.
 */
const MIN_UNFORMATTED_ANSWER = 40;
/** Reasoning ("thinking") blocks: no part of an answer, nor the question before it. */
const THINKING = "[class*='think' i], [class*='thought' i], [class*='reasoning' i], " +
  "[data-testid*='think' i], [data-testid*='thought' i]";
/** Reasoning blocks and citation chips: no part of an answer's text. */
const SKIP = `${THINKING}, [class*='citation' i], [data-testid*='citation' i]`;
const COMPOSER = "textarea, [contenteditable=''], [contenteditable='true'], [role='textbox']";

/** The words of a name: `modelResponse`, `model-response`, `model_response` → model, response. */
function words(value: string): string[] {
  return value.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z]+/).filter(Boolean);
}

/** The role an element's own names give it, when they name exactly one. */
function roleOf(el: Element): Role | undefined {
  const found = new Set<Role>();
  const note = (value: string) => {
    for (const word of words(value)) {
      if (USER_WORDS.has(word)) found.add("user");
      if (ASSISTANT_WORDS.has(word)) found.add("assistant");
    }
  };
  note(el.tagName);
  for (const attr of Array.from(el.attributes)) {
    if (!ROLE_ATTRIBUTES.test(attr.name)) continue;
    if (attr.name.startsWith("data-")) note(attr.name.slice(5));
    note(attr.value);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** Readable texts already read during one `structuralTurns` pass (the page does not change in it). */
let readThisPass: Map<Element, string> | undefined;

function textOf(el: Element): string {
  let text = readThisPass?.get(el);
  if (text === undefined) {
    text = readableText(el, SKIP);
    readThisPass?.set(el, text);
  }
  return text;
}
const squash = (s: string) => s.replace(/\s+/g, "");

/** Whether `el` is out of the conversation: a control, the page's frame, the composer, a skip. */
function outside(el: Element): boolean {
  return el.closest(OUTSIDE) !== null || el.closest(SKIP) !== null;
}

/**
 * The elements under `top` (and `top` itself) that are not out of the conversation, in document
 * order: one walk that leaves out whole subtrees, rather than a lookup up the tree per element.
 */
function inConversation(top: Element, excluded = `${OUTSIDE}, ${SKIP}`): Element[] {
  const out: Element[] = [];
  const walk = (el: Element) => {
    if (el.matches(excluded)) return;
    out.push(el);
    for (const child of Array.from(el.children)) walk(child);
  };
  walk(top);
  return out;
}

/** The outermost of `elements`: those inside another one are dropped. */
function outermost(elements: Element[]): Element[] {
  return elements.filter((el) => !elements.some((other) => other !== el && other.contains(el)));
}

/** Elements naming `role` and holding text, outermost first; none containing the other role. */
function marked(all: Element[], role: Role): Element[] {
  const other: Role = role === "user" ? "assistant" : "user";
  const named = all.filter((el) => roleOf(el) === role);
  const otherNamed = all.filter((el) => roleOf(el) === other);
  const candidates = named.filter((el) =>
    !otherNamed.some((o) => el.contains(o)) && el.querySelector(COMPOSER) === null &&
    textOf(el).length > 0
  );
  // A list wrapper ("responses") holds several messages: it is none of them.
  const single = candidates.filter((el) =>
    outermost(candidates.filter((c) => c !== el && el.contains(c))).length < 2
  );
  return outermost(single);
}

/** Rendered-markdown blocks: direct paragraphs, lists or code, outermost. */
function proseBlocks(all: Element[]): Element[] {
  const prose = all.filter((el) =>
    Array.from(el.children).some((child) => PROSE_CHILDREN.has(child.tagName.toUpperCase())) &&
    textOf(el).length > 0
  );
  return outermost(prose);
}

/** The lowest element containing all of `elements`. */
function commonAncestor(elements: Element[]): Element | undefined {
  let common: Element | null = elements[0] ?? null;
  while (common && !elements.every((el) => common!.contains(el))) common = common.parentElement;
  return common ?? undefined;
}

/**
 * Prose blocks that are answers. When every turn of the thread is prose (the user's messages are
 * rendered as paragraphs too), the turns alternate question, answer: the answers are every other
 * turn, ending with the last.
 */
function answerBlocks(prose: Element[], users: Element[]): Element[] {
  const outsideUsers = prose.filter((el) => !users.some((u) => u.contains(el) || el.contains(u)));
  if (users.length > 0 || outsideUsers.length < 2) return outsideUsers;
  const thread = commonAncestor(outsideUsers);
  if (!thread) return outsideUsers;
  const turns = Array.from(thread.children).filter((el) => textOf(el).length > 0);
  // Every turn is prose and nothing else (a turn holding its question heading and its answer is
  // a question-and-answer block, not an alternation).
  const allProse = turns.every((turn) =>
    squash(textOf(turn)) ===
      squash(outsideUsers.filter((p) => turn.contains(p)).map(textOf).join(""))
  );
  if (!allProse || turns.length % 2 !== 0) return outsideUsers;
  const answers = turns.filter((_, i) => i % 2 === 1);
  return outsideUsers.filter((p) => answers.some((turn) => turn.contains(p)));
}

/** Widens a prose block to the element that holds it and nothing else of text (its answer). */
function replyAround(content: Element): Element {
  let reply = content;
  const body = content.ownerDocument.body;
  while (reply.parentElement && reply.parentElement !== body) {
    const parent = reply.parentElement;
    // Only the siblings are read: a thread's other turns stop the climb at the first one.
    const siblings = Array.from(parent.children).filter((el) => el !== reply);
    if (outside(parent) || siblings.some((el) => textOf(el).length > 0)) break;
    reply = parent;
  }
  return reply;
}

/** Inside a reply, the element holding its text: the lowest one over all its prose. */
function contentOf(reply: Element): Element {
  const prose = proseBlocks(inConversation(reply));
  return (prose.length > 0 && commonAncestor(prose)) || reply;
}

const MAX_PROMPT_LEVELS = 6;

/** Whether all of an element's text is the text of its links. */
function onlyLinks(el: Element): boolean {
  const links = Array.from(el.querySelectorAll("a"));
  return links.length > 0 && squash(links.map(textOf).join("")) === squash(textOf(el));
}

/**
 * The nearest text before `reply` that is not a reply or in one: the question it answers.
 * `order` gives each element's place in the document.
 */
function promptBefore(
  reply: Element,
  replies: Element[],
  users: Element[],
  order: Map<Element, number>,
): string | undefined {
  const notReply = (el: Element) => !replies.some((r) => r.contains(el) || el.contains(r));
  if (users.length > 0) {
    const at = order.get(reply) ?? 0;
    const last = users.filter((u) => (order.get(u) ?? 0) < at).at(-1);
    return last ? textOf(last) || undefined : undefined;
  }
  // Up to a few levels: the question sits beside the answer or beside one of its wrappers.
  let at: Element | null = reply;
  for (let level = 0; at && at !== reply.ownerDocument.body && level < MAX_PROMPT_LEVELS; level++) {
    for (let sib = at.previousElementSibling; sib; sib = sib.previousElementSibling) {
      // Another answer before any question: this one answers no question the page shows.
      if (!notReply(sib)) return undefined;
      if (sib.matches(SKIP) || sib.matches(OUTSIDE) || sib.querySelector(COMPOSER)) continue;
      // The header of a reasoning block ("Thought for 3 seconds") holds that block.
      if (sib.querySelector(THINKING)) continue;
      // A strip of source links between a question and its answer is neither.
      if (onlyLinks(sib)) continue;
      const text = textOf(sib);
      if (text) return text;
    }
    at = at.parentElement;
  }
  return undefined;
}

const STREAMING_CLASS =
  /(^|[-_])(streaming|typing|generating|blink|blinking|caret|progressive)([-_]|$)/i;
const CARET_CLASS = /(^|[-_])(cursor|caret)([-_]|$)/i;
const STREAMING_VALUE = /^(true|streaming|generating|typing|pending|in[-_ ]?progress|running)$/i;
const STOP_LABEL = /^(stop|cancel|interrupt)\b/i;

/** A stop, cancel or interrupt button: the composer's, while an answer is being written. */
function stopButtonShown(root: ParentNode): boolean {
  for (const button of Array.from(root.querySelectorAll("button, [role='button']"))) {
    const label = [
      button.getAttribute("aria-label"),
      button.getAttribute("title"),
      button.getAttribute("data-testid"),
      button.textContent,
    ].map((s) => (s ?? "").trim().replace(/[-_]/g, " ")).find((s) => s.length > 0) ?? "";
    if (!STOP_LABEL.test(label) && !/\bstop\b/i.test(words(button.className).join(" "))) continue;
    // A dialog's "Cancel" is no composer's: the button must sit near a composer.
    const near = button.closest("form") ?? button.parentElement?.parentElement?.parentElement;
    if (near?.querySelector(COMPOSER) || /\b(stop|interrupt)\b/i.test(label)) return true;
  }
  return false;
}

/** A `data-*streaming*` (or generating, typing, writing) attribute that says so. */
function streamingAttribute(attr: Attr): boolean {
  const name = attr.name.toLowerCase();
  if (name.startsWith("data-") && /stream|generat|typing|writing/.test(name)) {
    return STREAMING_VALUE.test(attr.value) || attr.value === "";
  }
  return /^data-(state|status|phase)$/.test(name) && /stream|generat|typing|writ/i.test(attr.value);
}

/** A class of a streaming block, or of a caret: an empty element named like a cursor. */
function streamingClass(el: Element): boolean {
  return (el.getAttribute("class") ?? "").split(/\s+/).some((token) =>
    STREAMING_CLASS.test(token) ||
    (CARET_CLASS.test(token) && !/^cursor-/.test(token) && el.textContent!.trim().length <= 1)
  );
}

/** How far up a reply's wrappers may say that it streams (`data-is-streaming` on its turn). */
const SIGNAL_LEVELS = 3;

/** Whether `reply` shows that it is still being written. */
function streamingSignal(reply: Element): boolean {
  if (reply.closest("[aria-busy='true']") || reply.querySelector("[aria-busy='true']")) return true;
  let wrapper = reply.parentElement;
  for (let level = 0; wrapper && level < SIGNAL_LEVELS; level++) {
    // Only attributes: a thread's wrappers may have any class names.
    if (Array.from(wrapper.attributes).some(streamingAttribute)) return true;
    wrapper = wrapper.parentElement;
  }
  for (const el of inConversation(reply, SKIP)) {
    if (streamingClass(el) || Array.from(el.attributes).some(streamingAttribute)) return true;
  }
  return false;
}

/** Every reply the page's structure shows, with the prompt before it; see the file's comment. */
export function structuralTurns(root: ParentNode): Turn[] {
  readThisPass = new Map();
  try {
    return turnsOf(root);
  } finally {
    readThisPass = undefined;
  }
}

function turnsOf(root: ParentNode): Turn[] {
  const body = root.querySelector("body");
  if (!body) return [];
  const all = inConversation(body).slice(1);
  const order = new Map(all.map((el, i) => [el, i]));
  const users = marked(all, "user");
  const firstUser = users.length > 0 ? order.get(users[0]) ?? Infinity : Infinity;
  const named = marked(all, "assistant").filter((el) =>
    !users.some((u) => u.contains(el)) &&
    (el.querySelector(PROSE_SELECTOR) !== null || textOf(el).length >= MIN_UNFORMATTED_ANSWER ||
      (order.get(el) ?? 0) > firstUser)
  );
  const replies = named.length > 0 ? named : answerBlocks(proseBlocks(all), users).map(replyAround);
  const generating = stopButtonShown(root);
  const last = replies.at(-1);
  return replies.map((reply) => {
    const content = contentOf(reply);
    return {
      reply,
      content,
      response: textOf(content),
      prompt: promptBefore(reply, replies, users, order),
      finished: (generating && reply === last) || streamingSignal(reply) ? false : undefined,
      skip: SKIP,
    };
  }).filter((turn) => turn.response.length > 0);
}

/**
 * The site's adapter, with the structural fallback when it finds no answer. Its own replies whose
 * end it cannot tell (`finished` undefined) are held back while a streaming signal shows.
 */
export function withStructuralFallback(adapter: SiteAdapter): SiteAdapter {
  return {
    ...adapter,
    turns(root) {
      const turns = adapter.turns(root);
      if (turns.length === 0) return structuralTurns(root);
      const generating = stopButtonShown(root);
      const last = turns.at(-1);
      return turns.map((turn) =>
        turn.finished === undefined &&
          ((generating && turn === last) || streamingSignal(turn.reply))
          ? { ...turn, finished: false }
          : turn
      );
    },
  };
}
