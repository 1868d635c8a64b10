/**
 * Where the tests find ../shared (the data and spec beside the repo) and Chromium, and how a test
 * that needs them is ignored on a user's clone: with one printed line naming the test and what is
 * missing, and never under CI=true (CI must run every test).
 */
const repoRoot = new URL("../../", import.meta.url).pathname;
const inCi = Deno.env.get("CI") === "true";

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

export const REPO_ROOT = repoRoot;

/** Absolute path of ../shared/data beside the repository. */
export function sharedDataDir(): string {
  return Deno.env.get("SHARED_DATA_DIR") ?? `${repoRoot}../shared/data`;
}

export const CHROMIUM_PATH = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";

/** Headless Chromium here: no sandbox (root), nothing fetched from outside, no first-run UI. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * denokv, Deno's self-hosted KV Connect server (`cargo install denokv`): DENOKV_PATH, else the
 * first on PATH, else where cargo installs it.
 */
export const DENOKV_PATH = Deno.env.get("DENOKV_PATH") ??
  (Deno.env.get("PATH") ?? "").split(":").map((dir) => `${dir}/denokv`).find(exists) ??
  `${Deno.env.get("HOME") ?? "/root"}/.cargo/bin/denokv`;

/** What a test may need beyond the repository, and where it is looked for. */
const RESOURCES = {
  denokv: () => ({ what: "denokv (cargo install denokv, or DENOKV_PATH)", path: DENOKV_PATH }),
  sharedData: () => ({ what: "the labelled data", path: sharedDataDir() }),
  chromium: () => ({
    what: "Chromium (apt-get install chromium, or CHROMIUM_PATH)",
    path: CHROMIUM_PATH,
  }),
};

/**
 * `test` as given when `resource` is on this machine; else the same test ignored, said once in a
 * line that names it and what is missing. Under CI=true a missing resource is an error instead.
 */
export function needing<T extends Deno.TestDefinition>(
  resource: keyof typeof RESOURCES,
  test: T,
): T {
  const { what, path } = RESOURCES[resource]();
  if (exists(path)) return test;
  if (inCi) throw new Error(`CI=true but ${what} is missing at ${path}: CI must run every test`);
  console.warn(`ignored "${test.name}": it needs ${what}, not found at ${path}`);
  return { ...test, ignore: true };
}
