/**
 * The site adapters on saved markup of each site and layout: what a reader sees as prompt and
 * answer (no hidden labels, timestamps, buttons or citation numbers), and the finished signal
 * before and after the site finishes the streaming reply.
 */
import assert from "node:assert/strict";
import { DOMParser } from "linkedom";
import { CHATBOT_PAGES } from "../../extension/manifest.ts";
import { locateSpans, readableText } from "../../extension/src/sites/dom.ts";
import { adapterFor, SITE_ADAPTERS } from "../../extension/src/sites/index.ts";
import { localAdapter } from "../../extension/src/sites/local.ts";
import { finishStreaming, LAYOUTS } from "./support/layouts.ts";

const FIXTURES = new URL("./fixtures/", import.meta.url);

function parse(name: string): Document {
  const html = Deno.readTextFileSync(new URL(`${name}.html`, FIXTURES));
  return new DOMParser().parseFromString(html, "text/html") as unknown as Document;
}

function summary(turns: ReturnType<typeof localAdapter.turns>) {
  return turns.map(({ prompt, response, finished }) => ({ prompt, response, finished }));
}

for (const layout of LAYOUTS) {
  Deno.test(`${layout.fixture}: prompt and answer as a reader sees them, finished signal`, () => {
    const doc = parse(layout.fixture);
    const adapter = adapterFor(new URL(layout.url).hostname);
    assert.equal(adapter?.name, layout.adapter);
    assert.deepEqual(summary(adapter.turns(doc)), [
      { ...layout.finished, finished: true },
      { prompt: layout.streaming.prompt, response: layout.streaming.partial, finished: false },
    ]);
    // Highlights find each answer where the reader sees it, skipping what the adapter skips.
    for (const turn of adapter.turns(doc)) {
      const whole = { start: 0, end: turn.response.length };
      assert.ok(locateSpans(turn.content, turn.response, [whole], turn.skip)[0], turn.response);
    }
    // The site finishes the reply (run on the parsed page as the browser would run it).
    const globals = globalThis as { document?: Document };
    globals.document = doc;
    try {
      finishStreaming(layout.finish);
    } finally {
      delete globals.document;
    }
    const after = adapter.turns(doc).at(-1)!;
    assert.equal(after.finished, true);
    assert.equal(after.response, layout.finish.text);
  });
}

Deno.test("local: a reply before any prompt has none; the extension's badge is never read", () => {
  assert.deepEqual(summary(localAdapter.turns(parse("local"))), [
    { prompt: undefined, response: "Welcome! Ask me anything.", finished: true },
    {
      prompt: "When did the Berlin Wall fall?",
      response: "The Berlin Wall fell on 9 November 1989.",
      finished: true,
    },
    { prompt: "Thanks", response: "You're", finished: false },
  ]);
});

Deno.test("convention: every manifest site has an adapter and at least one fixture", () => {
  const fixtures = Array.from(Deno.readDirSync(FIXTURES)).map((e) => e.name);
  assert.ok(CHATBOT_PAGES.length >= 8);
  const hostnames = CHATBOT_PAGES.map((page) => new URL(page.replace("*", "x")).hostname);
  for (const [i, page] of CHATBOT_PAGES.entries()) {
    const hostname = hostnames[i];
    const adapter = adapterFor(hostname);
    assert.ok(adapter, `no adapter for ${page}`);
    assert.ok(
      fixtures.some((name) => name.startsWith(`${adapter.name}`)),
      `no fixture for ${adapter.name}`,
    );
    if (adapter.name !== "local") {
      assert.ok(LAYOUTS.some((l) => new URL(l.url).hostname === hostname), `no layout at ${page}`);
    }
  }
  assert.deepEqual(
    new Set(SITE_ADAPTERS.map((a) => a.name)),
    new Set(LAYOUTS.map((l) => l.adapter).concat("local")),
  );
  for (const adapter of SITE_ADAPTERS) {
    assert.ok(hostnames.some((h) => adapter.matches(h)), `${adapter.name}: not in the manifest`);
  }
  assert.equal(adapterFor("example.com"), undefined);
});

Deno.test("convention: every adapter file in extension/src/sites/ is registered", () => {
  const helpers = new Set(["index.ts", "types.ts", "dom.ts", "structure.ts"]);
  const files = Array.from(Deno.readDirSync(new URL("../../extension/src/sites/", import.meta.url)))
    .map((e) => e.name.replace(/\.ts$/, ""))
    .filter((name) => !helpers.has(`${name}.ts`));
  assert.deepEqual(files.sort(), SITE_ADAPTERS.map((a) => a.name).sort());
});

Deno.test("locateSpans finds each span of the text in the text nodes, across elements and whitespace", () => {
  const doc = parse("claude-current-2026-11");
  const content = doc.querySelector(".standard-markdown")!;
  const text = readableText(content);
  const lines = text.split("\n");
  const spans = lines.map((line) => {
    const start = text.indexOf(line);
    return { start, end: start + line.length };
  });
  const located = locateSpans(content, text, spans);
  assert.equal(located.length, 3);
  for (const [i, at] of located.entries()) {
    assert.ok(at);
    assert.equal(at.start.node.data.slice(at.start.offset)[0], lines[i][0]);
    assert.equal(at.end.node.data.slice(0, at.end.offset).at(-1), lines[i].at(-1));
  }
  // A span of whitespace only, or one past the text, has no place.
  assert.deepEqual(
    locateSpans(content, text, [{ start: lines[0].length, end: lines[0].length + 1 }]),
    [undefined],
  );
  assert.deepEqual(locateSpans(content, text, [{ start: text.length, end: text.length + 5 }]), [
    undefined,
  ]);
});
