/** The extension's settings in `storage.local`: only the server address. */
import browser from "./browser.ts";
import type { Settings } from "./protocol.ts";

export const DEFAULT_SERVER_URL = "http://127.0.0.1:8000";

/** The origin of an http(s) address, or undefined when it is not one. */
export function normalizeServerUrl(input: string): string | undefined {
  try {
    const url = new URL(input.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export async function loadSettings(): Promise<Settings> {
  const stored = await browser.storage.local.get("serverUrl");
  const serverUrl = typeof stored.serverUrl === "string"
    ? normalizeServerUrl(stored.serverUrl)
    : undefined;
  return { serverUrl: serverUrl ?? DEFAULT_SERVER_URL };
}

export async function saveSettings(settings: Settings): Promise<void> {
  await browser.storage.local.set({ serverUrl: settings.serverUrl });
}
