/** Service worker entry: answers the extension's messages (see protocol.ts). */
import browser from "../browser.ts";
import { isWorkerRequest } from "../protocol.ts";
import { handle } from "./handlers.ts";

browser.runtime.onMessage.addListener((message: unknown) => {
  // Returning undefined leaves foreign messages to other listeners.
  return isWorkerRequest(message) ? handle(message) : undefined;
});
