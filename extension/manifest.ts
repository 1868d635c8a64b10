/**
 * The MV3 manifest. Content scripts run on the supported chatbot sites and on loopback pages
 * (the local test adapter); the worker may reach the default server on loopback, and any other
 * server address the user grants from the popup. The selection check runs on any page the user
 * asks it on, through the context menu (activeTab grants that one tab).
 */
import { defineManifest } from "@crxjs/vite-plugin";
import { EXTENSION_PUBLIC_KEY } from "../shared/extension_id.ts";
import { ICON_SIZES } from "./tools/draw_icons.ts";

export const CHATBOT_PAGES = [
  "https://chatgpt.com/*",
  "https://chat.openai.com/*",
  "https://claude.ai/*",
  "https://gemini.google.com/*",
  "https://copilot.microsoft.com/*",
  "https://www.perplexity.ai/*",
  "https://chat.deepseek.com/*",
  "http://127.0.0.1/*",
  "http://localhost/*",
];

const ICONS = Object.fromEntries(
  ICON_SIZES.map((size) => [String(size), `icons/icon-${size}.png`]),
);

export default defineManifest({
  manifest_version: 3,
  name: "Hallucination check",
  description: "Scores chatbot answers for hallucination risk with your detection server.",
  version: "0.3.0",
  // A fixed id whatever folder it is loaded from: the server trusts it by default.
  key: EXTENSION_PUBLIC_KEY,
  // Drawn by extension/tools/draw_icons.ts into public/, which the build copies as is.
  icons: ICONS,
  action: {
    default_popup: "popup.html",
    default_title: "Hallucination check",
    default_icon: ICONS,
  },
  background: { service_worker: "src/worker/main.ts", type: "module" },
  content_scripts: [{
    matches: CHATBOT_PAGES,
    js: ["src/content/main.ts"],
    run_at: "document_idle",
  }],
  permissions: ["storage", "contextMenus", "activeTab", "scripting"],
  // Match patterns without a port match every port: the default server is http://127.0.0.1:8000.
  host_permissions: ["http://127.0.0.1/*", "http://localhost/*"],
  optional_host_permissions: ["https://*/*", "http://*/*"],
});
