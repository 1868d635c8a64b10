/**
 * Keeps the worker told how many answers of this page were checked and how many are flagged, for
 * the toolbar's badge; sends only when the counts change.
 */
import { sendToWorker } from "../protocol.ts";

export class PageFlags {
  private readonly results = new Map<Element, boolean>();
  private sent = "";

  update(reply: Element, flagged: boolean | undefined): void {
    if (flagged === undefined) this.results.delete(reply);
    else this.results.set(reply, flagged);
    const checked = this.results.size;
    const flaggedCount = [...this.results.values()].filter(Boolean).length;
    const key = `${checked}:${flaggedCount}`;
    if (key === this.sent) return;
    this.sent = key;
    // A lost worker (extension reloaded) cannot show a badge anyway.
    sendToWorker({ type: "page.flags", checked, flagged: flaggedCount }).catch(() => {});
  }
}
