/** The site adapters read prompts, replies and the "finished" signal from fixture pages. */
import assert from "node:assert/strict";
import { DOMParser } from "linkedom";
import { chatgptAdapter } from "../../extension/src/sites/chatgpt.ts";
import { claudeAdapter } from "../../extension/src/sites/claude.ts";
import { geminiAdapter } from "../../extension/src/sites/gemini.ts";
import { adapterFor } from "../../extension/src/sites/index.ts";
import { localAdapter } from "../../extension/src/sites/local.ts";
import type { SiteAdapter } from "../../extension/src/sites/types.ts";

function fixture(name: string): ParentNode {
  const html = Deno.readTextFileSync(new URL(`./fixtures/${name}.html`, import.meta.url));
  return new DOMParser().parseFromString(html, "text/html") as unknown as ParentNode;
}

function summary(adapter: SiteAdapter, page: string) {
  return adapter.turns(fixture(page)).map(({ prompt, response, finished }) => ({
    prompt,
    response,
    finished,
  }));
}

Deno.test("chatgpt: markdown text, buttons left out, last reply streaming while stop is shown", () => {
  assert.deepEqual(summary(chatgptAdapter, "chatgpt"), [
    {
      prompt: "Who wrote Dune?",
      response: "Frank Herbert wrote Dune.\nIt was published in 1965.",
      finished: true,
    },
    { prompt: "And its sequel?", response: "Dune Messiah", finished: false },
  ]);
});

Deno.test("claude: data-is-streaming is the finished signal; list items become lines", () => {
  assert.deepEqual(summary(claudeAdapter, "claude"), [
    { prompt: "List two moons of Mars.", response: "Phobos\nDeimos", finished: true },
    { prompt: "Which is larger?", response: "Phobos is", finished: false },
  ]);
});

Deno.test("gemini: message-actions marks a finished reply; the query text is the prompt", () => {
  assert.deepEqual(summary(geminiAdapter, "gemini"), [
    {
      prompt: "What is the capital of Australia?",
      response: "The capital of Australia is Canberra.",
      finished: true,
    },
    { prompt: "And of Canada?", response: "Ottawa", finished: false },
  ]);
});

Deno.test("local: a reply before any prompt has none; the extension's badge is never read", () => {
  assert.deepEqual(summary(localAdapter, "local"), [
    { prompt: undefined, response: "Welcome! Ask me anything.", finished: true },
    {
      prompt: "When did the Berlin Wall fall?",
      response: "The Berlin Wall fell on 9 November 1989.",
      finished: true,
    },
    { prompt: "Thanks", response: "You're", finished: false },
  ]);
});

Deno.test("adapterFor picks the adapter by host name, and none for other sites", () => {
  assert.equal(adapterFor("chatgpt.com")?.name, "chatgpt");
  assert.equal(adapterFor("claude.ai")?.name, "claude");
  assert.equal(adapterFor("gemini.google.com")?.name, "gemini");
  assert.equal(adapterFor("127.0.0.1")?.name, "local");
  assert.equal(adapterFor("example.com"), undefined);
});
