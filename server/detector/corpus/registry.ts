/**
 * The corpus loaders, one file each in loaders/, listed here so that the compiler checks each
 * one; a convention test fails when a file there is not listed or a listed loader has no file.
 * Data sets without a loader (and loaders without data) are reported, not fatal.
 */
import type { Loader } from "./types.ts";
import aggrefactErrorTypes from "./loaders/aggrefact_error_types.ts";
import attributionbench from "./loaders/attributionbench.ts";
import begin from "./loaders/begin.ts";
import chatprotect from "./loaders/chatprotect.ts";
import coconot from "./loaders/coconot.ts";
import diahalu from "./loaders/diahalu.ts";
import faithdialAudit from "./loaders/faithdial_audit.ts";
import felmNonwk from "./loaders/felm_nonwk.ts";
import fib from "./loaders/fib.ts";
import frank from "./loaders/frank.ts";
import hallmarkCitations from "./loaders/hallmark_citations.ts";
import hallucinatedReferences from "./loaders/hallucinated_references.ts";
import halueval from "./loaders/halueval.ts";
import haluquestqa from "./loaders/haluquestqa.ts";
import qSquared from "./loaders/q_squared.ts";
import qags from "./loaders/qags.ts";
import qevasion from "./loaders/qevasion.ts";
import summacPieces from "./loaders/summac_pieces.ts";
import summedits from "./loaders/summedits.ts";
import truthfulqa from "./loaders/truthfulqa.ts";
import wice from "./loaders/wice.ts";
import xstest from "./loaders/xstest.ts";
import xsumHallucination from "./loaders/xsum_hallucination.ts";

/** Every corpus loader, sorted by name (each named after its file). */
export const LOADERS: readonly Loader[] = [
  aggrefactErrorTypes,
  attributionbench,
  begin,
  chatprotect,
  coconot,
  diahalu,
  faithdialAudit,
  felmNonwk,
  fib,
  frank,
  hallmarkCitations,
  hallucinatedReferences,
  halueval,
  haluquestqa,
  qSquared,
  qags,
  qevasion,
  summacPieces,
  summedits,
  truthfulqa,
  wice,
  xstest,
  xsumHallucination,
];

export interface Registry {
  /** Loaders whose data folder exists. */
  loaders: Loader[];
  /** Data folders with no loader (e.g. a newly added set, or one with nothing usable). */
  setsWithoutLoader: string[];
  /** Loaders whose data folder is absent. */
  loadersWithoutData: string[];
}

/** Matches the loaders against the data folders under `dataDir`. */
export async function loadRegistry(dataDir: string): Promise<Registry> {
  const folders: string[] = [];
  for await (const entry of Deno.readDir(dataDir)) {
    if (entry.isDirectory) folders.push(entry.name);
  }
  const names = new Set(LOADERS.map((loader) => loader.name));
  return {
    loaders: LOADERS.filter((loader) => folders.includes(loader.name)),
    setsWithoutLoader: folders.filter((folder) => !names.has(folder)).sort(),
    loadersWithoutData: LOADERS.map((loader) => loader.name).filter((n) => !folders.includes(n)),
  };
}
