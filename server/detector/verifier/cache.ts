/**
 * The resumable cache of `calibrate:verifier`: one JSON line per verdict obtained, keyed by a
 * SHA-256 digest of the verifier model, the sample count and the texts (never the texts), so an
 * interrupted run (a local LLM may take hours) resumes where it stopped.
 */
import { sha256Hex } from "../../../shared/sha256.ts";

interface CacheLine {
  key: string;
  p: number;
}

export class VerdictCache {
  private constructor(
    private readonly path: string,
    private readonly entries: Map<string, number>,
  ) {}

  static async open(path: string): Promise<VerdictCache> {
    const entries = new Map<string, number>();
    let text = "";
    try {
      text = await Deno.readTextFile(path);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      const dir = path.slice(0, path.lastIndexOf("/"));
      if (dir) await Deno.mkdir(dir, { recursive: true });
    }
    // End a line cut by an interrupted write, so the next verdict starts a line of its own.
    if (text && !text.endsWith("\n")) await Deno.writeTextFile(path, "\n", { append: true });
    for (const line of text.split("\n")) {
      // A cut line is skipped; its verdict is asked again.
      try {
        const entry = JSON.parse(line) as CacheLine;
        if (typeof entry.key === "string" && typeof entry.p === "number") {
          entries.set(entry.key, entry.p);
        }
      } catch {
        continue;
      }
    }
    return new VerdictCache(path, entries);
  }

  get size(): number {
    return this.entries.size;
  }

  static key(
    model: string,
    samples: number,
    prompt: string | undefined,
    response: string,
  ): string {
    return sha256Hex(JSON.stringify([model, samples, prompt ?? null, response]));
  }

  get(key: string): number | undefined {
    return this.entries.get(key);
  }

  async put(key: string, p: number): Promise<void> {
    this.entries.set(key, p);
    await Deno.writeTextFile(this.path, JSON.stringify({ key, p }) + "\n", { append: true });
  }
}
