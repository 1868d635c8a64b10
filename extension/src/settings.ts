/**
 * The extension's settings in `storage.local`: the server address, which answers are checked,
 * and the sites where the extension stays off. Nothing else is stored but the request-id salt.
 */
import browser from "./browser.ts";
import type { CheckMode, Settings } from "./protocol.ts";
import { normalizeServerUrl } from "./server_address.ts";

export const DEFAULT_SERVER_URL = "http://127.0.0.1:8000";
export const CHECK_MODES: readonly CheckMode[] = ["all", "new", "click"];

export async function loadSettings(): Promise<Settings> {
  const stored = await browser.storage.local.get(["serverUrl", "checkMode", "disabledSites"]);
  const serverUrl = typeof stored.serverUrl === "string"
    ? normalizeServerUrl(stored.serverUrl)
    : undefined;
  return {
    serverUrl: serverUrl ?? DEFAULT_SERVER_URL,
    checkMode: CHECK_MODES.includes(stored.checkMode as CheckMode)
      ? stored.checkMode as CheckMode
      : "all",
    disabledSites: Array.isArray(stored.disabledSites)
      ? stored.disabledSites.filter((s): s is string => typeof s === "string")
      : [],
  };
}

export async function saveSettings(settings: Settings): Promise<void> {
  await browser.storage.local.set({ ...settings });
}

/** The per-install salt of derived request ids (see request_id.ts), created on first use. */
export async function requestIdSalt(): Promise<string> {
  const { requestIdSalt } = await browser.storage.local.get("requestIdSalt");
  if (typeof requestIdSalt === "string") return requestIdSalt;
  const salt = crypto.randomUUID();
  await browser.storage.local.set({ requestIdSalt: salt });
  return salt;
}
