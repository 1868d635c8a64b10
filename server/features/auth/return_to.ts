/**
 * Where to land after sign-in: only a path on this site. Absolute URLs, scheme-relative `//host`,
 * backslashes (`/\host` reads as `//host` to browsers) and control characters (stripped by URL
 * parsers) fall back to `/`, so sign-in can never be turned into an open redirect. The check runs
 * again on the normalised path: dot-segments (`/.//host`, `/%2e//host`) can collapse into `//host`.
 */
const BASE = "http://return-to.invalid";

function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || value[i] === "\\") return true;
  }
  return false;
}

export function safeReturnTo(value: string | null | undefined): string {
  if (!value?.startsWith("/") || value.startsWith("//") || hasUnsafeCharacter(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return "/";
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== BASE || path.startsWith("//")) return "/";
  return path;
}
