/**
 * Builds the labelled corpus: runs every loader, enforces the field-length policy, normalises and
 * deduplicates.
 *
 * Length policy: contexts are windowed by the loaders (prompts.ts) to fit 2,048 code points; a
 * row whose prompt or response still exceeds 2,048 code points after that is skipped and counted
 * (cutting a labelled response could cut away the hallucinated part and flip its label).
 *
 * Dedup: rows of one set with the same normalised prompt and response collapse into one, with
 * the union of their groups and modes. If their hallucinated flags disagree the pair is
 * ambiguous and all copies are dropped; if only the regimes disagree, the majority regime wins
 * (ties: the first seen). Copies in different sets are kept, but their group keys put them in the
 * same split.
 */
import { codePointLength, MAX_FIELD_CHARS } from "../../../shared/text.ts";
import { INPUT_MODES, RAW_REGIMES, type RawRegime } from "../../../shared/regimes.ts";
import { normaliseText } from "./keys.ts";
import { loadRegistry } from "./registry.ts";
import type { CorpusRow, Loader } from "./types.ts";

/** A corpus row after the build: `trainable` resolved from the loader (or the row override). */
export interface BuiltRow extends CorpusRow {
  trainable: boolean;
}

export interface SetReport {
  set: string;
  licence: string;
  trainable: boolean;
  /** Rows the loader yielded. */
  loaded: number;
  /** Skipped: a field over 2,048 code points after windowing, or an empty response. */
  skippedLength: number;
  /** Collapsed into an identical row of the same set. */
  duplicates: number;
  /** Dropped: identical prompt+response with contradictory hallucinated labels. */
  conflicts: number;
  /** Rows kept. */
  rows: number;
  seconds: number;
}

export interface Corpus {
  rows: BuiltRow[];
  sets: SetReport[];
  /** Data folders with no loader, and loaders with no data folder. */
  setsWithoutLoader: string[];
  loadersWithoutData: string[];
}

export interface BuildOptions {
  /** Only these sets (default: all that have a loader). */
  sets?: string[];
  /** Progress lines (the CLI sends them to stderr). */
  onProgress?: (message: string) => void;
}

function validate(row: CorpusRow, loader: Loader): void {
  if (row.set !== loader.name) throw new Error(`${loader.name}: row of set "${row.set}"`);
  if (!RAW_REGIMES.includes(row.regime)) throw new Error(`${loader.name}: regime ${row.regime}`);
  if (row.hallucinated !== (row.regime !== "NORMAL")) {
    throw new Error(`${loader.name}: hallucinated=${row.hallucinated} with regime ${row.regime}`);
  }
  if (row.modes.length === 0 || row.modes.some((m) => !INPUT_MODES.includes(m))) {
    throw new Error(`${loader.name}: modes ${row.modes}`);
  }
  if (row.modes.includes("pr") && !row.prompt) throw new Error(`${loader.name}: pr without prompt`);
}

function dedupKey(prompt: string | undefined, response: string): string {
  const fold = (text: string) => text.toLowerCase().replace(/\s+/g, " ");
  return `${fold(prompt ?? "")}\u0000${fold(response)}`;
}

interface Pending {
  row: BuiltRow;
  regimeVotes: Map<RawRegime, number>;
  conflict: boolean;
}

export interface Deduplicated {
  rows: BuiltRow[];
  /** Rows collapsed into an earlier identical one. */
  duplicates: number;
  /** Rows dropped because identical copies disagree on `hallucinated`. */
  conflicts: number;
}

/** Collapses rows of one set with the same normalised prompt and response (policy above). */
export function collapseDuplicates(rows: Iterable<BuiltRow>): Deduplicated {
  const byKey = new Map<string, Pending>();
  for (const row of rows) {
    const key = dedupKey(row.prompt, row.response);
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { row: { ...row }, regimeVotes: new Map([[row.regime, 1]]), conflict: false });
      continue;
    }
    if (seen.row.hallucinated !== row.hallucinated) seen.conflict = true;
    seen.regimeVotes.set(row.regime, (seen.regimeVotes.get(row.regime) ?? 0) + 1);
    seen.row.groups = [...new Set([...seen.row.groups, ...row.groups])];
    seen.row.modes = [...new Set([...seen.row.modes, ...row.modes])];
  }
  const kept: BuiltRow[] = [];
  let duplicates = 0;
  let conflicts = 0;
  for (const { row, regimeVotes, conflict } of byKey.values()) {
    const copies = regimeVotes.values().reduce((a, b) => a + b, 0);
    if (conflict) {
      conflicts += copies;
      continue;
    }
    duplicates += copies - 1;
    let best = row.regime;
    for (const [regime, votes] of regimeVotes) {
      if (votes > regimeVotes.get(best)!) best = regime;
    }
    kept.push({ ...row, regime: best });
  }
  return { rows: kept, duplicates, conflicts };
}

async function loadSet(loader: Loader, dataDir: string): Promise<[BuiltRow[], SetReport]> {
  const started = performance.now();
  const accepted: BuiltRow[] = [];
  let loaded = 0;
  let skippedLength = 0;
  for await (const raw of loader.load(dataDir)) {
    loaded++;
    validate(raw, loader);
    const prompt = raw.prompt === undefined ? undefined : normaliseText(raw.prompt);
    const response = normaliseText(raw.response);
    if (
      response === "" || codePointLength(response) > MAX_FIELD_CHARS ||
      (prompt !== undefined && codePointLength(prompt) > MAX_FIELD_CHARS)
    ) {
      skippedLength++;
      continue;
    }
    const groups = [...new Set(raw.groups.filter((g) => g !== ""))];
    if (groups.length === 0) throw new Error(`${loader.name}: row without group keys`);
    accepted.push({
      ...raw,
      prompt: prompt || undefined,
      response,
      groups,
      trainable: raw.trainable ?? loader.trainable,
    });
  }
  const { rows, duplicates, conflicts } = collapseDuplicates(accepted);
  return [rows, {
    set: loader.name,
    licence: loader.licence,
    trainable: loader.trainable,
    loaded,
    skippedLength,
    duplicates,
    conflicts,
    rows: rows.length,
    seconds: (performance.now() - started) / 1000,
  }];
}

/** Loads every set under `dataDir` that has a loader, in name order. */
export async function buildCorpus(dataDir: string, options: BuildOptions = {}): Promise<Corpus> {
  const registry = await loadRegistry(dataDir);
  const loaders = registry.loaders.filter((l) => !options.sets || options.sets.includes(l.name));
  const corpus: Corpus = {
    rows: [],
    sets: [],
    setsWithoutLoader: registry.setsWithoutLoader,
    loadersWithoutData: registry.loadersWithoutData,
  };
  for (const loader of loaders) {
    const [rows, report] = await loadSet(loader, dataDir);
    for (const row of rows) corpus.rows.push(row);
    corpus.sets.push(report);
    options.onProgress?.(
      `${loader.name}: ${report.rows} rows (${report.loaded} loaded, ${report.skippedLength} too long, ${report.duplicates} duplicates, ${report.conflicts} conflicting) in ${
        report.seconds.toFixed(1)
      } s`,
    );
  }
  return corpus;
}
