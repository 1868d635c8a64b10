/**
 * The structural fallback alone (no site adapter) on every saved site fixture and on the pages
 * written with other markups for each site: the same prompts and answers a reader sees, the
 * streaming answer held back while any streaming signal shows and left to the tracker's
 * two-second settling (finished undefined, never true) once none does.
 */
import assert from "node:assert/strict";
import { DOMParser } from "linkedom";
import { adapterFor } from "../../extension/src/sites/index.ts";
import { structuralTurns, withStructuralFallback } from "../../extension/src/sites/structure.ts";
import { finishStreaming, type Layout, LAYOUTS } from "./support/layouts.ts";
import { UNSEEN_LAYOUTS } from "./support/unseen_layouts.ts";

const FIXTURES = new URL("./fixtures/", import.meta.url);

function parse(name: string): Document {
  const html = Deno.readTextFileSync(new URL(`${name}.html`, FIXTURES));
  return new DOMParser().parseFromString(html, "text/html") as unknown as Document;
}

const summary = (turns: ReturnType<typeof structuralTurns>) =>
  turns.map(({ prompt, response, finished }) => ({ prompt, response, finished }));

/** Runs the site's own end of streaming on a parsed page, as the browser would. */
function finish(doc: Document, layout: Layout): void {
  const globals = globalThis as { document?: Document };
  globals.document = doc;
  try {
    finishStreaming(layout.finish);
  } finally {
    delete globals.document;
  }
}

function assertFallbackReads(layout: Layout): void {
  const doc = parse(layout.fixture);
  assert.deepEqual(summary(structuralTurns(doc)), [
    { ...layout.finished, finished: undefined },
    { prompt: layout.streaming.prompt, response: layout.streaming.partial, finished: false },
  ]);
  finish(doc, layout);
  assert.deepEqual(summary(structuralTurns(doc)).at(-1), {
    prompt: layout.streaming.prompt,
    response: layout.finish.text,
    finished: undefined,
  });
}

for (const layout of LAYOUTS) {
  Deno.test(`fallback, adapter switched off: ${layout.fixture}`, () => assertFallbackReads(layout));
}

for (const layout of UNSEEN_LAYOUTS) {
  Deno.test(`fallback on a layout its adapter does not know: ${layout.fixture}`, () => {
    const doc = parse(layout.fixture);
    const adapter = adapterFor(new URL(layout.url).hostname)!;
    assert.equal(adapter.name, layout.adapter);
    assert.deepEqual(adapter.turns(doc), [], "the site's adapter finds these answers itself");
    assertFallbackReads(layout);
    // Wired as the extension runs it: the adapter, then the fallback.
    assert.equal(withStructuralFallback(adapter).turns(parse(layout.fixture)).length, 2);
  });
}

Deno.test("fallback: a page with no conversation has no answer; a reasoning block is none", () => {
  const doc = new DOMParser().parseFromString(
    `<html><body><nav><p>History</p><ul><li>Old chat</li></ul></nav>
    <div class="model-picker"><span>GPT-4o</span></div>
    <div class="think-panel"><p>Thinking about it.</p></div>
    <form><textarea></textarea></form></body></html>`,
    "text/html",
  ) as unknown as Document;
  assert.deepEqual(structuralTurns(doc), []);
});

Deno.test("an adapter's reply of unknown end is held while a stop button shows", () => {
  const doc = parse("unseen/copilot-a");
  const adapter = {
    name: "t",
    label: "t",
    matches: () => true,
    turns: (root: ParentNode) => structuralTurns(root).map((t) => ({ ...t, finished: undefined })),
  };
  assert.deepEqual(withStructuralFallback(adapter).turns(doc).map((t) => t.finished), [
    undefined,
    false,
  ]);
  doc.querySelector('button[aria-label="Stop generating"]')!.remove();
  assert.deepEqual(withStructuralFallback(adapter).turns(doc).map((t) => t.finished), [
    undefined,
    undefined,
  ]);
});
