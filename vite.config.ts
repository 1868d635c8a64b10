/** Builds the browser extension (extension/) into extension/dist: `deno task build:ext`. */
import { crx } from "@crxjs/vite-plugin";
import preact from "@preact/preset-vite";
import { defineConfig } from "vite";
import manifest from "./extension/manifest.ts";

export default defineConfig({
  root: "extension",
  plugins: [preact(), crx({ manifest })],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // No source maps that would be readable by pages through web-accessible resources.
    sourcemap: false,
  },
  // The dev server is not used; keep Vite from probing beyond the extension folder.
  server: { fs: { strict: true } },
});
