/**
 * Finds the loaders by reading the loaders/ directory, so that adding a data set is adding one
 * file there. Data sets without a loader (and loaders without data) are reported, not fatal.
 */
import type { Loader } from "./types.ts";

const LOADERS_DIR = new URL("./loaders/", import.meta.url);

function isLoader(value: unknown): value is Loader {
  const loader = value as Loader | undefined;
  return typeof loader?.name === "string" && typeof loader.licence === "string" &&
    typeof loader.trainable === "boolean" && typeof loader.load === "function";
}

/** Every loader in loaders/, sorted by name. */
export async function discoverLoaders(): Promise<Loader[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(LOADERS_DIR)) {
    if (entry.isFile && entry.name.endsWith(".ts") && !entry.name.endsWith("_test.ts")) {
      files.push(entry.name);
    }
  }
  const loaders: Loader[] = [];
  for (const file of files.sort()) {
    const module = await import(new URL(file, LOADERS_DIR).href);
    if (!isLoader(module.default)) {
      throw new Error(`loaders/${file} must export default a Loader`);
    }
    if (`${module.default.name}.ts` !== file) {
      throw new Error(`loaders/${file} declares name "${module.default.name}"`);
    }
    loaders.push(module.default);
  }
  return loaders;
}

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
  const all = await discoverLoaders();
  const names = new Set(all.map((loader) => loader.name));
  return {
    loaders: all.filter((loader) => folders.includes(loader.name)),
    setsWithoutLoader: folders.filter((folder) => !names.has(folder)).sort(),
    loadersWithoutData: all.filter((loader) => !folders.includes(loader.name)).map((l) => l.name),
  };
}
