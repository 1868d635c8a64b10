/**
 * Unit conversions as chatbots write them: each wrong conversion beside its right twin, and the
 * pairs of quantities that are no conversion of each other, where the check stays silent.
 */
import assert from "node:assert/strict";
import {
  assertOne,
  assertSilent,
  assertTwins as assertKindTwins,
  findingsOf,
} from "../support/exact_checks.ts";

/** The unit_conversion findings of a response, as [verdict, reason]. */
const conversions = (response: string): [string, string][] =>
  findingsOf(response, "unit_conversion").map((f) => [f.verdict, f.reason]);
const assertTwins = (wrong: string, right: string, reason?: string) =>
  assertKindTwins("unit_conversion", wrong, right, reason);
const silent = (response: string) => assertSilent("unit_conversion", response);

Deno.test("conversions: energy and power, in forms no case makes ambiguous", () => {
  assertTwins(
    "A 250 kcal snack (1,250 kJ) is fine.",
    "A 250 kcal snack (1,046 kJ) is fine.",
    "250 kcal is 1,046 kJ, not 1,250 kJ",
  );
  assert.deepEqual(conversions("A 720 Wh battery holds 0.72 kWh."), [
    ["consistent", "720 Wh is 0.72 kWh"],
  ]);
  assert.deepEqual(conversions("The heater draws 2 kW, which is 2,000 watts."), [
    ["consistent", "2 kW is 2,000 W"],
  ]);
  assert.deepEqual(conversions("The heater draws 2 kW, which is 2,500 watts."), [
    ["contradicted", "2 kW is 2,000 W, not 2,500 watts"],
  ]);
  // A bare "W" or "MW" is no unit read (milliwatt or megawatt?).
  silent("The plant makes 5 MW, about 5,000 W.");
});

Deno.test("conversions: temperature scales written bare or in words", () => {
  assertTwins(
    "Water boils there at roughly 90 C (160 F).",
    "Water boils there at roughly 90 C (194 F).",
    "90 C is 194 °F, not 160 F",
  );
  assertTwins(
    "The kiln reaches 500 degrees C, which is 860 degrees F.",
    "The kiln reaches 500 degrees C, which is 932 degrees F.",
  );
  assertTwins(
    "Tomorrow's high is 60 Fahrenheit. That's about 25 Celsius.",
    "Tomorrow's high is 60 Fahrenheit. That's about 16 Celsius.",
  );
  assertTwins(
    "Keep the freezer at or below -18 °C (that's -10 °F).",
    "Keep the freezer at or below -18 °C (that's 0 °F).",
  );
  // A bare letter is a scale only beside the other scale's letter.
  silent("Our seats were 12 C and 14 F.");
  silent("He scored 89 C on the test (grade 2).");
});

Deno.test("conversions: the conversion in the next sentence or clause, unit named in words", () => {
  assertTwins(
    "Set the bath to 60 °C. In Fahrenheit, that is 120 °F.",
    "Set the bath to 60 °C. In Fahrenheit, that is 140 °F.",
  );
  assertTwins(
    "The drive is 400 kilometres. In miles, that works out to roughly 300.",
    "The drive is 400 kilometres. In miles, that works out to roughly 249.",
    "400 kilometres is 248.5 miles, not 300",
  );
  assertTwins(
    "The loop is 6.2 miles long; in metric terms that's 8.1 km.",
    "The loop is 6.2 miles long; in metric terms that's 10 km.",
  );
  assertTwins(
    "The sack holds 50 lb; in metric it's 30.1 kg.",
    "The sack holds 50 lb; in metric it's 22.7 kg.",
  );
  assertTwins("The hill is 300 m — about 1,300 feet.", "The hill is 300 m — about 985 feet.");
  assertTwins("A 10 km run is equal to about 8 miles.", "A 10 km run is equal to about 6.2 miles.");
  assertTwins("The shelf is 30 cm (20 in) deep.", "The shelf is 30 cm (12 in) deep.");
  silent("The 5 kg bag is 2 lb heavier.");
  silent("Put 12 in the box (and 3 in the bag).");
  // Words that name no unit or system, or a number that is no measure: nothing to read.
  silent("The drive is 400 kilometres. In total, that works out to roughly 300.");
  silent("The drive is 400 kilometres. That's 300 more than last year.");
});

Deno.test("conversions: mass in pounds, ounces and grams; the verbs of converting", () => {
  assertTwins(
    "The squat was 200 kg, which converts to roughly 350 lb.",
    "The squat was 200 kg, which converts to roughly 441 lb.",
  );
  assertTwins("The jar holds 12 oz, or 450 grams.", "The jar holds 12 oz, or 340 grams.");
  assertTwins(
    "The recipe calls for 200 g of sugar, roughly 5 oz.",
    "The recipe calls for 200 g of sugar, roughly 7 oz.",
  );
  assertTwins(
    "She weighed 3.4 kg at birth (5.2 pounds).",
    "She weighed 3.4 kg at birth (7.5 pounds).",
  );
  // A remark in brackets between the measure and its conversion.
  assertTwins(
    "The loop is 16 km (round trip) ≈ 11.9 mi.",
    "The loop is 16 km (round trip) ≈ 9.9 mi.",
  );
  // A label's number in the phrase ("bay 2") is no quantity of its own.
  assertTwins(
    "The crate is 40 kg in bay 2, which is about 98 lb.",
    "The crate is 40 kg in bay 2, which is about 88 lb.",
  );
  assertTwins(
    "To convert 70 kg to pounds, multiply by 2.20462: that gives you 140 lb.",
    "To convert 70 kg to pounds, multiply by 2.20462: that gives you 154.3 lb.",
  );
  // Two amounts of different things, and a conversion asked of no amount.
  silent("The recipe calls for 200 g of sugar, about 7 oz of butter.");
  silent("To convert 70 kg to pounds, first weigh 3 kg of flour and then 9 lb of rice.");
});

Deno.test("conversions: bounds convert alike; ranges and separate quantities stay silent", () => {
  assertTwins(
    "Males can weigh up to 500 pounds (130 kg).",
    "Males can weigh up to 500 pounds (227 kg).",
  );
  assertTwins(
    "Letters must weigh under 50 grams, which is about 2.5 ounces.",
    "Letters must weigh under 50 grams, which is about 1.8 ounces.",
  );
  // A bound's side between the measure and its conversion.
  assertTwins(
    "Keep a freezer at 0 °F or colder. In Celsius that's about −32 °C.",
    "Keep a freezer at 0 °F or colder. In Celsius that's about −18 °C.",
    "0 °F is -17.8 °C, not −32 °C",
  );
  silent("Summer days reach 25–30 °C (70–80 °F).");
  silent("I did a 5 km run and a 10 km ride.");
  silent("I did a 5 km run and a 10 mile ride.");
  silent("You can walk 2 miles along the river, or 10 km through the park.");
  silent("It is 27 miles to Boston, or 20 km to the coast.");
});

Deno.test("conversions: 'At X (its conversion), you're Y'", () => {
  assert.deepEqual(conversions("At 6 ft (72 inches) you're about 1.93 m tall."), [
    ["consistent", "6 ft is 72 inches"],
    ["contradicted", "72 inches is 1.829 metres, not 1.93 m"],
  ]);
  assert.deepEqual(conversions("At 6 ft (72 inches) you are 182.88 cm tall."), [
    ["consistent", "6 ft is 72 inches"],
    ["consistent", "72 inches is 182.88 cm"],
  ]);
});

Deno.test("conversions: a measure restated as 'At X, the thing is Y'", () => {
  assertTwins(
    "At 8,000 feet, the pass sits 2,000 metres above sea level.",
    "At 8,000 feet, the pass sits 2,438 metres above sea level.",
  );
  assertTwins(
    "At 88 lbs, your dog is 52 kg, which is large for the breed.",
    "At 88 lbs, your dog is 40 kg, which is large for the breed.",
  );
  assertTwins("At 150 pounds, he is 80 kg.", "At 150 pounds, he is 68 kg.");
  // Addressed to the reader, with no comma: "At 180 lb you weigh about 81.6 kg".
  assertTwins("At 176 lb you weigh about 84.8 kg.", "At 176 lb you weigh about 79.8 kg.");
  // Another quantity than the one the sentence opens with.
  silent("At 10 km, the gap is 1 mile.");
  silent("At 5 miles, the next aid station is 3 km away.");
  silent("At 2,000 m, the pass is 500 feet higher than the valley.");
  silent("At 5 km, the elevation is 300 m.");
  silent("At 60 kg, the bar is 45 lb.");
  // Far from any slip of converting: another quantity ("your protein target").
  silent("At 80 kg, your goal is 128 g a day.");
});

Deno.test("conversions: rounding within the written precision and 'about'", () => {
  // A hedged figure claims the rounding it shows: the hundred here, the degree there (896 °F).
  assert.deepEqual(
    conversions("Steel glows at about 480 degrees C, roughly 900 degrees F.")[0][0],
    "consistent",
  );
  assert.deepEqual(
    conversions("Steel glows at about 480 degrees C, roughly 874 degrees F.")[0][0],
    "contradicted",
  );
  assert.deepEqual(
    conversions("It is 27 miles, or around 43 km, from the airport.")[0][0],
    "consistent",
  );
  assert.deepEqual(conversions("The route is 114 km (that's 71 miles).")[0][0], "consistent");
  assert.deepEqual(conversions("The bag holds 25 lb; in metric it's 11 kg.")[0][0], "consistent");
});

Deno.test("conversions: words between the measure and its join", () => {
  assertTwins(
    "The allowance is 25 kg per bag, which is about 74.8 lb.",
    "The allowance is 25 kg per bag, which is about 55.1 lb.",
    "25 kg is 55.12 lb, not 74.8 lb",
  );
  assertTwins("300 g of flour is about 13.8 oz.", "300 g of flour is about 10.6 oz.");
  // An aside in brackets ends the clause as a comma does.
  assertTwins(
    "Five troy ounces of gold is 197.4 g (a troy ounce is heavier than a kitchen ounce).",
    "Five troy ounces of gold is 155.5 g (a troy ounce is heavier than a kitchen ounce).",
    "Five troy ounces is 155.52 g, not 197.4 g",
  );
  assertTwins(
    "The recipe calls for 5 lb of potatoes. In metric that's 11.02 kg — plenty.",
    "The recipe calls for 5 lb of potatoes. In metric that's 2.27 kg — plenty.",
  );
  assertTwins(
    "The assay runs at 37°C. For reference, that's 66.6°F.",
    "The assay runs at 37°C. For reference, that's 98.6°F.",
  );
  assertTwins(
    "Keep the freezer at −18 °C. Converted exactly, that's −4.4 °F.",
    "Keep the freezer at −18 °C. Converted exactly, that's −0.4 °F.",
  );
  // Another amount after the phrase, or an opening that names no unit: not the measure restated.
  silent("Each 100 g of chicken is 31 g of protein.");
  silent("5 km of the trail is 2 miles uphill.");
  silent("The hike is 10 km. If you add the detour, that's 8 miles.");
  silent("The hike is 10 km. If you start in Boston, that's 8 miles.");
  assertTwins(
    "The room at 20 °C is comfortably mild — roughly 78 °F, so no heating is needed.",
    "The room at 20 °C is comfortably mild — roughly 68 °F, so no heating is needed.",
  );
  assertTwins(
    "For most cakes, 180°C is the sweet spot — that's 365°F in a conventional oven.",
    "For most cakes, 180°C is the sweet spot — that's 356°F in a conventional oven.",
    "180°C is 356 °F, not 365°F",
  );
  assertTwins(
    "A body temperature of 38.5 °C is usually counted as a mild fever — that's 103.1 °F.",
    "A body temperature of 38.5 °C is usually counted as a mild fever — that's 101.3 °F.",
    "38.5 °C is 101.3 °F, not 103.1 °F",
  );
  // A few words, no verb, between the measure and the dash: a restatement, near its conversion.
  assertTwins(
    "Most people find 22 °C comfortable indoors — that's about 76 °F.",
    "Most people find 22 °C comfortable indoors — that's about 72 °F.",
    "22 °C is 71.6 °F, not 76 °F",
  );
  silent(
    "A troy ounce is 31.1 g — heavier than the 28.35 g ounce used for groceries — that works " +
      "out to roughly 12.4 kg of gold.",
  );
  assertTwins(
    "That gives roughly 5,499°C, and converting that to Fahrenheit gives about 9,390°F.",
    "That gives roughly 5,499°C, and converting that to Fahrenheit gives about 9,930°F.",
  );
  // The phrase's words are whole: the "or" of "for" joins nothing.
  silent("Alternate 60 seconds of jogging with 90 seconds of walking for 20 minutes.");
});

Deno.test("conversions: a measure used as a modifier, its noun between", () => {
  assertTwins(
    "A 16-oz sirloin works out to roughly 284 g raw weight.",
    "A 16-oz sirloin works out to roughly 454 g raw weight.",
  );
  assertTwins(
    "The program calls for 35-lb dumbbells. Since yours are labeled in kilograms, that's " +
      "about 20.6 kg.",
    "The program calls for 35-lb dumbbells. Since yours are labeled in kilograms, that's " +
      "about 15.9 kg.",
  );
  assertTwins(
    "A 85-inch TV is about 33.5 cm from corner to corner.",
    "A 85-inch TV is about 215.9 cm from corner to corner.",
  );
  assertTwins("A 25 kg plate weighs about 11.3 lb.", "A 25 kg plate weighs about 55.1 lb.");
  // A second conversion said exact.
  assert.deepEqual(conversions("One mile is about 1,609 m, or exactly 1,670 yards."), [
    ["consistent", "One mile is 1,609.3 metres"],
    ["contradicted", "One mile is 1,760 yards, not 1,670 yards"],
  ]);
  // After a possessive.
  assertTwins(
    "The airline's 23 kg checked-bag limit works out to about 46.7 lb.",
    "The airline's 23 kg checked-bag limit works out to about 50.7 lb.",
    "23 kg is 50.71 lb, not 46.7 lb",
  );
  // Four words of the noun ("block of cream cheese") before the verb.
  assertTwins(
    "One 8-ounce block of cream cheese weighs 272 g, so buy three.",
    "One 8-ounce block of cream cheese weighs 227 g, so buy three.",
    "8-ounce is 226.8 g, not 272 g",
  );
  // Two words of the measure before the conversion.
  assertTwins(
    "The bridge is about 2,737 m long from end to end — roughly 2.7 miles.",
    "The bridge is about 2,737 m long from end to end — roughly 1.7 miles.",
  );
  assertTwins(
    "A 12 oz bag holds about 444 g of coffee.",
    "A 12 oz bag holds about 340 g of coffee.",
  );
  // A second amount of something else, or a difference: no conversion.
  silent("The 5-kg bag is 2 lb heavier.");
  silent("A 16-oz steak has about 40 g of protein.");
  silent("A 12 oz can contains 39 g of sugar.");
  silent("A 16-oz steak is about 100 g of protein.");
});

Deno.test("conversions: a list item and its conversion in closing brackets", () => {
  assertTwins(
    "**Ingredients**\n\n- 115 g unsalted butter, softened (5.1 oz)\n- 2 large eggs",
    "**Ingredients**\n\n- 115 g unsalted butter, softened (4.1 oz)\n- 2 large eggs",
    "115 g is 4.06 oz, not 5.1 oz",
  );
  // Another item joined in, or an amount qualified inside the brackets.
  silent("- 200 g flour, plus butter (4 oz)");
  silent("- 2 lb chicken thighs (about 6 oz each)");
  silent("Mix 200 g flour with the butter (4 oz).");
});

Deno.test("conversions: worked conversions with the factor in the expression", () => {
  // A factor written out is only as rounded as written; its step may open the next sentence.
  assertTwins(
    "5 ft 10 in is 70 inches in total. Multiply by 2.54 and you get 180.3 cm.",
    "5 ft 10 in is 70 inches in total. Multiply by 2.54 and you get 177.8 cm.",
    "70 inches is 177.8 cm, not 180.3 cm",
  );
  assertTwins("13.1 mi × 1.609344 = **8.1 km**", "13.1 mi × 1.609344 = **21.1 km**");
  assertTwins("71 kg × 2.20462 lb/kg = 32.2 lb", "71 kg × 2.20462 lb/kg = 156.5 lb");
  assertTwins("5 km ÷ 1.609 = 4.1 miles", "5 km ÷ 1.609 = 3.1 miles");
  assertTwins(
    "°C = (°F − 32) × 5/9\n\n(450 − 32) × 5/9 = 418 × 5/9 ≈ **752°C**",
    "°C = (°F − 32) × 5/9\n\n(450 − 32) × 5/9 = 418 × 5/9 ≈ **232°C**",
    "450 °F is 232.2 °C, not 752°C",
  );
  assertTwins(
    "To convert 140°C to Fahrenheit:\n\n1. Multiply by 9/5: 252\n2. Add 32: **261°F**",
    "To convert 140°C to Fahrenheit:\n\n1. Multiply by 9/5: 252\n2. Add 32: **284°F**",
  );
  // A factor that is no factor of converting: a product, not a conversion.
  silent("13.1 mi × 2 = 26.2 km");
  silent("The 20 kg bar × 3 sets = 60 lb of work");
});

/** The verdicts of a response's conversions, in order. */
const verdicts = (response: string) => conversions(response).map(([verdict]) => verdict);

Deno.test("conversions: sets of dimensions convert member by member", () => {
  const room = (feet: string) =>
    `Your room is 3.6 m × 5.0 m. In feet, that's roughly ${feet}, so an 8 × 10 ft rug fits.`;
  assert.deepEqual(verdicts(room("11.8 ft × 21.6 ft")), ["consistent", "contradicted"]);
  assert.deepEqual(verdicts(room("11.8 ft × 16.4 ft")), ["consistent", "consistent"]);
  assert.deepEqual(verdicts("The desk is 1.2 × 0.6 m (47 × 24 inches)."), [
    "consistent",
    "consistent",
  ]);
  // Sets that do not pair: no member is read alone.
  silent("The room is 3.6 m × 5.0 m (11.8 ft).");
  silent("The room is 5.0 m (11.8 ft × 16.4 ft).");
});

Deno.test("conversions: tables and lists giving a measure in two units", () => {
  const table = (row: string) =>
    `| Day | High (°C) | High (°F) |\n|---|---|---|\n${row}\n| Tuesday | 8 | 46 |`;
  assert.deepEqual(verdicts(table("| Monday | 12 | 85 |")), ["contradicted", "consistent"]);
  assert.deepEqual(verdicts(table("| Monday | 12 | 54 |")), ["consistent", "consistent"]);
  assert.equal(conversions(table("| Monday | 12 | 85 |"))[0][1], "12 °C is 53.6 °F, not 85");
  assertTwins(
    "| Box | Metric | Imperial |\n| --- | --- | --- |\n| A | 4.1 kg | 12.8 lb |",
    "| Box | Metric | Imperial |\n| --- | --- | --- |\n| A | 4.1 kg | ~9 lb |",
  );
  assertTwins("- Box C (clothes): 4.1 kg / 12.8 lb", "- Box C (clothes): 4.1 kg / 9.0 lb");
  // Columns of different things, a row with no heading, a range in a cell.
  silent("| Day | High (°C) | Low (°F) |\n|---|---|---|\n| Monday | 12 | 40 |");
  silent("| Day | 12 °C | 85 °F |\n| Monday | 12 °C | 85 °F |");
  silent("| Day | High (°C) | High (°F) |\n|---|---|---|\n| Monday | 10–12 | 50–54 |");
});

Deno.test("conversions: units convert-units lacks, by their exact definitions", () => {
  assertTwins(
    "The passage is 86 nautical miles, about 169.3 km.",
    "The passage is 86 nautical miles, about 159.3 km.",
    "86 nautical miles is 159.27 km, not 169.3 km",
  );
  assertTwins(
    "So 50 troy oz of gold is 1,417 g.",
    "So 50 troy oz of gold is 1,555 g.",
  );
  assertTwins(
    "The ship displaced 3,000 long tons (3,408 tonnes).",
    "The ship displaced 3,000 long tons (3,048 tonnes).",
  );
  assertTwins("The wreck lies in 12 fathoms (27 m).", "The wreck lies in 12 fathoms (22 m).");
  assertTwins(
    "The tank holds 10 imperial gallons, or 37.9 litres.",
    "The tank holds 10 imperial gallons, or 45.5 litres.",
  );
  // "nm" is nanometres as often as nautical miles: never read.
  silent("The wavelength is 532 nm, about 0.5 miles of fibre away.");
});

Deno.test("conversions: a slip of a few degrees is shown; a rounded figure is neither", () => {
  // Temperature factors are exact: a figure not rounded to 5 claims its own precision.
  assertTwins("So 38.5°C = 102.3°F: a fever.", "So 38.5°C = 101.3°F: a fever.");
  assertTwins("Keep it near 24°C (about 79°F).", "Keep it near 24°C (about 75°F).");
  assertTwins(
    "Hot tubs top out at 104°F, which is 42°C.",
    "Hot tubs top out at 104°F, which is 40°C.",
  );
  // Two digits swapped (365 for 356) within the 2% a rounded factor or an oven dial may take.
  assertTwins("180°C works out to about 365°F.", "180°C works out to about 356°F.");
  // Within a rounded factor's 2% (or a hedge's 10%), a slip of the right figure's digits is still
  // a slip: two swapped, or one changed before the last.
  assertTwins(
    "The division's limit is 135 lb, which is 62.1 kg.",
    "The division's limit is 135 lb, which is 61.2 kg.",
    "135 lb is 61.23 kg, not 62.1 kg",
  );
  assertTwins(
    "The bag weighs 7 kg, which is about 14.4 lb.",
    "The bag weighs 7 kg, which is about 15.4 lb.",
  );
  assertTwins("A 2 lb loaf is 970 g.", "A 2 lb loaf is 907 g.");
  // "only" or "just" before the figure or its hedge.
  assertTwins(
    "The cabin bag limit is 7 kg, which is only about 14.4 lb.",
    "The cabin bag limit is 7 kg, which is only about 15.4 lb.",
  );
  // A whole figure's trailing zero claims no digit: a rounded factor's "350 g" for 340.2 g.
  silent("A 12 oz steak is about 350 g.");
  silent("A 4 oz portion is about 120 g.");
  // A change of temperature converts by the scales' ratio alone, in a sentence of changes; the
  // same figures said of a reading are wrong.
  silent(
    "In Fahrenheit terms, 1.5 °C of warming is 2.7 °F, and the 2 °C ceiling works out to 3.6 °F.",
  );
  assertOne("The temperature rose to 20 °C (36 °F).", "unit_conversion", "contradicted");
  silent("Turn the thermostat down by 10°F (about 5.6°C) while you sleep.");
  // Said to be a change ("a rise of"), it converts as one only: 50 °F is the reading's.
  assert.deepEqual(
    conversions("The offset cancels out, so a rise of 10 °C equals a rise of 18 °F."),
    [["consistent", "a change of 10 °C is 18 °F"]],
  );
  silent("The offset cancels out, so a rise of 10 °C equals a rise of 50 °F.");
  // A total after the last of its parts is no conversion of that part.
  assert.deepEqual(
    conversions("Monday 1.5 h, Tuesday 2 h, Thursday 2 h 15 min — that's 5.75 hours altogether."),
    [],
  );
  // A factor in an aside, its unit in words or not read ("1 short ton = 0.907 t"), is no
  // conversion of the measure before it.
  assert.deepEqual(
    conversions(
      "15 short tons of steel is about 13.6 metric tonnes (1 short ton = 0.907 t), so it fits.",
    ),
    [["consistent", "15 short tons is 13.61 tonnes"]],
  );
  // An oven's setting rounded to 5, and a factor rounded: not contradicted, not confirmed either.
  silent("Bake at 180°C (350°F) for 40 minutes.");
  silent("The trail is 12 km (7.6 miles) long.");
  assertOne("The trail is 12 km (7.5 miles) long.", "unit_conversion", "consistent");
});

Deno.test("conversions: a bare K beside a temperature is kelvin", () => {
  assertTwins(
    "Adding 273.15 gives 350.52 K (about 173 °F).",
    "Adding 273.15 gives 351.52 K (about 173 °F).",
    "350.52 K is 171.3 °F, not 173 °F",
  );
  assertOne(
    "The photosphere is about 5,778 K, or roughly 5,505 °C.",
    "unit_conversion",
    "consistent",
  );
  // Alone, "K" is a thousand or a name: never a scale.
  silent("The budget is 350 K, about 320 K after tax.");
});

Deno.test("conversions: degrees whose scale a join names; a race named by its distance", () => {
  assertTwins(
    "Up there water boils at 92.2 degrees Celsius — in Fahrenheit, that's about 189.0 degrees.",
    "Up there water boils at 92.2 degrees Celsius — in Fahrenheit, that's about 198.0 degrees.",
    "92.2 degrees Celsius is 197.96 °F, not 189.0 degrees",
  );
  silent("The angle is 45 degrees, or 0.785 radians.");
  // A race's name is its distance: read when joined to its miles as a conversion is.
  assertOne("A 10K is 6.2 miles, a nice step up from a 5K.", "unit_conversion", "consistent");
  assertOne("A 10K is 6.8 miles.", "unit_conversion", "contradicted");
  silent("Our 4K TV cost $10K.");
});

Deno.test("conversions: a height in feet and inches with prime marks", () => {
  assertOne(`5'10" is about 178 cm.`, "unit_conversion", "consistent", `5'10" is 177.8 cm`);
  assertOne(`5'10" is about 188 cm.`, "unit_conversion", "contradicted");
  assertOne("She is 6′2″, about 188 cm.", "unit_conversion", "consistent");
});

Deno.test("conversions: a join after a dash", () => {
  const forecast = (c: string) => `The forecast — a high of 107°F — translates to roughly ${c}.`;
  assertOne(forecast("42°C"), "unit_conversion", "consistent");
  assertOne(forecast("29°C"), "unit_conversion", "contradicted", "107°F is 41.7 °C, not 29°C");
  assertSilent("unit_conversion", "It was 30 km — that's a long way — and 12 miles more.");
});

Deno.test("conversions: a second conversion of a measure, a result converted on, a factor told between", () => {
  const zero = (f: string) => `Absolute zero is 0 K, which equals −273.15 °C or ${f}.`;
  assert.deepEqual(findingsOf(zero("−459.67 °F"), "unit_conversion").map((f) => f.verdict), [
    "consistent",
    "consistent",
  ]);
  assert.deepEqual(
    findingsOf(zero("−491.67 °F"), "unit_conversion").map((f) => f.reason),
    ["0 K is -273.15 °C", "0 K is -459.67 °F, not −491.67 °F"],
  );
  // A factor told as a definition between the measure and its result.
  const fabric = (m: string) =>
    `You'll need 2.5 yards of fabric. Since a yard is 0.9144 m, that's about ${m} m.`;
  assertOne(fabric("2.29"), "unit_conversion", "consistent", "2.5 yards is 2.286 metres");
  assertOne(
    fabric("2.92"),
    "unit_conversion",
    "contradicted",
    "2.5 yards is 2.286 metres, not 2.92 m",
  );
  // ... or as one of the measure's unit equated to it.
  const height = (cm: string) => `You're 70 inches tall; since 1 inch = 2.54 cm that's ${cm} cm.`;
  assertOne(height("177.8"), "unit_conversion", "consistent", "70 inches is 177.8 cm");
  assertOne(
    height("172.8"),
    "unit_conversion",
    "contradicted",
    "70 inches is 177.8 cm, not 172.8 cm",
  );
  // The definition's own unit is no measure converted by it.
  assert.deepEqual(
    findingsOf(
      "He is 72 inches tall. Since one inch is 2.54 cm, that's 182.9 cm.",
      "unit_conversion",
    )
      .filter((f) => f.verdict === "contradicted"),
    [],
  );
  // ", and in Fahrenheit about …" names the unit of a second conversion.
  const cmb = (f: string) =>
    `The background sits at about 2.725 K. In Celsius that's −270.425 °C, and in Fahrenheit about ${f}.`;
  assert.deepEqual(findingsOf(cmb("−486.8 °F"), "unit_conversion").map((f) => f.reason), [
    "2.725 K is -270.425 °C",
    "2.725 K is -454.76 °F, not −486.8 °F",
  ]);
  // A conversion's result converted on; one of a unit named after it is no result.
  const tall = (m: string) => `He is 6 feet tall, or 72 inches, which is about ${m} m.`;
  assert.deepEqual(findingsOf(tall("1.98"), "unit_conversion").map((f) => f.reason), [
    "6 feet is 72 inches",
    "72 inches is 1.829 metres, not 1.98 m",
  ]);
  assert.deepEqual(findingsOf(tall("1.83"), "unit_conversion").map((f) => f.verdict), [
    "consistent",
    "consistent",
  ]);
  assert.deepEqual(
    findingsOf(
      "That's 63.5 kg, which is 140 lb (one nautical mile is 1.852 km).",
      "unit_conversion",
    ).filter((f) => f.verdict === "contradicted"),
    [],
  );
  // After a conversion in brackets, "which is" another of the measure before it, if near one.
  const nitrogen = (f: string) =>
    `Liquid nitrogen boils at −196 °C (about 77 K), which is roughly ${f}.`;
  assert.deepEqual(
    findingsOf(nitrogen("−353 °F"), "unit_conversion").map((f) => f.reason),
    ["−196 °C is 77.1 K", "−196 °C is -320.8 °F, not −353 °F"],
  );
  assert.deepEqual(
    findingsOf(nitrogen("−321 °F"), "unit_conversion").map((f) => f.verdict),
    ["consistent", "consistent"],
  );
  assert.deepEqual(
    findingsOf("At 180 lb (about 81.6 kg), which is 131 g of protein a day.", "unit_conversion")
      .filter((f) => f.verdict === "contradicted"),
    [],
  );
});

Deno.test("conversions: a label's measure in brackets, its conversion after the colon", () => {
  assertOne("- Incubator (37°C): 98.6°F", "unit_conversion", "consistent");
  assertOne(
    "- Incubator (37°C): **108.6°F**",
    "unit_conversion",
    "contradicted",
    "37°C is 98.6 °F, not 108.6°F",
  );
  assertSilent("unit_conversion", "- Oven (200°C): 25 minutes");
});

Deno.test("conversions: an ounce of a precious metal is a troy ounce", () => {
  assertOne("So a 10 oz gold bar weighs roughly 311 g.", "unit_conversion", "consistent");
  assertOne("So a 10 oz gold bar weighs roughly 283 g.", "unit_conversion", "contradicted");
  assertOne("A 10 oz steak is about 283 g.", "unit_conversion", "consistent");
});

Deno.test("conversions: temperature scales converted in worked steps, one figure's steps", () => {
  assertTwins(
    "1. Start with 400 °F.\n2. Subtract 32 → 368.\n3. Multiply by 5/9 → **150.0 °C**.",
    "1. Start with 400 °F.\n2. Subtract 32 → 368.\n3. Multiply by 5/9 → **204.4 °C**.",
    "400 °F is 204.44 °C, not 150.0 °C",
  );
  assertTwins(
    "Lead melts at 327.5 °C. Using °F = °C × 9/5 + 32, that's 581.5 °F.",
    "Lead melts at 327.5 °C. Using °F = °C × 9/5 + 32, that's 621.5 °F.",
  );
  assertTwins(
    "Mercury freezes at −38.8 °C; add 273.15 to get 244.35 K.",
    "Mercury freezes at −38.8 °C; add 273.15 to get 234.35 K.",
  );
  assertTwins(
    "Sirius is about 9,940 K. In Celsius, subtract 273.15: you get roughly 9,367 °C.",
    "Sirius is about 9,940 K. In Celsius, subtract 273.15: you get roughly 9,667 °C.",
  );
  assertTwins(
    "- Input: 25 degrees Celsius\n- Formula: (°C × 9/5) + 32\n- Result: 87 degrees Fahrenheit",
    "- Input: 25 degrees Celsius\n- Formula: (°C × 9/5) + 32\n- Result: 77 degrees Fahrenheit",
  );
  // A figure between that the steps do not give is another one's; steps of another scale.
  silent("It's 20 °C today; yesterday was 25. Add 273.15 to get 298.15 K.");
  silent("Water boils at 100 °C. From Fahrenheit, subtract 32 and multiply by 5/9: 40 °C.");
});

Deno.test("conversions: the next list line labelled as the conversion", () => {
  assertTwins(
    "- Route length: 42 nautical miles\n- In kilometres: 90.1 km\n- Crew: 4",
    "- Route length: 42 nautical miles\n- In kilometres: 77.8 km\n- Crew: 4",
    "42 nautical miles is 77.78 km, not 90.1 km",
  );
  silent("- Leg one: 12 km\n- Leg two: 9 miles");
  silent("- Distance: 12 km\n- Climb in feet: 900");
});

Deno.test("conversions: a result stated before what it converts", () => {
  assertTwins(
    "## 114 °F\n\nThat's 40 °C converted to Fahrenheit.",
    "## 104 °F\n\nThat's 40 °C converted to Fahrenheit.",
    "40 °C is 104 °F, not 114 °F",
  );
  assertTwins(
    "Set it to 350°F — the 210°C from the British recipe, converted.",
    "Set it to 410°F — the 210°C from the British recipe, converted.",
  );
  silent("## 104 °F\n\nThat's 40 °C converted to kelvin.");
});

Deno.test("conversions: races named by their kilometres", () => {
  assertTwins("A 15K is 11.3 miles.", "A 15K is 9.3 miles.", "15K is 9.32 miles, not 11.3 miles");
  assertTwins("Next comes a 10K (7.2 mi).", "Next comes a 10K (6.2 mi).");
  silent("I walk 10K steps, about 5 miles.");
  silent("The 10K foot ridge is about 1.9 miles long.");
});

Deno.test("conversions: inch marks, signs after a noun or phrase, the measure's own words", () => {
  assertTwins('A 55" TV has a diagonal of 160.0 cm.', 'A 55" TV has a diagonal of 139.7 cm.');
  assertTwins(
    "So a 75″ TV is 142.6 cm corner to corner.",
    "So a 75″ TV is 190.5 cm corner to corner.",
  );
  silent('She typed "55" and got 140 cm.');
  assertTwins("300 g of sugar ≈ 13.6 oz by weight.", "300 g of sugar ≈ 10.6 oz by weight.");
  assertTwins(
    "The loop is 42 km altogether, or 29.1 miles.",
    "The loop is 42 km altogether, or 26.1 miles.",
  );
  // Each list line ends its conversion.
  assert.deepEqual(
    conversions("* Onions: 3 lb bag ≈ 1.80 kg\n* Leeks: 2 lb bag ≈ 0.91 kg").map(([v]) => v),
    ["contradicted", "consistent"],
  );
});

Deno.test("conversions: a table column headed by a unit alone restates the one before", () => {
  const track = (feet: string) => `| Event | Feet |\n|---|---|\n| 200 m | ${feet} ft |`;
  assertTwins(track("565"), track("656"), "200 m is 656.2 feet, not 565 ft");
  silent("| Height (m) | Depth | ft |\n|---|---|---|\n| 30 m | 12 ft | 40 ft |");
});

Deno.test('conversions: a "t" heading a column of mass is the tonne, and nowhere else', () => {
  const fleet = (pounds: string) =>
    `| Vehicle | Mass (t) | Mass (lb) |\n|---|---|---|\n| Pickup | 2.4 | ${pounds} |`;
  assertTwins(fleet("5,921"), fleet("5,291"), "2.4 tonnes is 5,291.1 lb, not 5,921");
  silent("| Step | Time (t) | Time (min) |\n|---|---|---|\n| A | 2.4 | 5,921 |");
});

Deno.test("conversions: vulgar fractions are read as the decimals they write", () => {
  assert.deepEqual(conversions("After planing it measures 1½ × 3½ inches, which is 38 × 98 mm."), [
    ["consistent", "1½ inches is 38.1 mm"],
    ["contradicted", "3½ inches is 88.9 mm, not 98 mm"],
  ]);
  assertTwins(
    "The loan ran for 40 months (3½ years).",
    "The loan ran for 42 months (3½ years).",
    "40 months is 3.33 years, not 3½ years",
  );
  assertTwins(
    "The pattern calls for 2½ yards, that's 2.92 m.",
    "The pattern calls for 2½ yards, that's 2.29 m.",
  );
});

Deno.test("conversions: the measure converted is read as given, a round one within its rounding", () => {
  assertTwins(
    "2 oz of sugar is about 51 g.",
    "2 oz of sugar is about 57 g.",
    "2 oz is 56.7 g, not 51 g",
  );
  assert.deepEqual(conversions("So 2 short tons is 4,000 lb, or about 2,032 kg."), [
    ["consistent", "2 short tons is 4,000 lb"],
    ["contradicted", "2 short tons is 1,814.4 kg, not 2,032 kg"],
  ]);
  assertTwins(
    "That's 11,023 lb, which is about 4.54 US short tons.",
    "That's 11,023 lb, which is about 5.51 US short tons.",
    "11,023 lb is 5.512 short tons, not 4.54 US short tons",
  );
  // "100 miles" may be rounded; a temperature converted is often cut short, not rounded.
  silent("A century ride is 100 miles (165 km).");
  silent("Bake at 224 °F (106 °C).");
});

Deno.test("conversions: days in weeks are counted, to the day in weeks and days", () => {
  assertTwins(
    "That's 40 days on the calendar, i.e. 5 weeks and 4 days.",
    "That's 39 days on the calendar, i.e. 5 weeks and 4 days.",
    "40 days is 5 weeks and 5 days, not 5 weeks and 4 days",
  );
  assertTwins(
    "It comes to 110 days in total, or 15 weeks and 4 days.",
    "It comes to 109 days in total, or 15 weeks and 4 days.",
  );
  // Whole weeks are rounded or cut down: 109 days is 15 or 16 weeks, 280 days 40 only.
  assert.deepEqual(conversions("It is 109 days, or 15 weeks."), [
    ["consistent", "109 days is 15 weeks and 4 days"],
  ]);
  assert.deepEqual(conversions("It is 109 days, or 16 weeks."), [
    ["consistent", "109 days is 15 weeks and 4 days"],
  ]);
  assertTwins(
    "The due date is 280 days (39 weeks) later.",
    "The due date is 280 days (40 weeks) later.",
    "280 days is 40 weeks, not 39 weeks",
  );
  silent("That's about 110 days, or roughly 15 weeks and 4 days.");
});

Deno.test("conversions: weeks and days stay a period's parts for the checks of its dates", () => {
  assert.deepEqual(
    findingsOf("From January 6, 2025 to February 14, 2025 is 5 weeks and 4 days.", "duration")
      .map((f) => [f.verdict, f.reason]),
    [["consistent", "January 6, 2025 to February 14, 2025 is 39 or 40 days"]],
  );
});

Deno.test("conversions: a conversion said to be exact", () => {
  assertTwins(
    "Water boils at 100 °C, or exactly 232 °F.",
    "Water boils at 100 °C, or exactly 212 °F.",
    "100 °C is 212 °F, not 232 °F",
  );
  assertTwins("That's 280 days, or exactly 42 weeks.", "That's 280 days, or exactly 40 weeks.");
});

Deno.test("conversions: a factor told in the next sentence, and a temperature in all three scales", () => {
  const ferry = (km: number) =>
    conversions(
      `The ferry crossing is 120 nautical miles. Since one nautical mile is exactly 1.852 km, that's about ${km} km.`,
    );
  assert.deepEqual(ferry(193), [
    ["contradicted", "120 nautical miles is 222.2 km, not 193 km"],
    ["consistent", "one nautical mile is 1.852 km"],
  ]);
  assert.deepEqual(ferry(222).map(([verdict]) => verdict), ["consistent", "consistent"]);
  const zero = (fahrenheit: string) =>
    conversions(
      `Absolute zero is defined as 0 K. On the Celsius scale that's −273.15°C, and on the Fahrenheit scale it's ${fahrenheit}.`,
    );
  assert.deepEqual(zero("−491.67°F"), [
    ["consistent", "0 K is -273.15 °C"],
    ["contradicted", "0 K is -459.67 °F, not −491.67°F"],
  ]);
  assert.deepEqual(zero("−459.67°F").map(([verdict]) => verdict), ["consistent", "consistent"]);
  const scales = (fahrenheit: string) =>
    conversions(`Absolute zero — 0 K — corresponds to −273.15 °C and ${fahrenheit} °F.`);
  assert.deepEqual(scales("−491.67")[1], ["contradicted", "0 K is -459.67 °F, not −491.67 °F"]);
  assert.deepEqual(scales("−459.67")[1], ["consistent", "0 K is -459.67 °F"]);
  // "and" alone joins only a temperature's scales: "1 oz ≈ 28 g, and 1 stone is 14 lb" lists
  // factors.
  assert.deepEqual(
    conversions("Quick reference: 1 kg ≈ 2.2 lb, 1 oz ≈ 28 g, and 1 stone is 14 lb.")
      .filter(([verdict]) => verdict === "contradicted"),
    [],
  );
});

Deno.test("conversions: measures that are other measures of the thing, or what it yields", () => {
  assert.deepEqual(
    conversions("The full length is 120 yards, or about 109.7 m. It's 53⅓ yards wide."),
    [["consistent", "120 yards is 109.73 metres"]],
  );
  silent("A sprint triathlon is half that: 750 m, 20 km and 5 km.");
  silent("The case adds 30 hours, and a 10-minute quick charge gives you about 2 hours.");
});

Deno.test("conversions: an ounce of bullion is troy where the metal or troy ounces are named", () => {
  const bar = (grams: number) =>
    conversions(
      `Precious metals are priced in troy ounces, so a 10 oz bar weighs about ${grams} g.`,
    );
  assert.deepEqual(bar(283), [["contradicted", "10 oz is 311 g, not 283 g"]]);
  assert.deepEqual(bar(311), [["consistent", "10 oz is 311 g"]]);
  assert.deepEqual(conversions("A 3.5 oz chocolate bar weighs about 99 g."), [
    ["consistent", "3.5 oz is 99.2 g"],
  ]);
});

Deno.test("conversions: stones are a unit of their own, 14 lb each", () => {
  assertTwins(
    "You weigh 12 stone, which is 178 lb.",
    "You weigh 12 stone, which is 168 lb.",
    "12 stone is 168 lb, not 178 lb",
  );
  // "a stone is 14 lb" tells the factor, and what follows is no conversion of the 14 lb.
  assert.deepEqual(
    conversions("82 kg ≈ 180.8 lb. Since a stone is 14 lb, that's 12 stone with 12.8 lb left over.")
      .filter(([verdict]) => verdict === "contradicted"),
    [],
  );
});

Deno.test("conversions: a result worked out from a factor is converted on", () => {
  // Against an empty document, so that no agreement among the figures reads it first.
  const crossing = (miles: number) =>
    findingsOf(
      `The crossing is 120 nautical miles, and since 1 nautical mile = 1.852 km that's about 222.2 km, or roughly ${miles} statute miles.`,
      "unit_conversion",
      "",
    ).map((f) => [f.verdict, f.reason]).at(-1);
  assert.deepEqual(crossing(148), [
    "contradicted",
    "222.2 km is 138.1 miles, not 148 statute miles",
  ]);
  assert.deepEqual(crossing(138), ["consistent", "222.2 km is 138.1 miles"]);
});

Deno.test("conversions: a measure said of one of another unit is that unit's factor, not converted", () => {
  for (const factor of ["With a troy ounce at 31.1 g", "At 31.1 g per troy ounce"]) {
    assertOne(
      `The bar holds 400 troy ounces. ${factor}, that's 12.44 kg.`,
      "unit_conversion",
      "consistent",
      "400 troy ounces is 12.441 kg",
    );
  }
  assertOne("The coin weighs 31.1 g, that's 1.1 oz.", "unit_conversion", "consistent");
});

Deno.test("conversions: an aside in brackets after a conversion is passed over to the next one", () => {
  const weight = (kg: string) =>
    findingsOf(
      `11 stone is 154 lb (there are 14 lb in a stone), or about ${kg} kg.`,
      "unit_conversion",
    )
      .map((f) => `${f.verdict}: ${f.reason}`);
  assert.deepEqual(weight("69.9"), [
    "consistent: 11 stone is 154 lb",
    "consistent: 11 stone is 69.85 kg",
  ]);
  assert.deepEqual(weight("79.9"), [
    "consistent: 11 stone is 154 lb",
    "contradicted: 11 stone is 69.85 kg, not 79.9 kg",
  ]);
});

Deno.test("conversions: a difference after a measure, or a figure taken off by another, is no conversion", () => {
  assertOne(
    "The 1500 m is about 0.93 miles, roughly 109 m short of a real mile.",
    "unit_conversion",
    "consistent",
    "1500 m is 0.932 miles",
  );
  silent(
    "The shift is 7 hours 45 minutes long, or 7.25 hours of paid time after a 30-minute unpaid lunch.",
  );
  // A measure in brackets converted on past its bracket, to a measure near it only.
  assert.deepEqual(
    conversions("A birth weight of 7 lb 8 oz (7.5 lb) equals 3.62 kg."),
    [["consistent", "7 lb 8 oz is 7.5 lb"], ["contradicted", "7.5 lb is 3.402 kg, not 3.62 kg"]],
  );
  assert.deepEqual(conversions("For a 180 lb man (81.6 kg) that gives 131 g of protein."), [
    ["consistent", "180 lb is 81.65 kg"],
  ]);
  // A bare figure worked on is a step of working, no converted result.
  assert.deepEqual(conversions("Room temperature is 25 °C, in kelvin, 25 + 273.15 = 298.15 K."), [
    ["consistent", "25 °C is 298.15 K"],
  ]);
  // A unit's value named with a remark in brackets is its factor, no measure converted.
  silent(
    "Since an ordinary (avoirdupois) ounce is 28.35 g, that's roughly 10.97 ounces on a kitchen scale.",
  );
  // A measure of each of a count, scaled, is no conversion of it.
  assertOne(
    "10,000 steps at a stride of 0.8 m comes to 8 km, which is about 5 miles.",
    "unit_conversion",
    "consistent",
    "8 km is 5 miles",
  );
  // A condition with an amount of its own; one without is still a conversion.
  silent("The shift is 7 hours 45 minutes, or 7.25 hours if you take a 30-minute unpaid lunch.");
  assertOne(
    "Preheat the oven to 180 °C — that's 365 °F if your oven dial is in Fahrenheit.",
    "unit_conversion",
    "contradicted",
    "180 °C is 356 °F, not 365 °F",
  );
  assert.deepEqual(
    conversions(
      "Coffee bags are often 12 oz, which is about 354 g, a little less than the 1 lb (454 g) bags.",
    ),
    [["contradicted", "12 oz is 340.2 g, not 354 g"], ["consistent", "1 lb is 453.6 g"]],
  );
});

Deno.test("conversions: a sign in words, capitalised or not, makes the measure negative", () => {
  assertTwins(
    "Minus ten Celsius is four degrees Fahrenheit, so wear a coat.",
    "Minus ten Celsius is fourteen degrees Fahrenheit, so wear a coat.",
    "Minus ten Celsius is 14 °F, not four degrees Fahrenheit",
  );
});
