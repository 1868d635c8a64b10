/**
 * Builds the web dashboard (dashboard/) into dashboard/dist, which the server serves:
 * `deno task build:dashboard` (run by `deno task serve` first).
 */
import preact from "@preact/preset-vite";
import { defineConfig } from "vite";

export default defineConfig({
  root: "dashboard",
  plugins: [preact()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // The polyfill would be code the page runs for browsers this dashboard does not target.
    modulePreload: { polyfill: false },
  },
  server: { fs: { strict: true } },
});
