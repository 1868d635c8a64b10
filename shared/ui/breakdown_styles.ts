/**
 * The breakdown's CSS (ui/breakdown.tsx), for the badge's shadow root and the dashboard alike.
 * Colours are custom properties each host defines for its light and dark themes: --fg, --muted,
 * --track, --link, --warn.
 */
export const BREAKDOWN_CSS = `
.breakdown h3 { margin: 0 0 6px; font-size: 13px; }
.breakdown .excerpt { margin: 0 0 6px; color: var(--muted); font-size: 12px; font-style: italic; }
.breakdown .regime { display: grid; grid-template-columns: 1fr 44px; gap: 2px 8px; margin: 3px 0; }
.breakdown .bar { grid-column: 1 / 3; height: 4px; border-radius: 2px; background: var(--track);
  overflow: hidden; }
.breakdown .bar > span { display: block; height: 100%; background: var(--link); }
.breakdown .value { text-align: right; font-variant-numeric: tabular-nums; }
.breakdown .warnings { margin: 8px 0 0; padding-left: 16px; color: var(--warn); }
.breakdown .findings { margin: 8px 0 0; padding-left: 16px; color: var(--high, #cf222e); }
.breakdown .note { margin-top: 8px; color: var(--muted); font-size: 12px; }
`;
