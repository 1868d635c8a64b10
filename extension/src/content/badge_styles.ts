/**
 * The badge's CSS, scoped by its shadow root. Page rules can still style the host element, and
 * inherited properties (font, color) would flow in from it: `.root` resets them all.
 */
export const BADGE_CSS = `
:host { display: block; margin: 6px 0; }
.root { all: initial; display: block; font: 13px/1.4 system-ui, sans-serif; color: #1f2328; }
.badge { position: relative; display: inline-block; }
.pill { display: inline-flex; align-items: center; gap: 6px; padding: 2px 10px; border-radius: 999px;
  border: 1px solid #d0d7de; background: #f6f8fa; cursor: pointer; font: inherit; color: inherit; }
.pill .dot { width: 8px; height: 8px; border-radius: 50%; background: #8c959f; }
.pill[data-bucket="LOW"] .dot { background: #1a7f37; }
.pill[data-bucket="MODERATE"] .dot { background: #bf8700; }
.pill[data-bucket="HIGH"] .dot { background: #cf222e; }
.pill[data-bucket="HIGH"] { border-color: #cf222e; }
.flag { font-weight: 600; color: #cf222e; }
.details { position: absolute; z-index: 2147483647; top: calc(100% + 4px); left: 0; min-width: 260px;
  max-width: 360px; padding: 10px 12px; border: 1px solid #d0d7de; border-radius: 8px;
  background: #fff; box-shadow: 0 4px 16px rgba(0,0,0,.15); }
.details h3 { margin: 0 0 6px; font-size: 13px; }
.regime { display: grid; grid-template-columns: 1fr 44px; gap: 2px 8px; margin: 3px 0; }
.bar { grid-column: 1 / 3; height: 4px; border-radius: 2px; background: #eaeef2; overflow: hidden; }
.bar > span { display: block; height: 100%; background: #0969da; }
.value { text-align: right; font-variant-numeric: tabular-nums; }
.warnings { margin: 8px 0 0; padding-left: 16px; color: #9a6700; }
.note { margin-top: 8px; color: #57606a; font-size: 12px; }
.error { color: #cf222e; }
.muted { color: #57606a; }
button.link { border: 0; background: none; padding: 0; color: #0969da; cursor: pointer; font: inherit; text-decoration: underline; }
`;
