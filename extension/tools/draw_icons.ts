/**
 * Draws the extension's icons (16, 32, 48 and 128 px PNGs in extension/public/icons/, which the
 * build copies as they are): a blue disc with a white magnifier over a red underline, the mark
 * the extension puts under a risky claim. Drawn from geometry with 4×4 supersampling, written
 * with node:zlib; nothing is downloaded. Run `deno run -A extension/tools/draw_icons.ts` after a
 * change and commit the PNGs.
 */
import { deflateSync } from "node:zlib";

export const ICON_SIZES = [16, 32, 48, 128] as const;

type Rgba = [number, number, number, number];
const BLUE: Rgba = [9, 105, 218, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const RED: Rgba = [255, 92, 92, 255];

/** The colour at a point of the unit square (0..1 on both axes), or undefined for transparent. */
function colourAt(x: number, y: number): Rgba | undefined {
  const fromCentre = Math.hypot(x - 0.5, y - 0.5);
  if (fromCentre > 0.5) return undefined;
  // The magnifier's ring, centred up and left, and its handle towards the lower right.
  const ring = Math.hypot(x - 0.43, y - 0.41);
  if (ring > 0.17 && ring < 0.25) return WHITE;
  const along = ((x - 0.43) + (y - 0.41)) / Math.SQRT2;
  const across = Math.abs((x - 0.43) - (y - 0.41)) / Math.SQRT2;
  if (along > 0.24 && along < 0.42 && across < 0.055) return WHITE;
  // The underline.
  if (y > 0.75 && y < 0.83 && x > 0.22 && x < 0.6) return RED;
  return BLUE;
}

function pixels(size: number): Uint8Array {
  const out = new Uint8Array(size * size * 4);
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = colourAt(
            (px + (sx + 0.5) / samples) / size,
            (py + (sy + 0.5) / samples) / size,
          );
          if (!colour) continue;
          for (let c = 0; c < 3; c++) sum[c] += colour[c] * colour[3];
          sum[3] += colour[3];
        }
      }
      const at = (py * size + px) * 4;
      // Colours are averaged weighted by coverage (premultiplied), then un-premultiplied.
      for (let c = 0; c < 3; c++) out[at + c] = sum[3] ? Math.round(sum[c] / sum[3]) : 0;
      out[at + 3] = Math.round(sum[3] / (samples * samples));
    }
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An RGBA PNG of the icon at `size` px. */
export function iconPng(size: number): Uint8Array {
  const rgba = pixels(size);
  const rows = new Uint8Array(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows.set(rgba.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 6, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", new Uint8Array(deflateSync(rows))),
    chunk("IEND", new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}

if (import.meta.main) {
  const dir = new URL("../public/icons/", import.meta.url);
  await Deno.mkdir(dir, { recursive: true });
  for (const size of ICON_SIZES) {
    await Deno.writeFile(new URL(`icon-${size}.png`, dir), iconPng(size));
  }
}
