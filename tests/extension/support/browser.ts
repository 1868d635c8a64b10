/**
 * One real-Chromium session per test file: the extension built once into a temp folder, loaded
 * into headless Chromium, a real API started as the README says (no EXTENSION_ORIGINS: it trusts
 * the built extension's fixed id by default) and a detector; helpers to sign in through the dev stub page, point the popup at the API, serve
 * fixture pages at the chatbot sites' own URLs (request interception, no network) and read the
 * account's usage.
 */
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { UsageSummary } from "../../../shared/contract.ts";
import { EXTENSION_ORIGIN } from "../../../shared/extension_id.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../support/env.ts";
import { type RunningApi, startApi } from "../../support/http.ts";
import type { RunningDetector } from "./backend.ts";
import { buildExtension } from "./build.ts";

const CHROMIUM_ARGS = (dir: string) => [
  `--disable-extensions-except=${dir}`,
  `--load-extension=${dir}`,
  ...CHROMIUM_FLAGS,
];

export const ARTIFACTS = new URL("../../artifacts/", import.meta.url).pathname;

export interface Session {
  context: BrowserContext;
  extensionOrigin: string;
  api: RunningApi;
  /**
   * Every request the browser made once the extension was pointed at the API (pages, popup and
   * the extension's service worker).
   */
  requests: string[];
  /** A page of the extension's popup, pointed at the API. */
  popup(): Promise<Page>;
  /** Signs in through the dev stub page in the browser (the session cookie the extension uses). */
  signIn(email: string, name: string): Promise<void>;
  /** Serves `html` at every URL matching `url` (a glob or exact URL). */
  serve(url: string, html: string): Promise<void>;
  usage(): Promise<UsageSummary>;
  screenshot(page: Page, name: string, selector?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startSession(
  detector: RunningDetector,
  apiEnv: Record<string, string> = {},
): Promise<Session> {
  const work = await Deno.makeTempDir({ prefix: "extension_test_" });
  const extensionDir = `${work}/dist`;
  await buildExtension(extensionDir);
  const context = await chromium.launchPersistentContext(`${work}/profile`, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS(extensionDir),
    ignoreDefaultArgs: ["--disable-extensions"],
    viewport: { width: 1000, height: 700 },
  });
  const requests: string[] = [];
  context.on("request", (request) => requests.push(request.url()));
  // Nothing leaves the machine: pages not served by a test fail at once.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const worker = context.serviceWorkers()[0] ?? await context.waitForEvent("serviceworker");
  // URL.origin is "null" for non-special schemes such as chrome-extension:.
  const extensionOrigin = `chrome-extension://${new URL(worker.url()).host}`;
  // The manifest's key fixes the id whatever folder the build is loaded from.
  if (extensionOrigin !== EXTENSION_ORIGIN) {
    throw new Error(`the built extension has the id ${extensionOrigin}, not ${EXTENSION_ORIGIN}`);
  }
  const api = await startApi({ env: { ...detector.env, ...apiEnv } });
  await Deno.mkdir(ARTIFACTS, { recursive: true });

  const popup = async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 380, height: 640 });
    await page.goto(`${extensionOrigin}/popup.html`);
    return page;
  };
  // Point the extension at the test API once, from the popup, as a user would.
  const setup = await popup();
  await setup.getByLabel("Server address").fill(api.url);
  await setup.getByRole("button", { name: "Save" }).click();
  await setup.getByTestId("settings-message").waitFor();
  await setup.close();
  // From here on the configured server is the test's API (before, the default address was).
  requests.length = 0;

  return {
    context,
    extensionOrigin,
    api,
    requests,
    popup,
    async signIn(email, name) {
      const page = await context.newPage();
      await page.goto(`${api.url}/auth/signin`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Name").fill(name);
      await Promise.all([
        page.waitForURL(`${api.url}/`),
        page.getByRole("button", { name: /Sign in/ }).click(),
      ]);
      await page.close();
    },
    async serve(url, html) {
      await context.route(
        url,
        (route) =>
          route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
      );
    },
    async usage() {
      const cookies = await context.cookies(api.url);
      const response = await fetch(`${api.url}/api/usage/summary`, {
        headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
      });
      return UsageSummary.parse(await response.json());
    },
    async screenshot(page, name, selector) {
      const path = `${ARTIFACTS}${name}.png`;
      if (selector) await page.locator(selector).first().screenshot({ path });
      else await page.screenshot({ path });
    },
    async close() {
      await context.close();
      await api.close();
      await Deno.remove(work, { recursive: true });
    },
  };
}
