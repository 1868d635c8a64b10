/**
 * Ages at death and durations read from the dates an answer states (checks/lifespans.ts): each
 * wrong statement beside its right twin, and the cases where the check must stay silent (an age
 * at another event, another person's age, a count of something else, a hedged or round count).
 */
import assert from "node:assert/strict";
import { exactFindings } from "../../server/detector/checks/run.ts";

const NOW = new Date(Date.UTC(2026, 10, 25));

function found(response: string, kind: string) {
  return exactFindings(response, undefined, NOW).flatMap((c) => c.findings)
    .filter((f) => f.kind === kind);
}

/** The wrong twin is contradicted (with `reason`, when given), the right one consistent. */
function assertPair(kind: string, wrong: string, right: string, reason?: string) {
  for (const [text, verdict] of [[wrong, "contradicted"], [right, "consistent"]]) {
    const fs = found(text, kind);
    assert.equal(fs.length, 1, `${text}: ${JSON.stringify(fs)}`);
    assert.equal(fs[0].verdict, verdict, `${text}: ${fs[0].reason}`);
    if (reason && verdict === "contradicted") assert.equal(fs[0].reason, reason);
  }
}

function assertSilent(kind: string, texts: string[]) {
  for (const text of texts) assert.deepEqual(found(text, kind), [], text);
}

Deno.test("lifespans: ages told before or after the words of the death", () => {
  assertPair(
    "age",
    "Born in 1793 and died in 1862, Elias Varnholt was 79 when he died.",
    "Born in 1793 and died in 1862, Elias Varnholt was 68 when he died.",
    "1793 to 1862 is 68 or 69 years, not 79",
  );
  assertPair(
    "age",
    "She was born September 17, 1934 and died July 7, 2022, which made her 96 at the time of her death.",
    "She was born September 17, 1934 and died July 7, 2022, which made her 87 at the time of her death.",
    "September 17, 1934 to July 7, 2022 is 87 years, not 96",
  );
  assertPair(
    "age",
    "Henrik Aalto (1787–1847) was 56 years old when he passed away.",
    "Henrik Aalto (1787–1847) was 60 years old when he passed away.",
  );
  assertPair(
    "age",
    "Casimir Wendt lived from 1767 to 1834, reaching the age of 63.",
    "Casimir Wendt lived from 1767 to 1834, reaching the age of 67.",
  );
  assertPair(
    "age",
    "Agnes Hollister was born on 1875-09-18 and died on 1956-07-29; she was 90.",
    "Agnes Hollister was born on 1875-09-18 and died on 1956-07-29; she was 80.",
  );
  assertPair(
    "age",
    "He was born in 1900 and died in 1980, aged sixty-two.",
    "He was born in 1900 and died in 1980, aged seventy-nine.",
  );
  assertPair(
    "age",
    "Born in 1900, she lived to be 95 and died in 1980.",
    "Born in 1900, she lived to be 80 and died in 1980.",
  );
});

Deno.test("lifespans: a birth told after the death, in the next sentence", () => {
  assertPair(
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
  assertPair(
    "duration",
    "The festival ran from July 16 to August 1, 1998, 10 days in total.",
    "The festival ran from July 16 to August 1, 1998, 16 days in total.",
    "July 16, 1998 to August 1, 1998 is 16 or 17 days, not 10",
  );
  // Both ends counted.
  assertPair(
    "duration",
    "The festival ran from July 16 to August 1, 1998, 10 days in total.",
    "The festival ran from July 16 to August 1, 1998, 17 days in total.",
  );
  assertPair(
    "duration",
    "Construction began in July 2012 and was completed in May 2016, taking 58 months.",
    "Construction began in July 2012 and was completed in May 2016, taking 46 months.",
    "July 2012 to May 2016 is 45, 46 or 47 months, not 58",
  );
  assertPair(
    "duration",
    "She served as mayor from 1870 until 1884, twenty-four years in office.",
    "She served as mayor from 1870 until 1884, fourteen years in office.",
  );
  assertPair(
    "duration",
    "The lease started on 9 March 1952 and ends on 9 March 1978, so its term is 18 years.",
    "The lease started on 9 March 1952 and ends on 9 March 1978, so its term is 26 years.",
    "March 9, 1952 to March 9, 1978 is 26 years, not 18",
  );
  assertPair(
    "duration",
    "The exhibition was open from April 4, 2008 through May 1, 2008, so it ran for 9 weeks.",
    "The exhibition was open from April 4, 2008 through May 1, 2008, so it ran for 4 weeks.",
  );
  assertPair(
    "duration",
    "The drought lasted twenty-one years, stretching from 1928 to 1939.",
    "The drought lasted eleven years, stretching from 1928 to 1939.",
    "1928 to 1939 is 10, 11 or 12 years, not 21",
  );
  assertPair(
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
