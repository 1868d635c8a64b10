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
import {
  loadPassageEncoder,
  type PassageEncoder,
} from "../../server/detector/knowledge/passage_encoder.ts";
import { DEFAULT_MODEL_DIR } from "../../server/detector/inference/model_files.ts";

async function folder(files: Record<string, string>): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "knowledge_" });
  for (const [path, text] of Object.entries(files)) {
    await Deno.mkdir(`${dir}/${path}`.replace(/\/[^/]*$/, ""), { recursive: true });
    await Deno.writeTextFile(`${dir}/${path}`, text);
  }
  return dir;
}

const encoder = await loadPassageEncoder(DEFAULT_MODEL_DIR);

/** The real encoder, with another version if asked, counting the texts it embeds (queries too). */
function counting(version = encoder.version): PassageEncoder & { embedded: number } {
  const counted = {
    version,
    dimensions: encoder.dimensions,
    embedded: 0,
    embed: (texts: readonly string[]) => {
      counted.embedded += texts.length;
      return encoder.embed(texts);
    },
  };
  return counted;
}

/** The passages of the best hits for a query, as "source: text". */
async function found(base: KnowledgeBase, query: string, limit = 1): Promise<string[]> {
  return (await base.search([query], limit))[0].map((h) =>
    `${base.passages[h.passage].source}: ${base.passages[h.passage].text}`
  );
}

/**
 * Whether any passage found for `word` says it: dense retrieval finds the nearest passages even
 * for a word no passage has, so what is not indexed shows in the hits' text, not in their count.
 */
async function anyMentions(base: KnowledgeBase, word: string): Promise<boolean> {
  return (await found(base, word, 10)).some((hit) =>
    hit.toLowerCase().includes(word.toLowerCase())
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
    const { base, report } = await openKnowledgeBase(dir, encoder);
    assert.deepEqual(report.problems, []);
    assert.equal(report.files, 4);
    assert.equal(
      (await found(base, "Zanzibar lighthouse built"))[0],
      "notes.txt: The Zanzibar lighthouse was built in 1887. Its lamp burns paraffin oil.",
    );
    assert.equal(
      (await found(base, "what do quokkas eat"))[0],
      "guide.md: Quokka care Quokkas eat **grasses** and leaves of the peppermint shrub.",
    );
    assert.equal(
      (await found(base, "glacier advances"))[0],
      "page.html: Perito Moreno The Perito Moreno glacier advances two metres a day.",
    );
    const vostok = base.passages[(await base.search(["coldest Vostok"], 1))[0][0].passage];
    assert.deepEqual(vostok, {
      text: "Vostok station recorded minus 89 degrees in 1983.",
      source: "sub/facts.jsonl",
      title: "Vostok",
    });
    const atacama = base.passages[(await base.search(["Atacama rain"], 1))[0][0].passage];
    assert.equal(atacama.url, "https://example.org/a");
    assert.equal(await anyMentions(base, "scriptword"), false, "script text is not indexed");
    assert.equal(await anyMentions(base, "color"), false, "style text is not indexed");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("knowledge: the index file is reused across a restart, a changed file re-indexed", async () => {
  const dir = await folder(FORMATS);
  const counted = counting();
  try {
    const first = await openKnowledgeBase(dir, counted);
    assert.equal(first.report.read, 4);
    assert.equal(counted.embedded, first.report.passages);
    assert.equal(first.report.wrote, true);
    const indexed = await Deno.stat(`${dir}/${INDEX_FILE}`);

    // Same size and modification time, other words: a restart must not read the file again.
    const notes = `${dir}/notes.txt`;
    const before = await Deno.stat(notes);
    const swapped = FORMATS["notes.txt"].replace("Zanzibar", "Qwertyab");
    assert.equal(swapped.length, FORMATS["notes.txt"].length);
    await Deno.writeTextFile(notes, swapped);
    await Deno.utime(notes, before.atime!, before.mtime!);
    counted.embedded = 0;
    const restarted = await openKnowledgeBase(dir, counted);
    assert.equal(restarted.report.read, 0);
    assert.equal(counted.embedded, 0, "embeddings come from the index file");
    assert.equal(restarted.report.wrote, false);
    assert.equal(restarted.report.passages, first.report.passages);
    assert.equal((await found(restarted.base, "Zanzibar"))[0]?.startsWith("notes.txt:"), true);
    assert.equal(await anyMentions(restarted.base, "Qwertyab"), false);
    assert.equal(
      (await Deno.stat(`${dir}/${INDEX_FILE}`)).mtime?.getTime(),
      indexed.mtime?.getTime(),
    );

    // A real change (new modification time): that file alone is read again.
    await Deno.writeTextFile(
      notes,
      "The Zanzibar lighthouse was rebuilt in 1921 with an electric lamp.",
    );
    counted.embedded = 0;
    const changed = await openKnowledgeBase(dir, counted);
    assert.equal(changed.report.read, 1);
    assert.equal(counted.embedded, 1, "the changed file's one passage alone is embedded");
    assert.equal(changed.report.wrote, true);
    assert.match((await found(changed.base, "Zanzibar lighthouse"))[0], /rebuilt in 1921/);
    assert.equal(await anyMentions(changed.base, "paraffin"), false);
    assert.equal((await found(changed.base, "glacier"))[0]?.startsWith("page.html:"), true);

    // A removed file leaves the index.
    await Deno.remove(`${dir}/page.html`);
    const removed = await openKnowledgeBase(dir, encoder);
    assert.equal(removed.report.files, 3);
    assert.equal(await anyMentions(removed.base, "glacier"), false);

    // Another encoder: no stored embedding is reused, every file is read and embedded again.
    const other = counting("enc-other");
    const reencoded = await openKnowledgeBase(dir, other);
    assert.equal(reencoded.report.read, 3);
    assert.equal(other.embedded, reencoded.report.passages);
    assert.equal(reencoded.report.wrote, true);
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
    const { base, report } = await openKnowledgeBase(dir, encoder);
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
    assert.equal((await found(base, "kakapo"))[0], "good.txt: Kakapo parrots cannot fly.");
    const lines = describeOpenReport(dir, report);
    assert.ok(lines.includes("knowledge: skipped empty.txt: no text"), lines.join("\n"));
    assert.match(
      lines.at(-1)!,
      /knowledge: 1 files, 1 passages from .* \(1 read, 0 from the index file\)/,
    );

    // Reopened: the good file comes from the index file, the bad ones are reported again.
    const again = await openKnowledgeBase(dir, encoder);
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
