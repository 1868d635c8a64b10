/**
 * Misreadings that contradicted right answers: a factor of converting read as the conversion of
 * the measure before it, the last part of a measure in two parts read alone, and a total's
 * keyword before its breakdown naming the breakdown's first part a total.
 */
import assert from "node:assert/strict";
import {
  assertOne,
  assertSilent,
  assertSilentAgainst,
  assertTwins,
  findingsOf,
  readingsOf,
} from "../support/exact_checks.ts";

Deno.test("misreadings, conversions: a factor stated is a definition, not a conversion", () => {
  assert.deepEqual(
    readingsOf(
      "A 13.3-inch tablet screen measures 83.8 cm diagonally (1 inch = 2.54 cm).",
      "unit_conversion",
    ),
    ["contradicted: 13.3-inch is 33.78 cm, not 83.8 cm", "consistent: 1 inch is 2.54 cm"],
  );
  assert.deepEqual(
    readingsOf(
      "A 13.3-inch tablet screen measures 33.8 cm diagonally (1 inch = 2.54 cm).",
      "unit_conversion",
    ),
    ["consistent: 13.3-inch is 33.78 cm", "consistent: 1 inch is 2.54 cm"],
  );
  // After a comma, or written the other way round: still the factor alone.
  assertOne("The shelf is 61 cm, 1 inch = 2.54 cm.", "unit_conversion", "consistent");
  assertOne("The shelf is 61 cm deep (2.54 cm = 1 inch).", "unit_conversion", "consistent");
  // A chain of measures is no factor: "12 in = 1 ft" is one.
  assertTwins(
    "unit_conversion",
    "The pipe is 12 inches = 2 ft long.",
    "The pipe is 12 inches = 1 ft.",
  );
  // One of the measure's unit said of each is its factor; a measure said of each converts.
  assert.deepEqual(
    readingsOf(
      "A displacement of 10,000 long tons (2,240 lb each) equals about 10,160 metric tonnes.",
      "unit_conversion",
    ),
    ["consistent: 10,000 long tons is 10,160.5 tonnes"],
  );
  assertOne("Two 20 kg plates (44.1 lb each) go on the bar.", "unit_conversion", "consistent");
});

Deno.test("misreadings, conversions: a measure in two parts is one measure", () => {
  assertTwins(
    "unit_conversion",
    "So 13 st 12 lb is **98.9 kg**.",
    "So 13 st 12 lb is **88.0 kg**.",
    "13 st 12 lb is 88 kg, not 98.9 kg",
  );
  assertTwins(
    "unit_conversion",
    "She is 5 ft 6 in (186 cm) tall.",
    "She is 5 ft 6 in (168 cm) tall.",
    "5 ft 6 in is 167.6 cm, not 186 cm",
  );
  assertTwins(
    "unit_conversion",
    "He is 6 feet 2 inches, or 168 cm.",
    "He is 6 feet 2 inches, or 188 cm.",
  );
  assertTwins(
    "unit_conversion",
    "The parcel weighs 2 lb 3 oz (1.3 kg).",
    "The parcel weighs 2 lb 3 oz (0.99 kg).",
  );
  assertTwins(
    "unit_conversion",
    "The film runs 2 hours 15 minutes (3.25 hours).",
    "The film runs 2 hours 15 minutes (2.25 hours).",
  );
  // Within the precision written; stones alone convert too.
  assertOne("She weighs 9 st 4 lb (59 kg).", "unit_conversion", "consistent");
  assertTwins("unit_conversion", "Goal weight: 11 st (79.8 kg)", "Goal weight: 11 st (69.9 kg)");
  // The same measure in the smaller unit, a span in parts, an ordinal: no conversion to check.
  assertSilent("unit_conversion", [
    "The shelf is 1 ft 6 in, or 18 inches, deep.",
    "The race took 2 hours, 30 minutes.",
    "By the 21st she had lost 3 st.",
  ]);
});

Deno.test("misreadings, totals: a part with a unit after a capitalised label is a measure", () => {
  assertOne(
    "Planning 6 h, coding 20 h and review 4 h: 30 hours in all.",
    "total",
    "consistent",
    "6 h + 20 h + 4 h = 30",
  );
  assertOne(
    "Design 12 h, build 30 h and review 5 h — 47 hours in total.",
    "total",
    "consistent",
    "12 h + 30 h + 5 h = 47",
  );
});

Deno.test("misreadings, totals: a total stated before its breakdown takes all its parts", () => {
  assertTwins(
    "total",
    "The renovation cost £14,250 in all: £6,200 for the kitchen, £4,100 for the bathroom and £2,150 for painting.",
    "The renovation cost £12,450 in all: £6,200 for the kitchen, £4,100 for the bathroom and £2,150 for painting.",
    "£6,200 + £4,100 + £2,150 = 12,450, not £14,250",
  );
  assertTwins(
    "total",
    "2,130 is the festival's total attendance: 840 on Friday, 760 on Saturday and 710 on Sunday.",
    "2,310 is the festival's total attendance: 840 on Friday, 760 on Saturday and 710 on Sunday.",
    "840 + 760 + 710 = 2,310, not 2,130",
  );
  // A label before its total still names it.
  assertTwins(
    "total",
    "Scores: 12, 15 and 18 points. Week 3 total: 54 points.",
    "Scores: 12, 15 and 18 points. Week 3 total: 45 points.",
  );
  // A breakdown that leaves a rest is no list of all the parts: nothing to contradict.
  assert.deepEqual(
    readingsOf(
      "The trip cost $900 in total: $400 for flights, $300 for the hotel and the rest on food.",
      "total",
    ).filter((r) => r.startsWith("contradicted")),
    [],
  );
});

Deno.test("misreadings: dimensions joined by 'by'; a duration in calendar parts is no sum", () => {
  assert.deepEqual(
    findingsOf("Your plot is 8 m by 18 m, or about 31.7 ft by 59.1 ft.", "unit_conversion")
      .map((f) => f.reason),
    ["8 m is 26.25 feet, not 31.7 ft", "18 m is 59.06 feet"],
  );
  assert.deepEqual(
    findingsOf("Your plot is 8 m by 18 m, or about 26.2 ft by 59.1 ft.", "unit_conversion")
      .map((f) => f.verdict),
    ["consistent", "consistent"],
  );
  assertOne("The road rose by 5 km, or 3.1 miles.", "unit_conversion", "consistent");
  assertSilent(
    "total",
    "It lasted 4 years, 3 months and 14 days, or 1,567 days in total.",
  );
  // A conversion's result is not converted back into the unit it came from: 120 yards is more.
  assert.deepEqual(
    findingsOf(
      "The field is 100 yards long, which is 91.44 m, or 120 yards (109.73 m) with both end zones.",
      "unit_conversion",
    ).map((f) => f.verdict),
    ["consistent", "consistent"],
  );
  // The conversion after a count in parts is of the whole count, not of its last part.
  assertSilent(
    "unit_conversion",
    "It lasted five years, eight months and one week, or 2,076 days.",
  );
});

Deno.test("misreadings: 'which in inches is' names the unit of a set of bare figures", () => {
  assert.deepEqual(
    findingsOf(
      "Your box is 60 × 35 × 25 cm, which in inches is roughly 23.6 × 18.8 × 9.8 in.",
      "unit_conversion",
    ).map((f) => f.verdict),
    ["consistent", "contradicted", "consistent"],
  );
});

Deno.test("misreadings: 'in' closing a converted figure is inches; a modifier's '≈'", () => {
  assertTwins(
    "unit_conversion",
    "A 52 cm frame ≈ 30.5 in. Always check the stack too.",
    "A 52 cm frame ≈ 20.5 in. Always check the stack too.",
    "52 cm is 20.47 inches, not 30.5 in",
  );
  assertSilent("unit_conversion", ["The 52 cm frame is 20.5 in length.", "It was 7 in total."]);
  // A decimal before an "in" that closes its clause is in inches: the bolt is 1.25 in, 31.75 mm.
  assertTwins(
    "unit_conversion",
    "Bolt length: 1.25 in (36.5 mm).",
    "Bolt length: 1.25 in (31.8 mm).",
  );
  assertSilent("unit_conversion", "Prices rose 2.5 in March, 12 mm of rain fell.");
});

Deno.test("misreadings: a range with its unit at both ends converts end by end", () => {
  assert.deepEqual(
    findingsOf("- Charging: 0 °C to 45 °C (32 °F to 113 °F)", "unit_conversion").map((f) =>
      f.reason
    ),
    ["0 °C is 32 °F", "45 °C is 113 °F"],
  );
  assertSilent("unit_conversion", "- Charging: 0 °C to 45 °C (32 °F to 123 °F)");
});

Deno.test("misreadings: a unit written in capitals is read as its lower-case form", () => {
  assertOne("The limit is 22 US tons, or 20.0 metric tonnes.", "unit_conversion", "consistent");
});

Deno.test("misreadings: factors listed, a measure that qualifies, a total that is one part more", () => {
  // Each factor is right on its own; none is the conversion of the one before.
  assert.deepEqual(
    findingsOf(
      "Anchors: 1 mile is exactly 1.609344 km, 1 foot is exactly 0.3048 m, and 1 inch is 2.54 cm.",
      "unit_conversion",
    ).map((f) => f.verdict),
    ["consistent", "consistent", "consistent"],
  );
  assertSilent(
    "unit_conversion",
    "Many sit about 1.5 times the diagonal away, which for 65 inches is around 2.5 m.",
  );
  const budget = "Rent comes to $1,475, utilities $153, groceries $586, transport $93 and other " +
    "spending $90. Altogether that's $2,397 a month.";
  assert.ok(!findingsOf(budget, "total").some((f) => f.verdict === "contradicted"));
});

Deno.test("misreadings: a list's bullet after a measure is no range", () => {
  assert.deepEqual(readingsOf("- 10 ft → 3.05 m\n- 12 ft → 3.96 m", "unit_conversion"), [
    "consistent: 10 ft is 3.048 metres",
    "contradicted: 12 ft is 3.658 metres, not 3.96 m",
  ]);
  assert.deepEqual(readingsOf("- 10 ft → 3.05 m\n- 12 ft → 3.66 m", "unit_conversion"), [
    "consistent: 10 ft is 3.048 metres",
    "consistent: 12 ft is 3.658 metres",
  ]);
});

Deno.test("misreadings, evidence: a figure worked out from the document's is no misquote", () => {
  const document = "The bridge is 1,280 m long. The old ferry route was 1,650 m long.";
  for (
    const answer of [
      "The bridge is 1,280 m long, 370 m shorter than the ferry route.",
      "The bridge is 1,280 m long; the ferry route was 370 m more.",
      "The bridge is 1,280 m long; with the ferry route that makes 2,930 m long in all.",
    ]
  ) {
    assert.deepEqual(
      findingsOf(answer, "evidence_number", document).map((f) => f.verdict),
      ["consistent"],
      answer,
    );
  }
  assert.deepEqual(
    findingsOf("The bridge is 1,820 m long.", "evidence_number", document).map((f) => f.verdict),
    ["contradicted"],
  );
});

Deno.test("misreadings, evidence: a rate is no working; a worked answer is not read against the document", () => {
  const sheet = "Flow rate: 1.9 L/min. Removes up to 99.2% of lead. Cartridge price: $34.99/unit.";
  // "L/min" and "$/unit" divide by a unit: the answer is no worked solution, so it is checked.
  for (const rate of ["at 1.9 L/min", "for $34.99/unit"]) {
    assertOne(
      `It removes up to 92.9% of lead, ${rate}.`,
      "evidence_number",
      "contradicted",
      "92.9%; the document says 99.2%",
      sheet,
    );
  }
  // One of the claim's figures over another is worked out, not quoted: 20 days is $5.00 / $0.25.
  assertSilentAgainst(
    "Loan periods: books 21 days. Overdue fines are $0.25 per day per item, capped at $5.00.",
    "evidence_number",
    "The fine stops at $5.00 per item: at $0.25 a day you'd hit the cap after 20 days.",
  );
  // A time moved by an offset both state is worked out (16:20 less 10 minutes), no slip of 16:20.
  const coach =
    "Coach 4521 to Bern\nDeparture: 16:20, Bay 7\nThe doors close 10 minutes before departure.";
  assertSilentAgainst(
    coach,
    "evidence_number",
    "The doors close 10 minutes before departure, so be at bay 7 by 16:10.",
  );
  // A worked answer derives its figures in words too, before its first sum: none is a misquote.
  assertSilentAgainst(
    "A book costs $4 and a magazine costs half as much as the book. How much do both cost?",
    "evidence_number",
    "If the book costs $4, the magazine costs half as much, which is $2. In all: $4 + $2 = $6.",
  );
});

Deno.test("misreadings: a product of the document's figures, a named percentage, a measure twice", () => {
  const leaflet = "Ibuprofen 200 mg tablets. Do not exceed 6 tablets in 24 hours.";
  assert.deepEqual(
    findingsOf("No more than 6 tablets (1,200 mg) in 24 hours.", "evidence_number", leaflet)
      .filter((f) => f.verdict === "contradicted"),
    [],
  );
  // A product with nothing the claim states is no derivation: "60 minutes" is no 4 × 15.
  const recipe = "Add 4 cloves garlic and 15 g salt. Simmer the chili for 90 minutes.";
  assert.deepEqual(
    findingsOf("Simmer the chili for 60 minutes.", "evidence_number", recipe).map((f) => f.verdict),
    ["contradicted"],
  );
  // "Save 20% on ...": a percentage after a capitalised word is a measure, not a name's number.
  const offer = "Save 20% on all interior paint, 15% on exterior stains.";
  assert.deepEqual(
    findingsOf("You get 20% off all interior paint.", "evidence_number", offer).map((f) =>
      f.verdict
    ),
    ["consistent"],
  );
  // One measure in two units is one part: six such bags are a product, not a sum.
  assertSilent(
    "total",
    "A 40 lb bag of compost is about 18.1 kg, so the six bags you need come to roughly 109 kg.",
  );
  // A measure that goes on in a smaller unit is converted only whole.
  assertSilent(
    "unit_conversion",
    "A cruise of 2,451 days, or about 6 years and 8½ months, including flybys.",
  );
});

Deno.test("misreadings: an ordinal is compared with the document, never added up", () => {
  const report = "Aguero netted his 100th goal for City in the 89th minute but there was no " +
    "cause for celebration. He has 12 assists.";
  assert.deepEqual(
    findingsOf(
      "Aguero scored his 100th goal for City in the 88th minute.",
      "evidence_number",
      report,
    )
      .filter((f) => f.verdict === "contradicted").map((f) => f.reason),
    ["88; the document says 89"],
  );
  assertSilent("total", "She came 3rd, then 2nd, and 5th: 10 races in all.");
});

Deno.test("misreadings: a decade is its year; a figure restated is no operand of a derivation", () => {
  assert.deepEqual(
    findingsOf(
      "In the 1930's, specialist racing cars had developed.",
      "evidence_date",
      "In the 1930s, specialist racing cars had developed.",
    ).map((f) => f.verdict),
    ["consistent"],
  );
  const campaign = "The campaign group initially aimed to reach £50,000 via crowdfunding.";
  assert.deepEqual(
    findingsOf(
      "A campaign to raise £50,000 has reached its £100,000 target.",
      "evidence_number",
      campaign,
    )
      .map((f) => `${f.verdict}: ${f.reason}`),
    [
      "consistent: £50,000; the document says £50,000",
      "contradicted: £100,000; the document says £50,000",
    ],
  );
});

Deno.test("misreadings: a part scaled or restated, a measure going on in words, rates worked out", () => {
  assertSilent("total", [
    "Two tickets at $86 each plus the $12 booking fee come to $184.",
    "11 st 4 lb is 158 lb, which comes to 71.7 kg.",
  ]);
  assertSilent(
    "unit_conversion",
    "A span of 2,076 days, or roughly five years and eight months, from 1939 to 1945.",
  );
  const contradicted = (answer: string, document: string) =>
    findingsOf(answer, "evidence_number", document).filter((f) => f.verdict === "contradicted");
  const job = "Salary: £38,500 per year plus 5% employer pension contribution.";
  assert.deepEqual(
    contradicted("The 5% employer pension contribution is worth about £1,925 a year.", job),
    [],
  );
  const flat =
    "Two-bedroom apartment, 92 m². Asking price €415,000. Service charges €1,860 per year.";
  assert.deepEqual(
    contradicted(
      "At an asking price of €415,000 for 92 m², it works out to about €4,511 per square metre. " +
        "Service charges are €1,860 a year (€155 a month).",
      flat,
    ),
    [],
  );
});

Deno.test("misreadings: a factor's other side, and a total converted, are no measures of a sum", () => {
  // "one nautical mile is exactly 1,852 m, that's 22.2 km": the 22.2 km is the 12 nmi's.
  assert.deepEqual(
    readingsOf(
      "The territorial sea extends up to 12 nautical miles. Since one nautical mile is exactly 1,852 m, that's 22.2 km.",
      "unit_conversion",
    ),
    ["consistent: one nautical mile is 1,852 metres"],
  );
  assertSilent(
    "total",
    "80 kg comes to about 176.4 lb, which is 12 st 8 lb in stone and pounds (14 lb to the stone).",
  );
});

Deno.test("misreadings: a unit's size said with an article, a two-digit 'year', a subtotal", () => {
  // "a troy ounce is 31.1 g, that's about 12.4 kg": the 12.4 kg is the 400 troy ounces'.
  assert.deepEqual(
    readingsOf(
      "A gold bar holds about 400 troy ounces. Since a troy ounce is 31.1 g, that's about 12.4 kg.",
      "unit_conversion",
    ),
    ["consistent: 400 troy ounces is 12.44 kg"],
  );
  // "January, 48 mm" is no date of 2048: the 48 mm is a part.
  assertOne(
    "Rainfall was 62 mm in January, 48 mm in February and 55 mm in March, giving a total of 165 mm.",
    "total",
    "consistent",
    "62 mm + 48 mm + 55 mm = 165",
  );
  // A subtotal has amounts added to it; beside a total, which sums what is unsaid.
  for (
    const text of [
      "Order summary: subtotal $120.00, sales tax $9.60, shipping $7.50. Amount due: $137.10.",
      "Order summary: subtotal $120.00, sales tax $9.60, shipping $7.50, total $137.10.",
    ]
  ) {
    assert.deepEqual(findingsOf(text, "total").map((f) => f.reason), [
      "$120.00 + $9.60 + $7.50 = 137.1",
    ], text);
  }
});

Deno.test("misreadings: a rate over another period is worked out from the document, no misquote", () => {
  assertSilentAgainst(
    "Employees accrue 1.75 days of paid leave per month of service, with a maximum carry-over of 10 days into the following year.",
    "evidence_number",
    "You earn 1.75 days of paid leave for every month you work — 21 days over a full year.",
  );
});

Deno.test("misreadings: a saving is worked out from the document's prices", () => {
  const note = "Product note: The pitcher filter removes up to 99% of lead. Each cartridge lasts " +
    "about 3 months. Replacement cartridges cost $24.99 each or $64.99 for a three-pack.";
  assertSilentAgainst(
    note,
    "evidence_number",
    "A three-pack of replacement cartridges is $64.99, compared with $24.99 for a single " +
      "cartridge — so the pack saves you about $10.",
  );
});

Deno.test("misreadings: a copy whose article differs, and a year done in said before 'and'", () => {
  const sheet =
    "The Titanic left Southampton on 10 April 1912. She struck an iceberg at 11:40 p.m. " +
    "on 14 April and sank at 2:20 a.m. on 15 April.";
  assert.deepEqual(
    findingsOf(
      "The Titanic struck the iceberg at 11:14 p.m. on 14 April 1912.",
      "evidence_number",
      sheet,
    )
      .map((f) => [f.verdict, f.reason]),
    [["contradicted", "11:14 p.m.; the document says 11:40 p.m."]],
  );
  const listing =
    "Charming ranch on a quarter-acre lot. 1,850 sq ft, built in 1978, new roof (2022).";
  assert.deepEqual(
    findingsOf("It was built in 1987 and is on the market now.", "evidence_date", listing)
      .map((f) => [f.verdict, f.reason]),
    [["contradicted", "1987; the document says 1978"]],
  );
  // A year the document states of something else is no misquote of the year copied.
  assertSilentAgainst(
    "The air base was closed in 1991. Following its closure in 1992, it became a freeport.",
    "evidence_date",
    "The naval base was closed in 1992 when the navy left.",
  );
});

Deno.test("misreadings: a value named the top or the bottom of the document's range", () => {
  const posting =
    "Senior Data Analyst (Hybrid, Denver)\nSalary range: $72,000–$85,000 plus annual " +
    "bonus of up to 10%\nApply by 30 June.";
  const top = (salary: string) =>
    findingsOf(
      `The top of the posted base range is ${salary}, and there's an annual bonus of up to 10% on top.`,
      "evidence_number",
      posting,
    ).map((f) => [f.verdict, f.reason]);
  assert.deepEqual(top("$88,000")[0], [
    "contradicted",
    "$88,000; the document's range is $72,000–$85,000",
  ]);
  assert.deepEqual(top("$85,000")[0], [
    "consistent",
    "$85,000; the document's range is $72,000–$85,000",
  ]);
});
