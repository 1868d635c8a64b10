/**
 * Ages at death and durations read from the dates an answer states (checks/lifespans.ts): each
 * wrong statement beside its right twin, and the cases where the check must stay silent (an age
 * at another event, another person's age, a count of something else, a hedged or round count).
 */
import assert from "node:assert/strict";
import { assertSilent, assertTwins, findingsOf } from "../support/exact_checks.ts";

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
  // Both ends counted.
  assertTwins(
    "duration",
    "The festival ran from July 16 to August 1, 1998, 10 days in total.",
    "The festival ran from July 16 to August 1, 1998, 17 days in total.",
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

Deno.test("lifespans: counts of something else, hedged, round or finer than the dates", () => {
  assertSilent("duration", [
    "The war ran from 1939 to 1945; the siege lasted 14 days.",
    "She was editor from 2003 to 2005, and her deputy had worked there for 20 years.",
    "The war ran from 1939 to 1945, and it took 3 years to rebuild the city.",
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
