/**
 * The extension works out of the box: its manifest's key gives it the id the server trusts by
 * default (TRUST_BUILT_EXTENSION, off for a hardened deployment, EXTENSION_ORIGINS adding
 * others), and its icons are the committed drawing script's output at the four sizes.
 */
import assert from "node:assert/strict";
import manifest from "../../extension/manifest.ts";
import { ICON_SIZES, iconPng } from "../../extension/tools/draw_icons.ts";
import { loadConfig } from "../../server/platform/config.ts";
import {
  EXTENSION_ID,
  EXTENSION_ORIGIN,
  EXTENSION_PUBLIC_KEY,
  extensionIdOf,
} from "../../shared/extension_id.ts";

Deno.test("the manifest's key gives the id the server trusts", async () => {
  const built = typeof manifest === "function" ? await manifest({} as never) : await manifest;
  assert.equal(built.key, EXTENSION_PUBLIC_KEY);
  assert.equal(await extensionIdOf(EXTENSION_PUBLIC_KEY), EXTENSION_ID);
  assert.match(EXTENSION_ID, /^[a-p]{32}$/);
});

Deno.test("config: the built extension is trusted by default, not when turned off", () => {
  assert.deepEqual(loadConfig({}).extensionOrigins, [EXTENSION_ORIGIN]);
  assert.deepEqual(
    loadConfig({ EXTENSION_ORIGINS: "chrome-extension://other, chrome-extension://third" })
      .extensionOrigins,
    [EXTENSION_ORIGIN, "chrome-extension://other", "chrome-extension://third"],
  );
  assert.deepEqual(loadConfig({ TRUST_BUILT_EXTENSION: "false" }).extensionOrigins, []);
  assert.deepEqual(
    loadConfig({ TRUST_BUILT_EXTENSION: "0", EXTENSION_ORIGINS: "chrome-extension://other" })
      .extensionOrigins,
    ["chrome-extension://other"],
  );
});

Deno.test("icons: the committed PNGs are the drawing script's, at 16, 32, 48 and 128 px", async () => {
  const built = typeof manifest === "function" ? await manifest({} as never) : await manifest;
  assert.deepEqual(ICON_SIZES, [16, 32, 48, 128]);
  for (const size of ICON_SIZES) {
    const path = built.icons?.[String(size)];
    assert.equal(path, `icons/icon-${size}.png`);
    const committed = await Deno.readFile(
      new URL(`../../extension/public/${path}`, import.meta.url),
    );
    assert.deepEqual(committed, iconPng(size));
    // PNG width and height, from the IHDR chunk.
    const view = new DataView(committed.buffer);
    assert.deepEqual([view.getUint32(16), view.getUint32(20)], [size, size]);
  }
  assert.deepEqual(built.action?.default_icon, built.icons);
});
