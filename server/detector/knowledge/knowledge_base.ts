/**
 * A knowledge folder opened for retrieval: its passages, their full-text index and their
 * embeddings, searched together (hybrid ranking, fusion.ts). The index file
 * (`.knowledge-index.json` in the folder) keeps every file's passages and their embeddings with
 * the file's size and modification time, and the full-text index itself; on opening, unchanged
 * files are taken from it without reading or embedding them, changed or new files are read and
 * embedded again, and the full-text index is rebuilt only when something changed. Embeddings of
 * another encoder are not reused. The file holds only what the documents say, never anything of
 * a call.
 */
import { type DocumentFile, listDocumentFiles, readDocumentFile } from "./documents.ts";
import { fuseRankings, FUSION_DEPTH } from "./fusion.ts";
import { embedWithProgress, MIN_SIMILARITY, type PassageEncoder } from "./passage_encoder.ts";
import { chunkDocument, type Passage } from "./passages.ts";
import { PassageIndex, type SearchHit } from "./search_index.ts";
import { VectorIndex, vectorsFromBase64, vectorsToBase64 } from "./vector_index.ts";

export const INDEX_FILE = ".knowledge-index.json";
const INDEX_FORMAT = "hd-knowledge-2";

interface IndexedFile extends DocumentFile {
  passages: Omit<Passage, "source">[];
  /** The passages' embeddings, in order (vector_index.ts's base64). */
  vectors: string;
}

/** First line of the index file; the second is the serialised full-text index. */
interface IndexHeader {
  format: typeof INDEX_FORMAT;
  /** The encoder the embeddings are from. */
  encoder: string;
  files: IndexedFile[];
}

export interface FileProblem {
  path: string;
  reason: string;
}

export interface OpenReport {
  files: number;
  passages: number;
  /** Files read this time (new or changed); 0 when everything came from the index file. */
  read: number;
  problems: FileProblem[];
  /** Whether the index file was (re)written. */
  wrote: boolean;
  /** Why the index file could not be written, if it could not (e.g. a read-only folder). */
  writeError?: string;
}

/** The passages' embeddings and the encoder that embeds the queries alike. */
export interface DenseIndex {
  encoder: PassageEncoder;
  vectors: VectorIndex;
}

/** The text a passage is embedded as: its title (when it has one) leads, as in the document. */
export const embeddedText = (p: Omit<Passage, "source">) =>
  p.title ? `${p.title}. ${p.text}` : p.text;

export class KnowledgeBase {
  /** Without a dense index, the full-text ranking alone. */
  constructor(
    readonly passages: readonly Passage[],
    private readonly index: PassageIndex,
    private readonly dense?: DenseIndex,
  ) {}

  /** A knowledge base with both indexes over these passages (embedding them all). */
  static async build(
    passages: readonly Passage[],
    encoder: PassageEncoder,
    log: (line: string) => void,
  ): Promise<KnowledgeBase> {
    const vectors = await embedWithProgress(encoder, passages.map(embeddedText), log);
    return new KnowledgeBase(passages, PassageIndex.build(passages), {
      encoder,
      vectors: VectorIndex.of(vectors, encoder.dimensions),
    });
  }

  /**
   * Each query's best `limit` passages, best first: the full-text and the dense ranking fused
   * (dense hits under MIN_SIMILARITY left out).
   */
  async search(queries: readonly string[], limit: number): Promise<SearchHit[][]> {
    const dense = this.dense;
    if (!dense) return queries.map((q) => this.index.query(q, limit));
    const embedded = await dense.encoder.embed(queries);
    return queries.map((q, i) =>
      fuseRankings([
        this.index.query(q, FUSION_DEPTH),
        dense.vectors.query(embedded[i], FUSION_DEPTH, MIN_SIMILARITY),
      ], limit)
    );
  }
}

async function readIndexFile(dir: string): Promise<{ header: IndexHeader; index: string } | null> {
  let content: string;
  try {
    content = await Deno.readTextFile(`${dir}/${INDEX_FILE}`);
  } catch {
    return null;
  }
  const newline = content.indexOf("\n");
  try {
    const header = JSON.parse(content.slice(0, newline)) as IndexHeader;
    return header.format === INDEX_FORMAT ? { header, index: content.slice(newline + 1) } : null;
  } catch {
    return null;
  }
}

const sameFile = (a: DocumentFile, b: DocumentFile) =>
  a.path === b.path && a.size === b.size && a.mtimeMs === b.mtimeMs;

/**
 * Opens (indexing and embedding what is new or changed) the knowledge folder `dir`; `log` gets
 * the embedding's progress (counts only).
 */
export async function openKnowledgeBase(
  dir: string,
  encoder: PassageEncoder,
  log: (line: string) => void = () => {},
): Promise<{ base: KnowledgeBase; report: OpenReport }> {
  const listed = await listDocumentFiles(dir);
  const onDisk = await readIndexFile(dir);
  const stored = onDisk?.header.encoder === encoder.version ? onDisk : null;
  const previous = new Map(stored?.header.files.map((f) => [f.path, f]));
  const files: IndexedFile[] = [];
  const fresh: IndexedFile[] = [];
  const problems: FileProblem[] = [];
  let read = 0;
  for (const file of listed) {
    const known = previous.get(file.path);
    if (known && sameFile(known, file)) {
      files.push(known);
      continue;
    }
    read++;
    try {
      const documents = await readDocumentFile(dir, file.path);
      const passages = documents.flatMap((d) => chunkDocument(d, file.path))
        .map(({ source: _, ...p }) => p);
      const indexedFile = { ...file, passages, vectors: "" };
      files.push(indexedFile);
      fresh.push(indexedFile);
    } catch (error) {
      problems.push({ path: file.path, reason: (error as Error).message });
    }
  }
  const embedded = await embedWithProgress(
    encoder,
    fresh.flatMap((f) => f.passages.map(embeddedText)),
    log,
  );
  let at = 0;
  for (const file of fresh) {
    file.vectors = vectorsToBase64(embedded.slice(at, at += file.passages.length));
  }
  const passages = files.flatMap((f) => f.passages.map((p) => ({ ...p, source: f.path })));
  const dense = {
    encoder,
    vectors: VectorIndex.of(
      files.flatMap((f) => vectorsFromBase64(f.vectors, encoder.dimensions)),
      encoder.dimensions,
    ),
  };
  // A file that failed again changes nothing; it is retried (and reported) on every opening.
  const unchanged = stored !== null && fresh.length === 0 &&
    files.length === stored.header.files.length;
  const report: OpenReport = {
    files: files.length,
    passages: passages.length,
    read,
    problems,
    wrote: false,
  };
  if (unchanged) {
    return {
      base: new KnowledgeBase(passages, PassageIndex.fromJSON(stored.index, passages), dense),
      report,
    };
  }
  const index = PassageIndex.build(passages);
  const header: IndexHeader = { format: INDEX_FORMAT, encoder: encoder.version, files };
  try {
    // Written aside, then renamed: a crash mid-write never leaves a half index file behind.
    const temporary = `${dir}/${INDEX_FILE}.${crypto.randomUUID()}`;
    await Deno.writeTextFile(temporary, `${JSON.stringify(header)}\n${index.toJSON()}`);
    await Deno.rename(temporary, `${dir}/${INDEX_FILE}`);
    report.wrote = true;
  } catch (error) {
    report.writeError = (error as Error).message;
  }
  return { base: new KnowledgeBase(passages, index, dense), report };
}

/** One line per problem and a summary, for start-up logs: file names and counts only. */
export function describeOpenReport(dir: string, report: OpenReport): string[] {
  return [
    ...report.problems.map((p) => `knowledge: skipped ${p.path}: ${p.reason}`),
    `knowledge: ${report.files} files, ${report.passages} passages from ${dir} (${
      report.read - report.problems.length
    } read, ${report.files - report.read + report.problems.length} from the index file)`,
    ...(report.writeError ? [`knowledge: index file not written: ${report.writeError}`] : []),
  ];
}
