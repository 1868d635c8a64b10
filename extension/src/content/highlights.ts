/**
 * Underlines the shown claims of answers in place with the CSS Custom Highlight API, which paints
 * over ranges without touching the site's DOM (its copy buttons and re-renders keep working),
 * and shows a claim's own score, and the reasons an exact check gives against it, in a small
 * tooltip while the pointer is over it.
 */
import { shownRisk } from "../../../shared/regimes.ts";
import { regimeLabel } from "../../../shared/ui/display.ts";
import { BADGE_HOST_ATTRIBUTE, type TextPoint } from "../sites/dom.ts";
import { HIGHLIGHT_CSS } from "./badge_styles.ts";
import type { ShownClaim } from "./claims.ts";

/** A claim to underline (see `isShown`), placed in the page's text nodes. */
export type ClaimMark = Omit<ShownClaim, "start" | "end"> & { start: TextPoint; end: TextPoint };

const NAMES = { MODERATE: "hd-risk-moderate", HIGH: "hd-risk-high" } as const;

export class Highlighter {
  /** Marks per answer, so an answer's marks go when it changes or leaves the page. */
  private readonly marks = new Map<Element, { range: Range; label: string }[]>();
  private tooltip?: HTMLElement;
  private readonly supported = typeof CSS !== "undefined" && "highlights" in CSS;

  constructor() {
    if (!this.supported) return;
    const style = document.createElement("style");
    style.setAttribute(BADGE_HOST_ATTRIBUTE, "");
    style.textContent = HIGHLIGHT_CSS;
    document.head.append(style);
    let frame = 0;
    document.addEventListener("mousemove", (event) => {
      if (frame || this.marks.size === 0) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        this.hover(event.clientX, event.clientY);
      });
    }, { passive: true });
  }

  /**
   * Underlines `claims` of `answer`, HIGH ones as high and every other (MODERATE, or LOW but
   * flagged or contradicted) as moderate; returns how many.
   */
  mark(answer: Element, claims: readonly ClaimMark[]): number {
    this.clear(answer);
    if (!this.supported) return 0;
    const entries: { range: Range; label: string }[] = [];
    for (const claim of claims) {
      const { percent, bucket } = shownRisk(claim.p);
      const range = document.createRange();
      range.setStart(claim.start.node, claim.start.offset);
      range.setEnd(claim.end.node, claim.end.offset);
      this.highlight(bucket === "HIGH" ? "HIGH" : "MODERATE").add(range);
      const score = `${bucket} ${percent}% · ${regimeLabel(claim.topRegime)}` +
        (claim.flag ? " · flagged" : "");
      entries.push({ range, label: [score, ...claim.reasons].join("\n") });
    }
    if (entries.length > 0) this.marks.set(answer, entries);
    return entries.length;
  }

  clear(answer: Element): void {
    const entries = this.marks.get(answer);
    if (!entries) return;
    for (const { range } of entries) {
      for (const name of Object.values(NAMES)) CSS.highlights.get(name)?.delete(range);
    }
    this.marks.delete(answer);
    this.hideTooltip();
  }

  private highlight(bucket: "MODERATE" | "HIGH"): Highlight {
    const name = NAMES[bucket];
    let highlight = CSS.highlights.get(name);
    if (!highlight) {
      highlight = new Highlight();
      CSS.highlights.set(name, highlight);
    }
    return highlight;
  }

  private hover(x: number, y: number): void {
    for (const entries of this.marks.values()) {
      for (const { range, label } of entries) {
        for (const rect of Array.from(range.getClientRects())) {
          if (x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom) {
            return this.showTooltip(label, rect);
          }
        }
      }
    }
    this.hideTooltip();
  }

  private showTooltip(label: string, rect: DOMRect): void {
    if (!this.tooltip) {
      this.tooltip = document.createElement("div");
      this.tooltip.setAttribute(BADGE_HOST_ATTRIBUTE, "");
      this.tooltip.setAttribute("role", "tooltip");
      this.tooltip.dataset.hdTooltip = "";
      document.body.append(this.tooltip);
    }
    const tip = this.tooltip;
    tip.textContent = label;
    tip.style.cssText =
      "all: initial; position: fixed; z-index: 2147483647; pointer-events: none; " +
      "font: 12px/1.4 system-ui, sans-serif; color: #fff; background: #1f2328; padding: 3px 8px; " +
      "white-space: pre-line; max-width: 360px; transform: translateY(-100%); " +
      `border-radius: 6px; left: ${Math.round(rect.left)}px; top: ${Math.round(rect.top - 4)}px;`;
  }

  private hideTooltip(): void {
    this.tooltip?.remove();
    this.tooltip = undefined;
  }
}
