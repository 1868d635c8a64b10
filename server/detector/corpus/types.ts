/** The corpus's types: one labelled row as every loader emits it, and a loader. */
import type { InputMode, RawRegime } from "../../../shared/regimes.ts";

/** One labelled example, as every loader emits it. */
export interface CorpusRow {
  /** Data set name: the loader's folder name under ../shared/data. */
  set: string;
  /** Context the response answers: question, document, knowledge snippet or dialogue history. */
  prompt?: string;
  response: string;
  regime: RawRegime;
  hallucinated: boolean;
  /**
   * Grouping keys for the split: rows that share any key (same source document, knowledge
   * snippet or prompt, in any set) always land in the same split.
   */
  groups: string[];
  /** Input modes the row is meaningful for (a summary without its document is not an `ro` row). */
  modes: InputMode[];
  /** Part of the set the row comes from (file or sub-source), for per-part statistics. */
  part?: string;
  /** Training weight for weak or proxy labels (default 1). */
  weight?: number;
  /** Per-row override of the loader's `trainable`, for sets that mix licences (summac_pieces). */
  trainable?: boolean;
}

export interface Loader {
  /** Folder name under the data directory. */
  name: string;
  /** Licence of the data as SOURCE.md states it. */
  licence: string;
  /** Whether the licence allows training a shipped model (DESIGN.md, Data); else eval-only. */
  trainable: boolean;
  load(dataDir: string): AsyncIterable<CorpusRow>;
}
