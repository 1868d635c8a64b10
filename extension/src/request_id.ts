/**
 * The `X-Request-Id` of a detect call, derived from what is sent: the same prompt and answer part
 * always get the same id, so checking an answer again (a reopened conversation, a reload) within
 * the server's 24 hours is served as a retry and bills nothing. A random per-install salt keeps
 * the id from revealing short texts to whoever reads request logs.
 */
import type { TextToCheck } from "./protocol.ts";

export async function requestIdFor(salt: string, input: TextToCheck): Promise<string> {
  const material = JSON.stringify([salt, input.prompt ?? null, input.response]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(material));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  return `hd1-${hex}`;
}
