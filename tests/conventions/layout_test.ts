/**
 * Conventions of the tree, checked so that a newcomer finds each thing where the README says:
 * one folder per API feature, each exporting one router that `server/app.ts` mounts; nothing
 * loose at the `server/` root but the entry points; platform below the features, never importing
 * them. The extension's site adapters have theirs in tests/extension/sites_test.ts.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);
const FEATURES = new URL("server/features/", ROOT);

const entries = (dir: URL) => Array.from(Deno.readDirSync(dir));

Deno.test("convention: every server/features/* exports one router, mounted by app.ts", async () => {
  const app = await Deno.readTextFile(new URL("server/app.ts", ROOT));
  const features = entries(FEATURES).filter((e) => e.isDirectory).map((e) => e.name).sort();
  assert.ok(features.length >= 5, `features: ${features}`);
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
  const files = (dir: URL): URL[] =>
    entries(dir).flatMap((e) =>
      e.isDirectory
        ? files(new URL(`${e.name}/`, dir))
        : e.name.endsWith(".ts")
        ? [new URL(e.name, dir)]
        : []
    );
  const platform = files(new URL("server/platform/", ROOT));
  assert.ok(platform.length > 0);
  for (const file of platform) {
    const imports = [...Deno.readTextFileSync(file).matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
    const upward = imports.filter((spec) => spec.includes("/features/"));
    assert.deepEqual(upward, [], `${file.pathname} imports a feature`);
  }
});
