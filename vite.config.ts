/**
 * The two browser builds, one config: `deno task build:ext` builds the extension (extension/)
 * into extension/dist; `deno task build:dashboard` (`--mode dashboard`, run by `deno task serve`
 * first) builds the web dashboard (server/features/dashboard/app/) into its dist/, which the
 * server serves.
 */
import { crx } from "@crxjs/vite-plugin";
import preact from "@preact/preset-vite";
import { defineConfig } from "vite";
import manifest from "./extension/manifest.ts";

/** Where the dashboard's app lives, relative to this file. */
export const DASHBOARD_APP = "server/features/dashboard/app";

export default defineConfig(({ mode }) => {
  const dashboard = mode === "dashboard";
  return {
    root: dashboard ? DASHBOARD_APP : "extension",
    plugins: dashboard ? [preact()] : [preact(), crx({ manifest })],
    build: {
      outDir: "dist",
      emptyOutDir: true,
      // No source maps: the extension's would be readable by pages through web-accessible
      // resources, and neither build needs them to run.
      sourcemap: false,
      // The dashboard targets current browsers: no module-preload polyfill to run.
      ...(dashboard ? { modulePreload: { polyfill: false } } : {}),
    },
    // The dev server is not used; keep Vite from probing beyond the app's folder.
    server: { fs: { strict: true } },
  };
});
