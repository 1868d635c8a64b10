/**
 * Reads a knowledge folder's documents: `.txt` and `.md` as they are, `.html` as its visible text,
 * `.jsonl` as one document per line with a `text` field (and optional `title`, `url`). A file that
 * cannot be read, or holds no text, is reported by name and the others are still read.
 */
import { parseHTML } from "linkedom";
import { z } from "zod";

export const DOCUMENT_EXTENSIONS = [".txt", ".md", ".html", ".jsonl"] as const;

export interface KnowledgeDocument {
  text: string;
  title?: string;
  url?: string;
}

export interface DocumentFile {
  /** Path relative to the knowledge folder, with `/` separators. */
  path: string;
  size: number;
  mtimeMs: number;
}

const JsonlDocument = z.object({
  text: z.string(),
  title: z.string().optional(),
  url: z.string().optional(),
});

function isDocument(name: string): boolean {
  const lower = name.toLowerCase();
  return DOCUMENT_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** Every document file under `dir` (sub-folders included, hidden entries skipped), sorted. */
export async function listDocumentFiles(dir: string, prefix = ""): Promise<DocumentFile[]> {
  const files: DocumentFile[] = [];
  for await (const entry of Deno.readDir(`${dir}/${prefix}`)) {
    if (entry.name.startsWith(".")) continue;
    const path = prefix + entry.name;
    if (entry.isDirectory) files.push(...await listDocumentFiles(dir, `${path}/`));
    else if ((entry.isFile || entry.isSymlink) && isDocument(entry.name)) {
      // A link that leads nowhere is listed all the same, so reading it reports it by name.
      const info = await Deno.stat(`${dir}/${path}`).catch(() => null);
      files.push({ path, size: info?.size ?? 0, mtimeMs: info?.mtime?.getTime() ?? 0 });
    }
  }
  return files.sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

/**
 * The text of an HTML page: its block elements (paragraphs, list items, headings, cells, ...; the
 * whole body when it has none), without scripts and styles; and its title.
 */
function htmlText(html: string): KnowledgeDocument {
  const { document } = parseHTML(html);
  for (const hidden of document.querySelectorAll("script, style, noscript, template")) {
    hidden.remove();
  }
  const title = document.querySelector("title")?.textContent?.trim() || undefined;
  const blocks = document.querySelectorAll(
    "p, li, h1, h2, h3, h4, h5, h6, td, th, dd, dt, pre, blockquote",
  );
  // Block elements become lines, so sentences of two paragraphs are not run together.
  const text = blocks.length > 0
    ? [...blocks].filter((b) => !b.querySelector("p, li")).map((b) => b.textContent ?? "")
      .join("\n")
    : document.body?.textContent ?? document.documentElement?.textContent ?? "";
  return { text, title };
}

function jsonlDocuments(content: string): KnowledgeDocument[] {
  const documents: KnowledgeDocument[] = [];
  content.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new Error(`line ${i + 1}: invalid JSON`);
    }
    const parsed = JsonlDocument.safeParse(json);
    if (!parsed.success) throw new Error(`line ${i + 1}: needs a string "text" field`);
    documents.push(parsed.data);
  });
  return documents;
}

/** The documents of one file; throws with a reason when it cannot be read or holds no text. */
export async function readDocumentFile(dir: string, path: string): Promise<KnowledgeDocument[]> {
  const content = await Deno.readTextFile(`${dir}/${path}`);
  const lower = path.toLowerCase();
  const documents = lower.endsWith(".jsonl")
    ? jsonlDocuments(content)
    : lower.endsWith(".html")
    ? [htmlText(content)]
    : lower.endsWith(".md")
    ? [{ text: content.replace(/^#{1,6}\s+/gm, "") }]
    : [{ text: content }];
  const withText = documents
    .map((d) => ({ ...d, text: d.text.replace(/[ \t\r\f\v]+/g, " ").trim() }))
    .filter((d) => d.text !== "");
  if (withText.length === 0) throw new Error("no text");
  return withText;
}
