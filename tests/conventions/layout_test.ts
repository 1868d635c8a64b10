/**
 * Conventions of the tree, checked so that a newcomer finds each thing where the README says:
 * one folder per API feature, each exporting one router that `server/app.ts` mounts; nothing
 * loose at the `server/` root but the entry points; platform below the features, never importing
 * them; every site adapter registered with a fixture;
 * every chatbot site of the extension's manifest served by an adapter, and no adapter without one.
 */
import assert from "node:assert/strict";
import { CHATBOT_PAGES } from "../../extension/manifest.ts";
import { SITE_ADAPTERS } from "../../extension/src/sites/index.ts";

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

Deno.test("convention: every site adapter file is registered and has a fixture", () => {
  const sites = new URL("extension/src/sites/", ROOT);
  const helpers = new Set(["index.ts", "types.ts", "dom.ts"]);
  const files = entries(sites).map((e) => e.name).filter((name) => !helpers.has(name));
  const fixtures = entries(new URL("tests/extension/fixtures/", ROOT)).map((e) => e.name);
  const registered = new Set(SITE_ADAPTERS.map((adapter) => adapter.name));
  for (const file of files) {
    const name = file.replace(/\.ts$/, "");
    assert.ok(registered.has(name), `${file} is not listed in extension/src/sites/index.ts`);
    assert.ok(fixtures.some((f) => f.startsWith(name)), `no fixture for ${name}`);
  }
  assert.equal(registered.size, files.length);
});

Deno.test("convention: every manifest site has an adapter, and every adapter a manifest site", () => {
  const hosts = CHATBOT_PAGES.map((pattern) => new URL(pattern.replace("/*", "/")).hostname);
  for (const host of hosts) {
    assert.ok(SITE_ADAPTERS.some((a) => a.matches(host)), `no adapter for ${host} in the manifest`);
  }
  for (const adapter of SITE_ADAPTERS) {
    assert.ok(hosts.some((host) => adapter.matches(host)), `${adapter.name}: not in the manifest`);
  }
});
