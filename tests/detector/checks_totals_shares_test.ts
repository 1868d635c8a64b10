/**
 * Totals, percentages and divisions with a remainder, on crafted pairs: the wrong statement
 * contradicted with its reason, its right twin confirmed, and the cases where the checks must stay
 * silent (subsets, a rest left out, other things than the total, hedged totals, changes, the
 * rest's share said of the rest).
 */
import assert from "node:assert/strict";
import { exactFindings } from "../../server/detector/checks/run.ts";

const NOW = new Date(Date.UTC(2026, 10, 25));

function found(response: string, kind: string) {
  return exactFindings(response, undefined, NOW).flatMap((c) => c.findings)
    .filter((f) => f.kind === kind);
}

function assertOne(response: string, kind: string, verdict: string, reason?: string) {
  const all = found(response, kind);
  assert.equal(all.length, 1, `${response}: ${JSON.stringify(all)}`);
  assert.equal(all[0].verdict, verdict, `${response}: ${all[0].reason}`);
  if (reason) assert.equal(all[0].reason, reason);
}

function assertSilent(response: string, kind: string) {
  assert.deepEqual(found(response, kind), [], response);
}

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
    ]
  ) assertSilent(text, "total");
});

Deno.test("percentages: the share beside its count, said in more ways", () => {
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
  ) assertSilent(text, "percentage");
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
  assertSilent("25 + 25 = 49\n\n50 = 49 (not true)", "arithmetic");
});
