/**
 * Unit conversions as chatbots write them: each wrong conversion beside its right twin, and the
 * pairs of quantities that are no conversion of each other, where the check stays silent.
 */
import assert from "node:assert/strict";
import { exactFindings } from "../../server/detector/checks/run.ts";

const NOW = new Date(Date.UTC(2026, 10, 25));

/** The unit_conversion findings of a response, as [verdict, reason]. */
function conversions(response: string): [string, string][] {
  return exactFindings(response, undefined, NOW).flatMap((c) => c.findings)
    .filter((f) => f.kind === "unit_conversion").map((f) => [f.verdict, f.reason]);
}

function assertTwins(wrong: string, right: string, reason?: string) {
  const [w, r] = [conversions(wrong), conversions(right)];
  assert.equal(w.length, 1, `${wrong}: ${JSON.stringify(w)}`);
  assert.equal(w[0][0], "contradicted", wrong);
  if (reason) assert.equal(w[0][1], reason);
  assert.deepEqual(r.map(([verdict]) => verdict), ["consistent"], `${right}: ${JSON.stringify(r)}`);
}

const silent = (response: string) => assert.deepEqual(conversions(response), [], response);

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
  silent("Summer days reach 25–30 °C (70–80 °F).");
  silent("I did a 5 km run and a 10 km ride.");
  silent("I did a 5 km run and a 10 mile ride.");
  silent("You can walk 2 miles along the river, or 10 km through the park.");
  silent("It is 27 miles to Boston, or 20 km to the coast.");
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
  assert.deepEqual(
    conversions("Steel glows at about 480 degrees C, roughly 874 degrees F.")[0][0],
    "consistent",
  );
  assert.deepEqual(
    conversions("It is 27 miles, or around 43 km, from the airport.")[0][0],
    "consistent",
  );
  assert.deepEqual(conversions("The route is 114 km (that's 71 miles).")[0][0], "consistent");
  assert.deepEqual(conversions("The bag holds 25 lb; in metric it's 11 kg.")[0][0], "consistent");
});
