/**
 * Comparing stated values within the precision they were written with, and writing them back in
 * words for reasons. Slack beyond the written precision: a hedged value ("about") is read within
 * 10%, a converted one within 2% (people convert with rounded factors: 1 mile ≈ 1.6 km), and a
 * temperature within one degree more (98.6 °F is written 99 °F). A hedged conversion is read
 * within the rounding its figure shows as well ("about 900 °F" to the hundred, "roughly 874 °F"
 * to the degree): a converted figure written to the degree claims the degree.
 */
import type { Quantity } from "./quantities.ts";
import { convertValue, dimensionOf, type UnitId } from "./units.ts";

export const HEDGED_SLACK = 0.1;
export const CONVERSION_SLACK = 0.02;
/** A conversion is confirmed only within 1% of the exact one (conversions.ts). */
export const CONFIRMED_SLACK = 0.01;

export interface Reading {
  value: number;
  tolerance: number;
}

/** A quantity's value and tolerance in another unit of its dimension. */
export function inUnit(q: Quantity, unit: UnitId): Reading {
  if (!q.unit || q.unit === unit) return { value: q.value, tolerance: q.tolerance };
  const value = convertValue(q.value, q.unit, unit);
  // Affine scales (temperatures): the tolerance scales by the slope only.
  const slope = convertValue(1, q.unit, unit) - convertValue(0, q.unit, unit);
  return { value, tolerance: Math.abs(q.tolerance * slope) };
}

/** Whether two readings can be the same value, given their precision and a relative slack. */
export function agree(a: Reading, b: Reading, slack: number, unit?: UnitId): boolean {
  const degrees = unit !== undefined && dimensionOf(unit) === "temperature" && slack > 0 ? 1 : 0;
  const allowed = a.tolerance + b.tolerance +
    slack * Math.max(Math.abs(a.value), Math.abs(b.value)) + degrees;
  const apart = Math.abs(a.value - b.value);
  // Two rounded figures share a value only inside both roundings: "8" (7.5 up to 8.5) and "9"
  // (8.5 up to 9.5) only touch. An exact figure may sit on a rounding's edge (2.25 is "2.3").
  const bothRounded = a.tolerance > 0 && b.tolerance > 0 && slack === 0;
  return bothRounded ? apart < allowed - 1e-9 : apart <= allowed + 1e-9;
}

/** The decimals a figure is written to, from its tolerance ("2.35": 0.005, two); whole: none. */
export const decimalsOf = (tolerance: number) =>
  tolerance > 0 && tolerance < 0.5 ? Math.round(-Math.log10(tolerance * 2)) : 0;

/**
 * A hedged figure written to three significant digits or more claims them ("about 24,750" is no
 * 27,450); a rounder one ("about 25,000") is read within HEDGED_SLACK.
 */
export const isRound = (value: number) =>
  String(Math.abs(value)).replace(".", "").replace(/^0+/, "").replace(/0+$/, "").length <= 2;

/** A hedged whole number means anything that rounds to it: "about 900" is 850 to 950. */
export function hedgedReading(r: Reading): Reading {
  if (!Number.isInteger(r.value) || r.value === 0) return r;
  const zeros = /0*$/.exec(String(Math.abs(r.value)))![0].length;
  return { value: r.value, tolerance: Math.max(r.tolerance, 0.5 * 10 ** zeros) };
}

// A formatter is slow to build (toLocaleString builds one per call): one is kept per precision.
const formats = new Map<number, Intl.NumberFormat>();

/** A number as a person writes it: thousands separated, at most `decimals` decimals. */
export function formatNumber(value: number, decimals = 2): string {
  let format = formats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { maximumFractionDigits: decimals });
    formats.set(decimals, format);
  }
  return format.format(value);
}

/** The text of a quantity in the response, as written. */
export function written(text: string, q: { start: number; end: number }): string {
  return text.slice(q.start, q.end).trim();
}

/**
 * How one figure's digits slip from another's of the same length: the positions where they
 * differ, and whether two next to each other are swapped ("1,962" and "1,926").
 */
export function digitSlip(said: string, right: string): { changed: number[]; swapped: boolean } {
  if (said.length !== right.length) return { changed: [], swapped: false };
  const changed = [...said].flatMap((d, i) => (d === right[i] ? [] : [i]));
  const [i, j] = changed;
  const swapped = changed.length === 2 && j === i + 1 && said[i] === right[j] &&
    said[j] === right[i];
  return { changed, swapped };
}
