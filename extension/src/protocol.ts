/**
 * The one message protocol between the content scripts, the popup and the service worker. Only
 * the worker talks to the server; the others send it a `WorkerRequest` and get back the matching
 * entry of `WorkerReplies`, plain data that survives structured cloning. The worker sends the
 * content scripts a `PageNotice` (a new session, or a selection check's prompt and panel) and
 * gets back the matching entry of `PageReplies`.
 */
import type {
  ApiKeyCreateResponse,
  ApiKeyList,
  UsageSummary,
  WebDetectResponse,
} from "../../shared/contract.ts";
import type { ApiFailure, ApiResult } from "../../shared/client.ts";
import browser from "./browser.ts";
import type { PanelView } from "./selection_panel.ts";

/** Which answers are checked by themselves: all finished ones, only new ones, or none. */
export type CheckMode = "all" | "new" | "click";

export interface Settings {
  /** Origin of the API server, e.g. `http://127.0.0.1:8000`. */
  serverUrl: string;
  checkMode: CheckMode;
  /** Adapter names of the sites where the extension stays off. */
  disabledSites: string[];
}

/** An answer (with the question it answers) that a page asks the worker to check. */
export interface TextToCheck {
  response: string;
  prompt?: string;
}

/**
 * The last account-level refusal of a detect call (402 or 403), or the server's refusal of this
 * extension's origin, kept by the worker for the popup in session storage: codes, dates, links
 * and the origin only, never text that was checked.
 */
export type AccountNotice = ApiFailure & {
  kind: "quota_exceeded" | "suspended" | "origin_refused";
};

export type WorkerRequest =
  | { type: "detect"; input: TextToCheck }
  | { type: "usage" }
  | { type: "keys.list" }
  | { type: "keys.create"; name?: string }
  | { type: "keys.revoke"; id: string }
  | { type: "settings.get" }
  | { type: "settings.set"; settings: Settings }
  | { type: "signin.open" }
  | { type: "signout" }
  | { type: "account.notice" }
  /** The sending tab's checked answers: how many, and how many are flagged (the toolbar badge). */
  | { type: "page.flags"; checked: number; flagged: number };

export interface WorkerReplies {
  detect: ApiResult<WebDetectResponse>;
  usage: ApiResult<UsageSummary>;
  "keys.list": ApiResult<ApiKeyList>;
  "keys.create": ApiResult<ApiKeyCreateResponse>;
  "keys.revoke": ApiResult<{ revoked: true; id: string }>;
  "settings.get": Settings;
  /** The stored settings, or an error text when the address is not a valid http(s) origin. */
  "settings.set": { ok: true; settings: Settings } | { ok: false; message: string };
  "signin.open": { url: string };
  "signout": { ok: boolean };
  "account.notice": AccountNotice | null;
  "page.flags": true;
}

/**
 * From the worker to the content scripts: the user has just signed in; the prompt of the chat
 * turn holding the selection; the selection check's panel to draw.
 */
export type PageNotice =
  | { type: "session.started" }
  | { type: "selection.prompt" }
  | { type: "selection.panel"; view: PanelView };

export interface PageReplies {
  "session.started": undefined;
  "selection.prompt": { prompt?: string };
  "selection.panel": true;
}

/**
 * Sends a notice to the content script of one frame of a tab, or of every frame without
 * `frameId`; rejects when the page has none.
 */
export function sendToPage<T extends PageNotice["type"]>(
  tabId: number,
  notice: Extract<PageNotice, { type: T }>,
  frameId?: number,
): Promise<PageReplies[T]> {
  const sent = frameId === undefined
    ? browser.tabs.sendMessage(tabId, notice)
    : browser.tabs.sendMessage(tabId, notice, { frameId });
  return sent as Promise<PageReplies[T]>;
}

export type RequestType = WorkerRequest["type"];
export type RequestOf<T extends RequestType> = Extract<WorkerRequest, { type: T }>;

/** Sends a request to the service worker and resolves with its typed reply. */
export function sendToWorker<T extends RequestType>(
  request: RequestOf<T>,
): Promise<WorkerReplies[T]> {
  return browser.runtime.sendMessage(request) as Promise<WorkerReplies[T]>;
}

const REQUEST_TYPES: ReadonlySet<string> = new Set<RequestType>([
  "detect",
  "usage",
  "keys.list",
  "keys.create",
  "keys.revoke",
  "settings.get",
  "settings.set",
  "signin.open",
  "signout",
  "account.notice",
  "page.flags",
]);

/** Whether a received message is one of ours (other extensions' messages are ignored). */
export function isWorkerRequest(message: unknown): message is WorkerRequest {
  return typeof message === "object" && message !== null &&
    REQUEST_TYPES.has((message as { type?: unknown }).type as string);
}
