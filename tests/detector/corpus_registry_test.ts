/** Convention: every file in corpus/loaders/ is a registered loader, and every registered one has its file. */
import assert from "node:assert/strict";
import { LOADERS } from "../../server/detector/corpus/registry.ts";

const LOADERS_DIR = new URL("../../server/detector/corpus/loaders/", import.meta.url);

async function loaderFiles(): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(LOADERS_DIR)) {
    if (entry.isFile && entry.name.endsWith(".ts")) files.push(entry.name);
  }
  return files.sort();
}

Deno.test("every loader file is registered once, in file order (the corpus order follows it), and every registered loader is its file's", async () => {
  const files = await loaderFiles();
  assert.deepEqual(LOADERS.map((loader) => `${loader.name}.ts`), files);
  for (const file of files) {
    const module = await import(new URL(file, LOADERS_DIR).href);
    assert.ok(LOADERS.includes(module.default), `loaders/${file}: its default export is listed`);
  }
});
