/**
 * Unit conversions stated in the answer: a quantity followed by the same quantity in another unit
 * of the same dimension, joined as a conversion is written ("40 °C (104 °F)", "5 km, or about 3.1
 * miles", "100 kg is 220 lb", "The race is 100 km. That's about 62 miles."). The second must be the first converted, within the precision of
 * both and the slack of values.ts. Ranges and bounds are left alone.
 */
import { type ExactFinding, finding } from "./finding.ts";
import type { Quantity } from "./quantities.ts";
import { dimensionOf, unitLabel } from "./units.ts";
import { agree, CONVERSION_SLACK, formatNumber, HEDGED_SLACK, inUnit, written } from "./values.ts";

/** What may stand between a quantity and its conversion ("780 km long, which is about ..."). */
const JOIN =
  /^(?:\s+(?:long|tall|high|wide|deep|away|across|thick|in length|in height|in diameter)\b)?\s*(?:\(|\[|\/|=|≈|→|,?\s*i\.e\.,?|,?\s*(?:or|that is|that's|which is|which equals|is|are|was|equals|equal to|is equal to|equivalent to|is equivalent to|is the same as|corresponds to|converts to|works out to|translates to|in \w+ terms,?)\b|,|\.\s*(?:that|this|which)(?:'s|’s| is| equals| comes to| works out to)\b)\s*(?:about|approximately|roughly|around|nearly|almost|some|circa|~|≈)?\s*$/i;

/**
 * "6 feet, 2 inches", "2 hours, 30 minutes": one measure in two parts, the second less than one
 * of the first's unit, is no conversion.
 */
const isCompound = (a: Quantity, b: Quantity, between: string) =>
  /^\s*,\s*$/.test(between) && Number.isInteger(a.value) && inUnit(b, a.unit!).value < 1;

export function conversionFindings(text: string, qs: readonly Quantity[]): ExactFinding[] {
  const out: ExactFinding[] = [];
  for (let i = 0; i + 1 < qs.length; i++) {
    const a = qs[i], b = qs[i + 1];
    if (a.kind !== "unit" || b.kind !== "unit" || a.unit === b.unit) continue;
    if (a.inexact || b.inexact) continue;
    if (dimensionOf(a.unit!) !== dimensionOf(b.unit!)) continue;
    const between = text.slice(a.end, b.start);
    if (!JOIN.test(between) || isCompound(a, b, between)) continue;
    const hedged = a.approx || b.approx ||
      /about|approx|roughly|around|nearly|almost|some|circa|~|≈/i.test(between);
    const converted = inUnit(a, b.unit!);
    const ok = agree(converted, b, hedged ? HEDGED_SLACK : CONVERSION_SLACK, b.unit);
    const decimals = b.tolerance < 0.5 ? Math.round(-Math.log10(b.tolerance * 2)) + 1 : 1;
    const right = `${written(text, a)} is ${formatNumber(converted.value, decimals)} ${
      unitLabel(b.unit!)
    }`;
    out.push(
      finding(
        "unit_conversion",
        !ok,
        { start: a.start, end: b.end },
        ok ? right : `${right}, not ${written(text, b)}`,
      ),
    );
    i++;
  }
  return out;
}
