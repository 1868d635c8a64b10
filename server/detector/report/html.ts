/**
 * The batch report as one self-contained HTML file (inline CSS and SVG, no script, no outside
 * asset: it opens offline): the share of flagged answers with its interval, the distribution of
 * `p_hallucination`, regimes and warnings, the riskiest answers with their risky claims marked,
 * and the same figures per group. Every text from the files is escaped.
 */
import type { ClaimRisk } from "../../../shared/claims.ts";
import type { Figures } from "./figures.ts";
import type { ReportRow, Score } from "./rows.ts";

export interface RiskyAnswer {
  row: ReportRow & { score: Score };
  claims: ClaimRisk[];
}

export interface ReportInput {
  title: string;
  generatedAt: Date;
  modelVersion: string;
  overall: Figures;
  notScored: number;
  groups: [string, Figures][];
  riskiest: RiskyAnswer[];
  /** A claim at or above this calibrated risk is marked. */
  claimThreshold: number;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const esc = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;

const STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #57606a; --bg: #fff; --border: #d0d7de;
  --bar: #0969da; --mark: #ffebe9; --mark-line: #cf222e; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117;
  --border: #3d444d; --bar: #4493f8; --mark: #4b1f22; --mark-line: #f85149; } }
body { font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg);
  max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 26px; } h2 { margin-top: 2.2rem; border-top: 1px solid var(--border);
  padding-top: 1rem; } h3 { margin-bottom: .3rem; }
.muted { color: var(--muted); }
.headline { font-size: 22px; margin: .5rem 0; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { text-align: left; padding: 4px 10px; border-bottom: 1px solid var(--border); }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
svg { max-width: 100%; height: auto; } .bar { fill: var(--bar); }
.tick { fill: var(--muted); font-size: 11px; text-anchor: middle; }
.answer { border: 1px solid var(--border); border-radius: 8px; padding: 10px 14px; margin: 12px 0; }
.answer p { white-space: pre-wrap; margin: .4rem 0; }
mark { background: var(--mark); color: inherit; border-bottom: 2px solid var(--mark-line); }
mark sup { color: var(--mark-line); font-size: 11px; margin-left: 2px; }
`;

function histogramSvg(histogram: number[]): string {
  const max = Math.max(1, ...histogram);
  const w = 48, h = 120;
  const bars = histogram.map((count, i) => {
    const bh = Math.round((count / max) * (h - 16));
    return `<rect class="bar" x="${i * w + 6}" y="${h - bh}" width="${w - 12}" height="${bh}">` +
      `<title>${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)}: ${count}</title></rect>` +
      `<text class="tick" x="${i * w + w / 2}" y="${h - bh - 3}">${count || ""}</text>` +
      `<text class="tick" x="${i * w + w / 2}" y="${h + 14}">${(i / 10).toFixed(1)}</text>`;
  }).join("");
  const label = `Answers per tenth of p_hallucination, from 0 to 1: ${histogram.join(", ")}`;
  return `<svg viewBox="0 0 ${w * 10} ${h + 20}" width="${w * 10}" role="img" ` +
    `aria-label="${esc(label)}">${bars}</svg>`;
}

function countTable(heading: string, counts: [string, number][], total: number): string {
  if (counts.length === 0) return `<p class="muted">No ${esc(heading.toLowerCase())}.</p>`;
  const rows = counts.map(([name, n]) =>
    `<tr><td><code>${esc(name)}</code></td><td class="num">${n}</td>` +
    `<td class="num">${pct(n / Math.max(1, total))}</td></tr>`
  ).join("");
  return `<table><thead><tr><th scope="col">${esc(heading)}</th><th scope="col">Answers</th>` +
    `<th scope="col">Share</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function figuresHtml(f: Figures, level: "h2" | "h3"): string {
  const sub = level === "h2" ? "h3" : "h4";
  return `
<p class="headline"><strong>${pct(f.share)}</strong> of ${f.answers} answers flagged
  <span class="muted">(${f.flagged}; 95% Wilson interval ${pct(f.interval.low)} to
  ${pct(f.interval.high)})</span></p>
<${sub}>Distribution of p_hallucination</${sub}>
${histogramSvg(f.histogram)}
<${sub}>Top regimes</${sub}>
${countTable("Regime", f.regimes, f.answers)}
<${sub}>Warnings</${sub}>
${countTable("Warning", f.warnings, f.answers)}`;
}

/** The response with its risky claims in `<mark>`, each with its calibrated risk. */
function markedResponse(text: string, claims: ClaimRisk[], threshold: number): string {
  let out = "", at = 0;
  const marked = claims.filter((c) => c.p_hallucination >= threshold);
  for (const c of marked.sort((a, b) => a.start - b.start)) {
    if (c.start < at) continue;
    const risk = pct(c.p_hallucination, 0);
    out += esc(text.slice(at, c.start)) +
      `<mark title="claim risk ${risk}">${
        esc(text.slice(c.start, c.end))
      }<sup>${risk}</sup></mark>`;
    at = c.end;
  }
  return out + esc(text.slice(at));
}

function riskyHtml(answers: RiskyAnswer[], threshold: number): string {
  if (answers.length === 0) return `<p class="muted">No scored answers.</p>`;
  return answers.map(({ row, claims }) => `
<div class="answer">
  <div><strong>${pct(row.score.p_hallucination)}</strong> ${row.score.flag ? "flagged" : ""}
    · <code>${esc(row.score.top_regime)}</code> · id <code>${esc(row.id)}</code>
    ${row.group !== undefined ? `· group <code>${esc(row.group)}</code>` : ""}
    ${row.score.warnings.map((w) => `· <code>${esc(w)}</code>`).join(" ")}</div>
  ${row.prompt ? `<p class="muted">Prompt: ${esc(row.prompt)}</p>` : ""}
  <p>${markedResponse(row.response, claims, threshold)}</p>
</div>`).join("");
}

export function reportHtml(r: ReportInput): string {
  const groupTable = r.groups.length === 0 ? "" : `
<table><thead><tr><th scope="col">Group</th><th scope="col">Answers</th>
<th scope="col">Flagged</th><th scope="col">95% interval</th></tr></thead><tbody>
${
    r.groups.map(([name, f]) =>
      `<tr><td><a href="#group-${esc(encodeURIComponent(name))}">${esc(name)}</a></td>` +
      `<td class="num">${f.answers}</td><td class="num">${pct(f.share)}</td>` +
      `<td class="num">${pct(f.interval.low)} to ${pct(f.interval.high)}</td></tr>`
    ).join("")
  }</tbody></table>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<title>${esc(r.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${esc(r.title)}</h1>
<p class="muted">Generated ${esc(r.generatedAt.toISOString())} · model
<code>${esc(r.modelVersion)}</code>${
    r.notScored > 0 ? ` · ${r.notScored} answers not scored (errors in the scores file)` : ""
  }</p>
<h2 id="overall">Flagged answers</h2>
${figuresHtml(r.overall, "h2")}
${r.groups.length > 0 ? `<h2 id="groups">By group</h2>${groupTable}` : ""}
${
    r.groups.map(([name, f]) =>
      `<section id="group-${esc(encodeURIComponent(name))}"><h3>Group ${esc(name)}</h3>` +
      `${figuresHtml(f, "h3")}</section>`
    ).join("")
  }
<h2 id="riskiest">Riskiest answers</h2>
<p class="muted">Claims marked: the detector's calibrated risk of that sentence alone is at least
${pct(r.claimThreshold, 0)}.</p>
${riskyHtml(r.riskiest, r.claimThreshold)}
</body>
</html>
`;
}
