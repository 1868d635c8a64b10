/**
 * The units the exact checks read: each surface form a text may use ("metres", "km", "°F",
 * "square miles") mapped to a unit of `convert-units` (MIT), whose tables do the converting, or
 * to one of the few units it lacks, each defined exactly in one of its units. Only unambiguous
 * forms are listed: "ton" (short or long?), "degrees" (which scale?), "cup" (US, metric or
 * imperial?) and a bare "C" are left out, so a check never converts a unit it might have misread.
 */
// @deno-types="@types/convert-units"
import convert from "convert-units";

/**
 * Units convert-units 2.3.4 lacks, by their exact legal definitions: the international nautical
 * mile (1,852 m), the troy ounce (31.1034768 g), the long ton (2,240 lb), the fathom (6 ft), the
 * furlong (660 ft), the imperial gallon (4.54609 l), the kilocalorie (4.184 kJ, the
 * thermochemical calorie's thousand) and the stone (14 lb; no form of it is read here: "st" is a
 * street or an ordinal's end, so conversions.ts reads stones from a count's word).
 */
const DEFINED = {
  nmi: { unit: "m", times: 1852, label: "nautical miles" },
  ozt: { unit: "g", times: 31.1034768, label: "troy oz" },
  "long-ton": { unit: "lb", times: 2240, label: "long tons" },
  fathom: { unit: "ft", times: 6, label: "fathoms" },
  furlong: { unit: "ft", times: 660, label: "furlongs" },
  "imp-gal": { unit: "l", times: 4.54609, label: "imperial gallons" },
  kcal: { unit: "kJ", times: 4.184, label: "kcal" },
  st: { unit: "lb", times: 14, label: "st" },
} as const satisfies Record<string, { unit: convert.Unit; times: number; label: string }>;
type DefinedUnit = keyof typeof DEFINED;

export type UnitId = convert.Unit | DefinedUnit;

const isDefined = (unit: UnitId): unit is DefinedUnit => Object.hasOwn(DEFINED, unit);
/** A unit as convert-units knows it, with how many of those one of it is. */
const inLibrary = (unit: UnitId): [convert.Unit, number] =>
  isDefined(unit) ? [DEFINED[unit].unit, DEFINED[unit].times] : [unit, 1];

// convert-units builds its tables on every call: each answer is kept, per unit and per pair.
const dimensions = new Map<UnitId, string>();
const lines = new Map<string, { at0: number; slope: number }>();

/** The physical dimension of a unit, as `convert-units` names it ("length", "mass", ...). */
export function dimensionOf(unit: UnitId): string {
  let dimension = dimensions.get(unit);
  if (dimension === undefined) {
    dimension = convert().describe(inLibrary(unit)[0]).measure;
    dimensions.set(unit, dimension);
  }
  return dimension;
}

/** Every conversion of convert-units is affine (temperatures) or linear: two points give it. */
export function convertValue(value: number, from: UnitId, to: UnitId): number {
  const [[source, perFrom], [target, perTo]] = [inLibrary(from), inLibrary(to)];
  const key = `${source}>${target}`;
  let line = lines.get(key);
  if (!line) {
    const at0 = convert(0).from(source).to(target);
    line = { at0, slope: convert(1).from(source).to(target) - at0 };
    lines.set(key, line);
  }
  return (line.at0 + value * perFrom * line.slope) / perTo;
}

/** A unit's name for reasons ("metres", "°F"). */
export function unitLabel(unit: UnitId): string {
  return isDefined(unit) ? DEFINED[unit].label : LABELS[unit] ?? unit;
}

const LABELS: Partial<Record<convert.Unit, string>> = {
  C: "°C",
  F: "°F",
  K: "K",
  m: "metres",
  km: "km",
  cm: "cm",
  mm: "mm",
  mi: "miles",
  ft: "feet",
  in: "inches",
  yd: "yards",
  kg: "kg",
  g: "g",
  mg: "mg",
  lb: "lb",
  oz: "oz",
  mt: "tonnes",
  t: "short tons",
  l: "litres",
  ml: "ml",
  gal: "US gallons",
  "fl-oz": "fl oz",
  "km/h": "km/h",
  "m/h": "mph",
  "m/s": "m/s",
  knot: "knots",
  m2: "m²",
  km2: "km²",
  mi2: "square miles",
  ft2: "square feet",
  ha: "hectares",
  ac: "acres",
  s: "seconds",
  min: "minutes",
  h: "hours",
  d: "days",
  week: "weeks",
  month: "months",
  year: "years",
};

/** Surface forms, lower-cased, to units (plurals and spellings listed, not guessed). */
const FORMS: Record<string, UnitId> = {};
// Forms are looked up in lower case (unitOfForm): stored so, whatever case they are written in.
const add = (unit: UnitId, ...forms: string[]) =>
  forms.forEach((f) => (FORMS[f.toLowerCase()] = unit));
// "degrees C" names its scale; a bare "C" or "F" is read only beside its conversion (quantities.ts).
add("C", "°c", "ºc", "℃", "° c", "degrees c", "degree c", "deg c", "celsius", "centigrade");
add("C", "degrees celsius", "degree celsius", "degrees centigrade", "° celsius");
add("F", "°f", "ºf", "℉", "° f", "degrees f", "degree f", "deg f", "fahrenheit");
add("F", "degrees fahrenheit", "degree fahrenheit", "° fahrenheit");
add("K", "kelvin", "kelvins");
add("mm", "mm", "millimetre", "millimetres", "millimeter", "millimeters");
add("cm", "cm", "centimetre", "centimetres", "centimeter", "centimeters");
add("m", "m", "metre", "metres", "meter", "meters");
add("km", "km", "kilometre", "kilometres", "kilometer", "kilometers", "kms");
add("in", "inch", "inches");
add("ft", "ft", "foot", "feet");
add("yd", "yd", "yard", "yards");
add("mi", "mi", "mile", "miles", "statute mile", "statute miles");
add("nmi", "nmi", "nautical mile", "nautical miles");
add("fathom", "fathom", "fathoms");
add("furlong", "furlong", "furlongs");
add("mg", "mg", "milligram", "milligrams", "milligramme", "milligrammes");
add("g", "g", "gram", "grams", "gramme", "grammes");
add("kg", "kg", "kgs", "kilogram", "kilograms", "kilogramme", "kilogrammes", "kilo", "kilos");
add("oz", "oz", "ounce", "ounces");
add("lb", "lb", "lbs", "pound", "pounds");
add("mt", "tonne", "tonnes", "metric ton", "metric tons", "metric tonne", "metric tonnes");
add("t", "short ton", "short tons", "US ton", "US tons", "US short ton", "US short tons");
add("long-ton", "long ton", "long tons", "imperial ton", "imperial tons", "UK ton", "UK tons");
add("ozt", "troy ounce", "troy ounces", "troy oz", "oz t", "ozt");
add("ml", "ml", "millilitre", "millilitres", "milliliter", "milliliters");
add("l", "l", "litre", "litres", "liter", "liters");
add("gal", "gallon", "gallons", "gal", "us gallon", "us gallons");
add("imp-gal", "imperial gallon", "imperial gallons", "UK gallon", "UK gallons");
add("fl-oz", "fl oz", "fluid ounce", "fluid ounces");
add("km/h", "km/h", "kph", "kmh", "kilometres per hour", "kilometers per hour");
add("m/h", "mph", "miles per hour", "mi/h");
add("m/s", "m/s", "metres per second", "meters per second");
add("knot", "knot", "knots");
add("m2", "m²", "m2", "sq m", "square metre", "square metres", "square meter", "square meters");
add(
  "km2",
  "km²",
  "km2",
  "sq km",
  "square kilometre",
  "square kilometres",
  "square kilometer",
  "square kilometers",
);
add("mi2", "sq mi", "square mile", "square miles", "mi²");
add("ft2", "sq ft", "square foot", "square feet", "ft²");
add("ha", "ha", "hectare", "hectares");
add("ac", "acre", "acres");
add("s", "second", "seconds", "sec", "secs");
add("min", "minute", "minutes", "min", "mins");
add("h", "h", "hour", "hours", "hr", "hrs");
add("d", "day", "days");
add("week", "week", "weeks");
add("month", "month", "months");
add("year", "year", "years", "yr", "yrs");
// Energy and power, where the form is unambiguous in any case: no bare "W" or "J", and no "MW"
// (lower-cased, a milliwatt).
add("kWh", "kWh", "kilowatt-hour", "kilowatt-hours", "kilowatt hour", "kilowatt hours");
add("Wh", "Wh", "watt-hour", "watt-hours", "watt hour", "watt hours");
add("kJ", "kJ", "kilojoule", "kilojoules");
add("J", "joule", "joules");
add("kcal", "kcal", "kilocalorie", "kilocalories");
add("kW", "kW", "kilowatt", "kilowatts");
add("W", "watt", "watts");
add("MW", "megawatt", "megawatts");

/** Longest forms first, so "square miles" wins over "miles" and "km/h" over "km". */
const FORM_LIST = Object.keys(FORMS).sort((a, b) => b.length - a.length);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/**
 * A unit right after a number: optional space, the form, then no further letter or digit, nor a
 * word it makes an ordinal of ("three second-half minutes").
 */
export const UNIT_AFTER_NUMBER = new RegExp(
  `^\\s?(?:-\\s?)?(${FORM_LIST.map(escape).join("|")})` +
    `(?![\\p{L}\\p{N}²]|-(?:half|hand|rate|class|best|largest|place|tier|generation)\\b)`,
  "iu",
);

/** The unit a surface form names ("miles", "Fahrenheit"); undefined for any other word. */
export function unitOfForm(form: string): UnitId | undefined {
  const key = form.toLowerCase().replace(/\s+/g, " ");
  return Object.hasOwn(FORMS, key) ? FORMS[key] : undefined;
}
