/**
 * Where the tests find ../shared (the data and spec beside the repo) and Chromium, and how tests
 * that need them are skipped on a user's clone: with a printed reason, and never under CI=true.
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

function ignoreUnless(available: boolean, what: string): boolean {
  if (available) return false;
  if (inCi) throw new Error(`CI=true but ${what} is missing: CI must run every test`);
  console.warn(`skipping: ${what} is not available on this machine`);
  return true;
}

export const REPO_ROOT = repoRoot;

/** Absolute path of ../shared/data beside the repository. */
export function sharedDataDir(): string {
  return Deno.env.get("SHARED_DATA_DIR") ?? `${repoRoot}../shared/data`;
}

/** `ignore` value for Deno.test: true (with a printed reason) when ../shared/data is absent. */
export const ignoreWithoutSharedData: boolean = ignoreUnless(
  exists(sharedDataDir()),
  `${sharedDataDir()} (labelled data)`,
);

export const CHROMIUM_PATH = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";

/** `ignore` value for Deno.test: true (with a printed reason) when Chromium is absent. */
export function ignoreWithoutChromium(): boolean {
  return ignoreUnless(exists(CHROMIUM_PATH), `Chromium at ${CHROMIUM_PATH}`);
}
