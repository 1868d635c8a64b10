/** Server addresses as the user types them: the origin to store, and whether it is safe. */

/** The origin of an http(s) address, or undefined when it is not one. */
export function normalizeServerUrl(input: string): string | undefined {
  try {
    const url = new URL(input.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `origin` sends the session cookie in clear over the network (http, not loopback). */
export function isPlainHttpRemote(origin: string): boolean {
  const url = new URL(origin);
  const loopback = url.hostname === "localhost" || url.hostname === "[::1]" ||
    /^127(\.\d{1,3}){3}$/.test(url.hostname);
  return url.protocol === "http:" && !loopback;
}
