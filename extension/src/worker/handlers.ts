/**
 * The service worker's answers to `WorkerRequest`s. All network calls of the extension happen
 * here, with the session cookie (`credentials: "include"`); the worker never holds an `sk_` key
 * and keeps no prompt or response text once a call is answered.
 */
import type { ApiResult } from "../../../shared/client.ts";
import { createClient } from "../../../shared/client.ts";
import type { WebDetectResponse } from "../../../shared/contract.ts";
import browser from "../browser.ts";
import type {
  AccountNotice,
  RequestOf,
  RequestType,
  TextToCheck,
  WorkerReplies,
  WorkerRequest,
} from "../protocol.ts";
import { requestIdFor } from "../request_id.ts";
import { normalizeServerUrl } from "../server_address.ts";
import { loadSettings, requestIdSalt, saveSettings } from "../settings.ts";
import { withRetries } from "./retry.ts";
import { showPageFlags } from "./toolbar_badge.ts";

const NOTICE_KEY = "accountNotice";

/** This extension's origin, as the server sees it in `Origin`. */
const OWN_ORIGIN = browser.runtime.getURL("").replace(/\/$/, "");

/**
 * A refusal of this extension's origin names that origin, for the words that tell the user which
 * setting lets it in, and is kept for the popup to say at once.
 */
async function namingOrigin<T>(result: ApiResult<T>): Promise<ApiResult<T>> {
  if (result.ok || result.kind !== "origin_refused") return result;
  const named = { ...result, body: { ...result.body, origin: OWN_ORIGIN } };
  await browser.storage.session.set({ [NOTICE_KEY]: named as AccountNotice });
  return named;
}

async function client() {
  const { serverUrl } = await loadSettings();
  return createClient({ baseUrl: serverUrl, credentials: "include" });
}

/** The server's sign-in page. */
export async function signInUrl(): Promise<string> {
  const { serverUrl } = await loadSettings();
  return `${serverUrl}/auth/signin`;
}

/**
 * One detect call. Its id is derived from the text (request_id.ts): a retry, and a check of the
 * same text within 24 hours, is served without billing again.
 */
export async function detect(input: TextToCheck): Promise<ApiResult<WebDetectResponse>> {
  const api = await client();
  const requestId = await requestIdFor(await requestIdSalt(), input);
  const result = await namingOrigin(await withRetries(() => api.webDetect(input, { requestId })));
  if (!result.ok && (result.kind === "quota_exceeded" || result.kind === "suspended")) {
    await browser.storage.session.set({ [NOTICE_KEY]: result as AccountNotice });
  } else if (result.ok || result.kind === "unauthorized") {
    await browser.storage.session.remove(NOTICE_KEY);
  }
  return result;
}

/** Who sent a request: the page's tab, absent for the popup. */
export interface Sender {
  tabId?: number;
}

type Handlers = {
  [T in RequestType]: (request: RequestOf<T>, sender: Sender) => Promise<WorkerReplies[T]>;
};

const handlers: Handlers = {
  detect: ({ input }) => detect(input),
  usage: async () => await namingOrigin(await (await client()).usageSummary()),
  "keys.list": async () => await namingOrigin(await (await client()).listKeys()),
  "keys.create": async ({ name }) => await namingOrigin(await (await client()).createKey(name)),
  "keys.revoke": async ({ id }) => await namingOrigin(await (await client()).revokeKey(id)),
  "settings.get": () => loadSettings(),
  async "settings.set"({ settings }) {
    const serverUrl = normalizeServerUrl(settings.serverUrl);
    if (!serverUrl) return { ok: false, message: "Enter an http:// or https:// address." };
    const saved = { ...settings, serverUrl };
    await saveSettings(saved);
    return { ok: true, settings: saved };
  },
  async "signin.open"() {
    const url = await signInUrl();
    await browser.tabs.create({ url });
    return { url };
  },
  async signout() {
    const { serverUrl } = await loadSettings();
    try {
      const response = await fetch(`${serverUrl}/auth/signout`, {
        method: "POST",
        credentials: "include",
        redirect: "manual",
      });
      await response.body?.cancel();
      await browser.storage.session.remove(NOTICE_KEY);
      // The server answers with a redirect to its page (opaque here) once the session is gone.
      return { ok: response.type === "opaqueredirect" || response.ok };
    } catch {
      return { ok: false };
    }
  },
  async "account.notice"() {
    const stored = await browser.storage.session.get(NOTICE_KEY);
    return (stored[NOTICE_KEY] as AccountNotice | undefined) ?? null;
  },
  async "page.flags"({ checked, flagged }, { tabId }) {
    if (tabId !== undefined) await showPageFlags(tabId, checked, flagged);
    return true;
  },
};

export function handle(request: WorkerRequest, sender: Sender): Promise<unknown> {
  return (handlers[request.type] as (r: WorkerRequest, s: Sender) => Promise<unknown>)(
    request,
    sender,
  );
}
