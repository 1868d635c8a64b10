/**
 * Ages at death and durations read from the dates an answer states (checks/lifespans.ts): each
 * wrong statement beside its right twin, and the cases where the check must stay silent (an age
 * at another event, another person's age, a count of something else, a hedged or round count).
 */
import assert from "node:assert/strict";
import {
  assertOne,
  assertSilent,
  assertTwins,
  findingsOf,
  readingsOf,
} from "../support/exact_checks.ts";

Deno.test("lifespans: ages told before or after the words of the death", () => {
  assertTwins(
    "age",
    "Born in 1793 and died in 1862, Elias Varnholt was 79 when he died.",
    "Born in 1793 and died in 1862, Elias Varnholt was 68 when he died.",
    "1793 to 1862 is 68 or 69 years, not 79",
  );
  assertTwins(
    "age",
    "She was born September 17, 1934 and died July 7, 2022, which made her 96 at the time of her death.",
    "She was born September 17, 1934 and died July 7, 2022, which made her 87 at the time of her death.",
    "September 17, 1934 to July 7, 2022 is 87 years, not 96",
  );
  assertTwins(
    "age",
    "Henrik Aalto (1787–1847) was 56 years old when he passed away.",
    "Henrik Aalto (1787–1847) was 60 years old when he passed away.",
  );
  // The life's dates in an aside of dashes or commas, as in brackets.
  for (const [open, close] of [[" —", " —"], [",", ","]]) {
    assertTwins(
      "age",
      `Charles Darwin${open} 12 Feb 1809 to 19 Apr 1882${close} died aged 72.`,
      `Charles Darwin${open} 12 Feb 1809 to 19 Apr 1882${close} died aged 73.`,
      "February 12, 1809 to April 19, 1882 is 73 years, not 72",
    );
  }
  assertTwins(
    "age",
    "Casimir Wendt lived from 1767 to 1834, reaching the age of 63.",
    "Casimir Wendt lived from 1767 to 1834, reaching the age of 67.",
  );
  assertTwins(
    "age",
    "Agnes Hollister was born on 1875-09-18 and died on 1956-07-29; she was 90.",
    "Agnes Hollister was born on 1875-09-18 and died on 1956-07-29; she was 80.",
  );
  assertTwins(
    "age",
    "He was born in 1900 and died in 1980, aged sixty-two.",
    "He was born in 1900 and died in 1980, aged seventy-nine.",
  );
  assertTwins(
    "age",
    "Born in 1900, she lived to be 95 and died in 1980.",
    "Born in 1900, she lived to be 80 and died in 1980.",
  );
});

Deno.test("lifespans: a birth told after the death, in the next sentence", () => {
  assertTwins(
    "age",
    "Clara Devereux died in 1885, aged 70. She had been born in 1823 and taught all her life.",
    "Clara Devereux died in 1885, aged 62. She had been born in 1823 and taught all her life.",
    "1823 to 1885 is 61 or 62 years, not 70",
  );
});

Deno.test("lifespans: ages of other events and other people are left alone", () => {
  assertSilent("age", [
    "Born in 1900 and died in 1980, she married at the age of 20.",
    "She was born in 1900 and died in 1980; at 35, she moved to Paris.",
    "He was born in 1900 and died in 1980; his son was 30 years old by then.",
    "Born in 1900, he died in 1980. His daughter was 2 when he died.",
    "She was born in 1900 and died in 1980; aged 20 she had left home.",
    "Born in 1900, died in 1980 at 3 p.m.",
    "He died at the age of 62.",
  ]);
});

Deno.test("lifespans: durations joined to their period, in any unit the dates allow", () => {
  assertTwins(
    "duration",
    "The festival ran from July 16 to August 1, 1998, 10 days in total.",
    "The festival ran from July 16 to August 1, 1998, 16 days in total.",
    "July 16, 1998 to August 1, 1998 is 16 or 17 days, not 10",
  );
  // Both ends counted where the answer says so; else the count with both ends is the usual
  // off-by-one slip or a festival's days, and neither is told.
  assertTwins(
    "duration",
    "The festival ran from July 16 to August 1, 1998, 10 days in total.",
    "The festival ran from July 16 to August 1, 1998, 17 days inclusive.",
  );
  assertSilent("duration", [
    "The festival ran from July 16 to August 1, 1998, 17 days in total.",
    "Apollo 11 launched on 16 July 1969 and splashed down on 24 July 1969, a mission of 9 days.",
  ]);
  assertOne(
    "Both the day you enter and the day you leave count. If you arrive on 1 June 2025 and depart " +
      "on 15 August 2025, that's 76 days.",
    "duration",
    "consistent",
    "June 1, 2025 to August 15, 2025 is 76 days",
  );
  // Said to count both ends, the count without the last day is a day short; a stay under the
  // Schengen rule, not said to, may be counted either way.
  assertOne(
    "Both the day you enter and the day you leave count. If you arrive on 1 June 2025 and depart " +
      "on 15 August 2025, that's 75 days.",
    "duration",
    "contradicted",
    "June 1, 2025 to August 15, 2025 is 76 days, not 75",
  );
  assertOne(
    "Your lease starts on 1 March 2024 and ends on 28 February 2025, which comes to 365 days if " +
      "you count both the first and the last day.",
    "duration",
    "consistent",
    "March 1, 2024 to February 28, 2025 is 365 days",
  );
  for (const days of [81, 82]) {
    assertOne(
      `Arrive 07.02.2024, depart 28.04.2024: ${days} days in the Schengen area.`,
      "duration",
      "consistent",
      "February 7, 2024 to April 28, 2024 is 81 or 82 days",
    );
  }
  // Whole months, both ends counted, are a count of whole months.
  assertTwins(
    "duration",
    "Your lease runs from 1 August 2023 through 31 January 2025, which is 17 months.",
    "Your lease runs from 1 August 2023 through 31 January 2025, which is 18 months.",
    "August 1, 2023 to January 31, 2025 is 18 months, not 17",
  );
  // A job joined and left on its last day; "full years".
  assertTwins(
    "duration",
    "She joined Westbrook Elementary on August 17, 1998 and her last day is June 28, 2024: 29 full years of teaching.",
    "She joined Westbrook Elementary on August 17, 1998 and her last day is June 28, 2024: 25 full years of teaching.",
    "August 17, 1998 to June 28, 2024 is 25 or 26 years, not 29",
  );
  assertTwins(
    "duration",
    "Construction began in July 2012 and was completed in May 2016, taking 58 months.",
    "Construction began in July 2012 and was completed in May 2016, taking 46 months.",
    "July 2012 to May 2016 is 45, 46 or 47 months, not 58",
  );
  assertTwins(
    "duration",
    "She served as mayor from 1870 until 1884, twenty-four years in office.",
    "She served as mayor from 1870 until 1884, fourteen years in office.",
  );
  assertTwins(
    "duration",
    "The lease started on 9 March 1952 and ends on 9 March 1978, so its term is 18 years.",
    "The lease started on 9 March 1952 and ends on 9 March 1978, so its term is 26 years.",
    "March 9, 1952 to March 9, 1978 is 26 years, not 18",
  );
  assertTwins(
    "duration",
    "The exhibition was open from April 4, 2008 through May 1, 2008, so it ran for 9 weeks.",
    "The exhibition was open from April 4, 2008 through May 1, 2008, so it ran for 4 weeks.",
  );
  assertTwins(
    "duration",
    "The drought lasted twenty-one years, stretching from 1928 to 1939.",
    "The drought lasted eleven years, stretching from 1928 to 1939.",
    "1928 to 1939 is 10, 11 or 12 years, not 21",
  );
  assertTwins(
    "duration",
    "The mill was in use for 30 years (1824–1849).",
    "The mill was in use for 25 years (1824–1849).",
  );
});

Deno.test("lifespans: a count of the thing that took the period", () => {
  assertTwins(
    "duration",
    "Construction began in 1887 and finished in 1929, so the building took 37 years to complete.",
    "Construction began in 1887 and finished in 1929, so the building took 42 years to complete.",
  );
  // A count of something else in the period ("10 years to run") is no count of it.
  assertSilent(
    "duration",
    "The bridge opened in 1916 and closed in 1976; it had 10 years to run on its lease.",
  );
});

Deno.test("lifespans: a period of days and months, no year stated", () => {
  assertTwins(
    "duration",
    "From May 6 to May 26 is 26 days.",
    "From May 6 to May 26 is 20 days.",
    "May 6 to May 26 is 20 or 21 days, not 26",
  );
  assertOne(
    "From December 20 to January 5 is 16 days.",
    "duration",
    "consistent",
    "December 20 to January 5 is 16 or 17 days",
  );
  // A stay's nights are its days without the last.
  assertTwins(
    "duration",
    "Check in on 12 June 2025, check out on 26 June 2025: 15 nights.",
    "Check in on 12 June 2025, check out on 26 June 2025: 14 nights.",
    "June 12, 2025 to June 26, 2025 is 14 nights, not 15",
  );
  assertTwins(
    "duration",
    "Check-in on 12 June and check-out on 26 June means you're booking 15 nights.",
    "Check-in on 12 June and check-out on 26 June means you're booking 14 nights.",
    "June 12 to June 26 is 14 nights, not 15",
  );
  // The end of a February, 28 or 29 days by the year: no count to check.
  assertSilent("duration", "From January 20 to March 5 is 44 days.");
});

Deno.test("lifespans: counts of something else, hedged, round or finer than the dates", () => {
  assertSilent("duration", [
    "The war ran from 1939 to 1945; the siege lasted 14 days.",
    "She was editor from 2003 to 2005, and her deputy had worked there for 20 years.",
    "The war ran from 1939 to 1945, and it took 3 years to rebuild the city.",
    // The gap to a count is no count of the period.
    "The lease ran from 15 August 2019 to 14 August 2024, just one day short of six years.",
    "She served from 1870 to 1884, the first 3 years as deputy.",
    "The war lasted from 1939 to 1945, over 20 years.",
    "The siege lasted 100 days, from April 7 to July 4, 1994.",
    "The war lasted from 1939 to 1945, a span of 14 days.",
    "Construction ran from 2012 to 2016, 30 months in all.",
  ]);
});

Deno.test("lifespans: ages read from the lines of a fact list, a timeline and a table", () => {
  assertTwins(
    "age",
    "Profile:\n\n- Born: 1853-03-07\n- Died: 1926-12-22\n- Age at death: 63\n- Trade: clockmaker",
    "Profile:\n\n- Born: 1853-03-07\n- Died: 1926-12-22\n- Age at death: 73\n- Trade: clockmaker",
    "March 7, 1853 to December 22, 1926 is 73 years, not 63",
  );
  assertTwins(
    "age",
    "Ida Renn\nBorn: February 27, 1744, Port Aslin\nDied: October 11, 1827 (aged 73)",
    "Ida Renn\nBorn: February 27, 1744, Port Aslin\nDied: October 11, 1827 (aged 83)",
  );
  assertTwins(
    "age",
    "Timeline:\n\n- 1742 – Born in Kellerby on 25 September 1742\n- 1781 – Opens an observatory\n" +
      "- 1807 – Dies on 25 February 1807, aged 85",
    "Timeline:\n\n- 1742 – Born in Kellerby on 25 September 1742\n- 1781 – Opens an observatory\n" +
      "- 1807 – Dies on 25 February 1807, aged 64",
  );
  const table = (age: number) =>
    "Members:\n\n| Name | Born | Died | Age at death |\n|---|---|---|---|\n" +
    `| Ann Vale | 10 January 1867 | 15 August 1928 | ${age} |\n` +
    "| Bo Lind | 23 March 1772 | 10 November 1806 | 34 |";
  const wrong = findingsOf(table(70), "age"), right = findingsOf(table(61), "age");
  assert.deepEqual(wrong.map((f) => f.verdict), ["contradicted", "consistent"]);
  assert.equal(wrong[0].reason, "January 10, 1867 to August 15, 1928 is 61 years, not 70");
  assert.deepEqual(right.map((f) => f.verdict), ["consistent", "consistent"]);
});

Deno.test("lifespans: an age told the sentence before, a stressed age, a worked age", () => {
  assertTwins(
    "age",
    "Ottilie Ward was 66 when she died. She was born on October 3, 1764, and passed away on March 24, 1841.",
    "Ottilie Ward was 76 when she died. She was born on October 3, 1764, and passed away on March 24, 1841.",
  );
  assertTwins(
    "age",
    "Born on 13 January 1876, he died on 7 February 1907 at just 41, soon after his first book.",
    "Born on 13 January 1876, he died on 7 February 1907 at just 31, soon after his first book.",
  );
  assertTwins(
    "age",
    "From 1725 to 1770 is 45 years. Her birthday (23 May) had already passed by 19 August 1770, so she was 51 when she died.",
    "From 1725 to 1770 is 45 years. Her birthday (23 May) had already passed by 19 August 1770, so she was 45 when she died.",
    "May 23, 1725 to August 19, 1770 is 45 years, not 51",
  );
});

Deno.test("lifespans: lines and sentences of other people or events are left alone", () => {
  assertSilent("age", [
    // Another person's birth and death after the age.
    "Tom Ward was 66 when he died. She was born on October 3, 1764, and passed away on March 24, 1841.",
    "Tom Ward was 66 when he died. His wife was born on October 3, 1764, and died on March 24, 1841.",
    // Lines of two people, or an age at another event.
    "- Anna: born 1800\n- Bob: died 1850, aged 40",
    "- Born: 1800\n- Died: 1850\n- Married at the age of 25",
    "- Born: 1800\n- Died: 1850\n- His son died aged 20",
    "- Born: 1800\n- Died: 1850\n- Born: 1810\n- Died: 1870 (aged 40)",
    // The years of something else, not the life, before a birthday.
    "She taught from 1750 to 1770. Her birthday (23 May) had passed by 19 August 1770, so she was 65 when she died.",
    "After her daughter's birth in 1830, Anna died in 1850, aged 50.",
    // A table whose dates are hedged.
    "| Name | Born | Died | Age |\n|---|---|---|---|\n| Ann | c. 1867 | 1928 | 70 |",
  ]);
});

Deno.test("lifespans: counts since the start, after the end, of a fact list, of a résumé line", () => {
  assertTwins(
    "duration",
    "The pilot ran from 11 October 2019 to 1 April 2020, so the closing date fell 202 days after the start.",
    "The pilot ran from 11 October 2019 to 1 April 2020, so the closing date fell 173 days after the start.",
    "October 11, 2019 to April 1, 2020 is 173 days, not 202",
  );
  // Since the start: the last day is not counted again.
  assertTwins(
    "duration",
    "The show opens on 16 April 2025 and closes on 14 July 2025, so closing day is 90 days after opening.",
    "The show opens on 16 April 2025 and closes on 14 July 2025, so closing day is 89 days after opening.",
  );
  assertTwins(
    "duration",
    "Work started in 1940 and the last arch was closed in 1950, 17 years after ground was broken.",
    "Work started in 1940 and the last arch was closed in 1950, 10 years after ground was broken.",
  );
  assertTwins(
    "duration",
    "The ship left port on 7 June 1878 and anchored off the southern cape on 14 October 1878, after 114 days at sea.",
    "The ship left port on 7 June 1878 and anchored off the southern cape on 14 October 1878, after 129 days at sea.",
  );
  assertTwins(
    "duration",
    "Hartley's opened its doors in 1952 and closed for good in 2003, after 61 years on Main Street.",
    "Hartley's opened its doors in 1952 and closed for good in 2003, after 51 years on Main Street.",
    "1952 to 2003 is 50, 51 or 52 years, not 61",
  );
  assertTwins(
    "duration",
    "It was launched on March 13, 2013 and decommissioned on March 13, 2020, after 104 months of operation.",
    "It was launched on March 13, 2013 and decommissioned on March 13, 2020, after 84 months of operation.",
  );
  assertTwins(
    "duration",
    "Key facts:\n\n- Began: 1642\n- Ended: 1664, with the Treaty of Corvenna\n- Duration: 12 years",
    "Key facts:\n\n- Began: 1642\n- Ended: 1664, with the Treaty of Corvenna\n- Duration: 22 years",
    "1642 to 1664 is 21, 22 or 23 years, not 12",
  );
  // A loose list: a blank line between its items.
  assertTwins(
    "duration",
    "- Began: 1642\n\n- Ended: 1664\n\n- Duration: 12 years",
    "- Began: 1642\n\n- Ended: 1664\n\n- Duration: 22 years",
  );
  assertTwins(
    "duration",
    "Summary:\n\n* **Start:** spring 1906\n* **End:** spring 1920\n* **Length:** 4 years",
    "Summary:\n\n* **Start:** spring 1906\n* **End:** spring 1920\n* **Length:** 14 years",
  );
  assertTwins(
    "duration",
    "**Analyst, Brightwater**\n20 July 2006 – 20 January 2014 (11 years and 6 months)\n\n- Led forecasts",
    "**Analyst, Brightwater**\n20 July 2006 – 20 January 2014 (7 years and 6 months)\n\n- Led forecasts",
    "July 20, 2006 to January 20, 2014 is 90 months, not 138 (11 years and 6 months)",
  );
  assertTwins(
    "duration",
    "| War | Start | End | Duration |\n|---|---|---|---|\n| Pass War | 1642 | 1664 | 12 years |",
    "| War | Start | End | Duration |\n|---|---|---|---|\n| Pass War | 1642 | 1664 | 22 years |",
  );
});

Deno.test("lifespans: counts since other events, of other things, or of one term, are left alone", () => {
  assertSilent("duration", [
    "The pilot ran from 11 October 2019 to 1 April 2020; the first results came 30 days after the start.",
    "The pilot ran from 11 October 2019 to 1 April 2020, and the review came 30 days after the start.",
    "The strike began on March 1, 1971 and ended on July 24, 1971, after 3 days of talks.",
    "The strike began on March 1, 1971 and ended on July 24, 1971, after more than 100 days at sea.",
    "- Took office: 1990\n- Left office: 2002\n- Term: 4 years",
    "- Began: 1642\n- Ended: 1664\n- Duration: about 20 years",
    "- Began: 1642\n- Ended: 1664\n- Duration: 12 years of open fighting",
    "- Began: c. 1642\n- Ended: 1664\n- Duration: 12 years",
    // Two lists, a line of text between.
    "- Began: 1642\n- Ended: 1664\nThe second war:\n- Duration: 12 years",
  ]);
});

Deno.test("lifespans: ages in bold, in a two-column table, after the death's date or the sentence after", () => {
  assertTwins(
    "age",
    "Alan Turing was born on June 23, 1912, and died on June 7, 1954, a little over two weeks before what would have been his birthday, so he was **42**.",
    "Alan Turing was born on June 23, 1912, and died on June 7, 1954, a little over two weeks before what would have been his birthday, so he was **41**.",
    "June 23, 1912 to June 7, 1954 is 41 years, not 42",
  );
  assertTwins(
    "age",
    "Imogen Brandvold was born 30th March 1867 and died 25th August 1938. 1938 − 1867 = 71, but the birthday had passed, so the age at death is 69.",
    "Imogen Brandvold was born 30th March 1867 and died 25th August 1938. 1938 − 1867 = 71, and the birthday had passed, so the age at death is 71.",
  );
  assertTwins(
    "age",
    "Mozart was born in Salzburg on the 27th of January 1756 and died in Vienna on the 5th of December 1791. That means he was just 37 years old. He wrote 600 works.",
    "Mozart was born in Salzburg on the 27th of January 1756 and died in Vienna on the 5th of December 1791. That means he was just 35 years old. He wrote 600 works.",
    "January 27, 1756 to December 5, 1791 is 35 years, not 37",
  );
  assertTwins(
    "age",
    "Rafael Hallström: b. Dec. 1, 1880, d. Sep. 4, 1939 — 64 years old.",
    "Rafael Hallström: b. Dec. 1, 1880, d. Sep. 4, 1939 — 58 years old.",
  );
  assertTwins(
    "age",
    "With your grandmother born on September 30, 1948 and passing on February 11, 2021, she was 67 years old.",
    "With your grandmother born on September 30, 1948 and passing on February 11, 2021, she was 72 years old.",
  );
  const table = (age: number) =>
    "| | Vincent van Gogh |\n|---|---|\n| Born | 1853-03-30, Zundert |\n" +
    `| Died | 1890-07-29, Auvers-sur-Oise |\n| Age at death | ${age} |\n| Paintings | 860 |`;
  assertTwins("age", table(39), table(37), "March 30, 1853 to July 29, 1890 is 37 years, not 39");
  // A new paragraph after a list's age is another sentence, not an event of that age.
  assertTwins(
    "age",
    "- Born: 10 December 1815\n- Died: 27 November 1852\n- Age at death: 34\n\nShe died just short of her birthday.",
    "- Born: 10 December 1815\n- Died: 27 November 1852\n- Age at death: 36\n\nShe died just short of her birthday.",
  );
});

Deno.test("lifespans: an age after the list that states the life", () => {
  assertTwins(
    "age",
    "From the certificate:\n\n- **Born:** 10 May 1901\n- **Died:** 16 April 1973\n\nThat makes her **72 years old** at her death.",
    "From the certificate:\n\n- **Born:** 10 May 1901\n- **Died:** 16 April 1973\n\nThat makes her **71 years old** at her death.",
  );
  assertTwins(
    "age",
    "Steps:\n\n1. Birth: 24 May 1819. Death: 22 January 1901.\n2. Her birthday had not come.\n\n**Queen Victoria was 82 when she died**, after a long reign.",
    "Steps:\n\n1. Birth: 24 May 1819. Death: 22 January 1901.\n2. Her birthday had not come.\n\n**Queen Victoria was 81 when she died**, after a long reign.",
    "May 24, 1819 to January 22, 1901 is 81 years, not 82",
  );
});

Deno.test("lifespans: ages of other events, sentences and people after the life are left alone", () => {
  assertSilent("age", [
    // The sentence after the life tells another event, or another person.
    "Ann Lee was born on 3 May 1900 and died on 9 June 1980. She was 20 when she married.",
    "Ann Lee was born on 3 May 1900 and died on 9 June 1980. She was 20 years old at her wedding.",
    "She was born on 3 May 1900 and died on 9 June 1980. He was 50 years old.",
    "Ann Lee was born on 3 May 1900 and died on 9 June 1980. Her son was 50 years old.",
    // Two people's lines above, or a list's life two sentences back.
    "- Anna: born 1800\n- Bob: died 1850\n\nHe was 40 when he died.",
    "- Anna: born 1800, died 1870\n- Bob: born 1810, died 1850\n\nHe was 20 when he died.",
    "- Born: 1800\n- Died: 1850\n\nHis son was 30 when he died.",
    // An age before the death's date, or on the line after it.
    "She was born in 1900, married aged 20, and died in 1980.",
    "- Born: 1800, died 1870\n- aged 20 she left home",
    // "passing" of something else than a life.
    "Born on 2 May 1950, after passing the bar at 25, she practised law.",
  ]);
});

Deno.test("lifespans: dates in digits, read each way the answer allows", () => {
  // Month first only (14 is no month).
  assertTwins(
    "age",
    "Anton was born 3/14/1861 and died 11/2/1937 (US order), so he was 81 years old at death.",
    "Anton was born 3/14/1861 and died 11/2/1937 (US order), so he was 76 years old at death.",
    "March 14, 1861 to November 2, 1937 is 76 years, not 81",
  );
  assertTwins(
    "duration",
    "Admitted 27/09/2025, discharged 19/10/2025 (UK date format), which is a stay of 16 days.",
    "Admitted 27/09/2025, discharged 19/10/2025 (UK date format), which is a stay of 22 days.",
    "September 27, 2025 to October 19, 2025 is 22 or 23 days, not 16",
  );
  // Read month first, the end comes before the start: only day first is a period.
  assertTwins(
    "duration",
    "Arrive 07.02.2024, depart 28.04.2024 → 90 days in the Schengen area.",
    "Arrive 07.02.2024, depart 28.04.2024 → 82 days in the Schengen area.",
  );
  assertTwins(
    "duration",
    "You started on 02/2015 and left in 09/2022, which is 101 months.",
    "You started on 02/2015 and left in 09/2022, which is 91 months.",
  );
  // Either way: confirmed where one reading holds, contradicted where none does.
  assertTwins(
    "duration",
    "Admitted 03/04/2025, discharged 05/04/2025, a stay of 9 days.",
    "Admitted 03/04/2025, discharged 05/04/2025, a stay of 2 days.",
  );
});

Deno.test("lifespans: periods opened, closed, stayed, counted down, and each count of them", () => {
  assertTwins(
    "duration",
    "Construction began in March 1924 and the hall opened to the public in March 1928, so the build took 55 months.",
    "Construction began in March 1924 and the hall opened to the public in March 1928, so the build took 48 months.",
    "March 1924 to March 1928 is 47, 48 or 49 months, not 55",
  );
  assertTwins(
    "duration",
    "Checking in on 2 May and out on 9 May gives you 8 nights.",
    "Checking in on 2 May and out on 9 May gives you 7 nights.",
    "May 2 to May 9 is 7 nights, not 8",
  );
  assertTwins(
    "duration",
    "The audit kicks off on 3 March 2025 and wraps up on 28 March 2025, which is 35 days.",
    "The audit kicks off on 3 March 2025 and wraps up on 28 March 2025, which is 25 days.",
    "March 3, 2025 to March 28, 2025 is 25 or 26 days, not 35",
  );
  assertTwins(
    "duration",
    "The store opened its doors in 1952 and closed for good in 2003, after 61 years of service.",
    "The store opened its doors in 1952 and closed for good in 2003, after 51 years of service.",
  );
  assertTwins(
    "duration",
    "Arriving 21 October 2024 and leaving 25 December 2024 means 56 days in the Schengen area.",
    "Arriving 21 October 2024 and leaving 25 December 2024 means 66 days in the Schengen area.",
  );
  assertTwins(
    "duration",
    "From today (1 March 2025) to your flight on 24 March 2025 there are 17 days to go.",
    "From today (1 March 2025) to your flight on 24 March 2025 there are 23 days to go.",
  );
  assertTwins(
    "duration",
    "Your lease runs from the 1st of December 2021 to the 1st of December 2024, a term of 48 months.",
    "Your lease runs from the 1st of December 2021 to the 1st of December 2024, a term of 36 months.",
  );
  const counted = (days: string) =>
    findingsOf(
      `The war lasted from 28 July 1914 to the Armistice on 11 November 1918: 4 years, 3 months and 14 days, or ${days} days in total.`,
      "duration",
    );
  assert.deepEqual(counted("1,450").map((f) => f.verdict), ["consistent", "contradicted"]);
  assert.equal(
    counted("1,450")[1].reason,
    "July 28, 1914 to November 11, 1918 is 1567 or 1568 days, not 1450",
  );
  assert.deepEqual(counted("1,567").map((f) => f.verdict), ["consistent", "consistent"]);
  const weeks = (days: number) =>
    findingsOf(
      `The phase runs from 1 March 2024 to 31 May 2024, which is 13 weeks, or ${days} days.`,
      "duration",
    )
      .map((f) => f.verdict);
  assert.deepEqual(weeks(93), ["consistent", "contradicted"]);
  assert.deepEqual(weeks(92), ["consistent", "consistent"]);
  // A count in parts is confirmed whole, contradicted by its first part or where it is off by
  // more than ways of counting reach (two months), else left alone (a day: a borrow counted
  // another way).
  const reign = (count: string) =>
    findingsOf(`The reign lasted from 22 August 1595 to 7 April 1625, i.e. ${count}.`, "duration");
  assert.deepEqual(reign("29 years, 7 months and 16 days").map((f) => [f.verdict, f.reason]), [
    ["consistent", "August 22, 1595 to April 7, 1625 is 29 years, 7 months, 16 days"],
  ]);
  assert.deepEqual(reign("33 years, 7 months and 16 days").map((f) => f.verdict), ["contradicted"]);
  assert.deepEqual(reign("29 years, 9 months and 16 days").map((f) => f.verdict), ["contradicted"]);
  assert.deepEqual(reign("29 years, 7 months and 15 days"), []);
  // A part of the period in brackets, in its unit or another, is no other count of it.
  for (const part of ["3 years as deputy", "80 days of them abroad"]) {
    const found = findingsOf(
      `She served from 1 May 1870 to 1 May 1875, 5 years (${part}).`,
      "duration",
    );
    assert.deepEqual(found.map((f) => f.verdict), ["consistent"]);
  }
  // A count after a dash that is of something else.
  assert.deepEqual(
    findingsOf(
      "The war ran from 1 May 1940 to 1 May 1945, 5 years — 3 years longer than planned.",
      "duration",
    )
      .map((f) => f.verdict),
    ["consistent"],
  );
});

Deno.test("lifespans: a list's period on one line, its kick-off and launch, a loan's payments", () => {
  assertTwins(
    "duration",
    "Project timeline:\n\n- Kickoff: 10 January 2022\n- Public launch: 10 October 2023\n- Total duration: 12 months",
    "Project timeline:\n\n- Kickoff: 10 January 2022\n- Public launch: 10 October 2023\n- Total duration: 21 months",
    "January 10, 2022 to October 10, 2023 is 21 months, not 12",
  );
  assertTwins(
    "duration",
    "Loan term: March 2018 – March 2023\nLength: 72 months\nMonthly payment: $412.30",
    "Loan term: March 2018 – March 2023\nLength: 60 months\nMonthly payment: $412.30",
  );
  assertTwins(
    "duration",
    "Start: 2024-05-21\nEnd: 2024-07-09\nLength: exactly 5 weeks",
    "Start: 2024-05-21\nEnd: 2024-07-09\nLength: exactly 7 weeks",
  );
  // Both payments counted: one more than the months between.
  assertTwins(
    "duration",
    "- First payment: December 1, 2022\n- Final payment: November 1, 2027\n- Number of monthly payments: 72",
    "- First payment: December 1, 2022\n- Final payment: November 1, 2027\n- Number of monthly payments: 60",
    "December 1, 2022 to November 1, 2027 is 59 or 60 monthly payments, not 72",
  );
  assertTwins(
    "duration",
    "- First payment: November 2019\n- Loan paid off: November 2022\n- Term: 42 monthly payments",
    "- First payment: November 2019\n- Loan paid off: November 2022\n- Term: 36 monthly payments",
  );
});

Deno.test("lifespans: counts of something else in a period, or not said to be monthly, are left alone", () => {
  assertSilent("duration", [
    "From 1 June 2025 to 31 August 2025 there are 2 weeks of school holidays.",
    // After the end, a count of a career the period is part of.
    "He took office in 1990 and retired in 2002, after 30 years in Washington.",
    "The war lasted from 1939 to 1945, or about 2,000 days.",
    "- First payment: November 2019\n- Loan paid off: November 2022\n- Term: 42",
    "- First payment: November 2019\n- Final payment: November 2022\n- Number of payments: 80",
    "Loan term: March 2018 – March 2023\nRate period: June 2019 – June 2020\nLength: 72 months",
  ]);
});

Deno.test("lifespans: a worked age's subtraction of years, a hedged age, a death told gently", () => {
  const worked = (age: number) =>
    "1. Subtract the years: 1943 − 1886 = 57\n2. Check the birthday: he was born in June but " +
    `died in May, so subtract 1.\n\n**Age at death: ${age}**`;
  assertTwins("age", worked(58), worked(56), "1886 to 1943 is 56 or 57 years, not 58");
  // Another year in the answer: the subtraction may count to it, not to the death.
  assertSilent(
    "age",
    "Her age today: 2024 − 1929 = 95. She lost her husband in 1990.\n\nShe was 75 when she died.",
  );
  const hedged = (age: number) =>
    `Henrik Quennell was born 24.02.1648 and died 11.12.1714 — about ${age} years of age.`;
  assertTwins(
    "age",
    hedged(69),
    hedged(66),
    "February 24, 1648 to December 11, 1714 is 66 years, not about 69",
  );
  // Within two years past its rounding, a hedged age is left alone; a bound is no age.
  assertSilent("age", [
    hedged(68),
    "She was born on May 2, 1900 and died on March 1, 1979, nearly 80 years old.",
  ]);
  assertOne(
    "Born on May 2, 1900, she died on June 1, 1968, at about 70.",
    "age",
    "consistent",
  );
  const gently = (age: number) =>
    `The stone reads "born May 19, 1859, entered into rest April 4, 1919" — she would have been ${age} years old.`;
  assertTwins("age", gently(56), gently(59));
});

Deno.test("lifespans: counts with decimals, apart, of a pregnancy, to a holiday", () => {
  const decimal = (years: string) =>
    `You'd be listing January 2, 2019 to June 30, 2025, which is about ${years} years at the company.`;
  assertTwins(
    "duration",
    decimal("8.5"),
    decimal("6.5"),
    "January 2, 2019 to June 30, 2025 is 6.49 years, not 8.5",
  );
  // A vulgar fraction is read as the decimal it writes.
  assertTwins(
    "duration",
    decimal("8½"),
    decimal("6½"),
    "January 2, 2019 to June 30, 2025 is 6.49 years, not 8½",
  );
  // Past the rounding but not a whole year off; a bound.
  assertSilent("duration", [
    decimal("6.2"),
    "You'd be listing January 2, 2019 to June 30, 2025, which is over 4.5 years at the company.",
  ]);
  const apart = (years: number) =>
    "The first powered flight was on December 17, 1903, and Apollo 11 landed on July 20, 1969 — " +
    `only ${years} years and about seven months apart.`;
  assertTwins("duration", apart(66), apart(65));
  const pregnant = (weeks: number) =>
    "If the first day of your last period was 25 January 2022, then on 29 July 2022 you are " +
    `**${weeks} weeks and 3 days** pregnant.`;
  assertTwins(
    "duration",
    pregnant(21),
    pregnant(26),
    "January 25, 2022 to July 29, 2022 is 185 or 186 days, not 150 (21 weeks and 3 days)",
  );
  const christmas = (days: number) =>
    `Today is October 20, 2024, so there are ${days} days until Christmas.`;
  assertTwins(
    "duration",
    christmas(57),
    christmas(66),
    "October 20, 2024 to December 25, 2024 is 66 or 67 days, not 57",
  );
  // To the due date: the whole pregnancy.
  const due = (days: number) =>
    `With a last period starting on 6 March 2023, the due date is 11 December 2023 — that's ${days} days.`;
  assertTwins(
    "duration",
    due(270),
    due(280),
    "March 6, 2023 to December 11, 2023 is 280 or 281 days, not 270",
  );
  // No year, and a February 29 may fall between.
  assertSilent("duration", "If today is February 20, there are 309 days until Christmas.");
});

Deno.test("lifespans: a count in the sentence after its period", () => {
  const married = (years: number) =>
    "Giuseppe and Lucia married on 21 August 1926 in Avellino, and Giuseppe died on 6 September " +
    `1960. They were married for ${years} years.`;
  assertTwins(
    "duration",
    married(37),
    married(34),
    "August 21, 1926 to September 6, 1960 is 34 or 35 years, not 37",
  );
  const bridge = (years: number) =>
    "Construction began on January 2, 1910, and it was officially opened on April 24, 1941. " +
    `That's a span of just over ${years} years.`;
  assertOne(
    bridge(29),
    "duration",
    "contradicted",
    "January 2, 1910 to April 24, 1941 is 31 or 32 years, not just over 29",
  );
  // "just over 31" is never contradicted (the agreements may confirm it).
  assert.ok(findingsOf(bridge(31), "duration").every((f) => f.verdict === "consistent"));
  assertSilent("duration", [
    // "were married" of no marriage; a count of something else; a count that is no span.
    "The shop opened in 1920 and closed in 1990. They were married for 12 years.",
    "The shop opened in 1920 and closed in 1990. That was 15 years after the war.",
    "The shop opened in 1920 and closed in 1990. That's 12 years of losses.",
  ]);
});

Deno.test("lifespans: a period counted both before and after it", () => {
  const weeks = (days: number) =>
    `There are ${days} days between 2025-03-03 and 2025-03-24, exactly three weeks.`;
  const told = (days: number) =>
    findingsOf(weeks(days), "duration").map((f) => [f.verdict, f.reason]);
  assert.deepEqual(told(20), [
    ["contradicted", "March 3, 2025 to March 24, 2025 is 21 or 22 days, not 20"],
    ["consistent", "March 3, 2025 to March 24, 2025 is 3 weeks"],
  ]);
  assert.deepEqual(told(21).map(([verdict]) => verdict), ["consistent", "consistent"]);
});

Deno.test("lifespans: the time since the date before, told after the later date", () => {
  const invoice = (weeks: number) =>
    `Your trial began on 3 March 2025 and the first invoice arrives on 14 April 2025, ${weeks} weeks later.`;
  assertTwins(
    "duration",
    invoice(7),
    invoice(6),
    "March 3, 2025 to April 14, 2025 is 6 weeks, not 7",
  );
  // The same time told another way after "later", each way judged.
  const told = findingsOf(
    "Your trial began on 3 March 2025; the first invoice arrives on 14 April 2025 — 6 weeks later (45 days).",
    "duration",
  );
  assert.deepEqual(told.map((f) => [f.verdict, f.reason]), [
    ["consistent", "March 3, 2025 to April 14, 2025 is 6 weeks"],
    ["contradicted", "March 3, 2025 to April 14, 2025 is 42 days, not 45"],
  ]);
  const puppy = (weeks: number) =>
    `The puppy was born on 2 January 2025, so on 13 March 2025 he'll be ${weeks} weeks old.`;
  assertTwins(
    "duration",
    puppy(11),
    puppy(10),
    "January 2, 2025 to March 13, 2025 is 10 weeks, not 11",
  );
  assertSilent("duration", [
    // Not joined to the later date: a count from it.
    "The shop opened on 3 March 2025. We hired a baker on 14 April 2025 and 8 weeks later a second one.",
    "Your trial began on 3 March 2025 and the first invoice arrives on 14 April 2025, about 8 weeks later.",
    // An age in years is read by the age check.
    "He was born on 2 January 2000, so on 13 March 2025 he'll be 23 years old.",
  ]);
});

Deno.test("lifespans: an age at an event dated after the birth", () => {
  // The age told before the event's date, in the clause of "when".
  const graduated = (age: number) =>
    `Born on 12 August 1996, he was ${age} when he graduated on 20 June 2019.`;
  assertTwins(
    "age",
    graduated(23),
    graduated(22),
    "August 12, 1996 to June 20, 2019 is 22 years, not 23",
  );
  assertSilent(
    "age",
    "Born on 3 March 1938, she was 63 when she retired, and she joined the firm in 1960.",
  );
  const queen = (age: number) =>
    `Elizabeth II was born on 21 April 1926 and became queen on 6 February 1952, aged ${age}.`;
  assertTwins(
    "age",
    queen(26),
    queen(25),
    "April 21, 1926 to February 6, 1952 is 25 years, not 26",
  );
  const einstein = (age: number) =>
    `Born in 1879, Einstein published special relativity in 1905, when he was ${age}.`;
  assertTwins("age", einstein(29), einstein(26), "1879 to 1905 is 25 or 26 years, not 29");
  assertSilent("age", [
    // Another person's age, two births, a hedged age.
    "Ann was born in 1900. In 1930, when her son was 5, she moved.",
    "Ann was born in 1900 and Bob was born in 1910. In 1930, aged 25, he moved.",
    "Born in 1879, Einstein published special relativity in 1905, when he was about 29.",
  ]);
  // An age at an event of a life whose death is told too.
  const victoria = (age: number) =>
    readingsOf(
      `Queen Victoria was born on 24 May 1819 and came to the throne on 20 June 1837, aged ${age}; ` +
        "she reigned until her death on 22 January 1901, at 81.",
      "age",
    );
  assert.deepEqual(victoria(20), [
    "contradicted: May 24, 1819 to June 20, 1837 is 18 years, not 20",
    "consistent: May 24, 1819 to January 22, 1901 is 81 years",
  ]);
  assert.deepEqual(victoria(18), [
    "consistent: May 24, 1819 to June 20, 1837 is 18 years",
    "consistent: May 24, 1819 to January 22, 1901 is 81 years",
  ]);
  // A birth told by a life's range, unless the words to the age name someone else.
  const darwin = (age: number) =>
    `Charles Darwin (1809–1882) published On the Origin of Species in November 1859, at age ${age}.`;
  assertTwins("age", darwin(52), darwin(50), "1809 to November 1859 is 49 or 50 years, not 52");
  assertSilent(
    "age",
    "Darwin (1809–1882) influenced Thomas Huxley, who in 1860, at age 35, defended evolution.",
  );
  // A title is no one's name, in italics (read without its marks) or in quotes.
  const tolkien = (age: number) =>
    `Tolkien (1892–1973) published *The Hobbit* in September 1937, when he was ${age}.`;
  assertTwins("age", tolkien(47), tolkien(45), "1892 to September 1937 is 44 or 45 years, not 47");
  // "on January 20, 1961 he was 44"; a count of days after "he was" is no age.
  assertTwins(
    "age",
    "He was born on May 29, 1917. At his inauguration on January 20, 1961 he was 44.",
    "He was born on May 29, 1917. At his inauguration on January 20, 1961 he was 43.",
    "May 29, 1917 to January 20, 1961 is 43 years, not 44",
  );
  assertSilent("age", "He was born on May 29, 1917. On January 20, 1961 he was 3 days late.");
  // "when she was just 26", "making him 43", "(age 25)".
  assertTwins(
    "age",
    "She was born on 21 April 1926 and became queen on 6 February 1952, when she was just 26.",
    "She was born on 21 April 1926 and became queen on 6 February 1952, when she was just 25.",
  );
  assertTwins(
    "age",
    "He was born on May 29, 1917 and took office on January 20, 1961, making him 44.",
    "He was born on May 29, 1917 and took office on January 20, 1961, making him 43.",
  );
  assertOne(
    "She was born on 21 April 1926 and became queen on 6 February 1952 (age 25).",
    "age",
    "consistent",
  );
  // At a date still to come, or now: "she is 75", "he'll be 61".
  assertTwins(
    "age",
    "Born on 12 May 1950, on 1 March 2026 she is 76.",
    "Born on 12 May 1950, on 1 March 2026 she is 75.",
    "May 12, 1950 to March 1, 2026 is 75 years, not 76",
  );
  assertOne("Born on 2 June 1964, on 1 July 2025 he'll be 61.", "age", "consistent");
  // The age at death after an event's, its "he was" left out.
  const lincoln = (age: number) =>
    readingsOf(
      `Lincoln was born on February 12, 1809. He was 52 when he took office on March 4, 1861, and ${age} when he died on April 15, 1865.`,
      "age",
    );
  assert.deepEqual(lincoln(55), [
    "consistent: February 12, 1809 to March 4, 1861 is 52 years",
    "contradicted: February 12, 1809 to April 15, 1865 is 56 years, not 55",
  ]);
  assert.deepEqual(lincoln(56), [
    "consistent: February 12, 1809 to March 4, 1861 is 52 years",
    "consistent: February 12, 1809 to April 15, 1865 is 56 years",
  ]);
});

Deno.test("lifespans: a count in parts is contradicted where it is off past any way of counting", () => {
  assertTwins(
    "duration",
    "Your employment ran from 3 February 2019 to 30 June 2023, which is 4 years, 5 months and 27 days.",
    "Your employment ran from 3 February 2019 to 30 June 2023, which is 4 years, 4 months and 27 days.",
    "February 3, 2019 to June 30, 2023 is 4 years, 4 months, 27 days, not 4 years, 5 months, 27 days",
  );
  // Two days off: a borrowed month's length or the last day counted may account for it.
  assertSilent(
    "duration",
    "Your employment ran from 3 February 2019 to 30 June 2023, which is 4 years, 4 months and 25 days.",
  );
});

Deno.test("lifespans: whole years before a hedged part are the years completed", () => {
  const text = (years: number) =>
    `You started on 2 January 2019 and your last day is 31 March 2025, so you'll have been with the company ${years} years and roughly 3 months.`;
  assertOne(
    text(6),
    "duration",
    "consistent",
    "January 2, 2019 to March 31, 2025 is 6 years, 2 months",
  );
  assertSilent("duration", text(7));
});

Deno.test("lifespans: a weekday a dated day is not", () => {
  assertOne(
    "You're back in the office on Thursday 3 January 2025.",
    "impossible_date",
    "contradicted",
    "January 3, 2025 is a Friday, not a Thursday",
  );
  assertOne("The call is on Thu, Jan 3, 2025 at noon.", "impossible_date", "contradicted");
  // The right weekday, a date with no year, a verb that spells a weekday's abbreviation: silent.
  assertSilent("impossible_date", [
    "You're back in the office on Friday 3 January 2025.",
    "You're back in the office on Thursday 3 January.",
    "The court sat 3 January 2025.",
  ]);
});

Deno.test("lifespans: ages in a fact list under its Born line", () => {
  // Against an empty document, so that no agreement among the figures reads them first.
  const timeline = (age: number) =>
    `Timeline:\n- Born: 18 July 1918\n- Released: 11 February 1990 (age 71)\n- Inaugurated: 10 May 1994 (age ${age})`;
  assert.deepEqual(findingsOf(timeline(76), "age", "").map((f) => [f.verdict, f.reason]), [
    ["consistent", "July 18, 1918 to February 11, 1990 is 71 years"],
    ["contradicted", "July 18, 1918 to May 10, 1994 is 75 years, not 76"],
  ]);
  assert.deepEqual(
    findingsOf(timeline(75), "age", "").map((f) => f.verdict),
    ["consistent", "consistent"],
  );
});

Deno.test("lifespans: a flight launched and landed, its days spent", () => {
  const flight = (days: number) =>
    `He launched to the station on March 27, 2015 and landed back in Kazakhstan on March 1, 2016, spending ${days} consecutive days in space.`;
  assertTwins(
    "duration",
    flight(342),
    flight(340),
    "March 27, 2015 to March 1, 2016 is 340 or 341 days, not 342",
  );
});

Deno.test("durations: between two dates there are so many days", () => {
  assertOne(
    "Between 3 March and 14 June 2024 there are 113 days, so plan the course in weekly blocks.",
    "duration",
    "contradicted",
    "March 3, 2024 to June 14, 2024 is 103 or 104 days, not 113",
  );
  assertOne(
    "Between 3 March and 14 June 2024 there are 103 days, so plan the course in weekly blocks.",
    "duration",
    "consistent",
  );
  assertSilent("duration", "From 1 May to 30 June 2025 there are 9 days of festival events.");
});

Deno.test("durations: the time between two clock times", () => {
  assertTwins(
    "duration",
    "A meeting from 14:10 to 15:55 lasts 115 minutes.",
    "A meeting from 14:10 to 15:55 lasts 105 minutes.",
    "14:10 to 15:55 is 105 minutes, not 115 minutes",
  );
  // Past midnight, in 24-hour form; in hours and minutes.
  assertTwins(
    "duration",
    "The flight leaves at 22:40 and lands at 06:15 the next morning, 8 h 35 min in the air.",
    "The flight leaves at 22:40 and lands at 06:15 the next morning, 7 h 35 min in the air.",
    "22:40 to 06:15 is 7 h 35 min, not 8 h 35 min",
  );
  // A whole count is exact; a hedged one is read loosely.
  assertOne("From 9:15 am to 5:45 pm is 8 hours.", "duration", "contradicted");
  assertOne("From 9:15 am to 5:45 pm is about 8 hours.", "duration", "consistent");
  // An unpaid break is taken off; an aside may stand between the times and the count.
  assertTwins(
    "duration",
    "Your shift is 9:30 am to 5:45 pm with an unpaid 30-minute lunch, so you're paid for 8 hours 15 minutes.",
    "Your shift is 9:30 am to 5:45 pm with an unpaid 30-minute lunch, so you're paid for 7 hours 45 minutes.",
    "9:30 am to 5:45 pm, less unpaid 30-minute lunch, is 7 h 45 min, not 8 hours 15 minutes",
  );
  assertOne(
    "It leaves at 22:40 and lands at 06:15 the next morning (same time zone), so you're in the air for 8 h 35 min.",
    "duration",
    "contradicted",
  );
  // An hour told with its half of the day alone.
  assertTwins(
    "duration",
    "A shift from 7 pm to 3:30 am lasts 7.5 hours, not counting breaks.",
    "A shift from 7 pm to 3:30 am lasts 8.5 hours, not counting breaks.",
    "7 pm to 3:30 am is 8.5 hours, not 7.5 hours",
  );
  // An arrival's participle after the departure.
  assertTwins(
    "duration",
    "Departing 08:45 and landing 14:20 local time (same time zone), the flight is 5 h 25 min.",
    "Departing 08:45 and landing 14:20 local time (same time zone), the flight is 5 h 35 min.",
    "08:45 to 14:20 is 5 h 35 min, not 5 h 25 min",
  );
  // The first time's thing arriving at the second.
  assertTwins(
    "duration",
    "The 07:52 train arrives in Leeds at 11:07, a journey of 3 hours 25 minutes.",
    "The 07:52 train arrives in Leeds at 11:07, a journey of 3 hours 15 minutes.",
  );
  // Something else taken off, a count of another thing, another span after, a start.
  assertSilent("duration", [
    "A shift from 9:15 am to 5:45 pm with a 30-minute lunch comes to 8 hours of work.",
    "From 9:00 to 17:30 minus breaks is 7.5 hours.",
    "The bus leaves at 9:00 and arrives at 9:30, and the next one comes 20 minutes later.",
    "The 7:00 show starts at 7:30 and lasts 2 hours.",
    // Times taken, no times of day.
    "On the race clock she went from 0:05:30 to 0:15:40, a stretch of 10 minutes.",
  ]);
  // After two spans, a count of the last or of both; wrong only where it says it is of both.
  const classes = (count: string, rest: string) =>
    `Lessons run 13:00–14:20 and 14:40–16:10, ${count} ${rest}.`;
  assertTwins(
    "duration",
    classes("3 h 10 min", "of teaching in total"),
    classes("2 h 50 min", "of teaching in total"),
    "13:00 to 14:20 and 14:40 to 16:10 is 2 h 50 min, not 3 h 10 min",
  );
  assertOne(classes("1 h 30 min", "for the second"), "duration", "consistent");
  assertSilent("duration", classes("2 h 10 min", "with a break"));
});

Deno.test("durations: a count of years and a half, in words", () => {
  assertOne(
    "The project ran from 1 September 2019 to 1 March 2022, two and a half years.",
    "duration",
    "consistent",
    "September 1, 2019 to March 1, 2022 is 2.50 years",
  );
  assertOne(
    "The project ran from 1 September 2019 to 1 March 2022, four and a half years.",
    "duration",
    "contradicted",
  );
});
