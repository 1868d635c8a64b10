/**
 * The badge's CSS, scoped by its shadow root. Page rules can still style the host element, and
 * inherited properties (font, color) would flow in from it: `.root` resets them all. Colours are
 * custom properties, switched by the host's `data-theme` (the page's own theme, see theme.ts).
 * The breakdown inside the details has the rules it shares with the dashboard (ui/).
 */
import { BREAKDOWN_CSS } from "../../../shared/ui/breakdown_styles.ts";

export const BADGE_CSS = `${BREAKDOWN_CSS}
:host { display: block; margin: 6px 0; }
.root { all: initial; display: block; font: 13px/1.4 system-ui, sans-serif; color: var(--fg);
  --fg: #1f2328; --muted: #57606a; --bg: #f6f8fa; --panel: #fff; --border: #d0d7de; --track: #eaeef2;
  --low: #1a7f37; --moderate: #9a6700; --high: #cf222e; --link: #0969da; --warn: #9a6700; }
:host([data-theme="dark"]) .root { --fg: #e6edf3; --muted: #9198a1; --bg: #21262d; --panel: #161b22;
  --border: #3d444d; --track: #30363d; --low: #3fb950; --moderate: #d29922; --high: #f85149;
  --link: #4493f8; --warn: #d29922; }
.badge { position: relative; display: inline-block; }
.pill { display: inline-flex; align-items: center; gap: 6px; padding: 2px 10px; border-radius: 999px;
  border: 1px solid var(--border); background: var(--bg); cursor: pointer; font: inherit; color: inherit; }
.pill:focus-visible, button:focus-visible, a:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
.dot { width: 8px; height: 8px; border-radius: 50%; background: var(--muted); flex: none; }
[data-bucket="LOW"] .dot { background: var(--low); }
[data-bucket="MODERATE"] .dot { background: var(--moderate); }
[data-bucket="HIGH"] .dot { background: var(--high); }
.pill[data-bucket="HIGH"] { border-color: var(--high); }
.spinner { width: 10px; height: 10px; border-radius: 50%; border: 2px solid var(--muted);
  border-top-color: transparent; animation: spin .8s linear infinite; flex: none; }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }
.elapsed { color: var(--muted); font-variant-numeric: tabular-nums; }
.flag { font-weight: 600; color: var(--high); }
.details { position: absolute; z-index: 2147483647; top: calc(100% + 4px); left: 0; min-width: 270px;
  max-width: 360px; padding: 10px 12px; border: 1px solid var(--border); border-radius: 8px;
  background: var(--panel); color: var(--fg); box-shadow: 0 4px 16px rgba(0,0,0,.25); }
.details.up { top: auto; bottom: calc(100% + 4px); }
.details:focus { outline: none; }
.error { color: var(--high); }
.muted { color: var(--muted); }
.pill.error { cursor: default; }
button.link, a.link { border: 0; background: none; padding: 0; color: var(--link); cursor: pointer;
  font: inherit; text-decoration: underline; }
`;

/** Page-level CSS for the per-part underlines (CSS Custom Highlight API: no change to the DOM). */
export const HIGHLIGHT_CSS = `
::highlight(hd-risk-moderate) { text-decoration: underline dotted #bf8700; text-decoration-thickness: 2px;
  text-underline-offset: 3px; }
::highlight(hd-risk-high) { text-decoration: underline wavy #cf222e; text-decoration-thickness: 1.5px;
  text-underline-offset: 3px; background-color: rgba(207, 34, 46, .10); }
`;
