/**
 * The identifier readers' wider phrasings: old-style arXiv identifiers without "arXiv:", arXiv
 * named on an earlier line of the same steps, and an ISBN named in words before a colon.
 */
import assert from "node:assert/strict";
import { assertOne, assertSilent, assertTwins, findingsOf } from "../support/exact_checks.ts";

Deno.test("identifiers: an old-style arXiv identifier is read by its archive alone", () => {
  assertTwins(
    "arxiv",
    "Kowalczyk, M. (1999). Driven lattice gases. arXiv preprint cond-mat/9900318.",
    "Kowalczyk, M. (1999). Driven lattice gases. arXiv preprint cond-mat/9907318.",
    "arXiv identifiers start with YYMM; month 00 does not exist",
  );
  assertTwins(
    "arxiv",
    'That is Aldana & Wirth (1997), "Boundary States", hep-th/9805278, about 20 pages.',
    'That is Aldana & Wirth (1997), "Boundary States", hep-th/9705278, about 20 pages.',
    "arXiv identifier hep-th/9805278 was posted in 1998, after the cited year 1997",
  );
  assertTwins(
    "arxiv",
    "See Ito, Mirror curves, math.AG/0901001v2.",
    "See Ito, Mirror curves, math.AG/0101001v2.",
    "old-style arXiv identifiers run from 9108 to 0703, not 0901",
  );
  assertOne("Read https://arxiv.org/abs/quant-ph/9508027 first.", "arxiv", "consistent");
  assertOne("See arXiv:hep-th/9901001 (1999).", "arxiv", "consistent");
  // A paper from before arXiv was uploaded later: its year does not contradict the identifier.
  assertOne("Gromov (1987), math/9801001, reprinted.", "arxiv", "consistent");
  assertSilent("arxiv", [
    "Open https://example.com/physics/9912001 for the data.",
    "The statistics/9912001 table has it.",
    "Course cs/99120011 starts today.",
    "Ask the dept of hep/9912001 (unknown archive).",
  ]);
});

Deno.test("identifiers: arXiv named on an earlier line of the same steps", () => {
  const steps = (id: string) =>
    `Step 1: Open arxiv.org in your browser.\nStep 2: Paste ${id} into the search box.\n` +
    `Step 3: Download the PDF of Achebe & Tran (2018).`;
  assertTwins(
    "arxiv",
    steps("1800.18236"),
    steps("1809.18236"),
    "arXiv identifiers start with YYMM; month 00 does not exist",
  );
  const list = (id: string) =>
    `1. Search arXiv for the title.\n2. Check the authors.\n3. Its number is ${id} (2021).`;
  assertTwins(
    "arxiv",
    list("2203.04512"),
    list("2103.04512"),
    "arXiv identifier 2203.04512 was posted in 2022, after the cited year 2021",
  );
  // Past a blank line, or more than three lines back, a decimal is not read as an identifier.
  assertSilent("arxiv", [
    "I checked arXiv.\n\nThe ratio came to 1800.18236 overall.",
    "Search arXiv.\nOne.\nTwo.\nThree.\nThe ratio came to 1800.18236 overall.",
  ]);
});

Deno.test("identifiers: an ISBN named in words before a colon", () => {
  assertTwins(
    "isbn",
    "Here's the ISBN so your library can order it: 0-570-68393-4.",
    "Here's the ISBN so your library can order it: 0-570-68393-9.",
    "ISBN check digit should be 9",
  );
  assertOne("The ISBN for the paperback: 978-0-306-40615-7", "isbn", "consistent");
  // Another number named beside it is not the ISBN.
  assertSilent("isbn", [
    "The ISBN and the LCCN: 2001012345.",
    "The ISBN and phone: 0306406155.",
  ]);
});

Deno.test("identifiers: an ISBN's digits do not run on into the next list item", () => {
  const list = (isbn: string) =>
    `1. *Numbers* by R. Castellano — ISBN ${isbn}\n2. *Patience* — ISBN 0-87-772542-X\n3. *Sheep*`;
  const reasons = (isbn: string) => findingsOf(list(isbn), "isbn").map((f) => f.reason);
  assert.deepEqual(reasons("1-6331-0965-5"), [
    "ISBN check digit should be 8",
    "ISBN check digit is right",
  ]);
  assert.deepEqual(reasons("1-6331-0965-8"), [
    "ISBN check digit is right",
    "ISBN check digit is right",
  ]);
  assertOne("ISBN 978 0 306 40615 7", "isbn", "consistent");
});

Deno.test("identifiers: an arXiv identifier cited only in later years is left unread", () => {
  // A later year may be a journal's (no error) or the posting's (an error): neither is confirmed,
  // unless it is said to be the posting's.
  assertOne(
    "That's the paper by Lind and Osei, posted to arXiv in 2019: https://arxiv.org/abs/1601.07633",
    "arxiv",
    "contradicted",
    "arXiv identifier 1601.07633 was posted in 2016, not 2019 as said",
  );
  assertSilent("arxiv", [
    "Devlin et al., NAACL 2019, arXiv:1810.04805.",
    "It is gr-qc/9310026 (published 1994).",
  ]);
  assertOne(
    "Lind and Osei, posted to arXiv in 2016: arxiv.org/abs/1601.07633",
    "arxiv",
    "consistent",
  );
});

Deno.test("identifiers: arXiv's DOI form; an ISBN-13 printed with spaces where it is named", () => {
  assertOne(
    "Osei, K. (2017). Wetlands [Preprint]. arXiv. https://doi.org/10.48550/arXiv.1705.04751",
    "arxiv",
    "consistent",
  );
  assertTwins(
    "isbn",
    "The barcode on the back reads 978 2 61152 445 7, the ISBN of the paperback.",
    "The barcode on the back reads 978 2 61152 445 8, the ISBN of the paperback.",
    "ISBN check digit should be 8",
  );
  assertSilent("isbn", "Call 978 555 1234 567 before noon.");
});

Deno.test("identifiers: a BibTeX entry's eprint against its year field", () => {
  const entry = (year: string) =>
    "```bibtex\n@misc{tresidder,\n  title         = {Adaptive Models of Urban Heat Islands},\n" +
    `  year          = {${year}},\n  eprint        = {2107.07475},\n  archivePrefix = {arXiv}\n}\n\`\`\``;
  assertOne(entry("2021"), "arxiv", "consistent");
  assertOne(
    entry("2018"),
    "arxiv",
    "contradicted",
    "arXiv identifier 2107.07475 was posted in 2021, after the cited year 2018",
  );
});

Deno.test("identifiers: a year said to be the arXiv posting shows a later one wrong", () => {
  const answer = (id: string) =>
    `In "Sparse Routing Revisited", Park and Silva (arXiv, 2021) show that routing collapses early.\n\n` +
    `You can find it at arXiv:${id}. It has not been peer-reviewed yet.`;
  assertTwins(
    "arxiv",
    answer("1905.01234"),
    answer("2105.01234"),
    "arXiv identifier 1905.01234 was posted in 2019, not 2021 as said",
  );
  assertTwins(
    "arxiv",
    "It was posted to arXiv in March 2022 as 1911.04321.",
    "It was posted to arXiv in March 2022 as 2203.04321.",
    "arXiv identifier 1911.04321 was posted in 2019, not 2022 as said",
  );
  const table = (intro: string, id: string) =>
    `${intro}\n\n| Paper | Year | arXiv ID |\n|---|---|---|\n| Token pruning | 2022 | 2206.00123 |\n| Sharp minima | 2020 | ${id} |`;
  const posting = "Preprints from the talk (year = first arXiv posting):";
  assert.deepEqual(
    findingsOf(table(posting, "1707.03932"), "arxiv").filter((f) => f.verdict !== "consistent")
      .map((f) => f.reason),
    ["arXiv identifier 1707.03932 was posted in 2017, not 2020 as said"],
  );
  assert.equal(
    findingsOf(table(posting, "2007.03932"), "arxiv").filter((f) => f.verdict !== "consistent")
      .length,
    0,
  );
  // A later year not said to be the posting (a journal's), another paper's posting year, another
  // identifier in the answer, a month's edge: not shown wrong.
  for (
    const text of [
      table("Preprints from the talk:", "1707.03932"),
      "Smith et al. (arXiv, 2019) is the first; the follow-up by Lee (2021) is arXiv:2104.01234.",
      "Park and Silva (arXiv, 2021) build on arXiv:1905.01234 and arXiv:2105.01234.",
      "It was posted to arXiv in January 2020 as 1912.01234.",
      "It appeared in 2021 in JMLR; the preprint is arXiv:1905.01234.",
    ]
  ) {
    assert.equal(
      findingsOf(text, "arxiv").filter((f) => f.verdict === "contradicted").length,
      0,
      text,
    );
  }
});
