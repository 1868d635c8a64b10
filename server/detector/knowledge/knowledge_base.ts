/**
 * A knowledge folder opened for retrieval: its passages and their full-text index. The index file
 * (`.knowledge-index.json` in the folder) keeps every file's passages with the file's size and
 * modification time, and the index itself; on opening, unchanged files are taken from it without
 * reading them, changed or new files are read again, and the index is rebuilt only when something
 * changed. The file holds only what the documents say, never anything of a call.
 */
import { type DocumentFile, listDocumentFiles, readDocumentFile } from "./documents.ts";
import { chunkDocument, type Passage } from "./passages.ts";
import { PassageIndex, type SearchHit } from "./search_index.ts";

export const INDEX_FILE = ".knowledge-index.json";
const INDEX_FORMAT = "hd-knowledge-1";

interface IndexedFile extends DocumentFile {
  passages: Omit<Passage, "source">[];
}

/** First line of the index file; the second is the serialised full-text index. */
interface IndexHeader {
  format: typeof INDEX_FORMAT;
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

export class KnowledgeBase {
  constructor(readonly passages: readonly Passage[], private readonly index: PassageIndex) {}

  search(query: string, limit: number): SearchHit[] {
    return this.index.query(query, limit);
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

/** Opens (indexing what is new or changed) the knowledge folder `dir`. */
export async function openKnowledgeBase(
  dir: string,
): Promise<{ base: KnowledgeBase; report: OpenReport }> {
  const listed = await listDocumentFiles(dir);
  const stored = await readIndexFile(dir);
  const previous = new Map(stored?.header.files.map((f) => [f.path, f]));
  const files: IndexedFile[] = [];
  const problems: FileProblem[] = [];
  let read = 0, indexed = 0;
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
      files.push({ ...file, passages });
      indexed++;
    } catch (error) {
      problems.push({ path: file.path, reason: (error as Error).message });
    }
  }
  const passages = files.flatMap((f) => f.passages.map((p) => ({ ...p, source: f.path })));
  // A file that failed again changes nothing; it is retried (and reported) on every opening.
  const unchanged = stored !== null && indexed === 0 &&
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
      base: new KnowledgeBase(passages, PassageIndex.fromJSON(stored.index, passages)),
      report,
    };
  }
  const index = PassageIndex.build(passages);
  const header: IndexHeader = { format: INDEX_FORMAT, files };
  try {
    // Written aside, then renamed: a crash mid-write never leaves a half index file behind.
    const temporary = `${dir}/${INDEX_FILE}.${crypto.randomUUID()}`;
    await Deno.writeTextFile(temporary, `${JSON.stringify(header)}\n${index.toJSON()}`);
    await Deno.rename(temporary, `${dir}/${INDEX_FILE}`);
    report.wrote = true;
  } catch (error) {
    report.writeError = (error as Error).message;
  }
  return { base: new KnowledgeBase(passages, index), report };
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
