/**
 * Arithmetic written out the ways chatbots write it (server/detector/checks/arithmetic.ts):
 * percents, steps on their own lines, chains, units and labels on the terms. A right answer is
 * confirmed; its wrong twin is contradicted where the numbers say all there is (plain numbers on
 * one line), and left silent where units, a percent or a line break leave room for another
 * reading. Dates, scores, ratios, versions and formulas with unknowns are no arithmetic.
 */
import assert from "node:assert/strict";
import { assertOne, assertSilent, findingsOf } from "../support/exact_checks.ts";

const arithmetic = (text: string) =>
  findingsOf(text, "arithmetic").map((f) => [f.verdict, f.reason]);

/** The right answer confirmed, its wrong twin not reported. */
function confirmedOnly(right: string, wrong: string) {
  assertOne(right, "arithmetic", "consistent");
  assertSilent("arithmetic", wrong);
}

Deno.test("arithmetic: a percent is the value, or the fraction a hundred times", () => {
  // Made a percentage by hand (÷, then × 100), it is the value only: a wrong one is shown.
  assertOne("hydration = 720 ÷ 1000 × 100 = **72%**", "arithmetic", "consistent");
  assertOne(
    "hydration = 720 ÷ 1000 × 100 = **94%**",
    "arithmetic",
    "contradicted",
    "720 ÷ 1000 × 100 = 72%, not 94%",
  );
  confirmedOnly("So 16/24 = 66.7% of the seeds came up.", "So 16/24 = 76.7% of the seeds came up.");
  confirmedOnly("0.375 × 100 = 37.5%", "0.375 × 100 = 3.75%");
  confirmedOnly("100% − 35% = 65% is left.", "100% − 35% = 75% is left.");
  assertOne("50 × 20% = 10", "arithmetic", "consistent", "50 × 20% = 10");
  assertOne("16/24 = 66.7%", "arithmetic", "consistent", "16/24 = 66.6667%");
});

Deno.test("arithmetic: steps on the next lines, in bold; each link of a chain", () => {
  const rate = (result: string) =>
    `Germination rate = sprouted ÷ sown × 100\n= 16 ÷ 24 × 100\n= **${result}**`;
  assertOne(rate("66.7%"), "arithmetic", "consistent");
  assertOne(rate("6.7%"), "arithmetic", "contradicted", "16 ÷ 24 × 100 = 66.6667%, not 6.7%");
  // A line that opens with "=" goes on from the line above; a step on a line of its own may not.
  assertOne("Total = 3 × 4\n= 13", "arithmetic", "contradicted", "3 × 4 = 12, not 13");
  confirmedOnly("Total = 3 × 4 =\n12", "Total = 3 × 4 =\n13");
  assert.deepEqual(arithmetic("16 ÷ 24 = 0.667 = 66.7%"), [
    ["consistent", "16 ÷ 24 = 0.6667"],
    ["consistent", "0.667 = 66.7%"],
  ]);
  // A wrong percent of a right value: the plain link confirmed, the percent one silent.
  assert.deepEqual(arithmetic("16 ÷ 24 = 0.667 = 6.67%"), [["consistent", "16 ÷ 24 = 0.6667"]]);
  // A plain link of a chain is read as written, after a formula or a running sum.
  assertOne(
    "°F = °C × 9/5 + 32 = 87.2 × 1.8 + 32 = 157.0 °F",
    "arithmetic",
    "contradicted",
    "87.2 × 1.8 + 32 = 188.96, not 157.0",
  );
  assertOne("°F = °C × 9/5 + 32 = 87.2 × 1.8 + 32 = 189.0 °F", "arithmetic", "consistent");
  assertOne("5 + 3 = 8 + 2 = 11", "arithmetic", "contradicted", "8 + 2 = 10, not 11");
  // Said with ≈: confirmed within the result's precision, never contradicted.
  confirmedOnly("(450 − 32) × 5/9 = 418 × 5/9 ≈ 232°C", "(450 − 32) × 5/9 = 418 × 5/9 ≈ 752°C");
});

Deno.test("arithmetic: terms and results with units, unit ratios and currencies", () => {
  confirmedOnly("85 nmi × 1.852 km/nmi = 157.4 km", "85 nmi × 1.852 km/nmi = 191.6 km");
  confirmedOnly("33 lb ÷ 2.2046 = 15.0 kg", "33 lb ÷ 2.2046 = 10.8 kg");
  confirmedOnly("so 15 kg × 15 mg/kg = 225 mg per dose.", "so 15 kg × 15 mg/kg = 255 mg per dose.");
  confirmedOnly("4 × 250 ml = 1,000 ml", "4 × 250 ml = 1,200 ml");
  confirmedOnly(
    "20 short (US) tons × 0.90718 = 18.1 metric tonnes.",
    "20 short (US) tons × 0.90718 = 22.2 metric tonnes.",
  );
  // One currency throughout: money does not convert, so a wrong total is wrong.
  assertOne("3 × £12.50 = £37.50", "arithmetic", "consistent", "3 × £12.50 = 37.5");
  assertOne("3 × £12.50 = £36.50", "arithmetic", "contradicted", "3 × £12.50 = 37.5, not £36.50");
  // Another currency in the result may be a conversion.
  confirmedOnly("£10 × 1.17 = €11.70", "£10 × 1.17 = €12.70");
  // Units that change: only a relation that holds is said.
  assertSilent("arithmetic", ["5 km ÷ 25 min = 12 km/h", "1 h + 30 min = 1.5 h"]);
});

Deno.test("arithmetic: labels in parentheses and hints beside the main expression", () => {
  confirmedOnly(
    "In mm: 12 × 25.4 (inches × 25.4) = 304.8 mm",
    "In mm: 12 × 25.4 (inches × 25.4) = 314.8 mm",
  );
  // A hint before the expression: plain numbers after it, read as written.
  assertOne("Millimetres (inches × 25.4) = 12 × 25.4 = 304.8", "arithmetic", "consistent");
  assertOne(
    "Millimetres (inches × 25.4) = 12 × 25.4 = 314.8",
    "arithmetic",
    "contradicted",
    "12 × 25.4 = 304.8, not 314.8",
  );
  // A sum of amounts in one unit, each with its label, is plain: a wrong total is wrong.
  assertOne(
    "Budget: £120 (train) + £85 (hotel) = £215",
    "arithmetic",
    "contradicted",
    "£120 (train) + £85 (hotel) = 205, not £215",
  );
  assertOne("Budget: £120 (train) + £85 (hotel) = £205", "arithmetic", "consistent");
  // In parentheses as a whole, and at the head of a bullet.
  assertOne("The rate is high (16 ÷ 24 = 0.667).", "arithmetic", "consistent");
  assertOne("- 17 + 25 = 43", "arithmetic", "contradicted", "17 + 25 = 42, not 43");
});

Deno.test("arithmetic: plain numbers on one line keep being contradicted when wrong", () => {
  assertOne("We get 17 + 25 = 43.", "arithmetic", "contradicted", "17 + 25 = 42, not 43");
  assertOne("2. Add 32: 252 + 32 = **261°F**", "arithmetic", "contradicted");
  assertOne("Divide: 160 ÷ 2.20462 = 82.6.", "arithmetic", "contradicted");
  assertOne("−7 × 9/5 = −12.6", "arithmetic", "consistent", "−7 × 9/5 = -12.6");
});

Deno.test("arithmetic: silent on what is no worked calculation", () => {
  assertSilent("arithmetic", [
    // Formulas with unknowns, and an assignment.
    "Speed = distance ÷ time = d ÷ 25 = 12 km/h",
    "2y + 3 = 5",
    "2 y + 3 = 5",
    "y = 2x + 3 = 13",
    "Area = πr² = 3.14 × 5² = 78.5",
    "x = 5",
    // Dates, phone numbers, scores, ratios, times, versions, "24/7".
    "Due 2023-10-05 = 278 days in",
    "Born 10/5/1901 = 1901",
    "Call 555-123-4567 = 24 hours a day",
    "They won 3-1 = 3 points.",
    "The score was 3-1 = 2",
    "A 16:9 = 1.78 screen",
    "10:30 + 2 = 12:30",
    "Python 3.11.2 = 3.12 soon",
    "Open 24/7 = 168 hours a week",
    // Parentheses, LaTeX, denials, pieces of longer expressions.
    "(3 + 4) x 2 = 15",
    "(3 + 4 = 7) × 2 = 15",
    "\\frac{16}{24} \\times 100 = 76.7\\%",
    "It was 5 + 3 = 9 (not true)",
    "4*$10 + 6*$20 = $40 + $100",
    // A measure whose result drops its unit; labels that are no unit in a product (a share).
    "500 g flour + 367 g water = 867",
    "33 lb ÷ 2.2046 = 15.0",
    "126 orders / 5,539 sessions = 3.27%",
    "3 boxes × 12 = 36 eggs",
    // Conversions with no operator are another check's.
    "2.5 tonnes (metric) = 2,500 kg = **6,659.9 lb**",
  ]);
});

Deno.test("arithmetic: the tail of a derivation whose first steps are not read", () => {
  // "11 - 10 = 1" is right, but the steps before it are not read: nothing confirmed.
  assertSilent("arithmetic", "(8 + 3) - (5 x 2) = 11 - 10 = 1");
  assertSilent("arithmetic", "odds = 0.8 / (1 - 0.8) = 0.8 / 0.2 = 4");
  // A wrong step is wrong wherever it stands.
  assertOne("(8 + 3) - (5 x 2) = 11 - 10 = 2", "arithmetic", "contradicted", "11 - 10 = 1, not 2");
  // A formula in words before the "=" names what is computed: its step is read.
  assertOne("i = 4% / 12 = 0.33%", "arithmetic", "consistent");
});

Deno.test("arithmetic: a sum whose terms are labelled before their figures", () => {
  assert.deepEqual(
    arithmetic("Subtotal: notebook $12.99 + scientific calculator $24.50 + pens $7.25 = $45.74."),
    [["contradicted", "$12.99 + scientific calculator $24.50 + pens $7.25 = 44.74, not $45.74"]],
  );
  assertOne(
    "Subtotal: notebook $12.99 + scientific calculator $24.50 + pens $7.25 = $44.74.",
    "arithmetic",
    "consistent",
  );
  // A label with a figure of its own in brackets is the label's.
  assert.deepEqual(
    arithmetic("Flights £495 + hotel (3 nights) £300 + food £120 + activities £90 = £995."),
    [[
      "contradicted",
      "£495 + hotel (3 nights) £300 + food £120 + activities £90 = 1,005, not £995",
    ]],
  );
  // After a hyphen a word is the figure's ("a 55-inch TV"), not a label of a term.
  assert.deepEqual(arithmetic("So a 55-inch TV is 55 × 2.54 = 143.7 cm corner to corner."), [
    ["contradicted", "55 × 2.54 = 139.7, not 143.7"],
  ]);
  // What a product counts is no label of a sum; a label that scales leaves the sum loose.
  assertSilent("arithmetic", [
    "Your order: 3 × notebook at $12.50 = $37.50, 2 × pen set at $8.75 = $17.50.",
    "It costs $20 + per person $5 = $30.",
  ]);
});
