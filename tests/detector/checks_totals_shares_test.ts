/**
 * Totals, percentages and divisions with a remainder, on crafted pairs: the wrong statement
 * contradicted with its reason, its right twin confirmed, and the cases where the checks must stay
 * silent (subsets, a rest left out, other things than the total, hedged totals, changes, the
 * rest's share said of the rest).
 */
import assert from "node:assert/strict";
import { assertOne, assertSilent, assertTwins, findingsOf } from "../support/exact_checks.ts";

Deno.test('totals: a total named "overall" after it; a sum counted several times is no part', () => {
  const game = (total: string) =>
    `The Hawks scored 24 in the first quarter, 17 in the second, 31 in the third and 20 in the fourth, for ${total} points overall.`;
  assertOne(game("92"), "total", "consistent", "24 + 17 + 31 + 20 = 92");
  assertOne(game("88"), "total", "contradicted", "24 + 17 + 31 + 20 = 92, not 88");
  assertSilent(
    "total",
    "You paid $60 up front plus 5 monthly instalments of $45, so the phone cost you $285 overall.",
  );
  // Parts going both ways: a total of one way leaves the others out.
  assertSilent(
    "total",
    "The hike climbs 450 m, drops 120 m into the valley, then climbs another 300 m to the " +
      "summit (total ascent 750 m).",
  );
  // A unit price beside its line's amount: the amounts are the parts.
  assertSilent(
    "total",
    "Your order: 2 notebooks at $4.50 ($9.00), 3 pens at $1.20 ($3.60) and one stapler at " +
      "$12.99. Subtotal: $25.59 before tax.",
  );
});

Deno.test("totals: a list of other things, then their total", () => {
  assertOne(
    "The team sold 73 apples, 40 pears and 87 plums, 190 pieces of fruit in total.",
    "total",
    "contradicted",
    "73 + 40 + 87 = 200, not 190",
  );
  assertOne(
    "The team sold 73 apples, 40 pears and 87 plums, 200 pieces of fruit in total.",
    "total",
    "consistent",
  );
  assertOne(
    "The shelter took in 19 cats and 11 dogs, 50 animals combined.",
    "total",
    "contradicted",
  );
  assertOne("The shelter took in 19 cats and 11 dogs, 30 animals combined.", "total", "consistent");
});

Deno.test("totals: a figure after the total is said of it; a part's conversion is no part", () => {
  const meals = (total: string) =>
    `Breakfast (420 kcal), lunch (650 kcal), a snack (180 kcal) and dinner (780 kcal) add up to ${total} kcal for the day, a little over a typical 2,000 kcal target.`;
  assertOne(
    meals("2,030"),
    "total",
    "consistent",
    "420 kcal + 650 kcal + 180 kcal + 780 kcal = 2,030",
  );
  assertOne(
    meals("1,930"),
    "total",
    "contradicted",
    "420 kcal + 650 kcal + 180 kcal + 780 kcal = 2,030, not 1,930 kcal",
  );
  // A conversion slipped ("20 kg — that's 48.1 lb") restates its part: the conversion is wrong,
  // not the total.
  for (
    const response of [
      "Your bar weighs 20 kg — that's 48.1 lb — and the plates add 20 kg, for 40 kg altogether (88.2 lb).",
      "Load a 20 kg bar, a 20 kg plate (48.1 lb) and another 20 kg plate, for a total of 60 kg (132.3 lb).",
    ]
  ) {
    assertSilent("total", response);
    assert.deepEqual(
      findingsOf(response, "unit_conversion").filter((f) => f.verdict === "contradicted")
        .map((f) => f.reason),
      ["20 kg is 44.09 lb, not 48.1 lb"],
    );
  }
});

Deno.test("totals: parts labelled by names with numbers", () => {
  assertOne(
    "7A has 22, 7B has 29, 7C has 27, and 7D has 23, so Year 7 has 101 students in total.",
    "total",
    "consistent",
  );
  assertOne(
    "7A has 22, 7B has 29, 7C has 27, and 7D has 23, so Year 7 has 111 students in total.",
    "total",
    "contradicted",
    "22 + 29 + 27 + 23 = 101, not 111",
  );
  // A number glued to letters is no part: "3rd", "10K".
  assertSilent("total", "She came 3rd, then 2nd, and 5th in the 10K: 10 races in all.");
});

Deno.test("totals: parts said briefly, across sentences, with the total first", () => {
  assertOne(
    "The school has 235 students in the first year, 173 in the second and 214 in the third, " +
      "a total of 722 students.",
    "total",
    "contradicted",
    "235 + 173 + 214 = 622, not 722",
  );
  assertOne(
    "You walked 3,622 steps this morning and another 7,329 in the afternoon, which comes to " +
      "10,951 steps for the day.",
    "total",
    "consistent",
  );
  assertOne(
    "The first printing ran to 5,413 copies and the second to 3,325, so 8,538 copies were " +
      "printed in all.",
    "total",
    "contradicted",
  );
  assertOne(
    "Rent is $1,322, utilities $206 and food $372. That adds up to $1,800 for the month.",
    "total",
    "contradicted",
    "$1,322 + $206 + $372 = 1,900, not $1,800",
  );
  assertOne(
    "Votes were split: 314 for, 463 against and 60 abstentions. Altogether, 837 ballots were cast.",
    "total",
    "consistent",
  );
  assertOne(
    "In all, 1523 people attended: 425 on Friday, 795 on Saturday and 309 on Sunday.",
    "total",
    "contradicted",
    "425 + 795 + 309 = 1,529, not 1523",
  );
  assertOne(
    "The bank employs 237 people across its branches: 150 in Leeds, 36 in York and 51 in Hull.",
    "total",
    "consistent",
  );
  assertOne(
    "The team played 12 games in 2021 and 15 in 2022, 29 games in total.",
    "total",
    "contradicted",
  );
  // The same dimension in another unit.
  assertOne(
    "It takes 820 g of flour and 375 g of water, 1.2 kg altogether.",
    "total",
    "consistent",
  );
});

Deno.test("totals: silent where the parts are not the total's parts", () => {
  for (
    const text of [
      // A subset or a share of the total.
      "The zoo has 300 animals in total, including 19 cats and 11 dogs.",
      "The shelter took in 19 cats and 11 dogs, among 50 animals in total.",
      "The shelter took in 19 cats and 11 dogs out of a total of 50 animals.",
      // A rest left out of the breakdown, or a breakdown into other things.
      "The bank employs 237 people: 150 in Leeds, 36 in York and the rest in Hull.",
      "The firm has 237 staff: 150 engineers and 36 designers.",
      // Other things made of the parts, or held by them.
      "They finished with 36 wins, 10 losses and 4 ties, earning a total of 76 points.",
      "She released 3 albums and 2 EPs, 45 songs in total.",
      "The recipe needs 2 cups of flour, 3 eggs and 1 cup of sugar, 3 ingredients in total.",
      // A part may have been named a sentence earlier.
      "On Monday we sold 30 apples. On Tuesday we sold 10 apples and 20 pears, 60 pieces in total.",
      // Different dimensions; a bound; a hedged total within its rounding.
      "The dough uses 820 g of flour and 375 ml of water, 1195 g altogether.",
      "The bank employs over 200 people: 150 in Leeds, 36 in York and 51 in Hull.",
      "The trip cost $450 for flights and $320 for the hotel, about $800 in total.",
      "The company had 300 employees in 2020 and 450 in 2023, a total increase of 150.",
      "The price can go up to $1,900.",
      // A part counted more than once: "two 45-lb plates" are 90 lb.
      "A 45-lb bar with two 45-lb plates comes to 135 lb.",
      "On a 45-lb bar, that's four 45-lb plates per side, which comes to 405 lb.",
    ]
  ) assertSilent("total", text);
});

Deno.test("totals: a measured total's breakdown in bare numbers, in its unit", () => {
  for (const total of ["1,517 kWh", "1,517 kg", "$1,517"]) {
    assertOne(
      `${total} is the household's total for the quarter: 412 in January, 389 in February and ` +
        "356 in March.",
      "total",
      "contradicted",
      `412 + 389 + 356 = 1,157, not ${total}`,
    );
  }
  assertOne(
    "The total was 1,157 kWh: 412 in January, 389 in February and 356 in March.",
    "total",
    "consistent",
  );
  // "in January, 28 in February" is no January 28: the day after a comma is no date's.
  assertOne(
    "From January 15 to April 15, 2025 is 90 days: 16 days left in January, 28 in February, " +
      "31 in March and 15 in April.",
    "total",
    "consistent",
    "16 days + 28 + 31 + 15 = 90",
  );
});

Deno.test("percentages: a change's percentage after its amount", () => {
  const sales = (percent: string) =>
    `Units sold rose from 1,500 to 1,800, an increase of 300, or ${percent}.`;
  assertOne(
    sales("30%"),
    "percentage",
    "contradicted",
    "1,500 to 1,800 is a 20% increase, not 30%",
  );
  assertOne(sales("20%"), "percentage", "consistent", "1,500 to 1,800 is a 20% increase");
  // The amount before its word of change: "a $3,900 raise, or 7.5%".
  const salary = (raise: string, percent: string) =>
    `Your salary goes from $52,000 to $55,900, a ${raise} raise, or ${percent}.`;
  assertOne(
    salary("$3,900", "9.5%"),
    "percentage",
    "contradicted",
    "$52,000 to $55,900 is a 7.5% increase, not 9.5%",
  );
  assertOne(
    salary("$3,900", "7.5%"),
    "percentage",
    "consistent",
    "$52,000 to $55,900 is a 7.5% increase",
  );
  assertOne(
    salary("$4,900", "7.5%"),
    "total",
    "contradicted",
    "$55,900 − $52,000 = 3,900, not $4,900",
  );
  assertOne(salary("$3,900", "7.5%"), "total", "consistent", "$55,900 − $52,000 = 3,900");
  // Read out from a vowel: "an 8%".
  assertOne(
    "Pay went from $52,000 to $56,160, a 7% increase.",
    "percentage",
    "contradicted",
    "$52,000 to $56,160 is an 8% increase, not 7%",
  );
});

Deno.test("percentages: a charge of a percentage on a sum, then the charge", () => {
  assertOne(
    "A 15% tip on a $64 bill comes to $9.60.",
    "percentage",
    "consistent",
    "15% of 64 is 9.6",
  );
  assertOne(
    "A 15% tip on a $64 bill comes to $11.60.",
    "percentage",
    "contradicted",
    "15% of 64 is 9.6, not 11.6",
  );
  // A hedged part the share gives only within the hedge's slack: neither.
  assertSilent(
    "percentage",
    "Your battery is at 45% of its 4,000 mAh capacity, i.e. roughly 1,600 mAh.",
  );
  assertOne(
    "Your battery is at 45% of its 4,000 mAh capacity, i.e. roughly 1,800 mAh.",
    "percentage",
    "consistent",
    "45% of 4,000 is 1,800",
  );
  // The total the charge brings the sum to is no charge.
  assertSilent("percentage", "A 15% tip on a $64 bill brings the total to $73.60.");
});

Deno.test("percentages: the share beside its count, said in more ways", () => {
  // A measure's share of a bare total, in its unit.
  assertOne(
    "At 4 kcal per gram that's 120 kcal of its 480 total, so protein supplies 20% of the calories.",
    "percentage",
    "contradicted",
    "120 of 480 is 25%, not 20%",
  );
  assertOne(
    "Out of 415 survey respondents, 169 said they would recommend the product, that is 55.2%.",
    "percentage",
    "contradicted",
    "169 of 415 is 40.7%, not 55.2%",
  );
  assertOne(
    "Out of 415 survey respondents, 169 said they would recommend the product, that is 40.7%.",
    "percentage",
    "consistent",
  );
  assertOne(
    "With 20 passes completed out of 31 attempts, the completion rate is 35.5%.",
    "percentage",
    "contradicted",
  );
  assertOne(
    "Inspectors rejected 71 of the 1,088 units they checked, which is a defect rate of 6.5%.",
    "percentage",
    "consistent",
  );
  assertOne(
    "Roughly 41% of the company's 1,896 employees (1,127 people) work remotely.",
    "percentage",
    "contradicted",
  );
  assertOne(
    "Roughly 59% of the company's 1,896 employees (1,127 people) work remotely.",
    "percentage",
    "consistent",
  );
  assertOne(
    "You answered 21 questions correctly out of 28. That's a score of 70%, nice work!",
    "percentage",
    "contradicted",
    "21 of 28 is 75%, not 70%",
  );
  assertOne(
    "The clinic treated 1,200 patients, 300 of them children (25%).",
    "percentage",
    "consistent",
  );
  // The whole first, then the percentage, then the count that restates it.
  const vote = (people: number) =>
    `Of the club's 45 members, 60% — that is, ${people} people — voted for the new dues.`;
  assertTwins("percentage", vote(25), vote(27), "25 of 45 is 55.6%, not 60%");
});

Deno.test("percentages: silent where the percentage is not the count's share", () => {
  for (
    const text of [
      "Out of 415 respondents, 169 said yes, up 12% from last year.",
      "Of the 415 respondents, 169 said yes, so 59.3% said no.",
      "Only 7 of the 45 seeds germinated, so 84% failed.",
      "With 20 passes completed out of 31 attempts, 35.5% were incomplete.",
      "You answered 21 questions correctly out of 28. That's 25% more than last time.",
      "You answered 21 questions correctly out of 28. About 30% of students fail this test.",
      "The fund returned 8% on its 12 holdings out of 40 considered.",
      // Another base the share may be of.
      "The rate was 21.6%, with 1,428 papers accepted out of 6,743 (6,614 after filtering).",
    ]
  ) assertSilent("percentage", text);
});

Deno.test("arithmetic: a division with its remainder; a denial on the next line", () => {
  assertOne("194 ÷ 11 = 17 with a remainder of 7", "arithmetic", "consistent");
  assertOne(
    "194 ÷ 15 = 17 with a remainder of 7",
    "arithmetic",
    "contradicted",
    "194 ÷ 15 = 12 remainder 14, not 17 with a remainder of 7",
  );
  assertOne("194 / 11 = 17 R 7", "arithmetic", "consistent");
  assertSilent("arithmetic", "25 + 25 = 49\n\n50 = 49 (not true)");
});

const BUDGET =
  "Here's your monthly budget:\n\n- Rent: $1,900\n- Groceries: $510\n- Utilities: $170\n\n";

Deno.test("totals: a markdown list of amounts, then the line that totals it", () => {
  assertOne(
    `${BUDGET}**Total: $2,632**\n\nGroceries are the easiest to trim.`,
    "total",
    "contradicted",
    "$1,900 + $510 + $170 = 2,580, not $2,632",
  );
  assertOne(`${BUDGET}**Total: $2,580**`, "total", "consistent");
  assertOne(
    "The tally:\n\n* Week 1: 84 cans\n* Week 2: 240 cans\n* Week 3: 378 cans\n\n" +
      "Altogether, volunteers collected **618 cans**. Thanks!",
    "total",
    "contradicted",
  );
  assertOne(
    "The tally:\n\n* Week 1: 84 cans\n* Week 2: 240 cans\n* Week 3: 378 cans\n\n" +
      "Altogether, volunteers collected **702 cans**. Thanks!",
    "total",
    "consistent",
  );
  assertOne(
    "Quotes so far:\n\n1. Venue: $13,750\n2. Catering: $7,000\n3. Band: $1,200\n\n" +
      "That brings the overall budget to **$21,950**.",
    "total",
    "consistent",
  );
  assertOne(
    "Logged:\n\n- API work: 29 h\n- Review: 4 h\n- Testing: 16 h\n\nIn total, the team logged 52 hours.",
    "total",
    "contradicted",
  );
  assertOne("- Rent: $1,900\n- Groceries: $510\n- Total: $2,410", "total", "consistent");
});

Deno.test("totals: a table column with a Total row", () => {
  const table = (total: string) =>
    `| Item | Quantity |\n|---|---|\n| Notebooks | 346 |\n| Pens | 478 |\n| Folders | 21 |\n` +
    `| **Total** | **${total}** |`;
  assertOne(table("845"), "total", "consistent");
  assertOne(table("1,045"), "total", "contradicted", "346 + 478 + 21 = 845, not 1,045");
  // A period's total row.
  const quarter = (total: string) =>
    `| Month | Units sold |\n|---|---|\n| January | 1,240 |\n| February | 980 |\n` +
    `| March | 1,515 |\n| **Q1 total** | **${total}** |`;
  assertOne(quarter("3,735"), "total", "consistent");
  assertOne(quarter("3,635"), "total", "contradicted", "1,240 + 980 + 1,515 = 3,735, not 3,635");
  // A column of prices per unit is no column a total row sums.
  assertSilent(
    "total",
    "| Item | Price each |\n|---|---|\n| Pens | $2 |\n| Folders | $3 |\n| **Total** | **$9** |",
  );
});

Deno.test("totals: silent where a list's total is not the sum of all its items", () => {
  for (
    const text of [
      // The total's line names a subset, a total of its own, or another period.
      `${BUDGET}Together, rent and utilities come to $2,070.`,
      `${BUDGET}Total: $2,070`,
      `${BUDGET}Total with tax: $2,700`,
      `${BUDGET}Total per year: $30,960`,
      // Prices per unit, a range, an item with two amounts, items of other slots.
      "- Apples: $3 per kg\n- Pears: $4 per kg\n\nTotal: $9",
      "- Rent: $1,800–$2,000\n- Groceries: $510\n\nTotal: $2,600",
      "- Rent: $1,900 ($950 each)\n- Groceries: $510\n\nTotal: $2,600",
      "- Rent: $1,900\n- Groceries: €510\n\nTotal: $2,600",
      // A quantity of the items' slot before the list: it may be one of the parts.
      `You set aside $600 for food. ${BUDGET}Total: $2,700`,
      // A nested list: the items after it are not all the parts.
      "- Food: $600\n  - Groceries: $510\n  - Dining: $90\n- Rent: $1,900\n- Power: $170\n\nTotal: $2,670",
      // A hedged total within its rounding; a line that totals nothing.
      `${BUDGET}That comes to about $2,600 in total.`,
      `${BUDGET}You have $5,000 left.`,
      // Alternatives, not parts; a total said of one case.
      "- Option A: $1,200\n- Option B: $1,500\n\nThat comes to $1,500 if you pick B.",
      `${BUDGET}That comes to $2,070 if you skip groceries.`,
    ]
  ) assertSilent("total", text);
  // A hedged total that its parts bear out only within its rounding is said loosely: nothing to
  // confirm. One that is their sum as written is confirmed, whatever sign hedges it.
  assertSilent("total", `${BUDGET}That adds up to roughly $2,600.`);
  const meal = (total: string) =>
    "1. Chicken breast: 283 kcal\n2. Brown rice (1 cup): 216 kcal\n3. Broccoli: 53 kcal\n\n" +
    `**Total: ${total} kcal**`;
  assertOne(meal("~552"), "total", "consistent", "283 kcal + 216 kcal + 53 kcal = 552");
  assertOne(
    meal("≈ 652"),
    "total",
    "contradicted",
    "283 kcal + 216 kcal + 53 kcal = 552, not 652 kcal",
  );
  assertSilent("total", meal("~550"));
  // A line that says it sums the whole list is wrong even when some items add up to it.
  assertOne(`${BUDGET}That adds up to $2,410 for the month.`, "total", "contradicted");
});

Deno.test("percentages: a list of a whole, its part and the part's rate", () => {
  const results = (rate: string) =>
    `**Results**\n\n- Students who sat the exam: 125\n- Students who passed: 83\n- Pass rate: **${rate}**`;
  assertOne(results("66%"), "percentage", "consistent");
  assertOne(results("46%"), "percentage", "contradicted", "83 of 125 is 66.4%, not 46%");
  // The rest's share under the name of the part's rate is wrong ("Pass rate" names the passes).
  assertOne(results("34%"), "percentage", "contradicted", "83 of 125 is 66.4%, not 34%");
  // A rate of something the part's label does not count, a change.
  assertSilent(
    "percentage",
    "- Customers last year: 500\n- Customers this year: 450\n- Churn rate: 12%",
  );
  assertSilent("percentage", "- Visitors: 500\n- Buyers: 45\n- Growth rate: 12%");
});

Deno.test("percentages: a part of 'a' whole; a percentage of 'a' whole is no share of a part", () => {
  assertTwins(
    "percentage",
    "Putting $1,500 of a $4,200 paycheck into rent is 37.5% of it.",
    "Putting $1,500 of a $4,200 paycheck into rent is 35.7% of it.",
    "1,500 of 4,200 is 35.7%, not 37.5%",
  );
  assertSilent("percentage", "Plant two-thirds of a 2,000 m² plot, 1 row at a time.");
  // A ratio said loosely in words after it is no other count of the percentage's.
  assertTwins(
    "percentage",
    "They scored 3 of their 8 penalties, 35.7%, below the usual three in four.",
    "They scored 3 of their 8 penalties, 37.5%, below the usual three in four.",
    "3 of 8 is 37.5%, not 35.7%",
  );
});

Deno.test("percentages: a whole, then 'and N of them'; 'your'; a share in parentheses", () => {
  assertOne(
    "He has taken 27 penalties in his career and scored 23 of them, an 82.5% conversion rate.",
    "percentage",
    "contradicted",
    "23 of 27 is 85.2%, not 82.5%",
  );
  assertOne(
    "The page had 7,965 visitors, and 107 of them bought, a conversion rate of 98.66%.",
    "percentage",
    "contradicted",
  );
  assertOne(
    "The page had 7,965 visitors, and 107 of them bought, a conversion rate of 1.34%.",
    "percentage",
    "consistent",
  );
  assertOne(
    "You've done 5 of your 12 tasks, so you're 58% of the way there. The remaining ones are easy.",
    "percentage",
    "contradicted",
    "5 of 12 is 41.7%, not 58%",
  );
  assertOne(
    "25 out of 42 staff members have now had this season's flu shot (60%).",
    "percentage",
    "consistent",
  );
  assertOne(
    "25 out of 42 staff members have now had this season's flu shot (37%).",
    "percentage",
    "contradicted",
  );
});

Deno.test("arithmetic: a sum of labelled amounts", () => {
  assertOne(
    "€481 (flights) + €804 (hotel) + €103 (rail pass) = **€1,488**",
    "arithmetic",
    "contradicted",
    "€481 (flights) + €804 (hotel) + €103 (rail pass) = 1,388, not €1,488",
  );
  assertOne(
    "€481 (flights) + €804 (hotel) + €103 (rail pass) = €1,388",
    "arithmetic",
    "consistent",
  );
  assertOne("500 g flour + 367 g water + 12 g salt = 879 g.", "arithmetic", "consistent");
  assertOne("500 g flour + 367 g water + 12 g salt = 979 g.", "arithmetic", "contradicted");
  for (
    const text of [
      "1 kg flour + 367 g water = 1,367 g",
      "€40 (per person) + €10 (booking) = €90",
      "€40 (flights) + $10 (fees) = €50",
      "500 g flour + 367 g water = 867",
    ]
  ) assertSilent("arithmetic", text);
});

Deno.test("percentages: a hedged share is confirmed within its rounding, shown wrong past it", () => {
  const votes = (percent: string) =>
    `Johnson won 486 of the 538 electoral votes, about ${percent} of them.`;
  assertOne(votes("90.3%"), "percentage", "consistent", "486 of 538 is 90.3%");
  assertOne(votes("90%"), "percentage", "consistent");
  // Written to the tenth, four points off: wrong, hedge or not.
  assertOne(votes("86.3%"), "percentage", "contradicted", "486 of 538 is 90.3%, not 86.3%");
  // ... and a point off: it claims its tenths.
  assertOne(votes("89.3%"), "percentage", "contradicted", "486 of 538 is 90.3%, not 89.3%");
  // Rounded loosely to a nice figure: neither confirmed nor shown wrong.
  assertSilent("percentage", "He made 8 of 56 attempts, about 15%.");
  // A nice figure is a five at the coarsest: a quarter is no "about 20%".
  assertTwins(
    "percentage",
    "Roughly 1,500 of the 6,000 seats were empty, about 20%.",
    "Roughly 1,500 of the 6,000 seats were empty, about 25%.",
    "1,500 of 6,000 is 25%, not 20%",
  );
});

Deno.test("totals: the line after a list names its total among other amounts, for a period", () => {
  const tally = (total: string) =>
    "- Oat milk: $3.49\n- Bananas: $2.99\n- Limes: $1.80\n\n" +
    `**Total: ${total}**, comfortably under your $15 cap.`;
  assertOne(tally("$8.28"), "total", "consistent");
  assertOne(tally("$8.48"), "total", "contradicted", "$3.49 + $2.99 + $1.80 = 8.28, not $8.48");
  const monthly = (total: string) => `${BUDGET}**Total: ${total} per month.**`;
  assertOne(monthly("$2,580"), "total", "consistent");
  assertOne(monthly("$2,480"), "total", "contradicted");
  assertOne(`${BUDGET}= **$2,580/month**.`, "total", "consistent");
  const draft = (total: string) =>
    `Drafts:\n\n1. Essay A: 1,200 words\n2. Essay B: 950 words\n\nThat puts the set at ${total} words.`;
  assertOne(draft("2,150"), "total", "consistent");
  assertOne(draft("2,250"), "total", "contradicted", "1,200 + 950 = 2,150, not 2,250");
  // A total named as a rate for the period ("Total ≈ $2,480/month").
  assertOne(`${BUDGET}**Total ≈ $2,580/month.**`, "total", "consistent");
  assertOne(`${BUDGET}**Total ≈ $2,480/month.**`, "total", "contradicted");
});

Deno.test("percentages: a table's rate of what its label counts; a hedged rate a point off", () => {
  const season = (rate: string) =>
    `| Stat | Value |\n|---|---|\n| Matches played | 38 |\n| Wins | 13 |\n| Win rate | ${rate} |`;
  assertOne(season("34.2%"), "percentage", "consistent");
  assertOne(season("36.8%"), "percentage", "contradicted", "13 of 38 is 34.2%, not 36.8%");
  assertOne(
    "29 of your 36 seeds sprouted, a germination rate of about 79%.",
    "percentage",
    "contradicted",
  );
});

Deno.test("percentages: a table's column of rates against its total row", () => {
  const table = (phone: string, all: string) =>
    "| Channel | Tickets | Share |\n|---|---|---|\n| Email | 369 | 46.1% |\n" +
    `| Phone | 190 | ${phone} |\n| Chat | 241 | 30.1% |\n| **All** | **${all}** | 100% |`;
  assert.deepEqual(findingsOf(table("23.8%", "800"), "percentage").map((f) => f.reason), [
    "369 of 800 is 46.1%",
    "190 of 800 is 23.8%",
    "241 of 800 is 30.1%",
  ]);
  // One row off where the others hold: the table's own relation shows it wrong. None holding:
  // the rates may be of another measure.
  assert.deepEqual(
    findingsOf(table("25.8%", "800"), "percentage").map((f) => f.verdict),
    ["consistent", "contradicted", "consistent"],
  );
  assertSilent("percentage", table("23.8%", "900"));
});

Deno.test("percentages: a table's rates against its column's sum, or two counts of each row", () => {
  const shares = (north: string) =>
    "| Region | Units | Share |\n|---|---|---|\n" +
    `| North | 217 | ${north} |\n| South | 611 | 32.9% |\n| East | 650 | 35.0% |\n| West | 380 | 20.5% |`;
  assert.deepEqual(findingsOf(shares("11.7%"), "percentage").map((f) => f.verdict), [
    "consistent",
    "consistent",
    "consistent",
    "consistent",
  ]);
  assert.deepEqual(
    findingsOf(shares("14.2%"), "percentage").filter((f) => f.verdict === "contradicted")
      .map((f) => f.reason),
    ["217 of 1,858 is 11.7%, not 14.2%"],
  );
  const classes = (rate: string) =>
    "| Class | Students | Passed | Pass rate |\n|---|---|---|---|\n" +
    `| 9A | 28 | 25 | 89.3% |\n| 9B | 31 | 22 | ${rate} |\n| 9C | 27 | 24 | 88.9% |`;
  assert.deepEqual(findingsOf(classes("71.0%"), "percentage").map((f) => f.verdict), [
    "consistent",
    "consistent",
    "consistent",
  ]);
  assert.deepEqual(
    findingsOf(classes("78.6%"), "percentage").filter((f) => f.verdict === "contradicted")
      .map((f) => f.reason),
    ["22 of 31 is 71%, not 78.6%"],
  );
  // Two rows off: no relation of the table's own.
  assertSilent(
    "percentage",
    "| Class | Students | Passed | Pass rate |\n|---|---|---|---|\n" +
      "| 9A | 28 | 25 | 79.3% |\n| 9B | 31 | 22 | 78.6% |\n| 9C | 27 | 24 | 88.9% |",
  );
});

Deno.test("percentages: a rate named for what it counts, or for its whole", () => {
  const seeds = (rate: string) => `Seeds sown: 50\nSeeds sprouted: 41\nGermination rate: ${rate}`;
  assertOne(seeds("82%"), "percentage", "consistent");
  assertOne(seeds("98%"), "percentage", "contradicted", "41 of 50 is 82%, not 98%");
  const store = (rate: string) =>
    `Your store had 1,545 visitors last week and 55 of them bought something, so the conversion rate was ${rate}.`;
  assertOne(store("3.56%"), "percentage", "consistent");
  assertOne(store("11.56%"), "percentage", "contradicted", "55 of 1,545 is 3.6%, not 11.56%");
  assertOne(
    "The theater has 835 seats, and 525 tickets were sold — 37% of capacity.",
    "percentage",
    "contradicted",
  );
  const rent = (share: string) =>
    `With a take-home pay of $3,000 a month and rent of $900, rent would take up about ${share} of your income.`;
  assertOne(rent("30%"), "percentage", "consistent");
  assertOne(rent("39%"), "percentage", "contradicted", "900 of 3,000 is 30%, not 39%");
  // The rate's words name no count, or two: which is the part, the text does not say.
  assertSilent("percentage", "Our 12 reps made 340 calls with a success rate of 18%.");
  assertSilent(
    "percentage",
    "Of 2,000 orders and 1,800 repeat orders, the conversion rate was 12%.",
  );
});

Deno.test("totals: items worked out, and a total line named for what it totals", () => {
  const order = (total: string) =>
    `Your order summary:\n- 2 × Widget A @ $45.00 = $90.00\n- 1 × Cable kit = $27.50\n- Shipping = $12.95\n\n**Order total: ${total}**`;
  assertOne(order("$130.45"), "total", "consistent", "$90.00 + $27.50 + $12.95 = 130.45");
  assertOne(
    order("$128.45"),
    "total",
    "contradicted",
    "$90.00 + $27.50 + $12.95 = 130.45, not $128.45",
  );
});

Deno.test("totals: items measured in two parts; a clause after the total's is not about it", () => {
  const plan = (total: string) =>
    `Tonight's revision plan:\n1. Chemistry flashcards – 45 min\n2. French vocabulary – 30 min\n3. Maths past paper – 1 h 15 min\n4. Reviewing notes – 20 min\n\nThat's ${total} altogether, so start by 7 pm if you want to finish before 10.`;
  assertOne(
    plan("2 h 50 min"),
    "total",
    "consistent",
    "45 min + 30 min + 1 h 15 min + 20 min = 170",
  );
  assertOne(
    plan("3 h 10 min"),
    "total",
    "contradicted",
    "45 min + 30 min + 1 h 15 min + 20 min = 170, not 3 h 10 min",
  );
});

Deno.test("percentages: a share said equal to its count and whole in words", () => {
  assertOne("Side effects: 18 of 240 patients = 7.5%.", "percentage", "consistent");
  assertOne(
    "Side effects: 18 of 240 patients = 5.7%.",
    "percentage",
    "contradicted",
    "18 of 240 is 7.5%, not 5.7%",
  );
});

Deno.test("percentages: a list's amounts with their shares in brackets, of the amounts' sum", () => {
  const allocation = (cash: string) =>
    `**Current allocation**\n- Stocks: $6,000 (60%)\n- Bonds: $3,000 (30%)\n- Cash: $1,000 (${cash})\n\nTotal: $10,000.`;
  assert.deepEqual(
    findingsOf(allocation("15%"), "percentage").map((f) => f.reason),
    ["6,000 of 10,000 is 60%", "3,000 of 10,000 is 30%", "1,000 of 10,000 is 10%, not 15%"],
  );
  assert.deepEqual(
    findingsOf(allocation("10%"), "percentage").map((f) => f.verdict),
    ["consistent", "consistent", "consistent"],
  );
  assertOne(allocation("10%"), "total", "consistent", "$6,000 + $3,000 + $1,000 = 10,000");
});

Deno.test("percentages: parts with their shares under the whole they add up to", () => {
  const trial = (completed: string) =>
    `Trial retention summary:\n\n- Enrolled: 250\n- Completed the study: 231 (${completed})\n- Withdrew: 19 (7.6%)`;
  assert.deepEqual(findingsOf(trial("92.4%"), "percentage").map((f) => f.verdict), [
    "consistent",
    "consistent",
  ]);
  assert.deepEqual(
    findingsOf(trial("82.4%"), "percentage").map((f) => f.verdict),
    ["contradicted", "consistent"],
  );
  // Parts that do not add up to a figure before them: no whole is known.
  assertSilent("percentage", "- Enrolled: 260\n- Completed: 231 (82.4%)\n- Withdrew: 19 (7.6%)");
});

Deno.test("percentages: a price's reduction against its two prices", () => {
  const jacket = (off: string) =>
    `The jacket was $80 and is now $68, so you're saving $12, a ${off} discount.`;
  assertOne(jacket("15%"), "percentage", "consistent", "$12 off $80 is 15% off");
  assertOne(jacket("23%"), "percentage", "contradicted", "$12 off $80 is 15% off, not 23%");
  assertOne("The $80 jacket is 20% off, so you pay $60.", "percentage", "contradicted");
  assertOne("You saved $18 on a $72 jacket — that's 25% off.", "percentage", "consistent");
  assertOne("You saved $18 on a $72 jacket — that's 35% off.", "percentage", "contradicted");
  // A saving and a new price that do not add up: the one the percentage does not give is wrong.
  const boots = (saving: string, price: string) =>
    `At 20% off, the $140 boots drop by ${saving}, bringing them down to ${price}.`;
  assertOne(boots("$28", "$112"), "percentage", "consistent", "$28 off $140 is 20% off");
  assertOne(boots("$24", "$112"), "percentage", "contradicted", "20% off $140 is $28 off, not $24");
  assertOne(
    boots("$28", "$116"),
    "percentage",
    "contradicted",
    "20% off $140 leaves $112, not $116",
  );
  // A discount stacked on another, or other amounts beside the prices: silent.
  assertSilent(
    "percentage",
    "The $80 jacket is now $68, and an extra 10% off applies at the till.",
  );
  assertSilent("percentage", "Was $80, now $68 with $5 shipping: 23% off.");
  // The prices told the sentence before.
  assertOne(
    "The jacket dropped from $120 to $90. You save $30, which is 30% off the original price.",
    "percentage",
    "contradicted",
    "$30 off $120 is 25% off, not 30%",
  );
});

Deno.test("percentages: a threshold compared with is no share", () => {
  // "24-B" names a lot, and "under the 1% threshold" compares: nothing confirms the wrong rate.
  assertOne(
    "Of the 4,000 units inspected in lot 24-B, 19 failed, a defect rate of 8.47%. That's under the 1% threshold.",
    "percentage",
    "contradicted",
    "19 of 4,000 is 0.5%, not 8.47%",
  );
});

Deno.test("totals: a row labelled Total or an '=' line sums every item, a subset adding up or not", () => {
  const table = (total: string) =>
    `| Item | Units |\n|---|---|\n| Chairs | 312 |\n| Desks | 145 |\n| Lamps | 66 |\n` +
    `| **Total** | **${total}** |`;
  assertOne(table("523"), "total", "consistent");
  // Chairs and desks make 457: the row is still the whole column's total, one item left out.
  assertOne(table("457"), "total", "contradicted", "312 + 145 + 66 = 523, not 457");
  assertOne(
    `${BUDGET}= **$2,410/month**.`,
    "total",
    "contradicted",
    "$1,900 + $510 + $170 = 2,580, not $2,410",
  );
  // A total row that names what it totals may be of some of the rows.
  assertSilent(
    "total",
    "- Rent: $1,900\n- Groceries: $510\n- Utilities: $170\n- Total fixed: $2,070",
  );
});

Deno.test("totals: a total said before a tax or discount is still the items' sum", () => {
  assertOne(`${BUDGET}**Total: $2,680** (before any discount).`, "total", "contradicted");
  assertOne(`${BUDGET}**Total: $2,580** (before any discount).`, "total", "consistent");
  const invoice = (total: string) =>
    "| Item | Amount |\n|---|---|\n| Design | $1,200.00 |\n| Build | $3,150.00 |\n" +
    `| Hosting | $90.00 |\n\n**Subtotal: ${total}** (before the 8% sales tax).`;
  assertOne(invoice("$4,440.00"), "total", "consistent");
  assertOne(
    invoice("$4,340.00"),
    "total",
    "contradicted",
    "$1,200.00 + $3,150.00 + $90.00 = 4,440, not $4,340.00",
  );
  // A total with the tax, beside the one before it: not the items' sum.
  assertSilent("total", `${BUDGET}Total: $2,780 before tax, $2,980 with tax.`);
});

Deno.test("totals: a slash between two things is a label, one that makes a rate is not", () => {
  const budget = (total: string) =>
    "| Category | Amount |\n|---|---:|\n| Rent | $1,250 |\n| Phone/internet | $100 |\n" +
    `| Food/drinks | $420 |\n| **Total** | **${total}** |`;
  assertOne(budget("$1,770"), "total", "consistent");
  assertOne(budget("$1,760"), "total", "contradicted");
  for (
    const text of [
      "- Power (cost/unit): $0.30\n- Gas (cost/unit): $0.10\n\nTotal: $0.50",
      "- Electricity ($/kWh): $0.30\n- Gas ($/kWh): $0.10\n\nTotal: $0.50",
      "- Cycling (km/h): 24\n- Running (km/h): 11\n\nTotal: 40",
    ]
  ) assertSilent("total", text);
});

Deno.test("totals: a line that opens by summing the list, no total named", () => {
  const results = (line: string) =>
    `**Club vote**\n\n- Ana: 112 votes\n- Ben: 87 votes\n- Cleo: 45 votes\n\n${line}`;
  assertOne(results("That's 244 ballots counted, and Ana wins."), "total", "consistent");
  assertOne(
    results("That's 234 ballots counted, and Ana wins with the most votes."),
    "total",
    "contradicted",
    "112 + 87 + 45 = 244, not 234",
  );
  for (
    const line of [
      "That's 25 votes ahead of Ben.",
      "That's 30 more votes than last year.",
      "That's 112 votes for Ana, the most.",
    ]
  ) assertSilent("total", results(line));
});

Deno.test("totals: a hedged total written to the unit claims the sum to about its last digit", () => {
  const breakfast = (total: string) =>
    "Breakfast: oats (150 kcal), a banana (105 kcal) and a cup of milk (120 kcal) come to a " +
    `total of about ${total} kcal.`;
  assertOne(breakfast("375"), "total", "consistent");
  assertOne(
    breakfast("365"),
    "total",
    "contradicted",
    "150 kcal + 105 kcal + 120 kcal = 375, not 365 kcal",
  );
  // Rounded to 5 or 10, or to a round figure: said loosely, neither confirmed nor wrong.
  for (const total of ["373", "370", "380"]) assertSilent("total", breakfast(total));
  const day = (total: string) =>
    "Today:\n1. Porridge — ~212 kcal\n2. Soup — ~348 kcal\n3. Pasta — ~605 kcal\n\n" +
    `${total} total, under the 2,000 kcal reference.`;
  assertOne(day("≈ 1,165 kcal"), "total", "consistent");
  assertOne(
    day("≈ 1,065 kcal"),
    "total",
    "contradicted",
    "212 kcal + 348 kcal + 605 kcal = 1,165, not 1,065 kcal",
  );
  assertSilent("total", day("≈ 1,150 kcal"));
  // Across units a hedged total is read loosely: one measure may be misread as a part.
  assertSilent("total", "10 stone 2 pounds is 142 lb in total, roughly 64.4 kilos.");
});

Deno.test("totals: a holder of the listed things; a bare 'total'; a list closed by its total", () => {
  const shelf = (total: string) =>
    `You listed 41 novels, 23 atlases and 16 comics, so your shelf holds ${total} books altogether.`;
  assertOne(shelf("80"), "total", "consistent");
  assertOne(shelf("90"), "total", "contradicted", "41 + 23 + 16 = 80, not 90");
  // Held things that make up something else, far from their sum: what they hold, not them.
  assertSilent("total", "She has 3 albums and 2 EPs, so her catalogue holds 45 songs altogether.");
  const bag = (total: string) =>
    `Your bag: shoes 1.4 kg, books 2.2 kg and camera + lens 0.9 kg, which gives ${total} total.`;
  assertOne(bag("4.5 kg"), "total", "consistent");
  assertOne(bag("5.5 kg"), "total", "contradicted", "1.4 kg + 2.2 kg + 0.9 kg = 4.5, not 5.5 kg");
  // "total" naming something else after it: no total of the list.
  assertSilent("total", bag("5.5 kg").replace("total.", "total weight allowed."));
  const boxes = (total: string) =>
    `Counting up: 14 for the kitchen, 9 for the study, 6 for the hall — that's ${total} boxes ` +
    "altogether.";
  assertOne(boxes("29"), "total", "consistent");
  assertOne(boxes("33"), "total", "contradicted", "14 + 9 + 6 = 29, not 33");
  // An open list that starts mid-sentence may go on from before: not closed by the total.
  assertSilent(
    "total",
    "We packed books, 14 for the kitchen, 9 for the study, 6 for the hall — that's 33 boxes altogether.",
  );
  // "that's" closing the list names its total, with no word of summing.
  const trip = (total: string) =>
    `Trains £64, hostel £96, food £45 and museums £30 — that's ${total} for the week.`;
  assertTwins("total", trip("£245"), trip("£235"), "£64 + £96 + £45 + £30 = 235, not £245");
  assertSilent("total", [
    // In another unit it may say the last part again; from rates it is worked out.
    "Small is 8 oz, medium 12 oz and large 16 oz — that's 473 ml.",
    "With 3 points for a win and 1 for a draw, that's 61 points.",
  ]);
});

Deno.test("totals: lines of 'label: amount' without markers, then the line that totals them", () => {
  const club = (total: string) =>
    `Sign-ups by age group:\n\nJuniors: 134\nSeniors: 58\nCoaches: 11\n\nAltogether, ${total} ` +
    "members joined this season.";
  assertOne(club("203"), "total", "consistent", "134 + 58 + 11 = 203");
  assertOne(club("213"), "total", "contradicted", "134 + 58 + 11 = 203, not 213");
  for (
    const text of [
      // A line with more than its one amount, or with words after it: no list.
      "Juniors: 134 (up from 120)\nSeniors: 58\nCoaches: 11\n\nAltogether, 213 members joined.",
      "Juniors: 134 new faces this year\nSeniors: 58\nCoaches: 11\n\nAltogether, 213 members joined.",
      // A line of prose parts the run: neither part holds all the items.
      "Juniors: 134\nThe hall was full on Saturdays.\nSeniors: 58\nCoaches: 11\n\nIn total, 213 members.",
      // Some of the items add up to the total, which does not say it is of them all.
      "Juniors: 134\nSeniors: 58\nCoaches: 11\n\nTotal: 192 members.",
    ]
  ) assertSilent("total", text);
});

Deno.test("totals: a column of amounts set off by spaces or dot leaders, its total last", () => {
  const receipt = (total: string) =>
    `Receipt\n  Desk lamp          $24.50\n  Cable ties (50)    $6.25\n  Monitor arm        $61.00\n` +
    `  Subtotal           ${total}`;
  assertOne(receipt("$91.75"), "total", "consistent");
  assertOne(
    receipt("$97.75"),
    "total",
    "contradicted",
    "$24.50 + $6.25 + $61.00 = 91.75, not $97.75",
  );
  const code = (total: string) =>
    "```\nFlour (1 kg) ....... $2.40\nEggs, 12 ....... $4.10\nButter ....... $3.75\n" +
    `----------------\nTOTAL ....... ${total}\n\`\`\``;
  assertOne(code("$10.25"), "total", "consistent", "$2.40 + $4.10 + $3.75 = 10.25");
  assertOne(code("$12.25"), "total", "contradicted");
  // A rule over the total line: it sums the column, even when two items make it.
  assertOne(
    "Prep: 20 min\nBake: 45 min\nCool: 25 min\n-----\nTotal: 70 min",
    "total",
    "contradicted",
    "20 min + 45 min + 25 min = 90, not 70 min",
  );
});

Deno.test("totals: one line of items parted by middle dots", () => {
  const costs = (total: string) =>
    `### Weekly costs\n\nFuel £64 · Parking £18 · Lunches £45 · Tolls £7\n\n### Total\n\n${total} a week.`;
  assertOne(costs("£134"), "total", "consistent", "£64 + £18 + £45 + £7 = 134");
  assertOne(costs("£143"), "total", "contradicted", "£64 + £18 + £45 + £7 = 134, not £143");
  // Days named by letters, whose numbers the reading of prose takes for a name's: read alone.
  const steps = (total: string) =>
    `Pages read: M 42 · T 55 · W 38 · T 61 · F 47\nWeekly total ≈ ${total} pages.`;
  assertOne(steps("243"), "total", "consistent");
  // A hedged total written to the unit: a subset within 10% of it does not make it theirs.
  assertOne(steps("253"), "total", "contradicted", "42 + 55 + 38 + 61 + 47 = 243, not 253");
  // An item with no amount, or a label that holds a figure with no mark: no list.
  assertSilent("total", "Fuel £64 · Parking · Lunches £45\n\n### Total\n\n£143 a week.");
});

Deno.test("totals: scores add up in marks got and marks available", () => {
  const exam = (total: string) =>
    `Paper 1: 41/50\nPaper 2: 22/30\nPaper 3: 15/20\n\nOverall: ${total}. Paper 2 needs the most work.`;
  assertOne(exam("78/100"), "total", "consistent", "41/50 + 22/30 + 15/20 = 78/100");
  assertOne(
    exam("87 out of 100"),
    "total",
    "contradicted",
    "41/50 + 22/30 + 15/20 = 78/100, not 87/100",
  );
  // A total of other marks available is scaled or weighted: silent, right or wrong.
  assertSilent("total", exam("65/80"));
  assertOne(
    "- Quiz A: 8/10\n- Quiz B: 7/10\n- **Total: 15/20**",
    "total",
    "consistent",
  );
});

Deno.test("totals: a total of points is no sum of items that count no points", () => {
  for (
    const text of [
      "- Wins: 10\n- Losses: 4\n- Draws: 2\n- Total points: 32",
      "Wins: 10\nLosses: 4\nDraws: 2\nTotal points: 32",
    ]
  ) assertSilent("total", text);
  assertOne(
    "- Round 1: 12 points\n- Round 2: 9 points\n- Total points: 23",
    "total",
    "contradicted",
  );
});

Deno.test("totals: a closed list of cardinal words under a named total", () => {
  const fruit = (total: string) =>
    `You've got seven apples, five pears and two oranges in the bowl — ${total} pieces of fruit altogether.`;
  assertOne(fruit("fourteen"), "total", "consistent", "seven + five + two = 14");
  assertOne(fruit("seventeen"), "total", "contradicted", "seven + five + two = 14, not seventeen");
  assertOne(fruit("17"), "total", "contradicted", "seven + five + two = 14, not 17");
  const books = (total: string) =>
    `You read one in January, six in February, one in March and one in April — ${total} books in total this year.`;
  assertOne(books("nine"), "total", "consistent");
  assertOne(books("ten"), "total", "contradicted", "one + six + one + one = 9, not ten");
  for (
    const text of [
      // Loose amounts, a word of a longer number, no total named, a bare word total ("the three
      // of us"), a part left out: silent.
      "We picked seven apples, several pears and two plums, fifteen fruits in all.",
      "We picked seven apples and two pears, plus a few plums — fourteen fruits in all.",
      "Seven apples, twenty five pears and two plums, thirty fruits in all.",
      "Seven apples, a dozen pears and two plums, thirty fruits in all.",
      "Twelve boys and fifteen girls: 30 students in the class.",
      "We ate two apples and two pears. Altogether, the three of us were full.",
      "There were three of them: two adults and one child, four people in total.",
    ]
  ) assertSilent("total", text);
});

Deno.test("totals: a part loosely said leaves the list open", () => {
  assertOne(
    "We picked 7 apples, 5 pears and 2 plums, 15 fruits in all.",
    "total",
    "contradicted",
    "7 + 5 + 2 = 14, not 15",
  );
  for (
    const text of [
      "We picked 7 apples, several pears and 2 plums, 15 fruits in all.",
      "We picked 7 apples and 2 pears, plus a few plums — 14 fruits in all.",
      "We picked 7 apples, some pears and 2 plums, 12 fruits in all.",
    ]
  ) assertSilent("total", text);
});

Deno.test("totals: parts that leave out the unit said once before them", () => {
  const plan = (total: string) =>
    `Your revision plan looks balanced: four hours of maths, two of chemistry, two of history and one of English. That's ${total} hours in total — very doable if you spread it over six days.`;
  assertOne(plan("nine"), "total", "consistent", "four hours + two + two + one = 9");
  assertOne(
    plan("fourteen"),
    "total",
    "contradicted",
    "four hours + two + two + one = 9, not fourteen hours",
  );
  const digits = (total: number) =>
    `Plan: 4 hours of maths, 2 of chemistry, 2 of history and 1 of English. That's ${total} hours in total.`;
  assertOne(digits(9), "total", "consistent");
  assertOne(digits(10), "total", "contradicted", "4 hours + 2 + 2 + 1 = 9, not 10 hours");
  for (
    const text of [
      // The unit said in another unit than the total's, or said by no part: which, unknown.
      "Plan: 45 minutes of maths, 2 of chemistry and 1 of English. That's 4 hours in total.",
      "Plan: 4 of maths, 2 of chemistry and 1 of English. That's 9 hours in total.",
      // "2 of them" is a share of the parts, not one.
      "We drove 4 hours on Monday and 2 of them in rain. That's 9 hours in total.",
    ]
  ) assertSilent("total", text);
});

Deno.test("totals: worked arithmetic after a total leaves the list before it read", () => {
  const bed = (total: string) =>
    `For the raised bed: 4.5 cu ft of topsoil, 2 cu ft of compost and 0.5 cu ft of perlite. That's ${total} cu ft in total, which should fill a small 4 x 2 ft bed.`;
  assertOne(bed("7"), "total", "consistent", "4.5 + 2 + 0.5 = 7");
  assertOne(bed("7.5"), "total", "contradicted", "4.5 + 2 + 0.5 = 7, not 7.5");
  // Worked arithmetic before the total may be its steps: silent.
  assertSilent(
    "total",
    "Tickets: 3 x $25 = $75, plus $10 shipping and $5 in fees, a total of $95.",
  );
});

Deno.test("totals: an item priced as a number of things at a price each", () => {
  const refresh = (each: string, total: string) =>
    `For the bedroom refresh:\n1. Paint, 2 gallons at $38 each: ${each}\n2. Roller kit: $15\n3. Painter's tape: $7\n4. Drop cloth: $12\n\nThat comes to ${total} before tax.`;
  assertOne(refresh("$76", "$110"), "total", "consistent", "$76 + $15 + $7 + $12 = 110");
  assertOne(
    refresh("$76", "$120"),
    "total",
    "contradicted",
    "$76 + $15 + $7 + $12 = 110, not $120",
  );
  // An item whose amount is not its priced product, or a price alone ("Price each"): no part.
  assertSilent("total", refresh("$38", "$120"));
  assertSilent("total", "- Price each: $38\n- Roller kit: $15\n\nThat comes to $60.");
});

Deno.test("totals: the line after a list adds one part, then gives the total", () => {
  const ballots = (total: string) =>
    `Results:\n1. Okafor — 8,236 votes\n2. Lindqvist — 7,812 votes\n3. Reyes — 1,742 votes\n\nPlus 79 spoiled ballots, giving ${total} ballots cast overall.`;
  assertOne(ballots("17,869"), "total", "consistent", "8,236 + 7,812 + 1,742 + 79 = 17,869");
  assertOne(
    ballots("17,962"),
    "total",
    "contradicted",
    "8,236 + 7,812 + 1,742 + 79 = 17,869, not 17,962",
  );
  for (
    const text of [
      // Two parts added, or a figure that is no total of them: silent.
      "Results:\n1. Okafor — 8,236 votes\n2. Reyes — 1,742 votes\n\nPlus 79 spoiled and 12 rejected ballots, giving 10,200 ballots cast.",
      "Results:\n1. Okafor — 8,236 votes\n2. Reyes — 1,742 votes\n\nPlus 79 spoiled ballots, with 12,000 voters registered.",
    ]
  ) assertSilent("total", text);
});

Deno.test("percentages: a rate that counts what its part's clause says", () => {
  const bulbs = (words: string, rate: string) =>
    `In the spring batch, 150 out of 2,000 bulbs ${words}, a failure rate of ${rate}.`;
  assertOne(
    bulbs("failed the burn-in test", "92.5%"),
    "percentage",
    "contradicted",
    "150 of 2,000 is 7.5%, not 92.5%",
  );
  assertOne(bulbs("failed the burn-in test", "7.5%"), "percentage", "consistent");
  // The part counts what another rate counts, or the rest's word is beside the rate's: the rest.
  assertSilent("percentage", [
    bulbs("passed the burn-in test", "92.5%"),
    "In the spring batch, 150 of 2,000 seeds failed to sprout, a germination rate of 92.5%.",
  ]);
});

Deno.test("percentages: the part's own noun before 'of' its whole", () => {
  const bar = (share: string) =>
    `The bar has 9 g of sugar, and at 4 kcal per gram that's 36 kcal of its 240 total, so sugar gives ${share} of the energy.`;
  assertOne(bar("20%"), "percentage", "contradicted", "36 of 240 is 15%, not 20%");
  assertOne(bar("15%"), "percentage", "consistent");
  // A whole of another measure than the part: no share.
  assertSilent("percentage", "That's 36 kcal of the 240 g bar, so sugar gives 20% of it.");
});

Deno.test("percentages: 'from' before a whole or a changed price is no range", () => {
  const signUps = (rate: string) =>
    `41 sign-ups from 2,050 visitors gives a conversion rate of ${rate}.`;
  assertOne(signUps("20%"), "percentage", "contradicted", "41 of 2,050 is 2%, not 20%");
  assertOne(signUps("2%"), "percentage", "consistent");
  const kettle = (off: string) =>
    `The kettle dropped from $50 to $40, so you're saving $10, which is ${off} off.`;
  assertOne(kettle("25%"), "percentage", "contradicted", "$10 off $50 is 20% off, not 25%");
  assertOne(kettle("20%"), "percentage", "consistent");
  // A range after "from": not one whole.
  assertSilent(
    "percentage",
    "58 sign-ups from 1,500 to 2,000 visitors gives a conversion rate of 9%.",
  );
});

Deno.test("percentages: a bare 'Rate:' named by the heading of its lines", () => {
  const block = (heading: string, rate: string) =>
    `${heading}\n---------\nStudents: 80\nPassed: 60\nRate: ${rate}\n\nMost retakes passed.`;
  assertOne(block("Pass rate", "70%"), "percentage", "contradicted", "60 of 80 is 75%, not 70%");
  assertOne(block("Pass rate", "75%"), "percentage", "consistent");
  assertSilent("percentage", block("Summary", "70%"));
});

Deno.test("percentages: a score written as one token, then its share", () => {
  const quiz = (share: string) => `Quiz score: 18/24\nPercentage: ${share}\nWell done.`;
  assertOne(quiz("70%"), "percentage", "contradicted", "18 of 24 is 75%, not 70%");
  assertOne(quiz("75%"), "percentage", "consistent");
  const threes = (share: string) => `She went 4-of-10 from three (${share}) in the second half.`;
  assertOne(threes("60%"), "percentage", "contradicted", "4 of 10 is 40%, not 60%");
  assertOne(threes("40%"), "percentage", "consistent");
  assertSilent("percentage", [
    // A fraction that may be a date, with no score's word; another figure between; an "=" (the
    // arithmetic reader's).
    "Results for 3/10\nPercentage: 45%",
    "Score: 38/50, with 12 retakes (56%).",
    "Score: 38/50 = 70%",
  ]);
});

Deno.test("percentages: several shares in one sentence, each with the figures before it", () => {
  const verdicts = (text: string) =>
    findingsOf(text, "percentage").map((f) => `${f.verdict}: ${f.reason}`);
  assert.deepEqual(
    verdicts(
      "In the treatment group, 34 of 200 participants (16%) reported headaches, compared with " +
        "21 of 200 (10.5%) in the placebo group.",
    ),
    ["contradicted: 34 of 200 is 17%, not 16%", "consistent: 21 of 200 is 10.5%"],
  );
  assert.deepEqual(
    verdicts("In a class of 32, 8 students got an A (25%), 12 got a B (37.5%)."),
    ["consistent: 8 of 32 is 25%", "consistent: 12 of 32 is 37.5%"],
  );
  // A share stated wrongly is not borne out by another percentage that fits it.
  assert.deepEqual(
    verdicts(
      "Of the 400 offspring, 301 showed the dominant phenotype — 73.5%, very close to the 75% " +
        "that Mendel's 3:1 ratio predicts.",
    ),
    ["contradicted: 301 of 400 is 75.3%, not 73.5%"],
  );
});

Deno.test("totals: a word after the list that counts its parts", () => {
  assertOne(
    "The Hawks scored 28, 31, 24 and 29 points in the four quarters, for a final total of 121.",
    "total",
    "contradicted",
    "28 + 31 + 24 + 29 = 112, not 121",
  );
  assertOne(
    "The Hawks scored 28, 31, 24 and 29 points in the four quarters, for a final total of 112.",
    "total",
    "consistent",
  );
  // "finishing with" after the list names its total; opening a sentence, it lists the parts.
  assertOne(
    "The Hawks put up 24, 31, 18 and 27 points across the four quarters, finishing with 104.",
    "total",
    "contradicted",
    "24 + 31 + 18 + 27 = 100, not 104",
  );
  assertOne(
    "They finished with 13 gold, 10 silver and 16 bronze medals — 45 in all.",
    "total",
    "contradicted",
    "13 + 10 + 16 = 39, not 45",
  );
  // A count that is not the list's: the parts may be of other things.
  assertSilent(
    "total",
    "The Hawks scored 28, 31, 24 and 29 points in three games, for a final total of 121.",
  );
  // A count of another thing after the parts may add to the total too.
  assertSilent(
    "total",
    "She made six two-pointers (12 points) and three threes (9 points), and added 7 free throws, finishing with 28 points.",
  );
  assertOne(
    "She made six two-pointers (12 points) and three threes (9 points), finishing with 25 points.",
    "total",
    "contradicted",
    "12 + 9 = 21, not 25",
  );
});

Deno.test("totals: scores in a sentence, then the total that names them", () => {
  const sections = (total: string) =>
    `You scored 18/20 on Section A, 27/30 on Section B and 41/50 on Section C, giving an overall score of ${total}.`;
  assertOne(sections("86/100"), "total", "consistent", "18/20 + 27/30 + 41/50 = 86/100");
  // Numbered labels between the scores.
  assertOne(
    "Your marks: Paper 1 72/100, Paper 2 65/100 and Coursework 88/100, giving a total of 215/300.",
    "total",
    "contradicted",
    "72/100 + 65/100 + 88/100 = 225/300, not 215/300",
  );
  assertOne(
    sections("88/100"),
    "total",
    "contradicted",
    "18/20 + 27/30 + 41/50 = 86/100, not 88/100",
  );
  assertOne(
    "Your points: quiz 18/20, lab 27/30 and final exam 45/50. That's 92 out of 100 — an A-minus.",
    "total",
    "contradicted",
    "18/20 + 27/30 + 45/50 = 90/100, not 92/100",
  );
  // Other marks available: scaled or weighted. No word of a total: another score.
  assertSilent("total", [
    sections("65/80"),
    "You scored 18/20 on Section A, 27/30 on Section B and 41/50 on Section C; Maya got 88/100.",
  ]);
});

Deno.test("totals: a total named after steps of working, of their results", () => {
  const meal = (total: number) =>
    "Calories by macro: 30 g protein × 4 = 120 kcal, 45 g carbs × 4 = 180 kcal, 12 g fat × 9 = " +
    `108 kcal. Altogether that meal is ${total} kcal.`;
  assertOne(meal(408), "total", "consistent", "120 kcal + 180 kcal + 108 kcal = 408");
  assertOne(
    meal(418),
    "total",
    "contradicted",
    "120 kcal + 180 kcal + 108 kcal = 408, not 418 kcal",
  );
  assertSilent("total", [
    // A result worked on further; an amount of the total's slot not worked out; a smaller total.
    "First 2 × 3 = 6 boxes, then 6 × 4 = 24 boxes. Altogether, 24 boxes.",
    "Shirts: 3 × $12.50 = $37.50, socks: 5 × $3.50 = $17.50, and a belt at $6.99. In total, $61.99.",
    "We cannot make 5 + 3 = 9 because 5 + 3 already equals 8, but 4 + 5 = 9 by adding 4 and 5 together.",
  ]);
});

Deno.test("totals: a number hyphened to a word, and a part that names its thing, are read as such", () => {
  // "a 72-hole total" names the kind of total: 72 is no part of it.
  assertSilent(
    "total",
    "Rounds of 71, 68, 70 and 72 give you a 72-hole total of 281 — 3 under par on a par-71 course.",
  );
  // The first part names its thing ("8,420 residents"), the others leave it out: with it the run
  // adds up, so the bare numbers alone contradict nothing.
  assertOne(
    "The municipality is made up of three villages — Oakridge (8,420 residents), Millbrook (5,960) and Fenwick (3,115) — for a combined population of 17,495.",
    "total",
    "consistent",
    "8,420 + 5,960 + 3,115 = 17,495",
  );
});

Deno.test("totals: parts beside measures of another dimension are summed in their own", () => {
  assertTwins(
    "total",
    "Per serving: 20 g protein (80 kcal), 30 g carbs (120 kcal) and 10 g fat (90 kcal), so the meal comes to 300 kcal.",
    "Per serving: 20 g protein (80 kcal), 30 g carbs (120 kcal) and 10 g fat (90 kcal), so the meal comes to 290 kcal.",
  );
});

Deno.test("totals: an amount said of each, its unit between, is scaled, no part", () => {
  assertSilent("total", "Turbines: 48, with a combined capacity of 201.6 MW (4.2 MW each).");
});

Deno.test("totals: a bound after a total's word names a limit, not the total", () => {
  assertSilent(
    "total",
    "The files are 1.2 MB, 0.8 MB, 3.5 MB and 2.1 MB — 7.6 MB combined, comfortably under the 10 MB upload cap.",
  );
});

Deno.test("totals: a measure counted over rounds is a product, no part", () => {
  assertSilent(
    "total",
    "The session is a 10-minute warm-up, 3 rounds of 12-minute intervals (36 minutes), and an 8-minute cool-down — 54 minutes in total.",
  );
  // Each chapter's own length is a part.
  assertOne(
    "So far you've written three chapters of 3,200, 4,150 and 2,875 words, for a running total of 10,325 words.",
    "total",
    "contradicted",
    "3,200 + 4,150 + 2,875 = 10,225, not 10,325",
  );
});

Deno.test("totals: a total, then its parts in brackets, each after a count that labels it", () => {
  assertOne(
    "Your lunch comes to 612 kcal: two slices of rye bread (190 kcal), 3 tbsp hummus (160 kcal) and a pear (102 kcal).",
    "total",
    "contradicted",
    "190 kcal + 160 kcal + 102 kcal = 452, not 612 kcal",
  );
  assertOne(
    "Your lunch comes to 452 kcal: two slices of rye bread (190 kcal), 3 tbsp hummus (160 kcal) and a pear (102 kcal).",
    "total",
    "consistent",
  );
});

Deno.test("totals: a subtotal whose own sentence adds nothing is the sum of the items before it", () => {
  assertOne(
    "Your cart: notebook $19.99, pens $4.50, stapler $12.75. Subtotal: $38.24 before tax.",
    "total",
    "contradicted",
    "$19.99 + $4.50 + $12.75 = 37.24, not $38.24",
  );
  assertSilent("total", "Subtotal $120.00, sales tax $9.60, shipping $5.00.");
});

Deno.test("shares: a share in brackets ends at its bracket; what follows is said of the figure before", () => {
  assertSilent(
    "percentage",
    "A half marathon is 21.0975 km (half of 42.195), which is about 13.1 miles.",
  );
  assertOne("Half of the 42 runners, 21, finished.", "percentage", "consistent");
});

Deno.test("percentages: a change from one value to another, told as a percentage of the first", () => {
  assertTwins(
    "percentage",
    "Revenue grew from $4.0M to $5.2M, an increase of 23%.",
    "Revenue grew from $4.0M to $5.2M, an increase of 30%.",
    "$4.0M to $5.2M is a 30% increase, not 23%",
  );
  assertOne(
    "The price fell from $80 to $60, a 20% decrease.",
    "percentage",
    "contradicted",
    "$80 to $60 is a 25% decrease, not 20%",
  );
  assertOne(
    "Visitors fell from 1,200 to 1,500, a 25% drop.",
    "percentage",
    "contradicted",
    "1,200 to 1,500 is a 25% increase, not a decrease",
  );
  // A change of percentages, a rate over time.
  assertSilent("percentage", [
    "The rate rose from 4% to 5%, an increase of 25%.",
    "Sales grew from 100 to 200 in five years, up about 15% a year.",
    // Another thing's change, in a clause of its own.
    "Staff grew from 40 to 52, mostly in sales, and revenue rose 12% to $6.1 million.",
    // Only the values' rounding allows it: $1.2M to $1.5M is 16.7% to 33.3%, 25% as written.
    "Revenue rose from $1.2M to $1.5M, an increase of 20%.",
  ]);
  assertOne(
    "Revenue rose 30% between 2019 and 2023, from $4.0M to $5.2M.",
    "percentage",
    "consistent",
  );
  assertOne(
    "Visits grew from 1,200 visits to 1,500 visits, a 20% increase.",
    "percentage",
    "contradicted",
    "1,200 to 1,500 is a 25% increase, not 20%",
  );
});

Deno.test("totals: what is left of an amount once another is taken from it", () => {
  const budget = (left: string) =>
    `You began the term with £1,200 and have spent £430 so far, which leaves ${left} for books.`;
  assertTwins("total", budget("£870"), budget("£770"), "£1,200 − £430 = 770, not £870");
  assertOne(
    "You spent £430 of your £1,200 budget, so you have £770 left.",
    "total",
    "consistent",
  );
  // Several taken or added, each named so; unnamed ones taken from a whole named so.
  const account = (left: string) =>
    `Starting from $2,500, withdrawing $740 and then depositing $315 leaves you with ${left}.`;
  assertTwins(
    "total",
    account("$2,175"),
    account("$2,075"),
    "$2,500 − $740 + $315 = 2,075, not $2,175",
  );
  const month = (left: string) =>
    `After rent ($1,450), utilities ($210) and groceries ($520) come out of your $4,200 monthly income, you have ${left} left.`;
  assertTwins(
    "total",
    month("$2,120"),
    month("$2,020"),
    "$4,200 − $1,450 − $210 − $520 = 2,020, not $2,120",
  );
  assertSilent("total", [
    // Another figure among the three may be what is left.
    "You've used 3,200 mAh of a 5,000 mAh battery, which is 62%; the remaining 1,800 mAh is 36%.",
    // Said loosely.
    "You began with £1,200 and spent about £430, which leaves £870.",
  ]);
});

Deno.test("totals: a change from one value to another, told as an amount", () => {
  const town = (people: string) =>
    `The town grew from 84,300 in 2010 to 91,050 in 2020, an increase of ${people} people.`;
  assertTwins("total", town("7,250"), town("6,750"), "91,050 − 84,300 = 6,750, not 7,250");
  assertTwins(
    "total",
    "Sales fell from 4,200 units to 3,650 units, a drop of 450 units.",
    "Sales fell from 4,200 units to 3,650 units, a drop of 550 units.",
    "4,200 − 3,650 = 550, not 450",
  );
  assertOne(
    "The price went from $80 to $95 — down $15.",
    "total",
    "contradicted",
    "$80 to $95 is an increase, not a decrease",
  );
  assertSilent("total", [
    // A step before the two values, not their change.
    "The sequence goes up by 2 from 10 to 14, so the next number must also go up by 2.",
    // Another thing counted.
    "Going from 4 to 6 servings means an increase of 3 eggs.",
    // Within the rounding of $1.2M and $1.5M, and a hedged amount near the difference.
    "Revenue rose from $1.2M to $1.5M, an increase of $250,000.",
    "Membership went from 312 to 358, a gain of roughly 50.",
  ]);
});
