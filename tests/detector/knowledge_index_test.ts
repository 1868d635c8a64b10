/**
 * The knowledge folder on disk: every document format indexed and found, the index file reused
 * across a restart (unchanged documents are not read again), a changed document re-indexed, and
 * empty or unreadable files reported by name without stopping the others; KNOWLEDGE_DIR checked.
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../server/platform/config.ts";
import { readDetectorEnv } from "../../server/detector/service/serve.ts";
import {
  describeOpenReport,
  INDEX_FILE,
  type KnowledgeBase,
  openKnowledgeBase,
} from "../../server/detector/knowledge/knowledge_base.ts";

async function folder(files: Record<string, string>): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "knowledge_" });
  for (const [path, text] of Object.entries(files)) {
    await Deno.mkdir(`${dir}/${path}`.replace(/\/[^/]*$/, ""), { recursive: true });
    await Deno.writeTextFile(`${dir}/${path}`, text);
  }
  return dir;
}

/** The passages of the best hits for a query, as "source: text". */
function found(base: KnowledgeBase, query: string, limit = 1): string[] {
  return base.search(query, limit).map((h) =>
    `${base.passages[h.passage].source}: ${base.passages[h.passage].text}`
  );
}

const FORMATS = {
  "notes.txt": "The Zanzibar lighthouse was built in 1887.\nIts lamp burns paraffin oil.",
  "guide.md": "# Quokka care\n\nQuokkas eat **grasses** and leaves of the peppermint shrub.",
  "page.html": `<html><head><title>Glacier report</title><style>p{color:red}</style>
    <script>var hidden = "scriptword";</script></head>
    <body><h1>Perito Moreno</h1><p>The Perito Moreno glacier advances two metres a day.</p></body></html>`,
  "sub/facts.jsonl": [
    JSON.stringify({ text: "Vostok station recorded minus 89 degrees in 1983.", title: "Vostok" }),
    JSON.stringify({
      text: "The Atacama desert gets almost no rain.",
      url: "https://example.org/a",
    }),
  ].join("\n") + "\n",
};

Deno.test("knowledge: each document format is indexed and found", async () => {
  const dir = await folder(FORMATS);
  try {
    const { base, report } = await openKnowledgeBase(dir);
    assert.deepEqual(report.problems, []);
    assert.equal(report.files, 4);
    assert.equal(
      found(base, "Zanzibar lighthouse built")[0],
      "notes.txt: The Zanzibar lighthouse was built in 1887. Its lamp burns paraffin oil.",
    );
    assert.equal(
      found(base, "what do quokkas eat")[0],
      "guide.md: Quokka care Quokkas eat **grasses** and leaves of the peppermint shrub.",
    );
    assert.equal(
      found(base, "glacier advances")[0],
      "page.html: Perito Moreno The Perito Moreno glacier advances two metres a day.",
    );
    const vostok = base.passages[base.search("coldest Vostok", 1)[0].passage];
    assert.deepEqual(vostok, {
      text: "Vostok station recorded minus 89 degrees in 1983.",
      source: "sub/facts.jsonl",
      title: "Vostok",
    });
    const atacama = base.passages[base.search("Atacama rain", 1)[0].passage];
    assert.equal(atacama.url, "https://example.org/a");
    assert.deepEqual(base.search("scriptword", 5), [], "script text is not indexed");
    assert.deepEqual(base.search("color red", 5), [], "style text is not indexed");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("knowledge: the index file is reused across a restart, a changed file re-indexed", async () => {
  const dir = await folder(FORMATS);
  try {
    const first = await openKnowledgeBase(dir);
    assert.equal(first.report.read, 4);
    assert.equal(first.report.wrote, true);
    const indexed = await Deno.stat(`${dir}/${INDEX_FILE}`);

    // Same size and modification time, other words: a restart must not read the file again.
    const notes = `${dir}/notes.txt`;
    const before = await Deno.stat(notes);
    const swapped = FORMATS["notes.txt"].replace("Zanzibar", "Qwertyab");
    assert.equal(swapped.length, FORMATS["notes.txt"].length);
    await Deno.writeTextFile(notes, swapped);
    await Deno.utime(notes, before.atime!, before.mtime!);
    const restarted = await openKnowledgeBase(dir);
    assert.equal(restarted.report.read, 0);
    assert.equal(restarted.report.wrote, false);
    assert.equal(restarted.report.passages, first.report.passages);
    assert.equal(found(restarted.base, "Zanzibar")[0]?.startsWith("notes.txt:"), true);
    assert.deepEqual(found(restarted.base, "Qwertyab"), []);
    assert.equal(
      (await Deno.stat(`${dir}/${INDEX_FILE}`)).mtime?.getTime(),
      indexed.mtime?.getTime(),
    );

    // A real change (new modification time): that file alone is read again.
    await Deno.writeTextFile(
      notes,
      "The Zanzibar lighthouse was rebuilt in 1921 with an electric lamp.",
    );
    const changed = await openKnowledgeBase(dir);
    assert.equal(changed.report.read, 1);
    assert.equal(changed.report.wrote, true);
    assert.match(found(changed.base, "Zanzibar lighthouse")[0], /rebuilt in 1921/);
    assert.deepEqual(found(changed.base, "paraffin"), []);
    assert.equal(found(changed.base, "glacier")[0]?.startsWith("page.html:"), true);

    // A removed file leaves the index.
    await Deno.remove(`${dir}/page.html`);
    const removed = await openKnowledgeBase(dir);
    assert.equal(removed.report.files, 3);
    assert.deepEqual(found(removed.base, "glacier"), []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("knowledge: empty and unreadable files are reported by name, the others indexed", async () => {
  const dir = await folder({
    "good.txt": "Kakapo parrots cannot fly.",
    "empty.txt": "",
    "blank.md": "   \n\n  ",
    "bad.jsonl": '{"text": "fine line"}\n{not json\n',
    "notext.jsonl": '{"title": "no text field"}\n',
  });
  await Deno.symlink(`${dir}/nowhere`, `${dir}/missing.txt`);
  try {
    const { base, report } = await openKnowledgeBase(dir);
    const reasons = Object.fromEntries(report.problems.map((p) => [p.path, p.reason]));
    assert.deepEqual(Object.keys(reasons).sort(), [
      "bad.jsonl",
      "blank.md",
      "empty.txt",
      "missing.txt",
      "notext.jsonl",
    ]);
    assert.equal(reasons["empty.txt"], "no text");
    assert.equal(reasons["bad.jsonl"], "line 2: invalid JSON");
    assert.match(reasons["notext.jsonl"], /line 1: needs a string "text" field/);
    assert.match(reasons["missing.txt"], /No such file/);
    assert.equal(report.files, 1);
    assert.equal(found(base, "kakapo")[0], "good.txt: Kakapo parrots cannot fly.");
    const lines = describeOpenReport(dir, report);
    assert.ok(lines.includes("knowledge: skipped empty.txt: no text"), lines.join("\n"));
    assert.match(
      lines.at(-1)!,
      /knowledge: 1 files, 1 passages from .* \(1 read, 0 from the index file\)/,
    );

    // Reopened: the good file comes from the index file, the bad ones are reported again.
    const again = await openKnowledgeBase(dir);
    assert.equal(again.report.problems.length, 5);
    assert.equal(again.report.wrote, false);
    assert.match(
      describeOpenReport(dir, again.report).at(-1)!,
      /\(0 read, 1 from the index file\)/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("KNOWLEDGE_DIR: checked at start-up and passed from the API to its detector", async () => {
  const dir = await Deno.makeTempDir({ prefix: "knowledge_env_" });
  try {
    assert.equal(readDetectorEnv({ DETECTOR_SECRET: "s", KNOWLEDGE_DIR: dir }).KNOWLEDGE_DIR, dir);
    assert.equal(readDetectorEnv({ DETECTOR_SECRET: "s" }).KNOWLEDGE_DIR, undefined);
    assert.throws(
      () => readDetectorEnv({ DETECTOR_SECRET: "s", KNOWLEDGE_DIR: `${dir}/missing` }),
      /KNOWLEDGE_DIR: must be an existing folder/,
    );
    const config = loadConfig({ KNOWLEDGE_DIR: dir });
    assert.equal(config.detector.kind === "embedded" && config.detector.knowledgeDir, dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
