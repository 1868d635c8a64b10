/**
 * The extension end to end, in real Chromium with the built extension, against the real API and
 * detector: sign-in through the dev stub page, a chat reply highlighted with the server's score
 * and breakdown, and the popup's usage and key management.
 */
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { DetectResponse, UsageSummary } from "../../shared/contract.ts";
import { CHROMIUM_PATH, ignoreWithoutChromium } from "../support/env.ts";
import { startApi } from "../support/http.ts";
import { startDetector } from "./support/backend.ts";
import { buildExtension } from "./support/build.ts";
import { CHAT_PROMPT, CHAT_REPLY, finishReply, serveChatPage } from "./support/chat_page.ts";

const CHROMIUM_ARGS = (dir: string) => [
  `--disable-extensions-except=${dir}`,
  `--load-extension=${dir}`,
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

Deno.test({
  name: "extension: sign-in, a scored and highlighted reply, usage and key management",
  ignore: ignoreWithoutChromium(),
  async fn() {
    const work = await Deno.makeTempDir({ prefix: "extension_test_" });
    const extensionDir = `${work}/dist`;
    await buildExtension(extensionDir);

    const detector = startDetector();
    const chat = serveChatPage();
    const context = await chromium.launchPersistentContext(`${work}/profile`, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS(extensionDir),
      ignoreDefaultArgs: ["--disable-extensions"],
    });
    let api: Awaited<ReturnType<typeof startApi>> | undefined;
    try {
      const worker = context.serviceWorkers()[0] ?? await context.waitForEvent("serviceworker");
      // URL.origin is "null" for non-special schemes such as chrome-extension:.
      const extensionOrigin = `chrome-extension://${new URL(worker.url()).host}`;
      api = await startApi({
        env: {
          EXTENSION_ORIGINS: extensionOrigin,
          DETECTOR_URL: detector.url,
          DETECTOR_SECRET: detector.secret,
        },
      });
      const apiUrl = api.url;

      // Popup: point it at the test server; not signed in yet.
      const popup = await context.newPage();
      await popup.goto(`${extensionOrigin}/popup.html`);
      await popup.getByLabel("Server address").fill(apiUrl);
      await popup.getByRole("button", { name: "Save" }).click();
      await popup.getByTestId("signed-out").waitFor();

      // A reply finished while signed out offers to sign in instead of a score.
      const page = await context.newPage();
      const waiting = page.locator('[data-hd-badge] [data-state="waiting"]');
      await page.goto(chat.url);
      // The extension has seen the reply streaming before it finishes.
      await waiting.waitFor();
      await page.evaluate(finishReply, CHAT_REPLY);
      await page.locator('[data-failure="unauthorized"]').waitFor();

      // Sign in through the real dev stub page, opened by the popup.
      const [signInPage] = await Promise.all([
        context.waitForEvent("page"),
        popup.getByRole("button", { name: "Sign in" }).click(),
      ]);
      await signInPage.waitForLoadState();
      assert.equal(new URL(signInPage.url()).pathname, "/auth/signin");
      await signInPage.getByLabel("Email").fill("ada@example.com");
      await signInPage.getByLabel("Name").fill("Ada Lovelace");
      await Promise.all([
        signInPage.waitForURL(`${apiUrl}/`),
        signInPage.getByRole("button", { name: /Sign in/ }).click(),
      ]);

      // A reply that finishes now is scored and highlighted.
      await page.reload();
      await waiting.waitFor();
      await page.evaluate(finishReply, CHAT_REPLY);
      const pill = page.locator("[data-hd-badge] .pill[data-p]");
      await pill.waitFor();
      const shownP = Number(await pill.getAttribute("data-p"));
      const pillText = await pill.innerText();
      // The page's CSS (40px red serif on every element) does not reach into the badge.
      assert.equal(await pill.evaluate((el) => getComputedStyle(el).fontSize), "13px");
      await pill.click();
      const shownRegimes = await page.locator("[data-hd-badge] [data-regime]")
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-regime")));

      // Popup, signed in: create a key, score the same texts with it, compare with the badge.
      await popup.reload();
      await popup.getByTestId("signed-in").getByText("Ada Lovelace").waitFor();
      await popup.getByLabel("New key name").fill("e2e key");
      await popup.getByRole("button", { name: "Create key" }).click();
      const key = (await popup.getByTestId("new-key-value").innerText()).trim();
      assert.match(key, /^sk_[A-Za-z0-9_-]{43}$/);

      const detect = () =>
        fetch(`${apiUrl}/api/detect`, {
          method: "POST",
          headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
          body: JSON.stringify({ prompt: CHAT_PROMPT, response: CHAT_REPLY }),
        });
      const scored = DetectResponse.parse(await (await detect()).json());
      assert.equal(shownP, scored.p_hallucination);
      const bucket = scored.p_hallucination >= 0.8
        ? "HIGH"
        : scored.p_hallucination >= 0.5
        ? "MODERATE"
        : "LOW";
      assert.match(
        pillText,
        new RegExp(`${bucket}\\s*${Math.round(scored.p_hallucination * 100)}%`),
      );
      assert.equal(pillText.includes("flagged"), scored.flag);
      assert.deepEqual(shownRegimes, scored.regime_scores.map((s) => s.regime));

      // Usage shown by the popup is the server's summary: the badge's call and the key's call.
      const summary = UsageSummary.parse(
        await (await fetch(`${apiUrl}/api/usage/summary`, {
          headers: {
            Cookie: (await context.cookies(apiUrl)).map((c) => `${c.name}=${c.value}`).join("; "),
          },
        })).json(),
      );
      assert.equal(summary.currentPeriod.units, 2);
      await popup.reload();
      assert.equal(
        await popup.getByTestId("usage-units").innerText(),
        String(summary.currentPeriod.units),
      );
      assert.equal(
        await popup.getByTestId("usage-pct").innerText(),
        `${summary.currentPeriod.pct}%`,
      );

      // Revoke from the popup: the key disappears from the list and stops authenticating.
      const row = popup.locator("ul.keys li", { hasText: key.slice(0, 7) });
      await row.getByRole("button", { name: "Revoke" }).click();
      await row.waitFor({ state: "detached" });
      const afterRevoke = await detect();
      await afterRevoke.body?.cancel();
      assert.equal(afterRevoke.status, 401);
    } finally {
      await context.close();
      await api?.close();
      await chat.close();
      await detector.close();
      await Deno.remove(work, { recursive: true });
    }
  },
});
