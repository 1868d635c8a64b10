/** File reading and parsing helpers shared by the loaders: gzip, JSON Lines, CSV/TSV. */

/** Reads a text file, gunzipping it when the name ends in `.gz`. */
export async function readText(path: string): Promise<string> {
  if (!path.endsWith(".gz")) return await Deno.readTextFile(path);
  const file = await Deno.open(path);
  const stream = file.readable.pipeThrough(new DecompressionStream("gzip"))
    .pipeThrough(new TextDecoderStream());
  let text = "";
  for await (const chunk of stream) text += chunk;
  return text;
}

/** One JSON value per non-empty line. */
export async function readJsonLines<T = Record<string, unknown>>(path: string): Promise<T[]> {
  const text = await readText(path);
  return text.split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line));
}

export async function readJson<T = unknown>(path: string): Promise<T> {
  return JSON.parse(await readText(path));
}

export interface DelimitedOptions {
  delimiter?: string;
  /** false = QUOTE_NONE: `"` is an ordinary character (BEGIN and RTE TSVs need this). */
  quoted?: boolean;
}

/** RFC 4180 parser: quoted fields may hold delimiters, newlines and doubled quotes. */
export function parseDelimited(text: string, options: DelimitedOptions = {}): string[][] {
  const delimiter = options.delimiter ?? ",";
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (options.quoted === false) {
    return text.split(/\r?\n/).filter((line) => line !== "").map((line) => line.split(delimiter));
  }
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else field += c;
    } else if (c === '"' && field === "") inQuotes = true;
    else if (c === delimiter) {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Delimited text with a header row, as records keyed by column name. */
export function parseRecords(
  text: string,
  options: DelimitedOptions = {},
): Record<string, string>[] {
  const [header, ...rows] = parseDelimited(text, options);
  return rows.filter((row) => row.some((cell) => cell !== "")).map((row) =>
    Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""]))
  );
}

export async function readRecords(
  path: string,
  options: DelimitedOptions = {},
): Promise<Record<string, string>[]> {
  return parseRecords(await readText(path), options);
}

/** Whether a path exists (loaders skip optional files that a snapshot lacks). */
export async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/**
 * Parses a Python literal of strings and lists (`['a', "b"]`), as some CSV cells store lists.
 * Handles quotes, escapes and nesting; numbers and None are returned as strings.
 */
export function parsePythonList(text: string): unknown[] {
  let i = 0;
  const skip = () => {
    while (i < text.length && /[\s,]/.test(text[i])) i++;
  };
  const value = (): unknown => {
    skip();
    const c = text[i];
    if (c === "[" || c === "(") {
      const close = c === "[" ? "]" : ")";
      i++;
      const items: unknown[] = [];
      skip();
      while (i < text.length && text[i] !== close) {
        items.push(value());
        skip();
      }
      i++;
      return items;
    }
    if (c === "'" || c === '"') {
      i++;
      let s = "";
      while (i < text.length && text[i] !== c) {
        if (text[i] === "\\" && i + 1 < text.length) {
          const next = text[++i];
          s += next === "n" ? "\n" : next === "t" ? "\t" : next;
        } else s += text[i];
        i++;
      }
      i++;
      return s;
    }
    const start = i;
    while (i < text.length && !/[\s,\])]/.test(text[i])) i++;
    return text.slice(start, i);
  };
  const parsed = value();
  return Array.isArray(parsed) ? parsed : [];
}
