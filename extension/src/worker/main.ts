/**
 * Service worker entry: answers the extension's messages (see protocol.ts), offers the
 * context-menu check of a selection, and tells the chat pages when the user has signed in (the
 * server's own page loads after a successful sign-in) so their "sign in" badges retry. Keeps the
 * toolbar's badge of each tab (toolbar_badge.ts).
 */
// @ts-types="@types/webextension-polyfill"
import type { Runtime } from "webextension-polyfill";
import browser from "../browser.ts";
import { isWorkerRequest, sendToPage } from "../protocol.ts";
import { loadSettings } from "../settings.ts";
import { handle } from "./handlers.ts";
import { showPageFlags } from "./toolbar_badge.ts";
import { checkSelection, SELECTION_MENU_ID } from "./selection.ts";

browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
  // Returning undefined leaves foreign messages to other listeners.
  return isWorkerRequest(message) ? handle(message, { tabId: sender.tab?.id }) : undefined;
});

browser.runtime.onInstalled.addListener(() => {
  browser.contextMenus.create({
    id: SELECTION_MENU_ID,
    title: "Check for hallucination",
    contexts: ["selection"],
  });
});

browser.contextMenus.onClicked.addListener((info, tab) => {
  if (info.menuItemId !== SELECTION_MENU_ID || tab?.id === undefined || !info.selectionText) return;
  void checkSelection(tab.id, info.frameId ?? 0, info.selectionText);
});

// Chrome keeps a tab's badge across navigations: a page that loads starts without one.
browser.tabs.onUpdated.addListener((tabId, change) => {
  if (change.status === "loading") void showPageFlags(tabId, 0, 0);
});

browser.tabs.onUpdated.addListener(async (_tabId, change, tab) => {
  if (change.status !== "complete" || !tab.url) return;
  const { serverUrl } = await loadSettings();
  if (tab.url !== `${serverUrl}/`) return;
  for (const { id } of await browser.tabs.query({})) {
    if (id !== undefined) sendToPage(id, { type: "session.started" }).catch(() => {});
  }
});
