/**
 * Conventions of the tree, checked so that a newcomer finds each thing where the README says:
 * one folder per API feature, each routed one exporting one router that `server/app.ts` mounts
 * (the rooms without routes, metering and billing, are used by those that route); nothing loose
 * at the `server/` root but the entry points; platform below the features, never importing them;
 * no Hono context below the routers and their middleware. The extension's site adapters have
 * theirs in tests/extension/sites_test.ts.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);
const FEATURES = new URL("server/features/", ROOT);

const entries = (dir: URL) => Array.from(Deno.readDirSync(dir));

function exists(path: URL): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Every .ts file under `dir`. */
function tsFiles(dir: URL): URL[] {
  return entries(dir).flatMap((e) =>
    e.isDirectory
      ? tsFiles(new URL(`${e.name}/`, dir))
      : e.name.endsWith(".ts")
      ? [new URL(e.name, dir)]
      : []
  );
}

/** The module specifiers a file imports. */
function importsOf(file: URL): string[] {
  return [...Deno.readTextFileSync(file).matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
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

Deno.test("convention: the server/ root holds only the entry points", () => {
  const files = entries(new URL("server/", ROOT)).filter((e) => e.isFile).map((e) => e.name);
  assert.deepEqual(files.sort(), ["admin.ts", "app.ts", "bench.ts", "main.ts"]);
});

Deno.test("convention: server/platform/ imports no feature (features build on it)", () => {
  const platform = tsFiles(new URL("server/platform/", ROOT));
  assert.ok(platform.length > 0);
  for (const file of platform) {
    const upward = importsOf(file).filter((spec) => spec.includes("/features/"));
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
    const hono = importsOf(file).filter((spec) => /^(@hono\/|hono($|\/))/.test(spec));
    assert.deepEqual(hono.filter((spec) => !allowed.includes(spec)), [], file.pathname);
  }
  // Each middleware types the variables it sets; none is declared for every route.
  for (const file of tsFiles(new URL("server/", ROOT))) {
    assert.ok(!Deno.readTextFileSync(file).includes("ContextVariableMap"), file.pathname);
  }
});
