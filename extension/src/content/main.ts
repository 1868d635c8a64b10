/**
 * Content script entry: picks the site adapter for this page and runs one throttled
 * MutationObserver that rescans the replies when the page changes.
 */
import { sendToWorker } from "../protocol.ts";
import { adapterFor } from "../sites/index.ts";
import { BADGE_HOST_ATTRIBUTE } from "../sites/dom.ts";
import { throttle } from "./throttle.ts";
import { ReplyTracker } from "./tracker.ts";

const SCAN_INTERVAL_MS = 500;

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

function start(): void {
  const adapter = adapterFor(location.hostname);
  if (!adapter) return;
  const tracker = new ReplyTracker(adapter, document, {
    detect: (input) => sendToWorker({ type: "detect", input }),
    signIn: () => void sendToWorker({ type: "signin.open" }),
  });
  const scan = throttle(() => tracker.scan(), SCAN_INTERVAL_MS);
  new MutationObserver((records) => {
    if (!records.every(isOwnMutation)) scan();
  }).observe(document.documentElement, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
  tracker.scan();
}

start();
