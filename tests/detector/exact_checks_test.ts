/**
 * The exact checks on crafted pairs: each wrong statement beside its right twin, and the cases
 * where a check must stay silent (the evidence does not state the slot, rounding within the
 * written precision, "about", ranges and bounds, the same value in another unit).
 */
import assert from "node:assert/strict";
import type { CheckKind } from "../../server/detector/checks/finding.ts";
import { exactFindings } from "../../server/detector/checks/run.ts";
import { calendarDates } from "../../server/detector/checks/dates.ts";
import { quantities } from "../../server/detector/checks/quantities.ts";
import {
  assertOne,
  assertSilent,
  assertSilentAgainst,
  findingsOf,
  NOW,
  readingsOf,
} from "../support/exact_checks.ts";

const findings = (response: string, evidence?: string) => findingsOf(response, undefined, evidence);
/** The verdicts of one kind, in response order. */
const verdicts = (response: string, kind: CheckKind, evidence?: string) =>
  findingsOf(response, kind, evidence).map((f) => f.verdict);

const BRIDGE = "The suspension bridge is 1,280 m long. The bridge opened on May 28, 1937, " +
  "after four years of work, and 12,000 people crossed it on the first day.";

/** Each finding of a value against the document, as "verdict: reason". */
const verdictsAgainst = (evidence: string, response: string) =>
  readingsOf(response, "evidence_number", evidence);

Deno.test("exact checks, evidence: numbers and dates that contradict the document, with reasons", () => {
  const response = "The suspension bridge is 2,150 metres long and opened on June 3, 1941.";
  const found = findings(response, BRIDGE);
  assert.deepEqual(found.map((f) => [f.kind, f.verdict, f.reason]), [
    ["evidence_number", "contradicted", "2,150 metres; the document says 1,280 metres"],
    ["evidence_date", "contradicted", "June 3, 1941; the document says May 28, 1937"],
  ]);
  for (const f of found) assert.match(response.slice(f.start, f.end), /2,150 metres|June 3, 1941/);
  assertOne(
    "On the first day 15,000 people crossed the bridge.",
    "evidence_number",
    "contradicted",
    undefined,
    BRIDGE,
  );
  assertOne("The bridge opened in 1941.", "evidence_date", "contradicted", undefined, BRIDGE);
});

Deno.test("exact checks, evidence: paraphrases of the same value are consistent", () => {
  for (
    const response of [
      "The suspension bridge is 1.28 km long.",
      "The suspension bridge is about 1,300 metres long.",
      "The suspension bridge is 4,200 feet long.",
      "The bridge opened on 28 May 1937.",
      "The bridge opened in 1937.",
    ]
  ) {
    const found = findings(response, BRIDGE);
    assert.ok(found.length > 0, response);
    assert.ok(
      found.every((f) => f.verdict === "consistent"),
      `${response}: ${JSON.stringify(found)}`,
    );
  }
  assertOne(
    "A third of voters backed the plan.",
    "evidence_number",
    "consistent",
    undefined,
    "In the survey, 33% of voters backed the plan.",
  );
  assertOne(
    "A third of voters backed the plan.",
    "evidence_number",
    "contradicted",
    undefined,
    "In the survey, 48% of voters backed the plan.",
  );
});

Deno.test("exact checks, evidence: a score against the document's one score out of the same marks", () => {
  const report = "Inspection date: 3 June 2025. Score: 87/100. Two minor violations noted.";
  assertOne(
    "The kitchen scored 78 out of 100 in its inspection.",
    "evidence_number",
    "contradicted",
    "78 out of 100; the document says 87/100",
    report,
  );
  assertOne(
    "The kitchen scored 87 out of 100 in its inspection.",
    "evidence_number",
    "consistent",
    undefined,
    report,
  );
  // Other marks, fractions, a count said "out of", two scores of the marks: silent.
  for (
    const [response, document] of [
      ["The kitchen scored 8 out of 10.", report],
      ["Add 3/4 cup of sugar for a sweeter score.", "Use 1/4 cup of sugar; it scores well."],
      ["78 out of 100 students passed.", report],
      ["She scored 78/100.", "Paper 1 score: 87/100. Paper 2 score: 64/100."],
    ]
  ) assert.deepEqual(findings(response, document), [], response);
});

Deno.test("exact checks, evidence: a value the claim states beside another is that one's", () => {
  const results = "Online sales grew 11% and now account for 38% of total revenue.";
  assert.deepEqual(
    findingsOf(
      "Online sales now make up 36% of total revenue, after growing 11% in the quarter.",
      "evidence_number",
      results,
    ).map((f) => [f.verdict, f.reason]),
    [["contradicted", "36%; the document says 38%"], ["consistent", "11%; the document says 11%"]],
  );
  // A part of a date is no whole one: "1881 (on 11 March)" is still read against 11 March 1889.
  assert.deepEqual(
    findingsOf(
      "She was born in 1881 (on 11 March, in Bergen).",
      "evidence_date",
      "Ingrid Solheim was born on 11 March 1889 in Bergen, the youngest of five children.",
    ).map((f) => f.verdict),
    ["contradicted", "consistent"],
  );
});

Deno.test("exact checks, evidence: a size written with × is no working that hides the document", () => {
  const fares =
    "Cabin bag (max 8 kg, 55 × 40 × 23 cm) can be added for €18 when booking or €25 at " +
    "the airport.";
  assert.deepEqual(
    findingsOf(
      "Adding a cabin bag costs €18 when booking, or €28 at the airport. It can measure up to 55 × 40 × 23 cm.",
      "evidence_number",
      fares,
    ).map((f) => [f.verdict, f.reason]),
    [["consistent", "€18; the document says €18"], ["contradicted", "€28; the document says €25"]],
  );
  // Working with a result still derives its figures: not read against the document.
  assertSilentAgainst(fares, "evidence_number", "Two bags: 2 × €25 = €50 at the airport.");
});

Deno.test("exact checks, evidence: a rate written with a slash is a value of its period", () => {
  const listing = "Built in 1998, new roof in 2021. HOA fee $185/month. Asking price $429,000.";
  assertOne(
    "The HOA fee is $158 per month.",
    "evidence_number",
    "contradicted",
    undefined,
    listing,
  );
  assertOne("The HOA fee is $185 per month.", "evidence_number", "consistent", undefined, listing);
  assertOne(
    "The HOA fee is $158/month.",
    "evidence_number",
    "contradicted",
    "$158; the document says $185",
    listing,
  );
});

Deno.test("exact checks, evidence: a table's row is about what its header names", () => {
  const rooms = "| Room | Seats | Hourly rate |\n|---|---|---|\n| Birch | 6 | £20 |\n" +
    "| Cedar | 14 | £45 |\n| Maple | 10 | £35 |\n\nWhich room is cheapest per hour?";
  assertOne(
    "Cedar seats up to 14 people at an hourly rate of £55.",
    "evidence_number",
    "contradicted",
    "£55; the document says £45",
    rooms,
  );
  assertOne(
    "Cedar seats up to 14 people at an hourly rate of £45.",
    "evidence_number",
    "consistent",
    "£45; the document says £45",
    rooms,
  );
});

Deno.test("exact checks, evidence: a date's weekday is part of it; a time's range after it is not", () => {
  const moved =
    "The quarterly review has moved from Wednesday 23 October to Thursday 24 October, 2:00–3:30 pm, in Room 4.12.";
  assertOne(
    "The review is now on Thursday 23 October, from 2:00 pm.",
    "evidence_date",
    "contradicted",
    "Thursday 23 October; the document says October 24",
    moved,
  );
  assertOne(
    "The review is now on Thursday 24 October, from 2:00 pm.",
    "evidence_date",
    "consistent",
    "Thursday 24 October; the document says Thursday 24 October",
    moved,
  );
});

Deno.test("exact checks, evidence: a time of day before a date does not end the date's words", () => {
  const cleanUp =
    "We'll meet at the north entrance of Linden Park at 9:00 a.m. on Saturday, 14 June 2025.";
  assertOne(
    "It's on Saturday, 21 June 2025, at the north entrance of Linden Park.",
    "evidence_date",
    "contradicted",
    "Saturday, 21 June 2025; the document says June 14, 2025",
    cleanUp,
  );
  assertOne(
    "It's on Saturday, 14 June 2025, at the north entrance of Linden Park.",
    "evidence_date",
    "consistent",
    undefined,
    cleanUp,
  );
  // The date is said without the time before it, which is no part of it.
  assertOne(
    "The ship struck the iceberg on 14 April 1912.",
    "evidence_date",
    "consistent",
    "14 April 1912; the document says 14 April 1912",
    "The Titanic struck an iceberg at 11:40 p.m. on 14 April 1912 and sank hours later.",
  );
});

Deno.test("exact checks, evidence: a hedged figure written to three digits or more claims them", () => {
  const recall = "Brightline is recalling approximately 27,450 units of its BL-300 space heater.";
  assertOne(
    "About 24,750 units of the BL-300 heater are affected.",
    "evidence_number",
    "contradicted",
    "24,750; the document says 27,450",
    recall,
  );
  for (const stated of ["27,450", "27,500", "27,000", "25,000"]) {
    assertOne(
      `About ${stated} units of the BL-300 heater are affected.`,
      "evidence_number",
      "consistent",
      undefined,
      recall,
    );
  }
});

Deno.test("exact checks, evidence: a claim that copies the words around one of the document's values, but for the value", () => {
  const album = "Knowledge:\nThe album was released on September 17, 1991, the same day as its " +
    "counterpart. It sold 2 million copies in 1992.";
  // One content word shared: not aligned, yet the words around the date are the document's.
  assertOne(
    "Yes, it was released on September 24, 1991",
    "evidence_date",
    "contradicted",
    "September 24, 1991; the document says September 17, 1991",
    album,
  );
  // An instruction told to its reader copies it as well ("simmer it uncovered for").
  const recipe = "4. Simmer uncovered for 90 minutes, stirring every 15 minutes, until thick.";
  assertOne(
    "Simmer it uncovered for 60 minutes, until it's thick.",
    "evidence_number",
    "contradicted",
    "60 minutes; the document says 90 minutes",
    recipe,
  );
  assertOne(
    "Simmer it uncovered for 90 minutes, until it's thick.",
    "evidence_number",
    "consistent",
    undefined,
    recipe,
  );
  // The value stated elsewhere in the document does not excuse a copied slot.
  assertOne(
    "It was released on September 24, 1991, the same day as its counterpart.",
    "evidence_date",
    "contradicted",
    undefined,
    album + " A tour began on September 24, 1991.",
  );
  assertOne(
    "Yes, it was released on September 17, 1991",
    "evidence_date",
    "consistent",
    undefined,
    album,
  );
  // Two dates of the document behind the same words: which one is meant is unknown.
  assert.deepEqual(
    verdicts(
      "Yes, it was released on September 24, 1991",
      "evidence_date",
      "The album was released on September 17, 1991. The single was released on June 2, 1991.",
    ),
    [],
  );
  // A compound in the claim names its parts as the document's does: "the non-birth parent" is
  // as much of the sentence that states its value as of the one whose words it copies.
  assertOne(
    "As the non-birth parent, you're entitled to 16 weeks of paid leave at full salary.",
    "evidence_number",
    "consistent",
    undefined,
    "Birth parents are entitled to 26 weeks of paid leave at full salary. Non-birth parents " +
      "receive 16 weeks of paid leave at full salary.",
  );
  // Only function words copied ("it was on"): nothing names the slot.
  assert.deepEqual(
    verdicts("So it was on May 3, 1990", "evidence_date", "And it was on May 9, 1990, she left."),
    [],
  );
});

Deno.test("exact checks, evidence: a label copied; a value said of another slot", () => {
  const sheet = "PRODUCT SHEET\nVoltage: 18 V. Max torque: 60 Nm. Weight with battery: 1.4 kg.";
  assertOne(
    "Max torque: 50 Nm. Plenty.",
    "evidence_number",
    "contradicted",
    "50; the document says 60",
    sheet,
  );
  assertOne("Max torque: 60 Nm. Plenty.", "evidence_number", "consistent", undefined, sheet);
  const lake =
    "It has a surface area of 37.2 km² and a maximum depth of 164 m, though its average " +
    "depth is only 58 m. The lake freezes over in most winters.";
  assertOne(
    "The lake reaches a maximum depth of 58 metres.",
    "evidence_number",
    "contradicted",
    "58 metres; the document says 164 metres",
    lake,
  );
  assertOne("Its average depth is only 58 m.", "evidence_number", "consistent", undefined, lake);
  // The words copied are a value's, but the claim's other words are as much the stated value's.
  assertOne(
    "During the morning peak trains will run every 8 minutes.",
    "evidence_number",
    "consistent",
    undefined,
    "Trains will run every 12 minutes until 07:00, then every 8 minutes during the morning peak until 09:30.",
  );
});

Deno.test("exact checks, evidence: words copied back to one that names; a clause ended", () => {
  const minutes = "2. Motion to raise the annual membership fee from $45 to $52 effective 1 " +
    "September; carried 8–1.";
  assert.deepEqual(
    verdictsAgainst(
      minutes,
      "Members voted to raise the annual fee from $45 to $54, starting 1 September.",
    ),
    ["consistent: $45; the document says $45", "contradicted: $54; the document says $52"],
  );
  const run = "Our spring fun run raised $5,644 toward new playground equipment, against a goal " +
    "of $5,000.";
  assert.deepEqual(
    verdictsAgainst(run, "The fun run raised $4,254 (the goal was $5,000)."),
    [
      "contradicted: $4,254; the document says $5,644",
      "consistent: $5,000; the document says $5,000",
    ],
  );
  // Of several sums of money in a sentence, the one said about the claim's thing, when each other
  // one is said about something else.
  const budget = "The police department receives $308 million, parks and recreation $94 million, " +
    "and libraries $41 million.";
  assertOne(
    "The police department gets $253 million this year.",
    "evidence_number",
    "contradicted",
    "$253 million; the document says $308 million",
    budget,
  );
  assertOne(
    "The police department gets $308 million this year.",
    "evidence_number",
    "consistent",
    undefined,
    budget,
  );
  // A decimal measure after a name is a measure: "Protein 8.2 g".
  assertOne(
    "- Protein: 2.8 g",
    "evidence_number",
    "contradicted",
    "2.8 g; the document says 8.2 g",
    "Per 100 g: Energy 452 kcal; Fibre 7.9 g; Protein 8.2 g; Salt 0.12 g.",
  );
});

Deno.test("exact checks, evidence: a comparison the document makes too is quoted", () => {
  const trial =
    "Patients receiving HT-204 had 31% fewer migraine days per month than those on placebo.";
  assertOne(
    "Patients on HT-204 had 20% fewer migraine days per month than on placebo.",
    "evidence_number",
    "contradicted",
    "20%; the document says 31%",
    trial,
  );
  assertOne(
    "Patients on HT-204 had 31% fewer migraine days per month than on placebo.",
    "evidence_number",
    "consistent",
    undefined,
    trial,
  );
});

Deno.test("exact checks, evidence: a measure of another dimension is no copy of the value", () => {
  // "2.9 m²" rounds to 2.85 but says nothing of a weight: the weight is still the document's.
  const specs = "The tent's packed weight is 1.85 kg. Floor area: 2.9 m².";
  assertOne(
    "The tent has a packed weight of 2.85 kg.",
    "evidence_number",
    "contradicted",
    "2.85 kg; the document says 1.85 kg",
    specs,
  );
  // The same number as written, in another unit, may be what is meant: no contradiction.
  assertSilentAgainst(
    "The tent's packed weight is 1.85 kg. The pole is 2.85 m long.",
    "evidence_number",
    "The tent has a packed weight of 2.85 kg.",
  );
  // ... but a measure's one digit is no sign that a bare number of the document is it.
  assertOne(
    "It comes with a 2-year warranty.",
    "evidence_number",
    "contradicted",
    "2-year; the document says 3 years",
    "- Battery: 2.0 Ah Li-ion\n- Warranty: 3 years",
  );
  // "second-half" makes "second" an ordinal, no unit of time.
  assert.deepEqual(
    quantities("two goals in three second-half minutes").map((q) => q.unit),
    [undefined, undefined],
  );
});

Deno.test("exact checks, evidence: times of day, copied or slipped, in either form", () => {
  const run = "Saturday long run: 14 km along the river path. Meet 7:30 at the boathouse, we " +
    "head off 7:40 sharp.";
  assertOne(
    "Meet 7:00 at the boathouse on Saturday.",
    "evidence_number",
    "contradicted",
    "7:00; the document says 7:30",
    run,
  );
  assertOne(
    "Meet 7:30 at the boathouse on Saturday.",
    "evidence_number",
    "consistent",
    undefined,
    run,
  );
  assertOne(
    "The train now departs Leeds at 07:46.",
    "evidence_number",
    "contradicted",
    "07:46; the document says 07:48",
    "From Monday, the service will depart Leeds at 07:48 and arrive at Manchester at 08:47.",
  );
  // 1:30 pm is 13:30, 3 pm 15:00; "7:30" may be in the evening.
  assert.deepEqual(
    verdictsAgainst(
      "Kick-off is at 15:00. The gates open at 13:30.",
      "Kick-off is at 3 pm, and the gates open at 1:30 pm.",
    ),
    ["consistent: 3 pm; the document says 15:00", "consistent: 1:30 pm; the document says 13:30"],
  );
  assertOne(
    "Kick-off is at 4 pm.",
    "evidence_number",
    "contradicted",
    "4 pm; the document says 15:00",
    "Kick-off is at 15:00. The gates open at 13:30.",
  );
  assertOne(
    "Doors open at 7:30 on Friday.",
    "evidence_number",
    "consistent",
    undefined,
    "Doors open at 19:30 on Friday.",
  );
  // A range states no one time, but is read against the document's range; a time worked out
  // from the question's is no misquote.
  assertOne(
    "The shop is open 9:00–18:00 daily.",
    "evidence_number",
    "contradicted",
    "9:00–18:00; the document says 9:00–17:00",
    "The shop is open 9:00–17:00 daily.",
  );
  assertSilentAgainst(
    "The shop is open 9:00–17:00 daily.",
    "evidence_number",
    "The shop is open daily; the café from 9:00.",
  );
  assertSilentAgainst(
    "The cake takes 3 hours. What is the latest time Jordan can start making the cake to " +
      "serve it at 5:00 pm?",
    "evidence_number",
    "Jordan needs to start making the cake by 2:00 pm.",
  );
});

Deno.test("exact checks, evidence: a year copied with what was done in it", () => {
  const listing = "Charming 3-bed ranch, 1,850 sq ft, built in 1978, new roof (2022).";
  assertOne(
    "The house was built in 1987.",
    "evidence_date",
    "contradicted",
    "1987; the document says 1978",
    listing,
  );
  assertOne("The house was built in 1978.", "evidence_date", "consistent", undefined, listing);
  // A noun before "in" is not what was done: "department in" may be another department's.
  assertSilentAgainst(
    'In 1882, the city established the "city fire department", followed by the "city ambulance ' +
      'department" in 1974.',
    "evidence_date",
    "The city established the fire department in 1882.",
  );
});

Deno.test("exact checks, evidence: a bare number of four digits or more the document states once is a quote", () => {
  const derby =
    "Saturday's derby drew a crowd of 61,384, the stadium's largest since its 2019 reopening.";
  const attendance = (n: string) => `Attendance was ${n} — the biggest crowd since 2019.`;
  assertOne(
    attendance("61,384"),
    "evidence_number",
    "consistent",
    "61,384; the document says 61,384",
    derby,
  );
  assertOne(attendance("61,348"), "evidence_number", "contradicted", undefined, derby);
  // A round figure, or one the document states twice, quotes nothing in particular.
  assertSilentAgainst(derby, "evidence_number", attendance("61,000"));
  assert.deepEqual(
    findingsOf(attendance("61,384"), "evidence_number", `${derby} Tickets: 61,384 sold.`),
    [],
  );
});

Deno.test("exact checks, evidence: a slip of a document's digits", () => {
  const invoice =
    "Please find attached invoice #INV-2291 for the kitchen refit. The total due is " +
    "$1,962.40, including materials and labour. Payment is due by 15 March 2025.";
  assertOne(
    "You owe $1,926.40 in total for the kitchen refit.",
    "evidence_number",
    "contradicted",
    "$1,926.40; the document says $1,962.40",
    invoice,
  );
  assertOne(
    "Payment is expected on 13 March 2025 for the refit.",
    "evidence_date",
    "contradicted",
    undefined,
    "The refit invoice is due on 31 March 2025.",
  );
  // Of a date, the year slips too, its day and month kept ("2023" for "2025"); not a year apart
  // in more digits, nor one the document states too.
  const letter =
    "Please return the consent form and payment via the school app by 12 January 2025.";
  assertOne(
    "The consent form and payment are due on 12 January 2023.",
    "evidence_date",
    "contradicted",
    "12 January 2023; the document says January 12, 2025",
    letter,
  );
  assertSilentAgainst(letter, "evidence_date", "The payment is due on 12 January 2019.");
  assertSilentAgainst(
    "The first trip was on 12 January 2023; payment for the next is due by 12 January 2025.",
    "evidence_date",
    "Payment is due on 12 January 2023.",
  );
  // Energy is a measure like any other ("468 kWh").
  assert.deepEqual(
    findingsOf(
      "This period was 412 kWh compared with 486 kWh for the same period last year.",
      "evidence_number",
      "Electricity used this period: 412 kWh\nSame period last year: 468 kWh",
    ).map((f) => [f.verdict, f.reason]),
    [
      ["consistent", "412 kWh; the document says 412 kWh"],
      ["contradicted", "486 kWh; the document says 468 kWh"],
    ],
  );
  // A bound slips as a value does, against the document's bound on the same side.
  const sheet = "Removes up to 99.2% of lead and 97% of chlorine taste. Cartridge price: $34.99.";
  assertOne("It removes up to 92.9% of lead.", "evidence_number", "contradicted", undefined, sheet);
  assertOne("It removes up to 99.2% of lead.", "evidence_number", "consistent", undefined, sheet);
  // A bare number or another thing counted slips too, of three digits or more.
  const recall =
    "BrightHome is recalling approximately 27,500 units of its KT-300 electric kettle.";
  assertOne(
    "About 25,700 BrightHome KT-300 kettles are affected.",
    "evidence_number",
    "contradicted",
    "25,700; the document says 27,500",
    recall,
  );
  assertSilentAgainst(
    "The club has 21 members and 12 coaches.",
    "evidence_number",
    "The club's 12 members meet weekly.",
  );
  // Worked out from the document's value (2% off): its digits change wholesale, no slip.
  assert.deepEqual(
    findingsOf(
      "With the discount, you owe $1,923.15 in total for the kitchen refit.",
      "evidence_number",
      invoice,
    )
      .filter((f) => f.verdict === "contradicted"),
    [],
  );
});

Deno.test("exact checks, evidence: silent where the document does not state the slot", () => {
  // No length in the document; a date the document does not give; unrelated sentences.
  assert.deepEqual(
    findings("The bridge is 2,150 metres long.", "The bridge opened on May 28, 1937."),
    [],
  );
  assert.deepEqual(findings("The bridge was repainted in 1990.", "The tunnel is 3 km long."), []);
  // Ranges and bounds commit to no single value.
  assert.deepEqual(findings("The suspension bridge is 1,000 to 1,500 m long.", BRIDGE), []);
  assert.deepEqual(findings("The suspension bridge is over 1,000 m long.", BRIDGE), []);
  // Two lengths in the document, none near the claim's words: which one is meant is unknown.
  assert.deepEqual(
    findings(
      "The suspension bridge measures 900 m.",
      "The suspension bridge spans 1,280 m and 227 m.",
    ),
    [],
  );
  // Response-only calls are never checked against a document.
  assert.deepEqual(verdicts("The suspension bridge is 2,150 metres long.", "evidence_number"), []);
});

Deno.test("exact checks, evidence: the one value of a sentence said about the claim's thing", () => {
  // An aside before the value ("(Thursday, 16 October)") leaves the label its words.
  const syllabus = "Assessment\n- Weekly homework: 25%\n- Midterm exam (Thursday, 16 October): " +
    "30%\n- Lab project (due 5 December): 20%";
  assertOne(
    "The midterm exam is worth 35% of your final grade.",
    "evidence_number",
    "contradicted",
    "35%; the document says 30%",
    syllabus,
  );
  assertOne("The midterm exam is worth 30%.", "evidence_number", "consistent", undefined, syllabus);
  const span = "The Ostra Bridge crosses the river. Its main span measures 1,437 m, and the deck " +
    "sits 67 m above the water. It opened on March 4, 1996, after six years of work.";
  assertOne(
    "The main span of the Ostra Bridge is 1.743 km long.",
    "evidence_number",
    "contradicted",
    "1.743 km; the document says 1,437 metres",
    span,
  );
  assertOne(
    "The main span of the Ostra Bridge is 1.437 km long.",
    "evidence_number",
    "consistent",
    undefined,
    span,
  );
  // A sentence that opens with "It" is about the bridge of the sentence before.
  assertOne(
    "The Ostra Bridge opened on 4 March 1969.",
    "evidence_date",
    "contradicted",
    undefined,
    span,
  );
  assertOne(
    "The Ostra Bridge opened on 4 March 1996.",
    "evidence_date",
    "consistent",
    undefined,
    span,
  );
  // "The bridge" is the crossing the sentence before named.
  const crossing = "The Saltmarsh Crossing is a road bridge over the estuary. The bridge is " +
    "2,260 m long, with a wide navigation span.";
  assertOne(
    "The Saltmarsh Crossing is 3.24 km long.",
    "evidence_number",
    "contradicted",
    undefined,
    crossing,
  );
  assertOne(
    "The Saltmarsh Crossing is 2.26 km long.",
    "evidence_number",
    "consistent",
    undefined,
    crossing,
  );
  // Arithmetic written out in words derives its numbers: they are not the document's facts.
  assert.deepEqual(
    verdicts(
      "Clover walks 4.5 miles times 2 walks a day, which equals 9 miles.",
      "evidence_number",
      "Clover walks 3 miles a day in two walks.",
    ),
    [],
  );
});

const TOUR = "The guided tour of the castle lasts 40 minutes. It opened to visitors in 1950.";

Deno.test("exact checks, evidence: a number in words after 'equals' is prose, not working", () => {
  const lease = "The monthly rent is €1,150. A security deposit of €2,300, equal to two months' " +
    "rent, is payable on signing.";
  assert.deepEqual(
    findings("The security deposit is €2,500, which equals two months' rent.", lease)
      .map((f) => `${f.verdict}: ${f.reason}`),
    [
      "contradicted: €2,500; the document says €2,300",
      "consistent: two months; the document says two months",
    ],
  );
});

Deno.test("exact checks, evidence: a copy whose word before the value is a preposition", () => {
  const run =
    "Saturday long run: 14 km along the river path. Meet 7:30 at the boathouse, we head " +
    "off 7:40 sharp.";
  assertOne(
    "We meet at 7:00 at the boathouse on Saturday.",
    "evidence_number",
    "contradicted",
    "7:00; the document says 7:30",
    run,
  );
  assertOne(
    "We meet at 7:30 at the boathouse on Saturday.",
    "evidence_number",
    "consistent",
    undefined,
    run,
  );
});

Deno.test("exact checks, evidence: 'from' with no other end, a count past a word that sets it apart", () => {
  assertOne(
    "Its international students come from 121 different countries.",
    "evidence_number",
    "contradicted",
    "121; the document says 112",
    "The university enrolled international students from 112 countries in 2024.",
  );
});

Deno.test("exact checks, evidence: a count past the word that describes what it counts", () => {
  const recall = "Brightway is recalling approximately 51,846 electric kettles sold in 2023.";
  assertOne(
    "About 61,858 kettles are covered by the recall.",
    "evidence_number",
    "contradicted",
    "61,858; the document says 51,846",
    recall,
  );
  assertOne(
    "About 51,846 kettles are covered by the recall.",
    "evidence_number",
    "consistent",
    undefined,
    recall,
  );
  assertOne(
    "Assange was indicted on 18 charges under the Espionage Act.",
    "evidence_number",
    "contradicted",
    "18; the document says 17",
    "The Justice Department indicted Assange on 17 new charges under the Espionage Act.",
  );
  // A phrase that runs on names its thing last; a year before "school year" counts nothing.
  assertSilentAgainst(
    "Voters for the AP Top 25 basketball poll?",
    "evidence_number",
    "The AP poll is voted on by a panel of 64 college basketball journalists.",
  );
  assertSilentAgainst(
    "For the 2023 school year, Tracy has 42 public schools.",
    "evidence_number",
    "There are 6 high schools in Tracy for the school year.",
  );
});

Deno.test("exact checks, evidence: a change from one value to another, in either order", () => {
  const fee = "Members voted 15–2 to raise the annual plot fee from $40 to $45, effective 1 May.";
  assert.deepEqual(
    verdictsAgainst(fee, "From 1 May, the annual plot fee goes up to $54 (from $40)."),
    ["contradicted: $54; the document says $45", "consistent: $40; the document says $40"],
  );
  const leave = "Paid parental leave will increase from 12 to 16 weeks for all employees.";
  assertOne(
    "Paid parental leave goes up to 18 weeks (from 12) for all employees.",
    "evidence_number",
    "contradicted",
    "18 weeks; the document says 16 weeks",
    leave,
  );
  assertOne(
    "Paid parental leave goes up to 16 weeks for all employees.",
    "evidence_number",
    "consistent",
    undefined,
    leave,
  );
});

Deno.test("exact checks, evidence: a range against the document's range of its measure", () => {
  const storm = "Total snow accumulations of 20 to 35 cm expected, with winds gusting as high as " +
    "70 km/h.";
  assertOne(
    "The warning calls for 20 to 25 cm of snow in total.",
    "evidence_number",
    "contradicted",
    "20 to 25 cm; the document says 20 to 35 cm",
    storm,
  );
  assertOne(
    "The warning calls for 20 to 35 cm of snow.",
    "evidence_number",
    "consistent",
    undefined,
    storm,
  );
  // Neither end the document's: another range, of something else.
  assert.deepEqual(
    verdicts("Drifts of 50 to 80 cm of snow are possible.", "evidence_number", storm),
    [],
  );
  // The document's range shifted whole, its width kept: a misquote of it.
  assertOne(
    "Bake it for 35–40 minutes at 180 °C.",
    "evidence_number",
    "contradicted",
    "35–40 minutes; the document says 45–50 minutes",
    "Bake in a lined 900 g loaf tin for 45–50 minutes, until a skewer comes out clean.",
  );
  // Sums of money joined by an en dash are a range too.
  const job = "Data Analyst (Hybrid, Leeds). Salary: £42,000–£48,000 depending on experience.";
  assertOne(
    "The advertised salary is £45,000–£48,000, depending on experience.",
    "evidence_number",
    "contradicted",
    "£45,000–£48,000; the document says £42,000–£48,000",
    job,
  );
  assertOne(
    "The advertised salary is £42,000–£48,000, depending on experience.",
    "evidence_number",
    "consistent",
    undefined,
    job,
  );
});

Deno.test("exact checks, evidence: times against the document's range of times", () => {
  const timetable = "- Yoga Flow: Tuesday 18:15–19:15, Studio 1\n- Spin: Wednesday 07:00–07:45, " +
    "Bike Room\n- Pilates: Saturday 10:00–11:00, Studio 1";
  const spin = (from: string) => `Spin runs on Wednesdays from ${from} to 07:45 in the Bike Room.`;
  assertOne(
    spin("07:15"),
    "evidence_number",
    "contradicted",
    "07:15 to 07:45; the document says 07:00–07:45",
    timetable,
  );
  assertOne(spin("07:00"), "evidence_number", "consistent", undefined, timetable);
  // An end named by "opens" or "closes", the range picked by the words before it.
  const hours = "New opening hours: weekdays 9:30 am to 6:00 pm, Saturdays 10:00 am to 2:00 pm.";
  assert.deepEqual(
    verdictsAgainst(hours, "The branch opens at 9:00 am on weekdays and closes at 6:00 pm."),
    [
      "contradicted: 9:00 am; the document's range is 9:30 am to 6:00 pm",
      "consistent: 6:00 pm; the document's range is 9:30 am to 6:00 pm",
    ],
  );
  // A day after "until" and an amount is a date, not a range from the amount.
  assertOne(
    "You'd miss the early-bird deadline (1 March), so you'd pay the standard price.",
    "evidence_date",
    "consistent",
    "1 March; the document says 1 March",
    "Early-bird tickets cost €350 until 1 March; after that the standard price is €450.\n\n" +
      "If I register on 10 March, how much will I pay?",
  );
  // "until" joins a range of times as "to" does.
  assertOne(
    "The water will be off from 9:00 a.m. until 3:30 p.m. in Block C.",
    "evidence_number",
    "contradicted",
    "9:00 a.m. until 3:30 p.m.; the document says 9:00 a.m. to 2:30 p.m.",
    "The water supply to Block C will be shut off from 9:00 a.m. to 2:30 p.m.",
  );
  // The time stated elsewhere in the document may be what is meant.
  assertSilentAgainst(
    "The gym remains open as normal (6:00 am–10:00 pm). The pools reopen at 7:00 am, with " +
      "lane swimming only until 9:00 am.",
    "evidence_number",
    "Until 9:00 am it's lane swimming only, and the gym stays open.",
  );
});

Deno.test("exact checks, evidence: label lines under a heading are about what it names", () => {
  const beam = "Design note – Beam B3 (first-floor office)\n\nSection: W12×26, ASTM A992 steel\n" +
    "Span: 7.2 m, simply supported\nDesign line load: 18 kN/m (factored)";
  assertOne("The beam spans 7.8 m.", "evidence_number", "contradicted", undefined, beam);
  assertOne("The beam spans 7.2 m.", "evidence_number", "consistent", undefined, beam);
  const fund = "Summit Global Index Fund — Key facts\nInception date: 12 March 2014\n" +
    "Total expense ratio (TER): 0.22%";
  assertOne(
    "The Summit Global Index Fund was launched on 21 March 2014.",
    "evidence_date",
    "contradicted",
    "21 March 2014; the document says March 12, 2014",
    fund,
  );
  // A list item heads no lines; a numbered label names which one, not what is measured.
  assert.deepEqual(
    verdicts(
      "In trial 2 you used 23.05 mL of the NaOH solution.",
      "evidence_number",
      "Titration with NaOH\nTrial 1: initial 0.20 mL, final 23.65 mL\n" +
        "Trial 2: initial 0.45 mL, final 23.95 mL",
    ),
    [],
  );
});

Deno.test("exact checks, evidence: durations are quantities of time, in any unit", () => {
  assertOne(
    "The guided tour of the castle lasts 25 minutes.",
    "evidence_number",
    "contradicted",
    "25 minutes; the document says 40 minutes",
    TOUR,
  );
  assertOne("The guided tour lasts 40 minutes.", "evidence_number", "consistent", undefined, TOUR);
  // The same span in another unit, within the written precision, or hedged.
  for (
    const response of [
      "The guided tour of the castle lasts about 0.7 hours.",
      "The guided tour of the castle lasts about 45 minutes.",
    ]
  ) assert.deepEqual(verdicts(response, "evidence_number", TOUR), ["consistent"], response);
  assertOne(
    "The tour lasts 90 minutes.",
    "evidence_number",
    "consistent",
    undefined,
    "The tour lasts 1.5 hours.",
  );
  assertOne(
    "The tour lasts 2 hours.",
    "evidence_number",
    "consistent",
    undefined,
    "The tour lasts 1.8 hours.",
  );
  // Ages written as adjectives are years too ("the 24-year-old midfielder").
  assertOne(
    "The 43-year-old midfielder sustained the injury.",
    "evidence_number",
    "contradicted",
    undefined,
    "The 24-year-old midfielder sustained the injury in training.",
  );
  // One apart: "41" is 40.5 up to 41.5, "40" up to 40.5; they only touch. Hedged, it agrees.
  assertOne(
    "The guided tour lasts 41 minutes.",
    "evidence_number",
    "contradicted",
    undefined,
    TOUR,
  );
  assertOne("The tour lasts about 41 minutes.", "evidence_number", "consistent", undefined, TOUR);
  // "6 hours 45 minutes" is one measure, read whole on both sides.
  const limit = "Course time limit: 6 hours 30 minutes from the final wave start.";
  assert.deepEqual(
    findingsOf("You have 6 hours 45 minutes from the final wave start.", "evidence_number", limit)
      .map((f) => f.reason),
    ["6 hours 45 minutes; the document says 6 hours 30 minutes"],
  );
  assertOne(
    "You have 6 hours and 30 minutes from the final wave start.",
    "evidence_number",
    "consistent",
    undefined,
    limit,
  );
  // "8 minutes and 20 seconds" is one measure: its seconds are no value of their own.
  assert.deepEqual(
    verdicts(
      "Sunlight takes 8 minutes and 20 seconds to reach Earth.",
      "evidence_number",
      "Light from the Sun takes about 8 minutes to reach Earth.",
    ),
    ["consistent"],
  );
  // "a 24-month renovation" names its months as "24 months" does: the claim shares the word.
  const library = "The library reopened on Saturday after a 24-month renovation costing $37.8 " +
    "million.";
  assert.deepEqual(
    findingsOf("The renovation took 32 months.", "evidence_number", library).map((f) => f.reason),
    ["32 months; the document says 24 months"],
  );
  assertOne("The renovation took 24 months.", "evidence_number", "consistent", undefined, library);
  // No duration in the document, or a range: nothing to compare.
  assert.deepEqual(
    verdicts("The guided tour of the castle lasts 25 minutes.", "evidence_number", BRIDGE),
    [],
  );
  assert.deepEqual(
    verdicts("The guided tour of the castle lasts 30 to 45 minutes.", "evidence_number", TOUR),
    [],
  );
  // A span in two units is no conversion; a span restated in another unit is one.
  assert.deepEqual(verdicts("The race took 2 hours, 30 minutes.", "unit_conversion"), []);
  assertOne("The trip took 3 days (72 hours).", "unit_conversion", "consistent");
  assertOne("The trip took 3 days (48 hours).", "unit_conversion", "contradicted");
});

Deno.test("exact checks, evidence: dates written in lower case", () => {
  const race = "the race was first held on july 22, 1894, in paris.";
  assertOne(
    "the race was first held on july 15, 1894.",
    "evidence_date",
    "contradicted",
    "july 15, 1894; the document says July 22, 1894",
    race,
  );
  assertOne(
    "the race was first held on 22 july 1894.",
    "evidence_date",
    "consistent",
    undefined,
    race,
  );
  // Thousands split by a tokeniser ("30, 000") are no number: "000 years" is not 0 years.
  assert.deepEqual(
    findings(
      "Neanderthals died out 30,000 years ago.",
      "It has been around 30, 000 years since the neanderthals died out.",
    ),
    [],
  );
});

Deno.test("exact checks, evidence: bare numbers and bounds, only where the claim copies the document's words", () => {
  const garden = "Shocked Terry Cooper, 79, was enjoying the sunshine in his garden when the " +
    "badger appeared. Its teeth were six inches long.";
  assertOne(
    "Terry Cooper, 99, was enjoying the sunshine in his garden.",
    "evidence_number",
    "contradicted",
    "99; the document says 79",
    garden,
  );
  assertOne(
    "Terry Cooper, 79, was enjoying the sunshine in his garden.",
    "evidence_number",
    "consistent",
    undefined,
    garden,
  );
  // Other words around the number, its value elsewhere in the document, or two numbers of the
  // document behind the same words: a bare number says nothing about which slot it fills.
  for (
    const [response, evidence] of [
      ["Terry Cooper is 99 and loves his garden.", garden],
      ["Terry Cooper, 99, was enjoying the sunshine in his garden.", garden + " He turned 99."],
      [
        "Terry Cooper, 99, was enjoying the sunshine in his garden.",
        "Terry Cooper, 79, was enjoying the sunshine in his garden. The other Terry Cooper, 75, " +
        "was enjoying the sunshine in his garden too.",
      ],
    ]
  ) assert.deepEqual(verdicts(response, "evidence_number", evidence), [], response);
  // The value ends its clause: the words before it name whose it is ("Terry Cooper", not "Ann").
  assertOne(
    "Terry Cooper, 99, was enjoying the sunshine in his garden.",
    "evidence_number",
    "contradicted",
    "99; the document says 79",
    "Terry Cooper, 79, was enjoying the sunshine in his garden. Ann Cooper, 75, was " +
      "enjoying the sunshine in his garden too.",
  );
  const books = "The books have sold more than 500 million copies worldwide, in 80 languages.";
  assertOne(
    "They have sold more than 869 million copies worldwide!",
    "evidence_number",
    "contradicted",
    "869 million; the document says 500 million",
    books,
  );
  assertOne(
    "They have sold more than 500 million copies worldwide!",
    "evidence_number",
    "consistent",
    undefined,
    books,
  );
  // A bound the document's implies, a bound the other way, or a value where it states a bound.
  for (
    const response of [
      "They have sold more than 400 million copies worldwide!",
      "They have sold less than 869 million copies worldwide!",
      "They have sold about 869 million copies worldwide!",
    ]
  ) assert.deepEqual(verdicts(response, "evidence_number", books), [], response);
});

Deno.test("exact checks, evidence: an upper bound states a limit, read against the document's", () => {
  const buds = "Battery life: up to 18 hours of playback (earbuds alone: 6 hours).";
  assertOne(
    "You get up to 16 hours of playback.",
    "evidence_number",
    "contradicted",
    "16 hours; the document says 18 hours",
    buds,
  );
  assertOne(
    "You get up to 18 hours of playback.",
    "evidence_number",
    "consistent",
    undefined,
    buds,
  );
  // A limit higher than the document's is no truer: "up to 6 guests" where it allows 4.
  assertOne(
    "You can bring up to 6 guests per household.",
    "evidence_number",
    "contradicted",
    "6; the document says 4",
    "Guest passes are $5 each, with a maximum of 4 guests per household at any one time.",
  );
  // A value whose words are the bound's is read against the bound, not the sentence's other
  // value; it is wrong only past it.
  const fines = "Overdue books accrue a fine of $0.25 per day, up to a maximum of $10.00 per item.";
  assertOne(
    "The cap is $12.00 per item.",
    "evidence_number",
    "contradicted",
    "$12.00; the document says $10.00",
    fines,
  );
  assertSilentAgainst(fines, "evidence_number", "I paid $8.00 per item.");
  // A value past the document's bound, and a bound its value lies past.
  assertOne(
    "You have 60 days from the purchase date to register it.",
    "evidence_number",
    "contradicted",
    "60 days; the document says 30 days",
    "Register your kettle within 30 days of purchase to extend your warranty to 3 years.",
  );
  assertOne(
    "Rain of up to 50 mm fell on the upland catchments.",
    "evidence_number",
    "contradicted",
    "50 mm; the document says 74 mm",
    "Heavy rain brought 74 mm to the upland catchments overnight.",
  );
});

Deno.test("exact checks, conversions: wrong and right twins over several dimensions", () => {
  const pairs: [string, string][] = [
    ["It reached 40 °C (140 °F).", "It reached 40 °C (104 °F)."],
    ["The trail is 10 km, or about 9 miles.", "The trail is 10 km, or about 6.2 miles."],
    ["The dog weighs 30 kg (36 lb).", "The dog weighs 30 kg (66 lb)."],
    ["The tank holds 50 litres (30 US gallons).", "The tank holds 50 litres (13.2 gallons)."],
    ["The limit is 100 km/h (80 mph).", "The limit is 100 km/h (62 mph)."],
    [
      "The park covers 12 square kilometres (7 square miles).",
      "The park covers 12 square kilometres (4.6 square miles).",
    ],
    ["Water boils at 212 °F, which is 90 °C.", "Water boils at 212 °F, which is 100 °C."],
    ["He is 6 feet (2.2 m) tall.", "He is 6 feet (1.8 m) tall."],
  ];
  for (const [wrong, right] of pairs) {
    assertOne(wrong, "unit_conversion", "contradicted");
    assertOne(right, "unit_conversion", "consistent");
  }
  assertOne(
    "It reached 40 °C (140 °F).",
    "unit_conversion",
    "contradicted",
    "40 °C is 104 °F, not 140 °F",
  );
  // Rounding within the written precision, and "about" with a rounded factor.
  assertOne("Body temperature is 37 °C (99 °F).", "unit_conversion", "consistent");
  assertOne("The marathon is about 42 km (26 miles).", "unit_conversion", "consistent");
  // Different dimensions or no conversion wording: nothing to check.
  assert.deepEqual(verdicts("It ran 5 km in 30 kg of gear.", "unit_conversion"), []);
  assert.deepEqual(verdicts("She ran 5 km and then 5 miles.", "unit_conversion"), []);
});

Deno.test("exact checks, totals and percentages", () => {
  assertOne(
    "They scored 30, 25 and 40 points, a total of 99 points.",
    "total",
    "contradicted",
    "30 + 25 + 40 = 95, not 99",
  );
  assertOne("They scored 30, 25 and 40 points, a total of 95 points.", "total", "consistent");
  assertOne(
    "The first leg is 12 km. The second leg is 8.5 km. In total the route is 25 km.",
    "total",
    "contradicted",
  );
  assertOne(
    "The first leg is 12 km. The second leg is 8.5 km. In total the route is 20.5 km.",
    "total",
    "consistent",
  );
  // A single part is no sum; a total "of over" is a bound.
  assert.deepEqual(verdicts("Over 3 days, a total of 5,000 people came.", "total"), []);
  assert.deepEqual(verdicts("They sold 300 and 200 cars, a total of over 400 cars.", "total"), []);
  assertOne(
    "Of the 40 students, 12 passed (35%).",
    "percentage",
    "contradicted",
    "12 of 40 is 30%, not 35%",
  );
  assertOne("12 of the 40 students (30%) passed.", "percentage", "consistent");
  assertOne("7 of 9 members (77.8%) voted yes.", "percentage", "consistent");
  assertOne("25% of the 80 students, 24 students, failed.", "percentage", "contradicted");
  assertOne("25% of the 80 students, 20 students, failed.", "percentage", "consistent");
  assertOne("About 12 of 40 students (about 30%) passed.", "percentage", "consistent");
  // A loose count confirms a share only within the percentage's rounding, and shows it wrong
  // only past 10%.
  assertSilent("percentage", "About 12 of 40 students (about 33%) passed.");
  assertSilent("percentage", "Of the 118 elements, about 94 occur naturally, roughly 76.7%.");
  assertOne(
    "Of the 118 elements, about 94 occur naturally, roughly 79.7%.",
    "percentage",
    "consistent",
  );
});

Deno.test("exact checks, ratios against their stated parts", () => {
  assertOne(
    "The club has a 3:1 ratio of men to women, with 300 men and 150 women.",
    "ratio",
    "contradicted",
    "300 to 150 is 2:1, not 3:1",
  );
  assertOne(
    "The club has a 2:1 ratio of men to women, with 300 men and 150 women.",
    "ratio",
    "consistent",
  );
  assertOne("There are twice as many cats as dogs: 40 cats and 20 dogs.", "ratio", "consistent");
  assertOne(
    "There are twice as many cats as dogs: 40 cats and 25 dogs.",
    "ratio",
    "contradicted",
    "40 to 25 is 1.6:1, not twice (2:1)",
  );
  assertOne(
    "The school has half as many teachers as pupils: 30 teachers to 60 pupils.",
    "ratio",
    "consistent",
  );
  assertOne(
    "The school has half as many teachers as pupils: 30 teachers to 90 pupils.",
    "ratio",
    "contradicted",
  );
  // "Three times more" is said of three and of four times alike; five is neither.
  for (const [x, verdict] of [["12", "consistent"], ["16", "consistent"], ["22", "contradicted"]]) {
    assertOne(
      `The tank holds three times more water than the jug: ${x} litres versus 4 litres.`,
      "ratio",
      verdict,
    );
  }
  // The same proportion in different units of one dimension; a pair listed the other way round
  // is no contradiction, nor confirmed.
  assertOne("The river is twice as long as the canal: 2,000 m and 1 km.", "ratio", "consistent");
  assert.deepEqual(
    verdicts("A 1:3 ratio of women to men, with 300 men and 100 women.", "ratio"),
    [],
  );
  assertOne("A 1:3 ratio of women to men, with 100 women and 300 men.", "ratio", "consistent");
  assertOne("A 1:3 ratio of women to men, with 200 women and 300 men.", "ratio", "contradicted");
  // Rounding within the written precision; "roughly" within 10%; ranges; parts not both stated.
  assertOne("A 2.5:1 ratio of pines to oaks, 251 pines and 100 oaks.", "ratio", "consistent");
  for (
    const silent of [
      "The club has a roughly 2:1 ratio of men to women, with 310 men and 150 women.",
      "The ratio of students to teachers is 15:1, with 400-450 students and 30 teachers.",
      "The ratio of students to teachers is 15:1, with 450 students.",
      "The ratio of students to teachers is 15:1; 450 students arrived in 2019.",
      "There are twice as many cats as dogs, and the shelter opened with 40 staff over 3 days.",
      "She won the title twice, in 2010 and 2012.",
      "The team won 3:1 with 20 shots and 5 corners.",
      "There are twice as many cats as dogs: 40 cats, 20 dogs and 7 rabbits.",
      // Two quantities that are not the ratio's sides.
      "The company has twice as many employees as its rival, with 400 employees and 20 offices.",
      "The tower is twice as tall as the church, 100 m tall and 30 m wide.",
    ]
  ) assert.deepEqual(verdicts(silent, "ratio"), [], silent);
});

Deno.test("exact checks, one measure stated twice with two values", () => {
  assertOne(
    "The tower is 324 metres tall. It opened in spring. At 330 m, the tower is the tallest in Paris.",
    "restatement",
    "contradicted",
    "height of the tower: 324 metres earlier in the answer, 330 m here",
  );
  assertOne(
    "The bridge is 1,280 m long. The bridge is 2.1 km long.",
    "restatement",
    "contradicted",
  );
  for (
    const silent of [
      // The same value; the same value in another unit; rounding within the written precision.
      "The tower is 324 metres tall. At 324 m, the tower is the tallest in Paris.",
      "The tower is 324 metres tall. At 1,063 feet, the tower is the tallest in Paris.",
      "The bridge is 1,280 m long. The bridge is 1.3 km long.",
      // Hedged, a range, a change over time, an average against a maximum.
      "The tower is 324 metres tall. At about 330 m, the tower is the tallest in Paris.",
      "The tower is 324 metres tall. The tower is 320-330 m tall.",
      "The tower is 300 metres tall. The tower is now 330 m tall.",
      "The tower is 324 metres tall. The tower was 312 m tall in 1889.",
      "The lake is 30 m deep on average. The lake is 80 m deep at its deepest point.",
      // Different subjects, different properties.
      "The tower is 324 metres tall. The mast is 330 m tall.",
      "The tower is 324 metres tall. The tower is 125 m wide.",
      "The tower is 324 metres tall. At 330 m, the tower's antenna is the tallest in Paris.",
    ]
  ) assert.deepEqual(verdicts(silent, "restatement"), [], silent);
});

Deno.test("exact checks, ages, durations and impossible dates", () => {
  assertOne(
    "Lincoln (1809–1865) died at the age of 62.",
    "age",
    "contradicted",
    "1809 to 1865 is 55 or 56 years, not 62",
  );
  assertOne("Lincoln (1809–1865) died at the age of 56.", "age", "consistent");
  assertOne(
    "He was born on February 12, 1809 and died on April 15, 1865, aged 55.",
    "age",
    "contradicted",
  );
  assertOne(
    "He was born on February 12, 1809 and died on April 15, 1865, aged 56.",
    "age",
    "consistent",
  );
  assertOne("She was born in 1920. She died in 1990 at the age of 80.", "age", "contradicted");
  assertOne("The war lasted from 1939 to 1945, a span of 11 years.", "duration", "contradicted");
  assertOne("The war lasted from 1939 to 1945, a span of six years.", "duration", "consistent");
  assertOne(
    "The festival ran from March 1, 2020 to March 15, 2020, lasting 30 days.",
    "duration",
    "contradicted",
  );
  assertOne(
    "The festival ran from March 1, 2020 to March 15, 2020, lasting 14 days.",
    "duration",
    "consistent",
  );
  assertOne("The meeting was on April 31, 2020.", "impossible_date", "contradicted");
  assertOne("The law took effect on 29 February 2023.", "impossible_date", "contradicted");
  assert.deepEqual(verdicts("The law took effect on 29 February 2024.", "impossible_date"), []);
  assert.deepEqual(verdicts("In March 45 people joined.", "impossible_date"), []);
  assertOne("He was born in 1950 and died in 1940.", "impossible_date", "contradicted");
  // A time of day before the date ("the next morning, April 15") is no part of it.
  assertOne(
    "He was born on February 12, 1809 and died the next morning, April 15, 1865, aged 56.",
    "age",
    "consistent",
    "February 12, 1809 to April 15, 1865 is 56 years",
  );
  // "from" before a day first: chrono alone reads "from 1 May" with no certain day.
  assertOne(
    "From 1 May, the plot fee is $45.",
    "evidence_date",
    "consistent",
    "1 May; the document says 1 May",
    "From 1 May, the annual plot fee rises from $40 to $45.",
  );
  assertOne(
    "Sales for the year to January 2024 were $3 million.",
    "evidence_date",
    "consistent",
    "January 2024; the document says January 2024",
    "In the year to January 2024, sales came to $3 million.",
  );
  // No dates, or an age hedged by "about": nothing exact to say.
  assert.deepEqual(verdicts("He died at the age of 62.", "age"), []);
  assert.deepEqual(verdicts("The war lasted from 1939 to 1945, over 5 years.", "duration"), []);
});

Deno.test("exact checks, arithmetic written out: whole expressions only, denials left alone", () => {
  assertOne("We get 17 + 25 = 43.", "arithmetic", "contradicted", "17 + 25 = 42, not 43");
  assertOne("We get 17 + 25 = 42.", "arithmetic", "consistent");
  assertOne("Then 2 + 3 * 4 = 14.", "arithmetic", "consistent");
  assertOne("So 3 x $25 = $70 in all.", "arithmetic", "contradicted");
  assertOne("10 / 3 = 3.33", "arithmetic", "consistent");
  for (
    const text of [
      "x + 5 - 3 = 12",
      "(3 + 4) x 2 = 15",
      "2x = 4",
      "We cannot make 5 + 3 = 9 with these coins.",
      "4*$10 + 6*$20 = $40 + $120",
    ]
  ) assert.deepEqual(verdicts(text, "arithmetic"), [], text);
});

Deno.test("exact checks: conversions and totals across sentences, ages said briefly, periods", () => {
  assertOne("The race is 100 km. That's about 80 miles.", "unit_conversion", "contradicted");
  assertOne("The race is 100 km. That's about 62 miles.", "unit_conversion", "consistent");
  assertOne("A temperature of 40°C corresponds to 104°F.", "unit_conversion", "consistent");
  assertOne(
    "The path is 780 km long, which is about 620 miles.",
    "unit_conversion",
    "contradicted",
  );
  assertOne("The path is 780 km long, which is about 485 miles.", "unit_conversion", "consistent");
  assertOne(
    "The parcels weigh 2 kg, 3 kg and 4 kg, so together they weigh 10 kg.",
    "total",
    "contradicted",
  );
  assertOne("He was born in 1809 and died in 1865 at 62.", "age", "contradicted");
  assertOne("The project took 3 years (2015–2018).", "duration", "consistent");
  assertOne("The project took 9 years (2015–2018).", "duration", "contradicted");
  // A name's bracket is a life, not the span of what follows.
  assert.deepEqual(
    verdicts("Steven (April 18, 1965 – September 16, 1989) was held for seven years.", "duration"),
    [],
  );
});

Deno.test("exact checks, identifiers: check digits, arXiv, DOI syntax, citation years", () => {
  assertOne("ISBN 978-0-306-40615-7", "isbn", "consistent");
  assertOne("ISBN 978-0-306-40615-3", "isbn", "contradicted", "ISBN check digit should be 7");
  assertOne("ISBN 0-306-40615-2", "isbn", "consistent");
  assertOne("ISBN 0-306-40615-5", "isbn", "contradicted", "ISBN check digit should be 2");
  assertOne("ISSN 0317-8471", "issn", "consistent");
  assertOne("ISSN 0317-8472", "issn", "contradicted", "ISSN check digit should be 1");
  assertOne("Smith, J. (2021). Attention. arXiv:2105.01234.", "arxiv", "consistent");
  assertOne("Smith, J. (2019). Attention. arXiv:2105.01234.", "arxiv", "contradicted");
  assertOne("Smith, J. (2021). Attention. arXiv:2113.01234.", "arxiv", "contradicted");
  assertOne("Smith, J. (2012). Attention. arXiv:1203.01234.", "arxiv", "contradicted");
  assertOne("See arXiv:hep-th/9901001.", "arxiv", "consistent");
  // Said in words around the identifier: "ISBN is", "arXiv 2105…", an arxiv.org link.
  assertOne("Its ISBN is 0306406152, so ask a library.", "isbn", "consistent");
  assertOne("Its ISBN is 0306406155, so ask a library.", "isbn", "contradicted");
  assertOne("It is on arXiv as 2203.04512; Ng posted it in 2021.", "arxiv", "contradicted");
  assertOne("It is on arXiv as 2103.04512; Ng posted it in 2021.", "arxiv", "consistent");
  assertOne("The 2020 study (https://arxiv.org/abs/2006.11239) is cited.", "arxiv", "consistent");
  assertOne("The 2019 study (https://arxiv.org/abs/2006.11239) is cited.", "arxiv", "contradicted");
  // BibTeX fields, and a table whose header names the identifier's column.
  assertOne("@book{a,\n  year = {2009},\n  isbn = {978-0-306-40615-3}\n}", "isbn", "contradicted");
  assertOne(
    "@misc{b,\n  eprint = {1600.05582},\n  archivePrefix = {arXiv}\n}",
    "arxiv",
    "contradicted",
  );
  const table = (id: string) =>
    `| Paper | Year | arXiv ID |\n|---|---|---|\n| Decoders | 2015 | ${id} |`;
  assertOne(table("1511.06424"), "arxiv", "consistent");
  assertOne(table("1605.06424"), "arxiv", "contradicted");
  // Thirteen digits from 978 are an ISBN-13 (and its barcode) unlabelled too; ten digits are not.
  assertOne("| Rivers | 9780306406157 |", "isbn", "consistent");
  assertOne("| Rivers | 9780306406153 |", "isbn", "contradicted");
  assert.deepEqual(verdicts("Call 0306406155 for tickets.", "isbn"), []);
  // A number of that shape is an identifier only where arXiv is named near it.
  assert.deepEqual(verdicts("The index rose to 2105.01234 in 2019.", "arxiv"), []);
  assertOne("doi:10.1038/nature14539", "doi", "consistent");
  assertOne("doi:10.103/nature14539", "doi", "contradicted");
  assertOne("As shown by Lee et al. (2031), it works.", "future_citation", "contradicted");
  assert.deepEqual(verdicts("As shown by Lee et al. (2021), it works.", "future_citation"), []);
});

Deno.test("exact checks: markdown emphasis is read as space, multiplication is not", () => {
  assertOne("2. Add 32: 252 + 32 = **284°F**", "arithmetic", "consistent");
  assertOne("2. Add 32: 252 + 32 = **261°F**", "arithmetic", "contradicted");
  assertOne("It is **40 °C (140 °F)** at noon.", "unit_conversion", "contradicted");
  assertOne("So 12 * 4 = 48 eggs.", "arithmetic", "consistent");
  // Offsets stay those of the answer as written.
  const response = "The *suspension* bridge is **2,150 metres** long.";
  const [f] = findings(response, BRIDGE);
  assert.equal(f.verdict, "contradicted");
  assert.equal(response.slice(f.start, f.end), "2,150 metres");
});

Deno.test("exact checks, totals: a list confirms its total only when all of it adds up", () => {
  const line = (total: number) =>
    `The school has three sections, with 31, 18 and 24 students respectively — ${total} students in all.`;
  assertOne(line(73), "total", "consistent");
  // 18 + 24 = 42: a part of the list adds up to the wrong total, which confirms nothing.
  assert.deepEqual(verdicts(line(42), "total").filter((v) => v === "consistent"), []);
});

Deno.test("exact checks: offsets point into the response and findings sit in their claim", () => {
  const response = "Intro line.\n\nIt reached 40 °C (140 °F). ISBN 0-306-40615-5 is cited.";
  const claims = exactFindings(response, undefined, NOW);
  for (const claim of claims) {
    for (const f of claim.findings) {
      assert.ok(f.start >= claim.start && f.start < claim.end);
      assert.ok(f.end <= response.length && f.end > f.start);
    }
  }
  assert.deepEqual(claims.map((c) => c.findings.length), [0, 1, 1]);
  assert.equal(
    response.slice(claims[1].findings[0].start, claims[1].findings[0].end),
    "40 °C (140 °F",
  );
});

Deno.test("evidence: a changelog line's count after its verb ('Fixed 17 bugs') is a count, no name's number", () => {
  const notes =
    "## v3.8.2 (2025-04-09)\n- Fixed 17 bugs, including a crash on import\n- Added 3 themes";
  assertOne(
    "Version 3.8.2 fixed 19 bugs, including the crash on import.",
    "evidence_number",
    "contradicted",
    "19; the document says 17",
    notes,
  );
  assertOne(
    "Version 3.8.2 fixed 17 bugs, including the crash on import.",
    "evidence_number",
    "consistent",
    undefined,
    notes,
  );
});

Deno.test("exact checks, evidence: a range of days before its month ('16–20 February') is two dates of a range", () => {
  const terms = "Spring term: 5 January – 27 March 2026 (half term 16–20 February).";
  assertSilentAgainst(
    terms,
    "evidence_date",
    "The spring half term runs from Monday 16 February to Friday 20 February 2026.",
  );
  const days = calendarDates("half term 16–20 February 2026");
  assert.deepEqual(
    days.map((d) => [d.day, d.month, d.year, d.inexact]),
    [[16, 2, 2026, true], [20, 2, 2026, true]],
  );
});

Deno.test("exact checks, evidence: days per week are a frequency, no rival of a span of days", () => {
  const advert = "Salary: £38,000 · 25 days' annual leave · 2 days per week in our Leeds office";
  assertOne(
    "You'd get 28 days of annual leave.",
    "evidence_number",
    "contradicted",
    "28 days; the document says 25 days",
    advert,
  );
  assertOne(
    "You'd get 25 days of annual leave.",
    "evidence_number",
    "consistent",
    undefined,
    advert,
  );
});

Deno.test("exact checks, evidence: a date with no year ends before a time after it", () => {
  const notice = "The pool will reopen on Monday, June 23 at 6:00 a.m.";
  assert.deepEqual(
    findings("The pool reopens on Monday, June 23, at 7:00 a.m.", notice).map((f) => f.reason),
    [
      "Monday, June 23; the document says Monday, June 23",
      "7:00 a.m.; the document says 6:00 a.m.",
    ],
  );
  assert.deepEqual(
    calendarDates("Thursday 14 August, from 9:00").map((d) => [d.end, d.day, d.month]),
    [[18, 14, 8]],
  );
});

Deno.test("exact checks, evidence: a range of money written 'between $X and $Y' is read as one", () => {
  const advert = "Salary: $62,000–$71,000 depending on experience";
  assertOne(
    "The role pays between $62,000 and $76,000 depending on experience.",
    "evidence_number",
    "contradicted",
    "$62,000 and $76,000; the document says $62,000–$71,000",
    advert,
  );
  assertOne(
    "The role pays between $62,000 and $71,000 depending on experience.",
    "evidence_number",
    "consistent",
    undefined,
    advert,
  );
});

Deno.test("exact checks, evidence: a value listed bare beside the copied one may count the same thing", () => {
  const survey =
    "Of 480 respondents, 312 rated the service as good or excellent, 120 as fair, and 48 as poor.";
  assertSilentAgainst(
    survey,
    "evidence_number",
    "Out of 480 respondents, 48 rated the service as poor.",
  );
  assert.deepEqual(
    verdicts(
      "Out of 480 respondents, 321 rated the service as good or excellent.",
      "evidence_number",
      survey,
    ),
    ["consistent", "contradicted"],
  );
});

Deno.test("exact checks, evidence: a rate times both of its counts is worked out, no misquote", () => {
  const booking =
    "Room: 2 adults, 3 nights.\nCity tax: €2.50 per person per night, payable at the hotel.";
  assertSilentAgainst(
    booking,
    "evidence_number",
    "The city tax is payable at the hotel: €15 for two adults over three nights.",
  );
});

Deno.test("exact checks, evidence: sums in pence and cents, glued or in words, as hundredths", () => {
  const report = "The board proposes a final dividend of 6.2p per share, bringing the full-year " +
    "dividend to 9.5p.";
  assertOne(
    "The board is proposing a final dividend of 6.8p per share.",
    "evidence_number",
    "contradicted",
    "6.8p; the document says 6.2p",
    report,
  );
  assertOne(
    "The board is proposing a final dividend of 6.2p per share.",
    "evidence_number",
    "consistent",
    undefined,
    report,
  );
  // A dollar amount written in cents is the same sum.
  assertOne(
    "Each copy costs 25 cents.",
    "evidence_number",
    "consistent",
    "25 cents; the document says $0.25",
    "Black-and-white copies cost $0.25 each.",
  );
  // A bare number before the end in cents is in cents too; "1080p" is a resolution.
  const memo = "The mileage rate will increase from 58 to 67 cents per mile.";
  const verdicts = (response: string) =>
    findingsOf(response, "evidence_number", memo).map((f) => f.reason);
  assert.deepEqual(verdicts("The mileage rate goes up to 65 cents per mile (from 58 cents)."), [
    "65 cents; the document says 67 cents",
    "58 cents; the document says 58",
  ]);
  assert.deepEqual(
    quantities("A 1080p screen rents at 60p a day.").map((q) => [q.kind, q.currency, q.value]),
    [["money", "£", 0.6]],
  );
});

Deno.test("exact checks, evidence: a change between sums of money, its amount worked out, its new value read by its words", () => {
  const notice = "NOTICE OF RENT INCREASE\n\nEffective 1 August 2025, the monthly rent for Unit " +
    "3B will increase from $1,450 to $1,520. Rent remains due on the 1st of each month. A late " +
    "fee of $50 applies to payments received after the 5th.";
  const answer = (rent: string) =>
    `From 1 August 2025 your rent goes up to ${rent} a month, an increase of $70. It's still ` +
    "due on the 1st, and a $50 late fee applies if your payment arrives after the 5th.";
  // The increase is the difference of the change's two values, no misquote of either.
  assertSilentAgainst(notice, "evidence_number", answer("$1,520"));
  const membership = "The standard monthly membership fee will increase from $34.99 to $39.99 " +
    "starting March 1.";
  assert.deepEqual(
    verdictsAgainst(membership, "From March 1 your monthly fee goes up to $38.99 (it was $34.99)."),
    [
      "contradicted: $38.99; the document says $39.99",
      "consistent: $34.99; the document says $34.99",
    ],
  );
});

Deno.test("exact checks, evidence: a year the document writes as a count's label is stated", () => {
  const report = "Excerpt from the 2024 annual report, Section 3 (Unit sales by region):\n\n" +
    "| Region | 2023 units | 2024 units |\n|---|---|---|\n| North | 12,400 | 13,950 |\n" +
    "| South | 9,800 | 9,150 |\n| West | 15,200 | 17,600 |\n\n" +
    "Question: How did the South region do in 2024?";
  assert.deepEqual(
    findingsOf(
      "The South region sold 9,150 units in 2024, down from 9,800 in 2023. It was the only " +
        "region whose sales declined; North and West both grew.",
      "evidence_date",
      report,
    ).map((f) => `${f.verdict}: ${f.reason}`),
    ["consistent: 2024; the document says 2024"],
  );
});

Deno.test("exact checks, evidence: words copied from one value's clause, the value stated in another said as much", () => {
  const notice =
    "Members wishing to attend must register with the secretary by 28 February 2025. " +
    "Motions for the agenda must be submitted by 21 February 2025. A quorum of 40 members is " +
    "required.";
  assertSilentAgainst(
    notice,
    "evidence_date",
    "Motions have to reach the secretary by 21 February 2025, a week before the registration " +
      "deadline of 28 February.",
  );
});

Deno.test("exact checks, evidence: a slip of the document's one measure of its dimension, no word shared", () => {
  const sheet = "Nova X5 smartphone — Specifications\n- Display: 6.5-inch AMOLED, 120 Hz\n" +
    "- Battery: 5,000 mAh, 33 W wired charging\n- Weight: 189 g\n- Storage: 128 GB / 256 GB";
  assertOne(
    "The Nova X5 weighs 198 g and has a 5,000 mAh battery.",
    "evidence_number",
    "contradicted",
    "198 g; the document says 189 g",
    sheet,
  );
});

Deno.test("exact checks, evidence: a timetable's row picked out by the claim's other time", () => {
  const timetable = "Route 42 – weekday departures from Central Station\n\n" +
    "| Departs | Arrives Airport |\n|---|---|\n| 07:15 | 07:52 |\n| 07:45 | 08:22 |\n" +
    "| 08:20 | 08:57 |\n| 09:05 | 09:42 |";
  assert.deepEqual(
    verdictsAgainst(
      timetable,
      "The first departure after 8:00 is the 08:10 bus, which reaches the airport at 08:57.",
    ),
    ["contradicted: 08:10; the document says 08:20"],
  );
  // "after 8:00" bounds what is asked.
  assertSilentAgainst(
    timetable,
    "evidence_number",
    "The first departure after 8:00 is the 08:20 bus, which reaches the airport at 08:57.",
  );
});
