/**
 * Conventions of the tree, checked so that a newcomer finds each thing where the README says:
 * one folder per API feature, each routed one exporting one router that `server/app.ts` mounts
 * (the rooms without routes, metering and billing, are used by those that route); nothing loose
 * at the `server/` root but the entry points; platform below the features, never importing them;
 * no Hono context below the routers and their middleware; the detector a package of its own (a
 * workspace member), entered only through `server/detector/mod.ts`, importing nothing of the API,
 * its folders layered without cycles. The extension's site adapters have theirs in
 * tests/extension/sites_test.ts.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);
const FEATURES = new URL("server/features/", ROOT);

const entries = (dir: URL) => Array.from(Deno.readDirSync(dir));

/** Every .ts file under `dir`, recursively. */
const tsFiles = (dir: URL): URL[] =>
  entries(dir).flatMap((e) =>
    e.isDirectory
      ? tsFiles(new URL(`${e.name}/`, dir))
      : e.name.endsWith(".ts")
      ? [new URL(e.name, dir)]
      : []
  );

/** The module specifiers `file` imports: static, re-exported, side-effect and dynamic imports. */
const specifiersOf = (file: URL): string[] =>
  [...Deno.readTextFileSync(file).matchAll(/\b(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) =>
    m[1]
  );

/** The files of this repository that `file` imports (relative specifiers), as repo paths. */
const localImportsOf = (file: URL): string[] =>
  specifiersOf(file).filter((spec) => spec.startsWith(".")).map((spec) =>
    new URL(spec, file).href.slice(ROOT.href.length)
  );

const repoPath = (file: URL) => file.href.slice(ROOT.href.length);
const DETECTOR = "server/detector/";
const DETECTOR_DOOR = "server/detector/mod.ts";

function exists(path: URL): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Feature folders that serve no route: the routed features use them. */
const UNROUTED = ["billing", "metering"];

Deno.test("convention: every routed server/features/* exports one router, mounted by app.ts", async () => {
  const app = await Deno.readTextFile(new URL("server/app.ts", ROOT));
  const folders = entries(FEATURES).filter((e) => e.isDirectory).map((e) => e.name).sort();
  const features = folders.filter((name) => !UNROUTED.includes(name));
  assert.ok(features.length >= 5, `features: ${features}`);
  for (const room of UNROUTED) {
    assert.ok(folders.includes(room), `server/features/${room} is missing`);
    assert.ok(!exists(new URL(`${room}/router.ts`, FEATURES)), `${room} has a router: route it`);
  }
  for (const feature of features) {
    const module = await import(new URL(`${feature}/router.ts`, FEATURES).href);
    const routers = Object.entries(module).filter(([name, value]) =>
      typeof value === "function" && name.endsWith("Router")
    );
    assert.equal(routers.length, 1, `${feature}/router.ts exports ${routers.length} routers`);
    const [name] = routers[0];
    assert.ok(
      app.includes(`import { ${name} } from "./features/${feature}/router.ts";`),
      `app.ts does not import ${name}`,
    );
    assert.match(
      app,
      new RegExp(`app\\.route\\("[^"]*", ${name}\\(`),
      `app.ts does not mount ${name}`,
    );
  }
  const mounted = [...app.matchAll(/app\.route\(/g)].length;
  assert.equal(mounted, features.length, "app.ts mounts exactly one router per feature");
});

Deno.test("convention: the repository's top level is the four programs' folders and their config", async () => {
  const tracked = new TextDecoder().decode(
    (await new Deno.Command("git", { args: ["ls-files"], cwd: ROOT, stdout: "piped" }).output())
      .stdout,
  );
  const top = [...new Set(tracked.split("\n").filter(Boolean).map((p) => p.split("/")[0]))];
  assert.deepEqual(top.sort(), [
    ".ci",
    ".gitignore",
    "README.md",
    "deno.json",
    "deno.lock",
    "docs",
    "extension",
    "server",
    "shared",
    "tests",
    "vite.config.ts",
  ]);
});

Deno.test("convention: the server/ root holds only the entry points", () => {
  const files = entries(new URL("server/", ROOT)).filter((e) => e.isFile).map((e) => e.name);
  assert.deepEqual(files.sort(), ["admin.ts", "app.ts", "bench.ts", "main.ts"]);
});

Deno.test("convention: server/platform/ imports no feature (features build on it)", () => {
  const platform = tsFiles(new URL("server/platform/", ROOT));
  assert.ok(platform.length > 0);
  for (const file of platform) {
    const upward = specifiersOf(file).filter((spec) => spec.includes("/features/"));
    assert.deepEqual(upward, [], `${file.pathname} imports a feature`);
  }
});

Deno.test("convention: no Hono context below the routers and their middleware", () => {
  // A middleware (a `createMiddleware` factory) may import hono/factory; nothing else down here
  // takes a request's context: admission, scoring and recording are functions of their inputs.
  const below = [
    ...UNROUTED.flatMap((room) => tsFiles(new URL(`${room}/`, FEATURES))),
    new URL("detect/pipeline.ts", FEATURES),
  ];
  for (const file of below) {
    const text = Deno.readTextFileSync(file);
    const allowed = /createMiddleware[<(]/.test(text) ? ["hono/factory"] : [];
    const hono = specifiersOf(file).filter((spec) => /^(@hono\/|hono($|\/))/.test(spec));
    assert.deepEqual(hono.filter((spec) => !allowed.includes(spec)), [], file.pathname);
  }
  // Each middleware types the variables it sets; none is declared for every route.
  for (const file of tsFiles(new URL("server/", ROOT))) {
    assert.ok(!Deno.readTextFileSync(file).includes("ContextVariableMap"), file.pathname);
  }
});

Deno.test("convention: outside server/detector/, the server imports the detector only through its mod.ts", () => {
  // The detector is a workspace member whose one export is mod.ts: its name is that door too.
  const member = JSON.parse(Deno.readTextFileSync(new URL(`${DETECTOR}deno.json`, ROOT)));
  assert.equal(member.exports, "./mod.ts");
  const outside = tsFiles(new URL("server/", ROOT)).filter((f) =>
    !repoPath(f).startsWith(DETECTOR)
  );
  assert.ok(outside.length > 0);
  const reaching = outside.flatMap((file) =>
    [
      ...localImportsOf(file).filter((path) => path.startsWith(DETECTOR) && path !== DETECTOR_DOOR),
      ...specifiersOf(file).filter((spec) => spec.startsWith(`${member.name}/`)),
    ].map((path) => `${repoPath(file)} imports ${path}`)
  );
  assert.deepEqual(reaching, [], `import the detector from "${member.name}" (its mod.ts)`);
});

Deno.test("convention: server/detector/ imports nothing of the server outside it (no feature, no platform)", () => {
  const detector = tsFiles(new URL(DETECTOR, ROOT));
  assert.ok(detector.length > 0);
  const outward = detector.flatMap((file) =>
    localImportsOf(file).filter((path) => path.startsWith("server/") && !path.startsWith(DETECTOR))
      .map((path) => `${repoPath(file)} imports ${path}`)
  );
  assert.deepEqual(outward, []);
});

Deno.test("convention: the detector's folders import one another without a cycle", () => {
  // Folder → the folders its files import (files at the detector's root, mod.ts, are the door).
  const folderOf = (path: string) => path.slice(DETECTOR.length).split("/").slice(0, -1)[0];
  const graph = new Map<string, Map<string, string>>();
  for (const file of tsFiles(new URL(DETECTOR, ROOT))) {
    const from = folderOf(repoPath(file));
    if (from === undefined) continue;
    for (const path of localImportsOf(file)) {
      const to = path.startsWith(DETECTOR) ? folderOf(path) : undefined;
      if (to === undefined || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${repoPath(file)} → ${path}`);
      graph.set(from, edges);
    }
  }
  assert.ok(graph.size >= 5, `detector folders: ${[...graph.keys()]}`);
  // Depth-first search; a folder met again on the current path closes a cycle.
  const cycles: string[] = [];
  const done = new Set<string>();
  const visit = (folder: string, path: string[]) => {
    if (path.includes(folder)) {
      const cycle = [...path.slice(path.indexOf(folder)), folder];
      cycles.push(
        cycle.slice(1).map((to, i) => graph.get(cycle[i])!.get(to)!).join("; "),
      );
      return;
    }
    if (done.has(folder)) return;
    for (const to of graph.get(folder)?.keys() ?? []) visit(to, [...path, folder]);
    done.add(folder);
  };
  for (const folder of [...graph.keys()].sort()) visit(folder, []);
  assert.deepEqual(cycles, [], "detector folders import each other");
});
