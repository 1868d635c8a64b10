/** The model card's SVG reliability diagram. */
import type { ReliabilityBin } from "../learners/metrics.ts";
import type { CellResult } from "./cells.ts";
import { f3 } from "./tables.ts";

/** Reliability diagram: one panel per binary cell, observed rate against mean predicted p. */
export function reliabilitySvg(cells: readonly CellResult[]): string {
  const panels = cells.filter((c) => c.task === "binary");
  const size = 260, pad = 40;
  const parts: string[] = [];
  panels.forEach((c, k) => {
    const x0 = pad + k * (size + 2 * pad), y0 = pad;
    const px = (p: number) => x0 + p * size, py = (p: number) => y0 + size - p * size;
    parts.push(
      `<rect x="${x0}" y="${y0}" width="${size}" height="${size}" fill="none" stroke="#999"/>`,
      `<line x1="${px(0)}" y1="${py(0)}" x2="${px(1)}" y2="${
        py(1)
      }" stroke="#bbb" stroke-dasharray="4 3"/>`,
      `<text x="${x0}" y="${y0 - 12}" font-size="13">${c.task}/${c.mode}: ECE ${
        f3(c.overall.ece)
      }</text>`,
      `<text x="${x0 + size / 2 - 50}" y="${
        y0 + size + 28
      }" font-size="11">mean predicted p</text>`,
      `<text x="${x0 - 30}" y="${y0 + size / 2}" font-size="11" transform="rotate(-90 ${x0 - 30} ${
        y0 + size / 2
      })">observed rate</text>`,
    );
    const used = c.reliability.filter((b: ReliabilityBin) => b.count > 0);
    const path = used.map((b, i) =>
      `${i ? "L" : "M"}${px(b.meanConfidence).toFixed(1)},${py(b.positiveRate).toFixed(1)}`
    );
    parts.push(`<path d="${path.join(" ")}" fill="none" stroke="#c0392b" stroke-width="2"/>`);
    for (const b of used) {
      const r = Math.min(8, 2 + Math.sqrt(b.count) / 6);
      parts.push(
        `<circle cx="${px(b.meanConfidence).toFixed(1)}" cy="${py(b.positiveRate).toFixed(1)}" r="${
          r.toFixed(1)
        }" fill="#c0392b"/>`,
      );
    }
  });
  const width = panels.length * (size + 2 * pad), height = size + 2 * pad + 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">\n${
    parts.join("\n")
  }\n</svg>\n`;
}
