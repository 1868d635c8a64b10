/**
 * The in-page panel of a selection check. A chatbot page's content script calls
 * `renderSelectionPanel`; on any other page the worker injects it with `scripting.executeScript`,
 * which serializes the function alone: it must use nothing from outside its own body. It draws
 * (or redraws) one panel in a shadow root near the selection.
 */

/** What the panel shows; plain data, passed to the page as the injected function's argument. */
export interface PanelView {
  state: "pending" | "LOW" | "MODERATE" | "HIGH" | "muted" | "error";
  /** The headline, e.g. "HIGH 86%" or "Not signed in to the detection server." */
  title: string;
  lines: string[];
  link?: { label: string; url: string };
}

export function renderSelectionPanel(view: PanelView): void {
  const HOST_ID = "hd-selection-panel";
  let host = document.getElementById(HOST_ID);
  if (!host) {
    host = document.createElement("div");
    host.id = HOST_ID;
    host.setAttribute("data-hd-badge", "");
    host.attachShadow({ mode: "open" });
    document.body.append(host);
  }
  const shadow = host.shadowRoot!;
  const selection = getSelection();
  const rect = selection && selection.rangeCount > 0
    ? selection.getRangeAt(0).getBoundingClientRect()
    : undefined;
  // Placed under the selection, or above it when the viewport has no room below.
  const below = !rect || rect.bottom + 180 < innerHeight;
  const top = rect ? (below ? rect.bottom + 6 : Math.max(4, rect.top - 6)) : 16;
  const left = rect ? Math.min(Math.max(4, rect.left), innerWidth - 340) : 16;
  host.style.cssText = `all: initial; position: fixed; z-index: 2147483647; left: ${left}px; ` +
    `top: ${top}px; ${below ? "" : "transform: translateY(-100%);"}`;

  const style = document.createElement("style");
  style.textContent = `
    .panel { font: 13px/1.45 system-ui, sans-serif; color: #1f2328; background: #fff; width: 320px;
      border: 1px solid #d0d7de; border-radius: 8px; padding: 10px 12px; box-shadow: 0 4px 16px rgba(0,0,0,.18); }
    .head { display: flex; align-items: center; gap: 8px; font-weight: 600; }
    .dot { width: 9px; height: 9px; border-radius: 50%; background: #8c959f; flex: none; }
    [data-state="LOW"] .dot { background: #1a7f37; } [data-state="MODERATE"] .dot { background: #bf8700; }
    [data-state="HIGH"] .dot { background: #cf222e; } [data-state="error"] .title { color: #cf222e; }
    [data-state="muted"] .title { color: #57606a; }
    [data-state="pending"] .dot { border: 2px solid #8c959f; border-top-color: transparent;
      background: none; animation: spin .8s linear infinite; }
    @keyframes spin { to { transform: rotate(360deg); } }
    .title { flex: 1; } ul { margin: 6px 0 0; padding-left: 16px; } li { margin: 2px 0; }
    button { font: inherit; border: 0; background: none; cursor: pointer; color: inherit; padding: 0 2px; }
    a { color: #0969da; }
    @media (prefers-color-scheme: dark) {
      .panel { color: #e6edf3; background: #161b22; border-color: #30363d; }
      a { color: #4493f8; } [data-state="muted"] .title { color: #9198a1; }
    }`;
  const panel = document.createElement("div");
  panel.className = "panel";
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-label", "Hallucination check of the selection");
  panel.dataset.state = view.state;
  const head = document.createElement("div");
  head.className = "head";
  const dot = document.createElement("span");
  dot.className = "dot";
  const title = document.createElement("span");
  title.className = "title";
  title.setAttribute("aria-live", "polite");
  title.textContent = view.title;
  const close = document.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", "Close");
  close.textContent = "×";
  const dismiss = () => host!.remove();
  close.addEventListener("click", dismiss);
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") dismiss();
  });
  head.append(dot, title, close);
  panel.append(head);
  if (view.lines.length > 0) {
    const list = document.createElement("ul");
    for (const line of view.lines) {
      const item = document.createElement("li");
      item.textContent = line;
      list.append(item);
    }
    panel.append(list);
  }
  if (view.link) {
    const link = document.createElement("a");
    link.href = view.link.url;
    link.target = "_blank";
    link.rel = "noopener";
    link.textContent = view.link.label;
    panel.append(link);
  }
  shadow.replaceChildren(style, panel);
  close.focus({ preventScroll: true });
}
