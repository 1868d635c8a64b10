/**
 * Agreements (checks/agreements.ts): relations that hold among figures no reader took are
 * confirmed, whatever the phrasing; one that does not hold is never contradicted from them, and
 * puts its relation's agreements in the answer in doubt.
 */
import assert from "node:assert/strict";
import { assertOne, assertSilent, findingsOf } from "../support/exact_checks.ts";

Deno.test("agreements: a conversion in words no reader reads is confirmed, never contradicted", () => {
  assertOne(
    "The 400 m oval at the club measures 437 yards around the inside lane.",
    "unit_conversion",
    "consistent",
    "400 m is 437.4 yards",
  );
  assertSilent("unit_conversion", [
    "The 400 m oval at the club measures 347 yards around the inside lane.",
    // A figure of the same unit before it: "a quarter mile (440 yards)" is no conversion of 400 m.
    "The 400 m oval measures 347 yards around, a bit short of a quarter mile (440 yards).",
    // Imprecise figures agree by chance: "5 km" and "3 miles".
    "The 5 km loop and a 3 mile road run make a fine week.",
  ]);
});

Deno.test("agreements: one conversion that does not hold puts the others in doubt", () => {
  const right = "Incubator settings:\n\n- Room bench set near 21°C means 69.8°F\n" +
    "- Incubator set near 37°C means 98.6°F";
  assert.equal(findingsOf(right, "unit_conversion").length, 2);
  assertSilent("unit_conversion", right.replace("98.6°F", "108.6°F"));
});

Deno.test("agreements: a figure that is the sum of the whole run beside it", () => {
  assertOne(
    "Oakham has 148 staff, Brent 96 and Carlow 213, which gives the firm 457 people.",
    "total",
    "consistent",
    "148 + 96 + 213 = 457",
  );
  assertOne(
    "1,157 kWh went on the quarter: 412 in January, 389 in February and 356 in March.",
    "total",
    "consistent",
  );
  assertSilent("total", [
    "Oakham has 148 staff, Brent 96 and Carlow 213, which gives the firm 547 people.",
    // The last two of the run add up, the whole run does not: no total.
    "We counted 31, 18 and 24 birds; 42 of them had rings.",
  ]);
});

Deno.test("agreements: a percentage that is the share of two figures of its row", () => {
  const table = "| Region | Orders | Returned | Return rate |\n|---|---|---|---|\n" +
    "| North | 1,240 | 62 | 5.0% |\n| South | 980 | 73 | 7.4% |";
  assert.deepEqual(
    findingsOf(table, "percentage").map((f) => [f.verdict, f.reason]),
    [["consistent", "62 of 1,240 is 5%"], ["consistent", "73 of 980 is 7.4%"]],
  );
  assertSilent("percentage", table.replace("7.4%", "74.5%"));
});

Deno.test("agreements: a count of time, or an age, that the dates around it give", () => {
  const plan = "Project plan:\n\n- Kickoff: 10 January 2022\n- Public launch: 10 October 2023\n" +
    "- Total duration: 21 months";
  assertOne(plan, "duration", "consistent", "January 10, 2022 to October 10, 2023 is 21 months");
  // A fact list of the two dates and the total is read by the lifespans reader, which shows it.
  assertOne(
    plan.replace("21 months", "12 months"),
    "duration",
    "contradicted",
    "January 10, 2022 to October 10, 2023 is 21 months, not 12",
  );
  const timeline = "- 1898 (May 17): Born in Halvik\n- 1921: Opens a studio\n" +
    "- 1964 (October 2): Dies in Halvik at 66";
  assertOne(timeline, "age", "consistent");
  assertSilent("age", timeline.replace("at 66", "at 76"));
  // A limit is no count of the dates' period: "the 90-day maximum" confirms nothing.
  assertSilent(
    "duration",
    "You land on 1 March 2025 and fly out on 29 May 2025. Counting both ends, you get 91 " +
      "days in the zone, against the 90-day maximum.",
  );
});

Deno.test("agreements: a year its sentence dates to the day is read as that day", () => {
  const won = "Mira Vell (born September 26, 1981) won the 2017 Harlan Open final on January 28, " +
    "2017. She was 35, and it was her fifth title.";
  assertOne(won, "age", "consistent", "September 26, 1981 to January 28, 2017 is 35 years");
  // The year alone would allow 36: the day it is written to does not.
  assertSilent("age", won.replace("was 35", "was 36"));
});

Deno.test("agreements: a death told before the birth; another life's dates are no pair", () => {
  assertOne(
    "Ada Korr, a weaver, passed away quietly on March 3, 2011, at the age of 76. Born on " +
      "July 9, 1934, she ran the mill.",
    "age",
    "consistent",
    "July 9, 1934 to March 3, 2011 is 76 years",
  );
  assertSilent(
    "age",
    "Ada Korr, a weaver, passed away quietly on March 3, 2011, at the age of 67. Born on July 9, 1934.",
  );
});

Deno.test("agreements: conversions are read within a sentence, and doubt stays in it", () => {
  // "8.8 oz ... the 1.5 kg bag": two sentences, two measures, no conversion and no doubt.
  assert.deepEqual(
    findingsOf(
      "Each 250 g pouch fills 8.8 oz of jar. Six make the 1.5 kg sack, 52.9 oz in jars.",
      "unit_conversion",
    ).map((f) => f.reason),
    ["250 g is 8.82 oz", "1.5 kg is 52.91 oz"],
  );
});

Deno.test("agreements: an obituary's age after the name, an age said before its death", () => {
  const obituary = "Mara Vell, 93, of Harlow, passed on April 18, 2021. Born on August 2, 1927, " +
    "she taught piano.";
  assertOne(obituary, "age", "consistent", "August 2, 1927 to April 18, 2021 is 93 years");
  assertSilent("age", obituary.replace("93", "39"));
  assertOne(
    "Olin Brask (b. 3 May 1901) was 70 when he died, on 9 June 1971, in Oslo.",
    "age",
    "consistent",
  );
});

Deno.test("agreements: a share's one possible whole; a sum past figures of other measures", () => {
  assertOne(
    "Of the 250 people enrolled, 231 stayed on to the end of the trial (92.4%) while 19 left.",
    "percentage",
    "consistent",
    "231 of 250 is 92.4%",
  );
  assertOne(
    "The trip: $412.80 for 2 flights and $356.25 for 3 nights, so $769.05 went on it.",
    "total",
    "consistent",
    "$412.80 + $356.25 = 769.05",
  );
  // Parts with their shares are more than a sum: a wrong share must not be confirmed by the sum.
  assertSilent(
    "total",
    "Of 520 replies:\n- Pleased: 143 (72.5%)\n- Neutral: 221 (42.5%)\n- Upset: 156",
  );
});

Deno.test("agreements: a conversion no reader read that does not hold leaves none reported right", () => {
  const right = "Happy cooking! 300 g of rice is about 10.6 oz, a little over two cups (each cup " +
    "is 4 oz, or 113 g).";
  assert.equal(findingsOf(right, "unit_conversion").length, 2);
  // "4 oz, or 113 g" is read and right, but "300 g ... about 106 oz" beside it is not.
  assertSilent("unit_conversion", right.replace("10.6 oz", "106 oz"));
});

Deno.test("agreements: dates in digits, read the way the answer writes them", () => {
  assertOne(
    "Admitted 12/22/2023, discharged 1/11/2024: a 20-day stay on the ward.",
    "duration",
    "consistent",
    "December 22, 2023 to January 11, 2024 is 20 or 21 days",
  );
  assertOne("Arrive 07.02.2024, depart 28.04.2024: 81 days in all.", "duration", "consistent");
  // "16/4/1973" is day first, so "10/5/1901" beside it is 10 May: 71, not 72.
  const certificate = "Born 10/5/1901, died 16/4/1973: that makes her 71 years old at her death.";
  assertOne(certificate, "age", "consistent", "May 10, 1901 to April 16, 1973 is 71 years");
  assertOne(
    certificate.replace("71 years", "72 years"),
    "age",
    "contradicted",
    "May 10, 1901 to April 16, 1973 is 71 years, not 72",
  );
});

Deno.test("agreements: ages said as the subject's, counts of time said loosely or in parts", () => {
  assertOne(
    "Tesla died in New York on January 7, 1943. Born July 10, 1856, he was 86 at the time.",
    "age",
    "consistent",
  );
  assertOne("- Born: 1815-12-10\n- Died: 1852-11-27\n- Age: 36", "age", "consistent");
  assertOne(
    "The crew launched Jul 16, 1969 and splashed down Jul 24, 1969, so the trip took about 8 days.",
    "duration",
    "consistent",
  );
  // A count in parts is confirmed whole, and the same period in days beside it too.
  const war = "The war ran from 28 July 1914 to 11 November 1918: 4 years, 3 months and 14 days, " +
    "or 1,567 days in total.";
  assert.deepEqual(findingsOf(war, "duration").map((f) => f.reason), [
    "July 28, 1914 to November 11, 1918 is 4 years, 3 months, 14 days",
    "July 28, 1914 to November 11, 1918 is 1567 or 1568 days",
  ]);
});

Deno.test("agreements: a worked percentage; a year beside the parts is no part", () => {
  assertOne("Rate ≈ 126 orders / 5,539 sessions = 2.27%.", "percentage", "consistent");
  assertOne(
    "Per the 2020 census, Millbrook has 11,607 residents, Ashford Green 7,549, and Tarrow " +
      "2,975. Combined, that's 22,131.",
    "total",
    "consistent",
    "11,607 + 7,549 + 2,975 = 22,131",
  );
});

Deno.test("agreements: ranges convert end by end; a far measure casts no doubt", () => {
  assert.deepEqual(
    findingsOf("Soft ball: 235–240 °F ≈ 113–116 °C", "unit_conversion").map((f) => f.reason),
    ["235 °F is 112.8 °C", "240 °F is 115.6 °C"],
  );
  assertSilent("unit_conversion", "Soft ball: 235–240 °F ≈ 113–126 °C");
  assert.deepEqual(
    findingsOf("Tetras like 24–27 °C, i.e. roughly 75–81 °F.", "unit_conversion").map((f) =>
      f.reason
    ),
    ["24 °C is 75.2 °F", "27 °C is 80.6 °F"],
  );
  // "between ... and ...": the second end is read as one too.
  assert.deepEqual(
    findingsOf(
      "Pool water should be between 25°C and 28°C, which is 77°F to 82.4°F.",
      "unit_conversion",
    )
      .map((f) => f.reason),
    ["25°C is 77 °F", "28°C is 82.4 °F"],
  );
  // "300 cm" is another measure of the sentence, far from "59 in": no doubt on 150 cm (59 in).
  assertOne(
    "The longest side may be 150 cm (59 in) [1], and length plus girth can't exceed 300 cm [2].",
    "unit_conversion",
    "consistent",
  );
});

Deno.test("agreements: a count of time in parts, as the calendar counts it", () => {
  const reign = "Victoria reigned from 20 June 1837 until her death on 22 January 1901 — 63 " +
    "years, 7 months and 2 days.";
  assertOne(
    reign,
    "duration",
    "consistent",
    "June 20, 1837 to January 22, 1901 is 63 years, 7 months, 2 days",
  );
  // Two months off: past any way of counting (a borrowed month's length, the last day).
  assertOne(reign.replace("7 months", "9 months"), "duration", "contradicted");
  assertSilent("duration", reign.replace("2 days", "5 days"));
  assertOne(
    "They left on the 16th of September 1911 and returned on the 7th of January 1912 — 16 " +
      "weeks and 1 day on the ice.",
    "duration",
    "consistent",
  );
  // "6 years and 1 day" says no months: where the dates give some, it is no match (the years
  // alone are read as a period's count: 6 or 7).
  assert.deepEqual(
    findingsOf("It ran from 1 March 1939 to 2 September 1945: 6 years and 1 day.", "duration")
      .map((f) => f.reason),
    ["March 1, 1939 to September 2, 1945 is 6 or 7 years"],
  );
});

Deno.test("agreements: a table's count of time or age against its row's dates", () => {
  const legs = "| Leg | Departed | Arrived | Days |\n|---|---|---|---|\n" +
    "| Liverpool → Cobh | 6 Apr 1910 | 14 Apr 1910 | 8 |\n| Cobh → Halifax | 14 Apr 1910 | 19 Apr 1910 | 5 |";
  assert.deepEqual(findingsOf(legs, "duration").map((f) => f.reason), [
    "April 6, 1910 to April 14, 1910 is 8 or 9 days",
    "April 14, 1910 to April 19, 1910 is 5 or 6 days",
  ]);
  // One row that its dates do not give puts the others in doubt.
  assertSilent("duration", legs.replace("| 5 |", "| 15 |"));
  assertOne(
    "| Name | Born | Died | Age |\n|---|---|---|---|\n| Ole Lund | 19/02/1873 | 07/11/1929 | 56 |",
    "age",
    "consistent",
    "February 19, 1873 to November 7, 1929 is 56 years",
  );
});

Deno.test("agreements: nights, whole years, fractions, shares of the sentence before, sums in hours", () => {
  assertOne("Check-in Oct. 26, 2025, check-out Oct. 30, 2025: 4 nights.", "duration", "consistent");
  assertOne("70/87 from the line this season → 80.5% made.", "percentage", "consistent");
  assertOne(
    "It holds 3,717 mAh against a design capacity of 4,500 mAh. That's 82.6% of it.",
    "percentage",
    "consistent",
    "3,717 of 4,500 is 82.6%",
  );
  // Labelled before their figures, the terms are a sum written out (arithmetic.ts reads it).
  assertOne(
    "Mon 8 h + Tue 8 h + Wed 7.5 h + Thu 7.5 h + Fri 8 h = 39 hours this week.",
    "arithmetic",
    "consistent",
  );
  assertOne(
    "Mon 8 h, Tue 8 h, Wed 7.5 h, Thu 7.5 h and Fri 8 h: 39 hours this week.",
    "total",
    "consistent",
  );
  assertOne(
    "King was only 39 when he was killed in Memphis on April 4, 1968. He had been born on " +
      "January 15, 1929, and won the prize in 1964.",
    "age",
    "consistent",
    "January 15, 1929 to April 4, 1968 is 39 years",
  );
});

Deno.test("agreements: another life's dates confirm no age; a figure taken away is no part", () => {
  // Johann's 43 is no age of his; 1870 to 1914 (two other lives) happens to give it.
  assertSilent(
    "age",
    "- Johann: 26 Sep 1886 – 21 Dec 1931 (aged 43)\n- Anna: 24 Aug 1846 – 15 Sep 1914 " +
      "(aged 68)\n- Fritz: 7 May 1840 – 21 Dec 1870 (aged 30)",
  );
  // A count whose sentence states its period is read with that period's dates only.
  assertSilent(
    "duration",
    "From 1 March 2024 to 1 March 2025 is 366 days. Even though 2024 was a leap year, " +
      "29 February 2024 falls before the start date, so the extra day doesn't count.",
  );
  // Two births: an age is read only with the dates of its own sentence.
  const moon = (age: number) =>
    "Neil Armstrong was born on August 5, 1930, so when he stepped onto the Moon on July 20, " +
    `1969, he was ${age} years old. Buzz Aldrin, born January 20, 1930, was 39.`;
  assertSilent("age", moon(39));
  assertOne(moon(38), "age", "consistent", "August 5, 1930 to July 20, 1969 is 38 years");
  assertSilent(
    "total",
    "1. Subtract the years: 1943 − 1886 = 57\n2. He died before his birthday, so subtract 1." +
      "\n\nAge at death: 58",
  );
});

Deno.test("agreements: sums said loosely but exact, bare parts of hours, amounts that are no years", () => {
  assertOne("Flights $451 + hotel $865 + food $396 ≈ $1,712 all-in.", "arithmetic", "consistent");
  for (const kind of ["total", "arithmetic"] as const) {
    assertSilent(kind, "Flights $451 + hotel $865 + food $396 ≈ $1,800 all-in.");
  }
  assertOne(
    "Your timesheet (Mon 6.5, Tue 7.5, Wed 7.5, Thu 7.0, Fri 7.0): 35.5 hours this week.",
    "total",
    "consistent",
  );
  assertOne("The donations (£35, £100 and £60) add up to £195 so far.", "total", "consistent");
  assertOne(
    "By day:\n- Friday: 1,683\n- Saturday: 1,871\n- Sunday: 1,157\n\nCombined: 4,711 visitors.",
    "total",
    "consistent",
    "1,683 + 1,871 + 1,157 = 4,711",
  );
});

Deno.test("agreements: a figure a reader paired, a count beside the span's own, months in digits", () => {
  // "or 180°C with a fan" is no conversion of the 392°F the reader paired with 200°C.
  assertOne(
    "Preheat to 200°C (392°F) — or 180°C with a fan oven.",
    "unit_conversion",
    "consistent",
  );
  // "92 days" is the dates' count; "the 90-day limit" beside it casts no doubt.
  assertOne(
    "Counting arrival (14 June 2024) and departure (13 September 2024), that is 92 days, under " +
      "the 90-day limit.",
    "duration",
    "consistent",
  );
  assertOne(
    "You started in 02/2015 and left in 09/2022, which is 91 months.",
    "duration",
    "consistent",
  );
  assertOne("He went 80-for-98 from the line, which is an 81.6% clip.", "percentage", "consistent");
  assertOne(
    "She was born 14 October 1908 and died 17 December 2001. That makes 93 the age at death.",
    "age",
    "consistent",
  );
});

Deno.test("agreements: ages in words from 21 to 99; a conversion written as an equation", () => {
  const mozart =
    "Mozart (b. 27 January 1756 – d. 5 December 1791) was only thirty-five when he died.";
  assertOne(mozart, "age", "consistent", "January 27, 1756 to December 5, 1791 is 35 years");
  assertSilent("age", mozart.replace("thirty-five", "thirty-nine"));
  assertOne("15 short tons = 13.61 metric tonnes.", "unit_conversion", "consistent");
});

Deno.test("agreements: with a document, the answer is read against it, not against itself", () => {
  const answer = "The 400 m oval at the club measures 437 yards around the inside lane.";
  assertOne(answer, "unit_conversion", "consistent");
  assert.deepEqual(findingsOf(answer, "unit_conversion", "The club's oval opened in 1931."), []);
});

Deno.test("agreements: an age at a coming date, a stay's nights, a date's year from the next", () => {
  const party = (age: number) =>
    `If your grandma was born on March 3, 1941, she'll be ${age} at the party on November 8, 2025.`;
  assertOne(party(84), "age", "consistent", "March 3, 1941 to November 8, 2025 is 84 years");
  assertSilent("age", party(85));
  const stay = (nights: number) =>
    `Checking in June 12 and out June 26, 2025 gives you ${nights} nights in Portugal.`;
  // A stay checked in and out is a period the lifespans reader reads: it shows a wrong count too.
  assertOne(stay(14), "duration", "consistent", "June 12, 2025 to June 26, 2025 is 14 nights");
  assertOne(stay(15), "duration", "contradicted");
  // December before January: the year before.
  assertOne(
    "From December 20 to January 3, 2025 is exactly 2 weeks off.",
    "duration",
    "consistent",
    "December 20, 2024 to January 3, 2025 is 2 weeks",
  );
});

Deno.test("agreements: two measures far apart cast no doubt on a conversion", () => {
  assertOne(
    "A 30 lb bag of dog food is about 13.6 kg. For a 25 kg lab eating roughly 350 g a day, " +
      "that'll last around 5–6 weeks.",
    "unit_conversion",
    "consistent",
  );
});

Deno.test("agreements: a span just past a whole count, an age at an event, a death's cause", () => {
  const wall = (years: number) =>
    "The Berlin Wall went up on August 13, 1961, and fell on November 9, 1989, so it stood for " +
    `just over ${years} years.`;
  assertOne(wall(28), "duration", "consistent");
  assertSilent("duration", [wall(27), wall(29)]);
  const malala = (age: number) =>
    "Malala Yousafzai was born on 12 July 1997 and was named a laureate on 10 October 2014. " +
    `At ${age}, she became the youngest laureate ever.`;
  assertOne(malala(17), "age", "consistent", "July 12, 1997 to October 10, 2014 is 17 years");
  assertSilent("age", malala(18));
  const franklin = (age: number) =>
    "Rosalind Franklin was born on 25 July 1920 and died of ovarian cancer on 16 April 1958, " +
    `at only ${age}.`;
  assertOne(franklin(37), "age", "consistent");
  assertOne(
    franklin(38),
    "age",
    "contradicted",
    "July 25, 1920 to April 16, 1958 is 37 years, not 38",
  );
});

Deno.test("agreements: a conversion of a figure of the sentence before, to confirm only", () => {
  const everest = (feet: string) =>
    "Everest's official height is 8,848.86 m, a figure announced in 2020. In feet that's about " +
    `${feet} ft.`;
  assertOne(everest("29,032"), "unit_conversion", "consistent");
  // Two digits swapped: no rounded factor gives it, though within 1%.
  assertSilent("unit_conversion", everest("29,302"));
  // Two sentences back, or across a line's break: too far.
  assertSilent(
    "unit_conversion",
    "Everest is 8,848.86 m. It was measured in 2020. In feet that's about 29,032 ft.",
  );
  assertSilent("unit_conversion", "- Everest: 8,848.86 m, 2020\n- In feet that's about 29,032 ft");
});

Deno.test("agreements: figures scaled, shared or worked on are no parts of a sum", () => {
  for (
    const text of [
      "You scored 42 out of 56. To get a percentage, divide and multiply by 100: 42 ÷ 56 × 100 = 72%.",
      "11 st 4 lb = (11 × 14) + 4 = 158 lb. Then multiply by 0.4536 kg/lb: 158 × 0.4536 ≈ 69.7 kg.",
      // A figure said to be the next is that one restated, no sum of the figures after it.
      "12 stone is 156 lb (there are 14 lb in a stone), or about 76.2 kg.",
    ]
  ) assertSilent("total", text);
});

Deno.test("agreements: days later are the days between; a loose count beside a wrong one", () => {
  const titanic = (days: number) =>
    `The Titanic left Southampton on 10 April 1912 and sank on 15 April 1912, ${days} days later.`;
  assertOne(titanic(5), "duration", "consistent", "April 10, 1912 to April 15, 1912 is 5 days");
  // The day of leaving is not counted (checks/lifespans.ts).
  assertOne(
    titanic(6),
    "duration",
    "contradicted",
    "April 10, 1912 to April 15, 1912 is 5 days, not 6",
  );
  // "a little over four years" holds, but "1,576 days" beside it does not: nothing confirmed.
  const war = (days: string) =>
    "The war began on 28 July 1914 and ended on 11 November 1918. That's " +
    `${days} days of fighting, a little over four years and three months.`;
  assertSilent("duration", war("1,576"));
  assertOne(war("1,567"), "duration", "consistent");
});

Deno.test("agreements: a list's item is no total of the items before it", () => {
  const plan = (total: string) =>
    "Tonight's plan:\n\n1. Flashcards: 45 min\n2. Vocabulary: 30 min\n3. Past paper: 75 min\n\n" +
    `That's ${total} altogether.`;
  // The wrong total line is the list's, not item 3 the sum of items 1 and 2 (45 + 30 = 75).
  assertOne(
    plan("2 h 10 min"),
    "total",
    "contradicted",
    "45 min + 30 min + 75 min = 150, not 2 h 10 min",
  );
  assertOne(plan("150 min"), "total", "consistent", "45 min + 30 min + 75 min = 150");
});

Deno.test("agreements: a place in a series is no part; a number word said as a part of a figure", () => {
  const trip = (total: number) =>
    `Your legs are 185 miles on day 1, 240 on day 2 and 132 on day 3, so ${total} miles altogether.`;
  assertOne(trip(557), "total", "consistent", "185 miles + 240 + 132 = 557");
  assertSilent("total", trip(575));
  // "day 15,000" is no label: a count follows the word.
  assertOne(
    "On the first day 15,000 people crossed, and 2,000 on the next: 17,000.",
    "total",
    "consistent",
    "15,000 + 2,000 = 17,000",
  );
  const signers = (percent: string) =>
    `Eight of the 56 signers were born in the British Isles, roughly ${percent} of them.`;
  assertOne(signers("14.3%"), "percentage", "consistent", "8 of 56 is 14.3%");
  assertSilent("percentage", signers("16.3%"));
});

Deno.test("agreements: two figures converted in the order they were said", () => {
  const rome = (night: number) =>
    "Highs near 28 °C and lows around 20 °C, that's roughly 82 °F in the afternoon and " +
    `${night} °F at night.`;
  assert.deepEqual(findingsOf(rome(68), "unit_conversion").map((f) => f.reason), [
    "28 °C is 82.4 °F",
    "20 °C is 68 °F",
  ]);
  assertSilent("unit_conversion", rome(63));
});

Deno.test("agreements: a total of points is no sum of counts of other things", () => {
  assertSilent("total", "- Wins: 10\n- Losses: 4\n- Draws: 2\n- Total points: 16");
  assertOne(
    "- Round 1: 10 points\n- Round 2: 4 points\n- Round 3: 2 points\n- Total: 16 points",
    "total",
    "consistent",
  );
});
