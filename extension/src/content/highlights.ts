/**
 * Underlines the risky parts of answers in place with the CSS Custom Highlight API, which paints
 * over ranges without touching the site's DOM (its copy buttons and re-renders keep working),
 * and shows a part's own score in a small tooltip while the pointer is over it.
 */
import { shownRisk } from "../../../shared/regimes.ts";
import { regimeLabel } from "../../../shared/ui/display.ts";
import { BADGE_HOST_ATTRIBUTE, type TextPoint } from "../sites/dom.ts";
import { HIGHLIGHT_CSS } from "./badge_styles.ts";

export interface PartMark {
  start: TextPoint;
  end: TextPoint;
  p: number;
  topRegime: string;
}

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

  /** Underlines `parts` of `answer` (only MODERATE and HIGH ones); returns how many. */
  mark(answer: Element, parts: readonly PartMark[]): number {
    this.clear(answer);
    if (!this.supported) return 0;
    const entries: { range: Range; label: string }[] = [];
    for (const part of parts) {
      const { percent, bucket } = shownRisk(part.p);
      if (bucket === "LOW") continue;
      const range = document.createRange();
      range.setStart(part.start.node, part.start.offset);
      range.setEnd(part.end.node, part.end.offset);
      this.highlight(bucket).add(range);
      entries.push({ range, label: `${bucket} ${percent}% · ${regimeLabel(part.topRegime)}` });
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
      `border-radius: 6px; left: ${Math.round(rect.left)}px; top: ${Math.round(rect.top - 26)}px;`;
  }

  private hideTooltip(): void {
    this.tooltip?.remove();
    this.tooltip = undefined;
  }
}
