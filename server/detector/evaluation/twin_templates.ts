/**
 * The exact checks' evaluation set, template part: chatbot-style answers holding one checkable
 * statement, each wrong one beside its right twin, over many units, numbers, names and phrasings,
 * deterministic from a seed. Each kind has several phrasings; the odd-numbered ones (and their
 * own seed) form the held-out part, never used to fit anything, so the reported figures are on
 * phrasings the fit never saw.
 */
import { seededRandom } from "../learners/random.ts";
import type { CheckKind } from "../checks/finding.ts";
import { convertValue, type UnitId } from "../checks/units.ts";
import { monthName } from "../checks/dates.ts";

export type TwinPart = "tune" | "held_out";

export interface TwinPair {
  id: string;
  /** The check that should catch the wrong twin. */
  kind: CheckKind;
  part: TwinPart;
  /** Where the pair comes from: a template family, or a data set's document. */
  source: string;
  prompt?: string;
  wrong: string;
  right: string;
}

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
/** A wrong value: off by 15% to 60% either way, and by 3 at least; never below 1. */
function wrongValue(r: Rand, right: number, decimals: number): number {
  const frac = 0.15 + 0.45 * r();
  const off = Math.max(3, Math.abs(right) * frac);
  const down = r() < 0.5 && right - off >= 1;
  return Number((down ? right - off : right + off).toFixed(decimals));
}
const fmt = (v: number, decimals = 0) =>
  v.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

const NAMES = [
  "Ada Brennan",
  "Tomas Okafor",
  "Lena Marsh",
  "Ravi Castellano",
  "Mira Halvorsen",
  "Jonah Whitfield",
  "Sofia Delacroix",
  "Kenji Arakawa",
  "Elena Varga",
  "Samuel Achebe",
];
const PLACES = ["Norbridge", "Calloway", "Westmere", "Port Alder", "Ravensholm", "Lindqvist Bay"];

interface Conversion {
  from: UnitId;
  to: UnitId;
  lo: number;
  hi: number;
  decimals: number;
  contexts: string[];
}
const CONVERSIONS: Conversion[] = [
  {
    from: "C",
    to: "F",
    lo: -20,
    hi: 45,
    decimals: 0,
    contexts: [
      "The afternoon high reached {q}.",
      "Bake the bread at {q} for best results.",
      "The lake's surface warmed to {q} in July.",
    ],
  },
  {
    from: "F",
    to: "C",
    lo: 20,
    hi: 110,
    decimals: 0,
    contexts: ["The forecast calls for {q} tomorrow.", "Keep the room at {q}."],
  },
  {
    from: "km",
    to: "mi",
    lo: 3,
    hi: 900,
    decimals: 1,
    contexts: ["The trail runs {q} along the coast.", "{place} is {q} from the capital."],
  },
  {
    from: "mi",
    to: "km",
    lo: 2,
    hi: 600,
    decimals: 0,
    contexts: [
      "The river flows for {q} before reaching the sea.",
      "The drive to {place} covers {q}.",
    ],
  },
  {
    from: "kg",
    to: "lb",
    lo: 2,
    hi: 400,
    decimals: 0,
    contexts: ["An adult of the species weighs {q}.", "The checked bag limit is {q}."],
  },
  {
    from: "lb",
    to: "kg",
    lo: 5,
    hi: 900,
    decimals: 1,
    contexts: ["The statue's bronze base weighs {q}.", "The record fish weighed {q}."],
  },
  {
    from: "m",
    to: "ft",
    lo: 5,
    hi: 4800,
    decimals: 0,
    contexts: [
      "The tower rises {q} above the square.",
      "The summit of Mount {place} stands at {q}.",
    ],
  },
  {
    from: "ft",
    to: "m",
    lo: 6,
    hi: 9000,
    decimals: 0,
    contexts: ["The waterfall drops {q} into the gorge.", "The ship is {q} long."],
  },
  {
    from: "l",
    to: "gal",
    lo: 2,
    hi: 500,
    decimals: 1,
    contexts: ["The tank holds {q} of water.", "Each barrel contains {q}."],
  },
  {
    from: "km/h",
    to: "m/h",
    lo: 20,
    hi: 320,
    decimals: 0,
    contexts: ["The train's top speed is {q}.", "Gusts reached {q} during the storm."],
  },
  {
    from: "km2",
    to: "mi2",
    lo: 10,
    hi: 9000,
    decimals: 0,
    contexts: ["The national park covers {q}.", "The lake has a surface area of {q}."],
  },
  {
    from: "cm",
    to: "in",
    lo: 5,
    hi: 250,
    decimals: 1,
    contexts: ["The screen measures {q} across.", "The sapling grew {q} in a year."],
  },
];
/** How a conversion is joined to its quantity; odd ones are held out. */
const JOINS = [
  "{a} ({b})",
  "{a}, or about {b}",
  "{a} (roughly {b})",
  "{a}, which is {b}",
  "{a} / {b}",
  "{a}, i.e. {b}",
];

const WRITTEN_UNITS: Partial<Record<UnitId, string[]>> = {
  C: ["°C", " °C", " degrees Celsius"],
  F: ["°F", " °F", " degrees Fahrenheit"],
  km: [" km", " kilometres", " kilometers"],
  mi: [" miles", " mi"],
  kg: [" kg", " kilograms"],
  lb: [" lb", " pounds"],
  m: [" m", " metres", " meters"],
  ft: [" ft", " feet"],
  l: [" litres", " liters", " L"],
  gal: [" gallons", " US gallons"],
  "km/h": [" km/h", " kilometres per hour"],
  "m/h": [" mph", " miles per hour"],
  km2: [" km²", " square kilometres"],
  mi2: [" square miles", " sq mi"],
  cm: [" cm", " centimetres"],
  in: [" inches"],
};

function conversionPairs(r: Rand, part: TwinPart, n: number): TwinPair[] {
  const joins = JOINS.filter((_, i) => (i % 2 === 1) === (part === "held_out"));
  return Array.from({ length: n }, (_, k) => {
    const c = pick(r, CONVERSIONS);
    const a = int(r, c.lo, c.hi);
    const right = Number(convertValue(a, c.from, c.to).toFixed(c.decimals));
    // Typical slips: the inverse factor, a forgotten offset, or just a wrong number.
    const slip = convertValue(a, c.to, c.from);
    const wrong = r() < 0.3 && Math.abs(slip - right) > Math.abs(right) * 0.15 && slip > 0
      ? Number(slip.toFixed(c.decimals))
      : right + wrongValue(r, Math.abs(right), c.decimals) - Math.abs(right);
    const [ua, ub] = [pick(r, WRITTEN_UNITS[c.from]!), pick(r, WRITTEN_UNITS[c.to]!)];
    const join = pick(r, joins);
    const sentence = (b: number) =>
      pick(seededRandom(k), c.contexts).replace("{place}", pick(seededRandom(k + 1), PLACES))
        .replace("{q}", join.replace("{a}", fmt(a) + ua).replace("{b}", fmt(b, c.decimals) + ub));
    return pair(
      "unit_conversion",
      part,
      `conversion ${c.from}->${c.to}`,
      k,
      sentence(wrong),
      sentence(right),
    );
  });
}

function pair(
  kind: CheckKind,
  part: TwinPart,
  source: string,
  k: number,
  wrong: string,
  right: string,
  prompt?: string,
): TwinPair {
  return { id: `${part}:${kind}:${k}`, kind, part, source, prompt, wrong, right };
}

const TOTALS = [
  (p: number[], t: string, noun: string) =>
    `The team scored ${
      p.join(", ").replace(/, (\d+)$/, " and $1")
    } ${noun} in the three rounds, a total of ${t} ${noun}.`,
  (p: number[], t: string, noun: string) =>
    `Across the three sites they counted ${
      p.map((x) => `${fmt(x)} ${noun}`).join(", ")
    }, or ${t} ${noun} in all.`,
  (p: number[], t: string, noun: string) =>
    `In the first year ${fmt(p[0])} ${noun} enrolled, then ${
      fmt(p[1])
    } ${noun} in the second. That is ${t} ${noun} altogether.`,
  (p: number[], t: string) =>
    `The budget splits into $${fmt(p[0])} for staff, $${fmt(p[1])} for equipment and $${
      fmt(p[2])
    } for travel, for a total of $${t}.`,
  (p: number[], t: string) =>
    `The relay has legs of ${p[0]} km, ${p[1]} km and ${p[2]} km. In total the course is ${t} km.`,
  (p: number[], t: string, noun: string) =>
    `The library received ${fmt(p[0])} ${noun} in March and ${
      fmt(p[1])
    } ${noun} in April, bringing the combined total to ${t} ${noun}.`,
];
const TWO_PARTS = new Set([TOTALS[2], TOTALS[5]]);
const COUNT_NOUNS = ["points", "visitors", "students", "books", "trees", "votes", "members"];

function totalPairs(r: Rand, part: TwinPart, n: number): TwinPair[] {
  const templates = TOTALS.filter((_, i) => (i % 2 === 1) === (part === "held_out"));
  return Array.from({ length: n }, (_, k) => {
    const t = pick(r, templates);
    const parts = [int(r, 3, 900), int(r, 3, 900), int(r, 3, 900)];
    const sum = parts.reduce((a, b) => a + b, 0);
    // Templates 2 and 5 name two parts, the others three.
    const used = TWO_PARTS.has(t) ? parts[0] + parts[1] : sum;
    const wrong = r() < 0.5 ? used + pick(r, [-1, 1]) * int(r, 3, 40) : wrongValue(r, used, 0);
    const noun = pick(r, COUNT_NOUNS);
    return pair("total", part, "total", k, t(parts, fmt(wrong), noun), t(parts, fmt(used), noun));
  });
}

const SHARES = [
  (n: number, m: number, p: string, noun: string) =>
    `${n} of the ${m} ${noun} (${p}) voted for the proposal.`,
  (n: number, m: number, p: string, noun: string) =>
    `Of the ${m} ${noun} surveyed, ${n} said yes (${p}).`,
  (n: number, m: number, p: string, noun: string) =>
    `In the trial, ${n} out of ${m} ${noun}, or ${p}, improved.`,
  (n: number, m: number, p: string, noun: string) =>
    `Only ${n} of ${m} ${noun} (${p}) finished the course.`,
];

function sharePairs(r: Rand, part: TwinPart, n: number): TwinPair[] {
  const templates = SHARES.filter((_, i) => (i % 2 === 1) === (part === "held_out"));
  return Array.from({ length: n }, (_, k) => {
    const m = int(r, 8, 2000), c = int(r, 1, m - 1);
    const decimals = r() < 0.5 ? 0 : 1;
    const right = Number((100 * c / m).toFixed(decimals));
    let wrong = wrongValue(r, right, decimals);
    if (wrong >= 100) wrong = Number((right / 2).toFixed(decimals));
    const t = pick(r, templates),
      noun = pick(r, ["patients", "residents", "students", "members", "voters"]);
    const pct = (v: number) => `${fmt(v, decimals)}%`;
    return pair(
      "percentage",
      part,
      "percentage",
      k,
      t(c, m, pct(wrong), noun),
      t(c, m, pct(right), noun),
    );
  });
}

const MULTIPLE_WORDS = ["", "", "twice", "three times", "four times", "five times", "six times"];
const RATIO_NOUNS = [
  ["men", "women"],
  ["students", "teachers"],
  ["adults", "children"],
  ["pines", "oaks"],
  ["cars", "bicycles"],
];
/** Ratios with their parts; `ratio` is the stated proportion, the parts are `x` to `y`. */
const RATIOS = [
  (ratio: number, x: string, y: string, [a, b]: string[]) =>
    `The club has a ${ratio}:1 ratio of ${a} to ${b}, with ${x} ${a} and ${y} ${b}.`,
  (ratio: number, x: string, y: string, [a, b]: string[]) =>
    `There are ${
      MULTIPLE_WORDS[ratio]
    } as many ${a} as ${b} in the program: ${x} ${a} and ${y} ${b}.`,
  (ratio: number, x: string, y: string, [a, b]: string[]) =>
    `The ratio of ${a} to ${b} is ${ratio} to 1, with ${x} ${a} and ${y} ${b}.`,
  (ratio: number, x: string, y: string) =>
    `The new hall is ${MULTIPLE_WORDS[ratio]} as long as the old hall, ${x} m versus ${y} m.`,
  (ratio: number, x: string, y: string, [a, b]: string[]) =>
    `In the census, ${a} outnumber ${b} by a ${ratio}-to-1 ratio (${x} ${a} to ${y} ${b}).`,
  (ratio: number, x: string, y: string) =>
    `The reservoir holds ${
      MULTIPLE_WORDS[ratio]
    } more water than the pond: ${x} litres compared with ${y} litres.`,
];

function ratioPairs(r: Rand, part: TwinPart, n: number): TwinPair[] {
  const templates = RATIOS.filter((_, i) => (i % 2 === 1) === (part === "held_out"));
  return Array.from({ length: n }, (_, k) => {
    const t = pick(r, templates);
    const ratio = int(r, 2, 4), y = int(r, 12, 400);
    // Two apart at least: "three times more" is said of three and of four times alike.
    const wrong = ratio === 4 ? pick(r, [2, 6]) : ratio + pick(r, [2, 3]);
    const nouns = pick(r, RATIO_NOUNS);
    const [x, yText] = [fmt(ratio * y), fmt(y)];
    return pair(
      "ratio",
      part,
      "ratio",
      k,
      t(wrong, x, yText, nouns),
      t(ratio, x, yText, nouns),
    );
  });
}

/** One measure stated twice: `first` in the opening claim, `again` in the closing one. */
const RESTATEMENTS: {
  subjects: string[];
  lo: number;
  hi: number;
  text: (subject: string, first: number, again: number, place: string) => string;
}[] = [
  {
    subjects: ["tower", "spire", "mast"],
    lo: 40,
    hi: 600,
    text: (s, first, again, place) =>
      `The ${s} is ${fmt(first)} m tall. Visitors reach its upper deck by lift. At ${
        fmt(again)
      } m, the ${s} is the tallest structure in ${place}.`,
  },
  {
    subjects: ["bridge", "tunnel", "pier"],
    lo: 1_200,
    hi: 9_000,
    text: (s, first, again, place) =>
      `The ${s} is ${fmt(first)} metres long. It carries two lanes of traffic. At ${
        fmt(again / 1000, 2)
      } km, the ${s} is the longest in ${place}.`,
  },
  {
    subjects: ["bell", "statue", "anchor"],
    lo: 200,
    hi: 9_000,
    text: (s, first, again, place) =>
      `The ${s} weighs ${fmt(first)} kg. It was cast in bronze. At ${
        fmt(again)
      } kg, the ${s} is the heaviest in ${place}.`,
  },
  {
    subjects: ["lighthouse", "chimney", "obelisk"],
    lo: 20,
    hi: 200,
    text: (s, first, again, place) =>
      `The ${s} is ${fmt(first)} metres high. Its light can be seen far out at sea. At ${
        fmt(convertValue(again, "m", "ft"))
      } feet, the ${s} is the highest in ${place}.`,
  },
];

function restatementPairs(r: Rand, part: TwinPart, n: number): TwinPair[] {
  const templates = RESTATEMENTS.filter((_, i) => (i % 2 === 1) === (part === "held_out"));
  return Array.from({ length: n }, (_, k) => {
    const t = pick(r, templates);
    const value = int(r, t.lo, t.hi), wrong = wrongValue(r, value, 0);
    const [subject, place] = [pick(r, t.subjects), pick(r, PLACES)];
    return pair(
      "restatement",
      part,
      "restatement",
      k,
      t.text(subject, value, wrong, place),
      t.text(subject, value, value, place),
    );
  });
}

const AGES = [
  (name: string, b: string, d: string, age: number) =>
    `${name} (${b}–${d}) died at the age of ${age}.`,
  (name: string, b: string, d: string, age: number) =>
    `${name} was born in ${b} and died in ${d}, aged ${age}.`,
  (name: string, b: string, d: string, age: number) =>
    `Born on ${b}, ${name} died on ${d} at the age of ${age}.`,
  (name: string, b: string, d: string, age: number) =>
    `${name} was born in ${b}. ${name.split(" ")[0]} died in ${d} at the age of ${age}.`,
];
const longDate = (y: number, m: number, d: number) => `${monthName(m)} ${d}, ${y}`;

function agePairs(r: Rand, part: TwinPart, n: number): TwinPair[] {
  const indices = [0, 1, 2, 3].filter((i) => (i % 2 === 1) === (part === "held_out"));
  return Array.from({ length: n }, (_, k) => {
    const i = pick(r, indices);
    const by = int(r, 1700, 1950), life = int(r, 25, 95), dy = by + life;
    const [bm, bd, dm, dd] = [int(r, 1, 12), int(r, 1, 28), int(r, 1, 12), int(r, 1, 28)];
    const full = i === 2;
    const age = full
      ? (dm < bm || (dm === bm && dd < bd) ? life - 1 : life)
      : life - (r() < 0.5 ? 1 : 0);
    const wrong = age + pick(r, [-1, 1]) * int(r, 3, 15);
    const name = pick(r, NAMES);
    const [b, d] = full ? [longDate(by, bm, bd), longDate(dy, dm, dd)] : [String(by), String(dy)];
    return pair("age", part, "age", k, AGES[i](name, b, d, wrong), AGES[i](name, b, d, age));
  });
}

const DURATIONS = [
  (a: string, b: string, n: number, unit: string) =>
    `The war lasted from ${a} to ${b}, a span of ${n} ${unit}.`,
  (a: string, b: string, n: number, unit: string) =>
    `From ${a} to ${b}, some ${n} ${unit} in all, the bridge was closed for repairs.`.replace(
      "some ",
      "",
    ),
  (a: string, b: string, n: number, unit: string) =>
    `The festival ran from ${a} to ${b}, lasting ${n} ${unit}.`,
  (a: string, b: string, n: number, unit: string) =>
    `She served as mayor from ${a} to ${b}, a total of ${n} ${unit}.`,
];

function durationPairs(r: Rand, part: TwinPart, n: number): TwinPair[] {
  const templates = DURATIONS.filter((_, i) => (i % 2 === 1) === (part === "held_out"));
  return Array.from({ length: n }, (_, k) => {
    const t = pick(r, templates);
    if (r() < 0.5) {
      const y1 = int(r, 1800, 2015), span = int(r, 2, 40);
      const wrong = span + pick(r, [-1, 1]) * int(r, 3, 12);
      return pair(
        "duration",
        part,
        "duration in years",
        k,
        t(String(y1), String(y1 + span), Math.max(wrong, span + 3), "years"),
        t(String(y1), String(y1 + span), span, "years"),
      );
    }
    const y = int(r, 1950, 2024), m = int(r, 1, 11), d1 = int(r, 1, 10), d2 = int(r, 12, 28);
    const days = d2 - d1;
    const off = int(r, 4, 9);
    const wrong = days > off && r() < 0.5 ? days - off : days + off;
    const [a, b] = [longDate(y, m, d1), longDate(y, m, d2)];
    return pair(
      "duration",
      part,
      "duration in days",
      k,
      t(a, b, wrong, "days"),
      t(a, b, days, "days"),
    );
  });
}

const ARITHMETIC = [
  (e: string) => `Working it out: ${e}.`,
  (e: string) => `The cost is ${e}, so that is what you pay.`,
  (e: string) => `Step 2: ${e}`,
  (e: string) => `So the answer is ${e}.`,
];

function arithmeticPairs(r: Rand, part: TwinPart, n: number): TwinPair[] {
  const templates = ARITHMETIC.filter((_, i) => (i % 2 === 1) === (part === "held_out"));
  return Array.from({ length: n }, (_, k) => {
    const t = pick(r, templates);
    const [a, b] = [int(r, 2, 400), int(r, 2, 60)];
    const [op, right] = pick(r, [["+", a + b], ["-", a - b], ["x", a * b], ["×", a * b]] as const);
    const wrong = right + pick(r, [-1, 1]) * int(r, 1, Math.max(2, Math.round(right * 0.2)));
    const money = r() < 0.3 ? "$" : "";
    const e = (c: number) => `${money}${a} ${op} ${b} = ${money}${c}`;
    return pair("arithmetic", part, "arithmetic", k, t(e(wrong)), t(e(right)));
  });
}

const DATE_CONTEXTS = [
  (date: string) => `The treaty was signed on ${date} in the town hall.`,
  (date: string) => `According to the records, the first issue appeared on ${date}.`,
  (date: string) => `The vote took place on ${date}, after weeks of debate.`,
  (date: string) => `Construction began on ${date} and took two years.`,
];

function impossibleDatePairs(r: Rand, part: TwinPart, n: number): TwinPair[] {
  const templates = DATE_CONTEXTS.filter((_, i) => (i % 2 === 1) === (part === "held_out"));
  return Array.from({ length: n }, (_, k) => {
    const t = pick(r, templates);
    let [month, day] = pick(r, [[4, 31], [6, 31], [9, 31], [11, 31], [2, 30], [2, 31]]);
    let year = int(r, 1850, 2020);
    // A quarter are February 29 of a year that is not a leap year.
    const leapCase = r() < 0.25;
    if (leapCase) {
      month = 2;
      while (year % 4 === 0) year++;
    }
    const [wrongDay, rightDay] = leapCase ? [29, 28] : [day, month === 2 ? 28 : 30];
    const dayFirst = r() < 0.5;
    const written = (d: number) =>
      dayFirst ? `${d} ${monthName(month)} ${year}` : `${monthName(month)} ${d}, ${year}`;
    return pair(
      "impossible_date",
      part,
      "impossible date",
      k,
      t(written(wrongDay)),
      t(written(rightDay)),
    );
  });
}

interface Fact {
  /** The document's sentence and the answer's, each with `{v}` for the value. */
  doc: string;
  answer: string;
  /** The value as the document writes it and as the answer may (same value, maybe other form). */
  values: (r: Rand) => { doc: string; right: string; wrong: string };
  kind: "evidence_number" | "evidence_date";
}
const FILLER = [
  "The project was funded by the regional council and a private foundation.",
  "Local newspapers covered the event extensively at the time.",
  "Several historians have written about its significance since then.",
];
function lengthValues(r: Rand) {
  const m = int(r, 120, 9000), wrong = wrongValue(r, m, 0);
  const asKm = r() < 0.4;
  return {
    doc: `${fmt(m)} m`,
    right: asKm ? `${fmt(m / 1000, 2)} km` : `${fmt(m)} metres`,
    wrong: asKm ? `${fmt(wrong / 1000, 2)} km` : `${fmt(wrong)} metres`,
  };
}
function dateValues(r: Rand) {
  const y = int(r, 1800, 2020), m = int(r, 1, 12), d = int(r, 1, 28);
  const wy = r() < 0.5 ? y + pick(r, [-1, 1]) * int(r, 1, 9) : y;
  const wd = wy === y ? (d + int(r, 1, 20)) % 28 + 1 : d;
  const dayFirst = r() < 0.5;
  const answer = (yy: number, dd: number) =>
    dayFirst ? `${dd} ${monthName(m)} ${yy}` : `${monthName(m)} ${dd}, ${yy}`;
  return {
    doc: `${monthName(m)} ${d}, ${y}`,
    right: answer(y, d),
    wrong: answer(wy, wd === d ? d + 1 : wd),
  };
}
function countValues(r: Rand) {
  const c = int(r, 12, 25000), wrong = wrongValue(r, c, 0);
  return { doc: fmt(c), right: fmt(c), wrong: fmt(wrong) };
}
function shareValues(r: Rand) {
  const [word, pct] = pick(
    r,
    [["a third", 33], ["a quarter", 25], ["half", 50], ["two thirds", 67]] as const,
  );
  const other = pick(r, [12, 18, 40, 45, 58, 75, 82].filter((x) => Math.abs(x - pct) > 8));
  return r() < 0.5
    ? { doc: `${pct}%`, right: word, wrong: `${other}%` }
    : { doc: word, right: `${pct}%`, wrong: `${other}%` };
}
function moneyValues(r: Rand) {
  const v = int(r, 2, 900), wrong = wrongValue(r, v, 0);
  return { doc: `$${v} million`, right: `$${v} million`, wrong: `$${wrong} million` };
}
const FACTS: Fact[] = [
  {
    doc: "The {place} viaduct is {v} long and carries two railway tracks.",
    answer: "The {place} viaduct is {v} long.",
    values: lengthValues,
    kind: "evidence_number",
  },
  {
    doc: "The {place} museum opened to the public on {v}.",
    answer: "The museum in {place} opened on {v}.",
    values: dateValues,
    kind: "evidence_date",
  },
  {
    doc: "In its first season the {place} festival drew {v} visitors.",
    answer: "The {place} festival drew {v} visitors in its first season.",
    values: countValues,
    kind: "evidence_number",
  },
  {
    doc: "In the {place} survey, {v} of residents supported the new park.",
    answer: "According to the survey, {v} of {place} residents supported the park.",
    values: shareValues,
    kind: "evidence_number",
  },
  {
    doc: "The renovation of the {place} station cost {v}.",
    answer: "Renovating the {place} station cost {v}.",
    values: moneyValues,
    kind: "evidence_number",
  },
  {
    doc: "The {place} tunnel was completed on {v} after six years of digging.",
    answer: "Work on the {place} tunnel was completed on {v}.",
    values: dateValues,
    kind: "evidence_date",
  },
  {
    doc: "The {place} reservoir's dam is {v} wide at its crest.",
    answer: "At its crest, the dam of the {place} reservoir is {v} wide.",
    values: lengthValues,
    kind: "evidence_number",
  },
  {
    doc: "By the end of the year the {place} library had lent {v} books.",
    answer: "The {place} library lent {v} books that year.",
    values: countValues,
    kind: "evidence_number",
  },
];

function evidencePairs(r: Rand, part: TwinPart, n: number): TwinPair[] {
  const facts = FACTS.filter((_, i) => (i % 2 === 1) === (part === "held_out"));
  return Array.from({ length: n }, (_, k) => {
    const f = pick(r, facts);
    const place = pick(r, PLACES);
    const v = f.values(r);
    const doc = [
      pick(r, FILLER),
      f.doc.replace("{place}", place).replace("{v}", v.doc),
      pick(r, FILLER),
    ].join(" ");
    const prompt =
      `Answer from the document.\n\nDocument: ${doc}\n\nQuestion: What does the document say about ${place}?`;
    const answer = (value: string) => f.answer.replace("{place}", place).replace("{v}", value);
    return pair(
      f.kind,
      part,
      `document template (${f.kind})`,
      k,
      answer(v.wrong),
      answer(v.right),
      prompt,
    );
  });
}

function isbn13(r: Rand): { right: string; wrong: string } {
  const body = `978${Array.from({ length: 9 }, () => int(r, 0, 9)).join("")}`;
  const sum = [...body].reduce((n, d, i) => n + (i % 2 ? 3 : 1) * Number(d), 0);
  const check = (10 - (sum % 10)) % 10;
  const bad = (check + int(r, 1, 9)) % 10;
  const write = (c: number) =>
    `${body.slice(0, 3)}-${body.slice(3, 4)}-${body.slice(4, 8)}-${body.slice(8)}-${c}`;
  return { right: write(check), wrong: write(bad) };
}
function isbn10(r: Rand): { right: string; wrong: string } {
  const body = Array.from({ length: 9 }, () => int(r, 0, 9)).join("");
  const sum = [...body].reduce((n, d, i) => n + (10 - i) * Number(d), 0);
  const check = (11 - (sum % 11)) % 11;
  const bad = (check + int(r, 1, 9)) % 11;
  const c = (x: number) => (x === 10 ? "X" : String(x));
  const write = (x: number) => `${body.slice(0, 1)}-${body.slice(1, 4)}-${body.slice(4)}-${c(x)}`;
  return { right: write(check), wrong: write(bad) };
}
function issn(r: Rand): { right: string; wrong: string } {
  const body = Array.from({ length: 7 }, () => int(r, 0, 9)).join("");
  const sum = [...body].reduce((n, d, i) => n + (8 - i) * Number(d), 0);
  const check = (11 - (sum % 11)) % 11;
  const bad = (check + int(r, 1, 9)) % 11;
  const c = (x: number) => (x === 10 ? "X" : String(x));
  return {
    right: `${body.slice(0, 4)}-${body.slice(4)}${c(check)}`,
    wrong: `${body.slice(0, 4)}-${body.slice(4)}${c(bad)}`,
  };
}
const TITLES = [
  "Rivers of Salt",
  "The Quiet Ledger",
  "Notes on Tidal Energy",
  "A Short History of Maps",
  "Learning Sparse Codes",
  "Glass and Granite",
];
const CITATIONS = [
  (t: string, id: string, name: string, year: number) =>
    `For background, see "${t}" by ${name} (ISBN ${id}), published in ${year}.`,
  (t: string, id: string, name: string, year: number) =>
    `${name}. ${t}. Northgate Press, ${year}. ISBN ${id}.`,
];

function identifierPairs(r: Rand, part: TwinPart, n: number, now: Date): TwinPair[] {
  const held = part === "held_out";
  const thisYear = now.getUTCFullYear();
  return Array.from({ length: n }, (_, k) => {
    const name = pick(r, NAMES), title = pick(r, TITLES);
    const kind = pick(r, ["isbn", "issn", "arxiv", "doi", "future_citation"] as const);
    const year = int(r, 1990, thisYear - 1);
    switch (kind) {
      case "isbn": {
        const id = r() < 0.6 ? isbn13(r) : isbn10(r);
        const t = CITATIONS[held ? 1 : 0];
        return pair(
          kind,
          part,
          "ISBN",
          k,
          t(title, id.wrong, name, year),
          t(title, id.right, name, year),
        );
      }
      case "issn": {
        const id = issn(r);
        const line = (x: string) =>
          held
            ? `The ${title} Review (ISSN ${x}) has appeared quarterly since ${year}.`
            : `${name} edits the Journal of ${title}, ISSN ${x}.`;
        return pair(kind, part, "ISSN", k, line(id.wrong), line(id.right));
      }
      case "arxiv": {
        const y = int(r, 2015, thisYear - 1), mm = int(r, 1, 12), num = int(r, 10000, 19999);
        const id = `${String(y - 2000)}${String(mm).padStart(2, "0")}.${num}`;
        const badMonth = `${String(y - 2000)}${int(r, 13, 19)}.${num}`;
        const cite = (x: string, cited: number) =>
          held
            ? `${name} et al. (${cited}). ${title}. arXiv:${x}.`
            : `See ${name}, "${title}", arXiv preprint arXiv:${x}, ${cited}.`;
        return r() < 0.5
          ? pair(kind, part, "arXiv year", k, cite(id, y - int(r, 1, 4)), cite(id, y))
          : pair(kind, part, "arXiv month", k, cite(badMonth, y), cite(id, y));
      }
      case "doi": {
        const reg = int(r, 1000, 99999),
          suffix = `${title.split(" ")[1].toLowerCase()}.${year}.${int(r, 100, 999)}`;
        const badReg = int(r, 10, 999);
        const line = (x: string) =>
          held
            ? `${name} (${year}). ${title}. https://doi.org/${x}`
            : `${name}, ${title} (${year}), doi:${x}.`;
        return pair(
          kind,
          part,
          "DOI",
          k,
          line(`10.${badReg}/${suffix}`),
          line(`10.${reg}/${suffix}`),
        );
      }
      case "future_citation": {
        const future = thisYear + int(r, 1, 8);
        const line = (y: number) =>
          held
            ? `This was first shown by ${name.split(" ")[1]} et al. (${y}).`
            : `Recent work (${name.split(" ")[1]}, ${y}) reported the same effect.`;
        return pair(kind, part, "future citation", k, line(future), line(year));
      }
    }
  });
}

/** The template part of the set: `perKind` pairs of each kind in each part. */
export function templateTwins(seed: number, perKind: number, now: Date): TwinPair[] {
  return (["tune", "held_out"] as const).flatMap((part) => {
    const r = seededRandom(seed + (part === "held_out" ? 1_000 : 0));
    return [
      ...conversionPairs(r, part, perKind),
      ...totalPairs(r, part, perKind),
      ...arithmeticPairs(r, part, perKind),
      ...sharePairs(r, part, perKind),
      ...agePairs(r, part, perKind),
      ...durationPairs(r, part, perKind),
      ...impossibleDatePairs(r, part, perKind),
      ...evidencePairs(r, part, perKind * 2),
      ...identifierPairs(r, part, perKind * 2, now),
      ...ratioPairs(r, part, perKind),
      ...restatementPairs(r, part, perKind),
    ];
  });
}
