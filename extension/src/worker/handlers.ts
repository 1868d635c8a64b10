/**
 * The service worker's answers to `WorkerRequest`s. All network calls of the extension happen
 * here, with the session cookie (`credentials: "include"`); the worker never holds an `sk_` key
 * and keeps no prompt or response text once a call is answered.
 */
import { createClient } from "../../../shared/client.ts";
import browser from "../browser.ts";
import type { RequestOf, RequestType, WorkerReplies, WorkerRequest } from "../protocol.ts";
import { loadSettings, normalizeServerUrl, saveSettings } from "../settings.ts";
import { withRetries } from "./retry.ts";

async function client() {
  const { serverUrl } = await loadSettings();
  return createClient({ baseUrl: serverUrl, credentials: "include" });
}

type Handlers = { [T in RequestType]: (request: RequestOf<T>) => Promise<WorkerReplies[T]> };

const handlers: Handlers = {
  async detect({ input }) {
    const api = await client();
    // One id for every retry of this detection, so a retry is never billed twice.
    const requestId = crypto.randomUUID();
    return withRetries(() => api.webDetect(input, { requestId }));
  },
  usage: async () => (await client()).usageSummary(),
  "keys.list": async () => (await client()).listKeys(),
  "keys.create": async ({ name }) => (await client()).createKey(name),
  "keys.revoke": async ({ id }) => (await client()).revokeKey(id),
  "settings.get": () => loadSettings(),
  async "settings.set"({ settings }) {
    const serverUrl = normalizeServerUrl(settings.serverUrl);
    if (!serverUrl) return { ok: false, message: "Enter an http:// or https:// address." };
    await saveSettings({ serverUrl });
    return { ok: true, settings: { serverUrl } };
  },
  async "signin.open"() {
    const { serverUrl } = await loadSettings();
    const url = `${serverUrl}/auth/signin`;
    await browser.tabs.create({ url });
    return { url };
  },
};

export function handle(request: WorkerRequest): Promise<unknown> {
  return (handlers[request.type] as (r: WorkerRequest) => Promise<unknown>)(request);
}
