/**
 * Identifiers whose form can be checked without looking anything up:
 * - ISBN-10 and ISBN-13 check digits, ISSN check digits;
 * - arXiv identifiers: the new scheme (YYMM.NNNN from April 2007, YYMM.NNNNN from January 2015)
 *   must name a real month not in the future, the old one (archive/YYMMNNN) a month from August
 *   1991 to March 2007 (read alone too, its archive being one of a fixed list: "hep-th/9705278");
 *   a year cited beside either cannot be before the identifier's year (unless before arXiv began),
 *   and a year said to be its arXiv posting must be its year;
 * - DOI syntax (Crossref: "10." then a registrant code of 4 to 9 digits, "/", a suffix);
 * - citation years in the future ("Smith et al., 2031").
 * The current year is the caller's clock (`now`), so tests can fix it.
 */
import { type ExactFinding, finding } from "./finding.ts";
import { lineAt } from "./lists.ts";

/**
 * "ISBN 0-306-40615-2", "ISBN-13: 978…", "the ISBN is 978…", "isbn = {978…}" (BibTeX), "the ISBN so
 * your library can order it: 978…" (a few words, none naming another number, then a colon). The
 * digits are split by hyphens or spaces, never a line break: a list's next item number is not one.
 */
const ISBN =
  /\bISBN(?:-1[03])?(?:\s*(?::|#|=\s*\{|is|number|no\.)\s*|(?:\s+(?!(?:and|or|LCCN|OCLC|ASIN|ISSN|DOI|EAN|UPC)\b)[a-z'’]+){1,8}\s*:\s*|\s+)((?:\d[ \t\u00a0-]?){9}[\dXx](?:[ \t\u00a0-]?\d){0,3})(?![\dXx-])/gi;
/**
 * Thirteen digits from 978 or 979, unlabelled (a table's ISBN column): an ISBN-13 (also the book's
 * EAN-13 barcode, with the same check digit) whatever the text calls it; split by hyphens, or by
 * spaces as a barcode prints them.
 */
const BARE_ISBN13 = /(?<![\d-])(97[89](?:[- ]?\d){10})(?![\d-])/g;
/** Digits split by spaces ("978 2 61152 445 8") are read only on a line naming what they are. */
const BARCODE_NAMED = /\b(?:ISBN|barcode|EAN)/i;
const ISSN = /\bISSN:?\s*(\d{4})-(\d{3}[\dXx])\b/g;
/**
 * A new-scheme identifier, read as one only where arXiv is named near it (namesArxivNear):
 * "2101.01234", "arXiv.2101.01234" (arXiv's DataCite DOI); not after another digit or dot.
 */
const ARXIV_NEW = /(?<!\d)(?<!(?<!arxiv)\.)(\d{2})(\d{2})\.(\d{4,5})(?:v\d+)?(?!\d|\.\d)/gi;
/** An archive's name, a slash and seven digits: the shape of an old-scheme identifier. */
const OLD_SCHEME_SHAPE = /[a-z]\/\d{7}/i;
/** How far "arXiv" may be from the identifier: "on arXiv in 2021 as 2102.05484". */
const ARXIV_NEAR = 60;
/** arXiv's first year (August 1991). */
const ARXIV_FIRST_YEAR = 1991;
/** How many lines of its paragraph or list before the identifier's may name arXiv instead. */
const ARXIV_LINES_BEFORE = 3;
/** The old scheme's archives (1991 to March 2007): an identifier with one needs no "arXiv:". */
const ARXIV_ARCHIVES = [
  "hep-th",
  "hep-ph",
  "hep-ex",
  "hep-lat",
  "gr-qc",
  "astro-ph",
  "cond-mat",
  "quant-ph",
  "math-ph",
  "math",
  "nucl-th",
  "nucl-ex",
  "physics",
  "nlin",
  "q-bio",
  "cs",
  "chao-dyn",
  "solv-int",
  "patt-sol",
  "adap-org",
  "comp-gas",
  "chem-ph",
  "alg-geom",
  "dg-ga",
  "funct-an",
  "q-alg",
  "mtrl-th",
  "supr-con",
  "acc-phys",
  "ao-sci",
  "atom-ph",
  "bayes-an",
  "cmp-lg",
  "plasm-ph",
].join("|");
/**
 * "arXiv:hep-th/9901001", or an archive alone, not inside a path but for arxiv.org's ("abs/"):
 * "cond-mat/9907318", "math.AG/0101001v2".
 */
const ARXIV_OLD = new RegExp(
  String.raw`(?:\barXiv:\s*(?=[a-z])|(?<=^|[^\w./-]|(?:abs|pdf)/)(?=(?:${ARXIV_ARCHIVES})[./]))` +
    String.raw`([a-z-]+(?:\.[a-z-]{2,})?/(\d{2})(\d{2})\d{3})(?:v\d+)?\b`,
  "gi",
);
const DOI = /\b(?:doi:\s*|doi\.org\/|DOI\s+)(\d\S*?)(?=[\s,;)\]]|\.(?:\s|$)|$)/gi;
const DOI_SYNTAX = /^10\.\d{4,9}\/\S+$/;
const CITED_YEAR =
  /(?:\bet al\.?,?\s*\(?|\(\s*[A-Z][\p{L}'-]+(?:\s+(?:and|&)\s+[A-Z][\p{L}'-]+)?,\s*)((?:19|20)\d{2})\b/gu;
const YEAR = /(?<![\d.:/-])((?:19|20)\d{2})(?!\d|\.\d)/g;

function isbnCheckDigit(digits: string): string {
  if (digits.length === 10) {
    const sum = [...digits.slice(0, 9)].reduce((n, d, i) => n + (10 - i) * Number(d), 0);
    const check = (11 - (sum % 11)) % 11;
    return check === 10 ? "X" : String(check);
  }
  const sum = [...digits.slice(0, 12)].reduce((n, d, i) => n + (i % 2 ? 3 : 1) * Number(d), 0);
  return String((10 - (sum % 10)) % 10);
}

function issnCheckDigit(digits: string): string {
  const sum = [...digits.slice(0, 7)].reduce((n, d, i) => n + (8 - i) * Number(d), 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? "X" : String(check);
}

/**
 * Whether arXiv is named near the identifier: "arXiv" (or arxiv.org, or BibTeX's "eprint") on its
 * line within ARXIV_NEAR, on one of the few lines before it in its paragraph or list ("Step 1: Open
 * arxiv.org" then "Step 2: Paste 1809.18236 …"), or in the header row of the markdown table it
 * sits in.
 */
function namesArxivNear(text: string, start: number, end: number): boolean {
  const line = lineAt(text, start);
  const near = text.slice(
    Math.max(line.start, start - ARXIV_NEAR),
    Math.min(lineAt(text, end).end, end + ARXIV_NEAR),
  );
  return ARXIV_NAME.test(near) || ARXIV_NAME.test(linesBefore(text, line.start)) ||
    ARXIV_NAME.test(tableHeader(text, line.start));
}

/** Up to ARXIV_LINES_BEFORE lines before the line at `lineStart`, stopping at a blank line. */
function linesBefore(text: string, lineStart: number): string {
  let first = lineStart;
  for (let n = 0; n < ARXIV_LINES_BEFORE && first > 0; n++) {
    const previous = lineAt(text, first - 1);
    if (text.slice(previous.start, previous.end).trim() === "") break;
    first = previous.start;
  }
  return text.slice(first, lineStart);
}

const ARXIV_NAME = /arxiv|\beprint\b/i;

/** The header row of the markdown table whose row starts at `lineStart`, or "" outside one. */
function tableHeader(text: string, lineStart: number): string {
  const row = (at: number) => {
    const line = lineAt(text, at);
    return text.slice(line.start, line.end);
  };
  if (!row(lineStart).trimStart().startsWith("|")) return "";
  let first = lineStart;
  while (first > 0) {
    const previous = lineAt(text, first - 1).start;
    if (!row(previous).trimStart().startsWith("|")) break;
    first = previous;
  }
  return row(first);
}

/** The line `at` is on. */
const lineText = (text: string, at: number) => {
  const line = lineAt(text, at);
  return text.slice(line.start, line.end);
};

const span = (m: RegExpMatchArray) => ({ start: m.index!, end: m.index! + m[0].length });

/** A BibTeX field's line ("  eprint = {2107.07475},"), and an entry's year field. */
const BIBTEX_FIELD = /^\s*[a-z]+\s*=/i;
const BIBTEX_YEAR = /^\s*year\s*=\s*[{"]?(\d{4})[}"]?\s*,?\s*$/im;

/**
 * Years cited on the identifier's line, outside the identifier itself, with their offsets; on a
 * BibTeX field's line, its entry's year field.
 */
function yearsCitedBeside(text: string, at: number): { year: number; start: number }[] {
  const line = lineAt(text, at);
  const own = text.slice(line.start, line.end);
  if (BIBTEX_FIELD.test(own)) {
    const entry = text.lastIndexOf("@", at);
    const close = text.indexOf("\n}", at);
    const fields = entry < 0 ? "" : text.slice(entry, close < 0 ? text.length : close);
    const year = BIBTEX_YEAR.exec(fields);
    if (year) {
      return [{ year: Number(year[1]), start: entry + year.index! + year[0].indexOf(year[1]) }];
    }
  }
  return [...own.matchAll(YEAR)].map((y) => ({
    year: Number(y[1]),
    start: line.start + y.index!,
  }));
}

const MONTHS =
  "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?";
/**
 * A year said to be when a paper went up on arXiv: "(arXiv, 2019)", "posted to arXiv in 2019",
 * "posted it in November 2011", "uploaded 2018". Other verbs count only with arXiv named
 * ("appeared on arXiv in 2019"): "appeared in 2019" or "submitted in 2019" may be a journal's.
 */
const POSTED_YEAR = new RegExp(
  String.raw`\(\s*arXiv(?:\s+preprint)?\s*,\s*((?:19|20)\d{2})\s*\)|` +
    String.raw`\b(?:(?:posted|uploaded)(?:\s+(?:it|them|this|the\s+(?:preprint|paper)))?` +
    String.raw`(?:\s+(?:to|on)\s+(?:the\s+)?arXiv(?:\.org)?)?|` +
    String.raw`(?:appeared|released|submitted|published|put\s+up)\s+(?:to|on)\s+arXiv(?:\.org)?)` +
    String.raw`\s+(?:in\s+|on\s+)?(?:(?:early|late|mid-?)\s*)?(?:${MONTHS}\s+(?:\d{1,2},?\s+)?)?` +
    String.raw`((?:19|20)\d{2})\b`,
  "gi",
);
/** A table's years said to be arXiv postings: "(year = first arXiv posting)", "arXiv year". */
const POSTING_COLUMN =
  /\byears?\b[^.\n|]{0,25}?(?:\barXiv\s+(?:posting|submission|release)|\bposted\b|\buploaded\b)|\barXiv\s+(?:posting\s+)?year\b|\bposting\s+year\b/i;

/** The years in `text` said to be when a paper went up on arXiv (POSTED_YEAR). */
const postedYears = (text: string) =>
  [...text.matchAll(POSTED_YEAR)].map((m) => Number(m[1] ?? m[2]));

/**
 * The year an identifier is said to have been posted on arXiv, where the answer says it: on the
 * identifier's line, its only identifier, every year of which is said of arXiv (POSTED_YEAR:
 * "Smith (arXiv, 2019) and Lee (2021), arXiv:2104.01234" says nothing of Lee's); the one year of its row in a table said to give posting years
 * (in its header, or in the lines just before it: "Preprints (year = first arXiv posting):"); or,
 * for the answer's only identifier, the one year the whole answer names, said of arXiv once at
 * least ("Chen et al. (arXiv, 2019) show ..." then "You can find it at arXiv:1706.06527").
 */
function postingYear(
  text: string,
  at: number,
  ids: readonly RegExpMatchArray[],
): number | undefined {
  const line = lineAt(text, at);
  const own = text.slice(line.start, line.end);
  const onLine = postedYears(own);
  if (onLine.length > 0) {
    const alone = ids.filter((m) => lineAt(text, m.index!).start === line.start).length === 1;
    const years = [...own.matchAll(YEAR)].map((y) => Number(y[1]));
    return alone && years.every((y) => y === onLine[0]) ? onLine[0] : undefined;
  }
  const header = tableHeader(text, line.start);
  if (header && POSTING_COLUMN.test(header + textBeforeTable(text, line.start))) {
    const years = yearsCitedBeside(text, at);
    return years.length === 1 ? years[0].year : undefined;
  }
  if (ids.length !== 1) return undefined;
  const years = [...text.matchAll(YEAR)].map((y) => Number(y[1]));
  const said = postedYears(text);
  return said.length > 0 && years.every((y) => y === said[0]) ? said[0] : undefined;
}

/** The lines of the paragraph just before the table whose row starts at `lineStart`. */
function textBeforeTable(text: string, lineStart: number): string {
  let first = lineStart;
  while (first > 0 && lineText(text, first - 1).trimStart().startsWith("|")) {
    first = lineAt(text, first - 1).start;
  }
  const before = text.slice(0, first).trimEnd();
  return linesBefore(before + "\n", before.length + 1);
}

/**
 * A well-formed identifier against the year the answer says it was posted (postingYear): another
 * year is wrong, but for a month's edge ("1912.01234" posted in 2020, announced a day later).
 */
function arxivAgainstPostingYear(
  m: RegExpMatchArray,
  id: string,
  year: number,
  month: number,
  posted: number,
): ExactFinding | undefined {
  if (posted === year) {
    return finding(
      "arxiv",
      false,
      span(m),
      `arXiv identifier ${id} is from ${year}, when it was posted`,
    );
  }
  const edge = (posted === year + 1 && month === 12) || (posted === year - 1 && month === 1);
  if (edge) return undefined;
  const problem = `arXiv identifier ${id} was posted in ${year}, not ${posted} as said`;
  return finding("arxiv", true, span(m), problem);
}

/**
 * A well-formed identifier against the years cited beside it: contradicted when every one is
 * before the identifier's year (a preprint is not cited before it is posted) but none before arXiv
 * began (a paper that old was uploaded later), confirmed when one is that year; the finding then
 * spans the identifier and that year. Cited only in later years, it is left unread: a journal's
 * later year is no error ("NAACL 2019, arXiv:1810.04805"); a year said to be the posting's
 * ("posted to arXiv in 2019: 1601.07633") is read first (postingYear).
 */
function arxivAgainstCitedYears(
  text: string,
  m: RegExpMatchArray,
  id: string,
  [year, month]: [number, number],
  wellFormed: string,
  ids: readonly RegExpMatchArray[],
): ExactFinding | undefined {
  const posted = postingYear(text, m.index!, ids);
  if (posted !== undefined) return arxivAgainstPostingYear(m, id, year, month, posted);
  const cited = yearsCitedBeside(text, m.index!);
  const others = cited.filter((c) => c.year !== year);
  const same = cited.find((c) => c.year === year);
  const reach = (at: number) => ({
    start: Math.min(at, m.index!),
    end: Math.max(at + 4, m.index! + m[0].length),
  });
  const postedBefore = others.length > 0 &&
    others.every((c) => c.year < year && c.year >= ARXIV_FIRST_YEAR);
  if (postedBefore && !same) {
    const problem = `arXiv identifier ${id} was posted in ${year}, after the cited year ${
      others[0].year
    }`;
    return finding("arxiv", true, reach(others[0].start), problem);
  }
  if (same) {
    const right = `arXiv identifier ${id} is well formed and from ${year}, the cited year`;
    return finding("arxiv", false, reach(same.start), right);
  }
  const later = others.some((c) => c.year > year);
  return later ? undefined : finding("arxiv", false, span(m), wellFormed);
}

/** A new-scheme identifier (YYMM.NNNN or YYMM.NNNNN): its month, scheme and digits, then years. */
function arxivNewFinding(
  text: string,
  m: RegExpMatchArray,
  now: Date,
  ids: readonly RegExpMatchArray[],
) {
  const [yy, mm, number] = [Number(m[1]), Number(m[2]), m[3]];
  const year = 2000 + yy;
  const when = `${year}-${m[2]}`;
  const id = `${m[1]}${m[2]}.${number}`;
  let problem: string | undefined;
  if (mm < 1 || mm > 12) {
    problem = `arXiv identifiers start with YYMM; month ${m[2]} does not exist`;
  } else if (year * 12 + mm < 2007 * 12 + 4) {
    problem = `arXiv's YYMM.NNNN identifiers began in April 2007, not ${when}`;
  } else if (year * 12 + mm > now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    problem = `arXiv identifier ${m[1]}${m[2]} is in the future (${when})`;
  } else if (year < 2015 && number.length === 5) {
    problem = `arXiv numbers had 4 digits before 2015, not 5 (${when})`;
  } else if (year >= 2015 && number.length === 4) {
    problem = `arXiv numbers have 5 digits since 2015, not 4 (${when})`;
  }
  if (problem) return finding("arxiv", true, span(m), problem);
  return arxivAgainstCitedYears(
    text,
    m,
    id,
    [year, mm],
    `arXiv identifier ${id} is well formed (${when})`,
    ids,
  );
}

/** An old-scheme identifier (archive/YYMMNNN): its month within August 1991 to March 2007. */
function arxivOldFinding(text: string, m: RegExpMatchArray, ids: readonly RegExpMatchArray[]) {
  const [id, yy, mm] = [m[1], Number(m[2]), Number(m[3])];
  const year = yy >= 91 ? 1900 + yy : 2000 + yy;
  const ym = year * 12 + mm;
  if (mm < 1 || mm > 12) {
    const problem = `arXiv identifiers start with YYMM; month ${m[3]} does not exist`;
    return finding("arxiv", true, span(m), problem);
  }
  if (ym < ARXIV_FIRST_YEAR * 12 + 8 || ym > 2007 * 12 + 3) {
    const problem = `old-style arXiv identifiers run from 9108 to 0703, not ${m[2]}${m[3]}`;
    return finding("arxiv", true, span(m), problem);
  }
  return arxivAgainstCitedYears(
    text,
    m,
    id,
    [year, mm],
    "old-style arXiv identifier is well formed",
    ids,
  );
}

export function identifierFindings(text: string, now: Date): ExactFinding[] {
  const out: ExactFinding[] = [];
  const thisYear = now.getUTCFullYear();
  const labelled = [...text.matchAll(ISBN)];
  const bare = [...text.matchAll(BARE_ISBN13)].filter((b) =>
    !labelled.some((l) => b.index! < l.index! + l[0].length && l.index! < b.index! + b[0].length) &&
    (!b[1].includes(" ") || BARCODE_NAMED.test(lineText(text, b.index!)))
  );
  for (const m of [...labelled, ...bare]) {
    const digits = m[1].replace(/[\s-]/g, "").toUpperCase();
    if (digits.length !== 10 && digits.length !== 13) continue;
    if (digits.length === 13 && !/^97[89]\d{10}$/.test(digits)) {
      out.push(finding("isbn", true, span(m), "an ISBN-13 starts with 978 or 979"));
      continue;
    }
    if (digits.slice(0, -1).includes("X")) continue;
    const expected = isbnCheckDigit(digits);
    const ok = digits.at(-1) === expected;
    out.push(
      finding(
        "isbn",
        !ok,
        span(m),
        ok ? "ISBN check digit is right" : `ISBN check digit should be ${expected}`,
      ),
    );
  }
  for (const m of text.matchAll(ISSN)) {
    const digits = (m[1] + m[2]).toUpperCase();
    const expected = issnCheckDigit(digits);
    const ok = digits.at(-1) === expected;
    out.push(
      finding(
        "issn",
        !ok,
        span(m),
        ok ? "ISSN check digit is right" : `ISSN check digit should be ${expected}`,
      ),
    );
  }
  // Identifiers are rare: their patterns run only on a text that could hold one.
  const namesArxiv = ARXIV_NAME.test(text);
  const newIds = (namesArxiv ? [...text.matchAll(ARXIV_NEW)] : []).filter((m) =>
    namesArxivNear(text, m.index!, m.index! + m[0].length)
  );
  const oldIds = OLD_SCHEME_SHAPE.test(text) ? [...text.matchAll(ARXIV_OLD)] : [];
  const ids = [...newIds, ...oldIds];
  for (const m of newIds) {
    const found = arxivNewFinding(text, m, now, ids);
    if (found) out.push(found);
  }
  for (const m of oldIds) {
    const found = arxivOldFinding(text, m, ids);
    if (found) out.push(found);
  }
  for (const m of text.matchAll(DOI)) {
    const doi = m[1].replace(/[.,;]+$/, "");
    const ok = DOI_SYNTAX.test(doi);
    out.push(
      finding(
        "doi",
        !ok,
        span(m),
        ok ? "DOI is well formed" : `"${doi}" is not a DOI: a DOI is 10.<4 to 9 digits>/<suffix>`,
      ),
    );
  }
  for (const m of text.matchAll(CITED_YEAR)) {
    const year = Number(m[1]);
    if (year > thisYear) {
      const at = m.index! + m[0].length - m[1].length;
      out.push(
        finding(
          "future_citation",
          true,
          { start: at, end: at + 4 },
          `cited year ${year} is in the future`,
        ),
      );
    }
  }
  return out;
}
