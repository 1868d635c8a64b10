/**
 * The knowledge base at scale, and the full-text library comparison behind its choice. Run by
 * `deno task bench` (after the API benchmark) or alone:
 *
 *   deno run -A --v8-flags=--expose-gc server/bench/knowledge.ts [--passages 100000] [--calls 500]
 *     [--data DIR]
 *
 * - Scale (production path: MiniSearch through PassageIndex and retrievePassages): index time for
 *   N synthetic passages (seeded Zipf-distributed pseudo-words, ~60 words each), heap growth,
 *   index file size and load time, and retrieval latency per call (a 3-claim response with a
 *   question: 3 queries and the evidence packing), median and p95.
 *   The dense half of retrieval at that scale: an exact scan of N random unit vectors per query
 *   (the scan does not depend on what the vectors say; embedding N synthetic passages would take
 *   long and mean nothing).
 * - Libraries: MiniSearch and FlexSearch on the same passages (build time, query p95, recall@1
 *   and @5 of the passage a noisy query was drawn from) and, when ../shared/data is there, on the
 *   grounded sets' test documents (recall of the row's own document for question + answer), with
 *   dense retrieval (the bi-encoder, exact search) and the knowledge base's hybrid ranking
 *   (MiniSearch and dense fused) beside them; their build time includes embedding every passage
 *   and their query time embedding the query; then the retrieval per call as served there.
 */
import FlexSearch from "flexsearch";
import { parseArgs } from "node:util";
import {
  DEFAULT_DATA_DIR,
  type KnowledgeBenchKit,
  knowledgeBenchKit,
  type Passage,
} from "@hallucination-detection/detector";
import { formatTable, summarize } from "./stats.ts";

type PassageEncoder = Awaited<ReturnType<KnowledgeBenchKit["loadEncoder"]>>;

/** A retrieval method behind one interface: passages in, passage numbers out. */
interface Library {
  name: string;
  build(passages: readonly Passage[]): unknown;
  query(text: string, limit: number): number[] | Promise<number[]>;
}

function miniSearch({ PassageIndex }: KnowledgeBenchKit): Library {
  let index: ReturnType<typeof PassageIndex.build>;
  return {
    name: "MiniSearch 7 (BM25+)",
    build: (passages) => (index = PassageIndex.build(passages)),
    query: (text, limit) => index.query(text, limit).map((h) => h.passage),
  };
}

function dense(
  { VectorIndex, embeddedText }: KnowledgeBenchKit,
  encoder: PassageEncoder,
): Library {
  let index: ReturnType<typeof VectorIndex.of>;
  return {
    name: "dense (MiniLM-L6 int8, exact)",
    build: async (passages) => {
      const vectors = await encoder.embed(passages.map(embeddedText));
      index = VectorIndex.of(vectors, encoder.dimensions);
    },
    query: async (text, limit) =>
      index.query((await encoder.embed([text]))[0], limit).map((h) => h.passage),
  };
}

/** The knowledge base as served; `base` is the one the last `build` made. */
function hybrid(
  { KnowledgeBase }: KnowledgeBenchKit,
  encoder: PassageEncoder,
): Library & { base(): InstanceType<typeof KnowledgeBase> } {
  let base: InstanceType<typeof KnowledgeBase>;
  return {
    name: "hybrid (MiniSearch + dense, RRF)",
    base: () => base,
    build: async (passages) => {
      base = await KnowledgeBase.build(passages, encoder, () => {});
    },
    query: async (text, limit) => (await base.search([text], limit))[0].map((h) => h.passage),
  };
}

function flexSearch(): Library {
  let index: InstanceType<typeof FlexSearch.Index>;
  return {
    name: "FlexSearch 0.8 (contextual score)",
    build: (passages) => {
      index = new FlexSearch.Index({ tokenize: "strict", resolution: 9 });
      passages.forEach((p, i) => index.add(i, p.text));
    },
    // `suggest` keeps passages that match only some of the query's words, as a claim needs.
    query: (text, limit) => index.search(text, { limit, suggest: true }) as number[],
  };
}

const SYLLABLES = "ka lo mi ne ru ta vo si pe da gu fi ho ja ze bu".split(" ");
const VOCABULARY = 60_000;
const WORDS_PER_PASSAGE = 60;
const STOPWORD_RANKS = 150;

function pseudoWord(n: number): string {
  let word = "";
  do {
    word += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  } while (n > 0);
  return word;
}

/**
 * Passages of Zipf-distributed words (rank r drawn with weight 1/r), like natural text once its
 * stop words are gone: the ranks below STOPWORD_RANKS, which the index drops, are left out.
 */
function syntheticPassages(count: number, next: () => number): Passage[] {
  const span = Math.log(VOCABULARY / STOPWORD_RANKS);
  const word = () => pseudoWord(Math.floor(STOPWORD_RANKS * Math.exp(next() * span)));
  return Array.from({ length: count }, (_, i) => ({
    text: Array.from({ length: WORDS_PER_PASSAGE }, word).join(" ") + ".",
    source: `p${i}`,
  }));
}

/** A claim-sized query drawn from a passage: 10 of its words in order, 3 foreign ones. */
function claimFrom(passage: Passage, next: () => number, other: Passage): string {
  const words = passage.text.slice(0, -1).split(" ");
  const start = Math.floor(next() * (words.length - 10));
  const noise = other.text.split(" ").slice(0, 3);
  return [...words.slice(start, start + 10), ...noise].join(" ");
}

/** Queries the dense scan is timed on: each reads the whole matrix, so a few say enough. */
const SCAN_QUERIES = 50;

/** One exact dense query over `count` random unit vectors (the scan's cost, not its answers). */
function denseScan(
  { VectorIndex }: KnowledgeBenchKit,
  count: number,
  dimensions: number,
  next: () => number,
) {
  const unit = () => {
    const v = Float32Array.from({ length: dimensions }, () => next() - 0.5);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  };
  const index = VectorIndex.of(Array.from({ length: count }, unit), dimensions);
  const times = Array.from({ length: SCAN_QUERIES }, () => {
    const query = unit();
    return timed(() => index.query(query, 20))[1];
  });
  return summarize(times);
}

/** Heap in use, after a collection when V8 exposes one (`--v8-flags=--expose-gc`). */
function settledHeap(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return Deno.memoryUsage().heapUsed;
}

const ms = (x: number) => x.toFixed(2);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

function timed<T>(run: () => T): [T, number] {
  const started = performance.now();
  const result = run();
  return [result, performance.now() - started];
}

async function timedAsync<T>(run: () => T | Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

interface QueryCase {
  query: string;
  /** Passage numbers that count as the right answer. */
  targets: Set<number>;
}

async function compare(
  libraries: Library[],
  passages: readonly Passage[],
  cases: readonly QueryCase[],
  log: (m: string) => void,
): Promise<string[][]> {
  const rows: string[][] = [];
  for (const library of libraries) {
    log(library.name);
    const [, buildMs] = await timedAsync(() => library.build(passages));
    const times: number[] = [];
    let at1 = 0, at5 = 0;
    for (const { query, targets } of cases) {
      const [hits, elapsed] = await timedAsync(() => library.query(query, 5));
      times.push(elapsed);
      if (targets.has(hits[0])) at1++;
      if (hits.some((h) => targets.has(h))) at5++;
    }
    const latency = summarize(times);
    rows.push([
      library.name,
      (buildMs / 1000).toFixed(1),
      ms(latency.medianMs),
      ms(latency.p95Ms),
      pct(at1 / cases.length),
      pct(at5 / cases.length),
    ]);
  }
  return rows;
}

const COMPARISON_HEADER = ["library", "index s", "query median ms", "query p95 ms", "R@1", "R@5"];

async function realDataComparison(
  kit: KnowledgeBenchKit,
  encoder: PassageEncoder,
  options: KnowledgeBenchOptions & { dataDir: string },
  log: (m: string) => void,
): Promise<string> {
  const { passages, documents, cases } = await kit.groundedRetrievalCases(options.dataDir);
  log(`libraries on ${passages.length} passages of ${documents} test documents`);
  const served = hybrid(kit, encoder);
  const libraries = [miniSearch(kit), flexSearch(), dense(kit, encoder), served];
  const table = formatTable(COMPARISON_HEADER, await compare(libraries, passages, cases, log));
  // A call as served: the query's sentences as claims, embedded in one batch, and the packing.
  const times: number[] = [];
  for (const { query } of cases.slice(0, options.calls)) {
    times.push((await timedAsync(() => kit.retrievePassages(served.base(), undefined, query)))[1]);
  }
  const call = summarize(times);
  return `Retrieval on the grounded sets' test documents (${passages.length} passages, ${cases.length} queries: question + answer; R@k: a passage of the row's own document among the first k)\n${table}\n` +
    `Retrieval per call as served (hybrid; ${times.length} calls, each sentence of question + answer a claim): median ${
      ms(call.medianMs)
    } ms, p95 ${ms(call.p95Ms)} ms`;
}

export interface KnowledgeBenchOptions {
  passages: number;
  calls: number;
  /** ../shared/data or another data folder; the real-data comparison is left out without it. */
  dataDir?: string;
}

/** Runs the knowledge benchmark; returns the tables to print. Progress goes to stderr. */
export async function runKnowledgeBench(options: KnowledgeBenchOptions): Promise<string> {
  const log = (m: string) => console.error(`[knowledge bench] ${m}`);
  const kit = await knowledgeBenchKit();
  const { KnowledgeBase, PassageIndex, retrievePassages, seededRandom } = kit;
  // Seeded, so that every run indexes and asks the same texts.
  const next = seededRandom(20_261_122);
  log(`generating ${options.passages} passages`);
  const passages = syntheticPassages(options.passages, next);

  const heapBefore = settledHeap();
  const [index, buildMs] = timed(() => PassageIndex.build(passages));
  const heapAfter = settledHeap();
  const [json, saveMs] = timed(() => index.toJSON());
  const [, loadMs] = timed(() => PassageIndex.fromJSON(json, passages));
  const base = new KnowledgeBase(passages, index);
  const pick = () => passages[Math.floor(next() * passages.length)];
  const times: number[] = [];
  log(`retrieval: ${options.calls} calls`);
  for (let i = 0; i < options.calls; i++) {
    const claims = [pick(), pick(), pick()].map((p) => claimFrom(p, next, pick()));
    const [, elapsed] = timed(() => retrievePassages(base, claims[0], claims.join(". ") + "."));
    times.push(elapsed);
  }
  const retrieval = summarize(times);
  const encoder = await kit.loadEncoder();
  const scan = denseScan(kit, passages.length, encoder.dimensions, next);
  const scale = formatTable(["measure", "value"], [
    ["passages", String(passages.length)],
    ["index build (MiniSearch)", `${(buildMs / 1000).toFixed(1)} s`],
    [
      `heap growth of the index${"gc" in globalThis ? "" : " (no --expose-gc: rough)"}`,
      mb(heapAfter - heapBefore),
    ],
    ["index file (serialised index; passages add their text)", mb(json.length)],
    ["index serialise / load", `${(saveMs / 1000).toFixed(1)} s / ${(loadMs / 1000).toFixed(1)} s`],
    ["retrieval per call (3 claims + question), median", `${ms(retrieval.medianMs)} ms`],
    ["retrieval per call, p95 (target <= 10 ms)", `${ms(retrieval.p95Ms)} ms`],
    [
      `dense search per query (exact scan, ${encoder.dimensions} dims), median / p95`,
      `${ms(scan.medianMs)} ms / ${ms(scan.p95Ms)} ms`,
    ],
  ]);

  const libraryPassages = passages.slice(0, Math.min(passages.length, 20_000));
  const cases = Array.from({ length: options.calls }, () => {
    const target = Math.floor(next() * libraryPassages.length);
    const other = libraryPassages[Math.floor(next() * libraryPassages.length)];
    return { query: claimFrom(libraryPassages[target], next, other), targets: new Set([target]) };
  });
  log(`libraries on ${libraryPassages.length} synthetic passages`);
  const synthetic = formatTable(
    COMPARISON_HEADER,
    await compare([miniSearch(kit), flexSearch()], libraryPassages, cases, log),
  );
  const { dataDir } = options;
  const real = dataDir ? await realDataComparison(kit, encoder, { ...options, dataDir }, log) : "";
  return [
    `Knowledge base at scale (synthetic passages of ${WORDS_PER_PASSAGE} words)\n${scale}`,
    `Full-text libraries on ${libraryPassages.length} synthetic passages (${cases.length} claim queries: 10 words of a passage + 3 foreign words)\n${synthetic}`,
    ...(real ? [real] : []),
  ].join("\n\n");
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

/** The options `deno task bench` runs with: real data when ../shared/data is there. */
export async function defaultKnowledgeBenchOptions(): Promise<KnowledgeBenchOptions> {
  return {
    passages: 100_000,
    calls: 500,
    dataDir: await exists(DEFAULT_DATA_DIR) ? DEFAULT_DATA_DIR : undefined,
  };
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      passages: { type: "string" },
      calls: { type: "string" },
      data: { type: "string" },
    },
  });
  const defaults = await defaultKnowledgeBenchOptions();
  console.log(
    await runKnowledgeBench({
      passages: Number(values.passages ?? defaults.passages),
      calls: Number(values.calls ?? defaults.calls),
      dataDir: values.data ?? defaults.dataDir,
    }),
  );
}
