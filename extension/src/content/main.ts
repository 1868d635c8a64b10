/**
 * Content script entry: picks the site adapter for this page (unless the user turned the site
 * off), with the structural fallback for layouts it does not know, and runs one throttled
 * MutationObserver that rescans the replies when the page changes.
 * Also answers the worker: a new session (badges waiting for sign-in retry), and the prompt and
 * result panel of a selection checked from the context menu.
 */
import type { ApiFailure } from "../../../shared/client.ts";
import browser from "../browser.ts";
import { type PageNotice, type PageReplies, sendToWorker } from "../protocol.ts";
import { adapterFor } from "../sites/index.ts";
import { withStructuralFallback } from "../sites/structure.ts";
import { BADGE_HOST_ATTRIBUTE } from "../sites/dom.ts";
import { loadSettings } from "../settings.ts";
import { Highlighter } from "./highlights.ts";
import { PageFlags } from "./page_flags.ts";
import { throttle } from "./throttle.ts";
import { ReplyTracker } from "./tracker.ts";
import { renderSelectionPanel } from "../selection_panel.ts";

const SCAN_INTERVAL_MS = 500;

const lostWorker = (): ApiFailure => ({
  ok: false,
  kind: "network",
  status: 0,
  body: { error: "extension_unavailable", message: "The extension was reloaded: reload the page." },
});

function isBadge(node: Node): boolean {
  return node.nodeType === 1 && (node as Element).hasAttribute(BADGE_HOST_ATTRIBUTE);
}

/** Mutations made by placing or removing the extension's own badges. */
function isOwnMutation(record: MutationRecord): boolean {
  if (isBadge(record.target)) return true;
  if (record.type !== "childList") return false;
  const nodes = [...Array.from(record.addedNodes), ...Array.from(record.removedNodes)];
  return nodes.length > 0 && nodes.every(isBadge);
}

async function start(): Promise<void> {
  const adapter = adapterFor(location.hostname);
  if (!adapter) return;
  const settings = await loadSettings();
  if (settings.disabledSites.includes(adapter.name)) return;
  let scan = () => {};
  const pageFlags = new PageFlags();
  const tracker = new ReplyTracker(withStructuralFallback(adapter), document, {
    detect: (input) => sendToWorker({ type: "detect", input }).catch(lostWorker),
    signIn: () => void sendToWorker({ type: "signin.open" }),
    onChecked: (reply, flagged) => pageFlags.update(reply, flagged),
    highlighter: new Highlighter(),
    mode: settings.checkMode,
    rescanIn: (ms) => setTimeout(() => scan(), ms),
  });
  scan = throttle(() => tracker.scan(), SCAN_INTERVAL_MS);
  new MutationObserver((records) => {
    if (!records.every(isOwnMutation)) scan();
  }).observe(document.documentElement, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
  browser.runtime.onMessage.addListener((message: unknown) => {
    // Foreign messages match no case and are left to other listeners.
    const notice = message as PageNotice | null;
    switch (notice?.type) {
      case "session.started":
        tracker.retryUnauthorized();
        return undefined;
      case "selection.panel":
        renderSelectionPanel(notice.view);
        return Promise.resolve<PageReplies["selection.panel"]>(true);
      case "selection.prompt": {
        const anchor = getSelection()?.anchorNode;
        const prompt = anchor ? tracker.promptAt(anchor) : undefined;
        return Promise.resolve<PageReplies["selection.prompt"]>({ prompt });
      }
      default:
        return undefined;
    }
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") tracker.retryUnauthorized();
  });
  tracker.scan();
}

void start();
