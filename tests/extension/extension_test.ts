/**
 * The extension end to end, in real Chromium with the built extension, against the real API and
 * detector: a reply refused for want of a session, checked by itself once the user signs in; the
 * badge's score and breakdown equal `/api/detect`'s for the same text (the chat's prompt quotes
 * a source, so the reply is scored against evidence); the popup's usage, key creation, revocation
 * (after confirming) and sign-out; the context-menu check of a selection on a plain page (no
 * prompt, so no evidence: "not verifiable", the regime cues still listed); and nothing but
 * settings in the extension's storage.
 */
import assert from "node:assert/strict";
// @ts-types="@types/webextension-polyfill"
import type extensionApi from "webextension-polyfill";
import { DetectResponse } from "../../shared/contract.ts";
import { shownRisk } from "../../shared/regimes.ts";
import {
  FLAG_EXPLANATION,
  NOT_VERIFIABLE,
  regimeLabel,
  warningText,
} from "../../shared/ui/display.ts";
import { needing } from "../support/env.ts";
import { startDetector } from "./support/backend.ts";
import { startSession } from "./support/browser.ts";
import {
  ARTICLE,
  ARTICLE_TEXT,
  CHAT_PROMPT,
  CHAT_REPLY,
  finishReply,
  servePages,
  STREAMING_CHAT,
  UNSIGNALLED_CHAT,
} from "./support/chat_page.ts";

/** The extension API in the service worker, where the tests' `worker.evaluate` code runs. */
declare const chrome: typeof extensionApi;

Deno.test(needing("chromium", {
  name: "extension: sign-in retry, the server's score, popup flows, selection check, storage",
  async fn(t) {
    const detector = startDetector();
    const pages = servePages({
      "/chat": STREAMING_CHAT,
      "/article": ARTICLE,
      "/unsignalled": UNSIGNALLED_CHAT,
    });
    const session = await startSession(detector);
    const { context, api } = session;
    try {
      const popup = await session.popup();
      await popup.getByTestId("signed-out").waitFor();
      const page = await context.newPage();

      await t.step("signed out: the badge asks to sign in, then retries by itself", async () => {
        await page.goto(`${pages.url}/chat`);
        // The extension has seen the reply streaming before it finishes.
        await page.locator('[data-hd-badge] [data-state="waiting"]').waitFor();
        await page.evaluate(finishReply, CHAT_REPLY);
        const signIn = page.locator('[data-failure="unauthorized"]').getByRole("button", {
          name: "Sign in",
        });
        await signIn.waitFor();
        assert.equal(await page.locator('[data-failure] >> text="Retry"').count(), 0);
        // The badge's button opens the server's sign-in page; signing in there is enough.
        const [signInPage] = await Promise.all([context.waitForEvent("page"), signIn.click()]);
        await signInPage.waitForLoadState();
        assert.equal(new URL(signInPage.url()).pathname, "/auth/signin");
        await signInPage.getByLabel("Email").fill("ada@example.com");
        await signInPage.getByLabel("Name").fill("Ada Lovelace");
        await Promise.all([
          signInPage.waitForURL(`${api.url}/`),
          signInPage.getByRole("button", { name: /Sign in/ }).click(),
        ]);
        await page.locator("[data-hd-badge] .pill[data-p]").waitFor();
        await signInPage.close();
      });

      let key = "";
      await t.step("the badge shows the server's score and breakdown for the text", async () => {
        const pill = page.locator("[data-hd-badge] .pill[data-p]");
        // The prompt's quoted source covers the reply's claims: a scored verdict, not "not
        // verifiable".
        assert.deepEqual(
          detector.log.map((s) => s.warnings.includes("no_evidence")),
          [false],
        );
        assert.equal(await pill.getAttribute("data-state"), "result");
        const shownP = Number(await pill.getAttribute("data-p"));
        const pillText = await pill.innerText();
        // The page's CSS (40px red serif on every element) does not reach into the badge.
        assert.equal(await pill.evaluate((el) => getComputedStyle(el).fontSize), "13px");
        await pill.click();
        const shownRegimes = await page.locator("[data-hd-badge] [data-regime]")
          .evaluateAll((els) => els.map((el) => el.getAttribute("data-regime")));

        await popup.reload();
        await popup.getByTestId("signed-in").getByText("Ada Lovelace").waitFor();
        await popup.getByLabel("New key name").fill("e2e key");
        await popup.getByRole("button", { name: "Create key" }).click();
        key = (await popup.getByTestId("new-key-value").innerText()).trim();
        assert.match(key, /^sk_[A-Za-z0-9_-]{43}$/);
        const scored = DetectResponse.parse(
          await (await fetch(`${api.url}/api/detect`, {
            method: "POST",
            headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
            body: JSON.stringify({ prompt: CHAT_PROMPT, response: CHAT_REPLY }),
          })).json(),
        );
        assert.equal(shownP, scored.p_hallucination);
        assert.ok(!scored.warnings.includes("no_evidence"), scored.warnings.join());
        const { bucket, percent } = shownRisk(scored.p_hallucination);
        assert.match(pillText, new RegExp(`${bucket}\\s*${percent}%`));
        assert.equal(pillText.includes("flagged"), scored.flag);
        assert.deepEqual(shownRegimes, scored.regime_scores.map((s) => s.regime));
      });

      await t.step("no finished signal: checked once the text has stopped growing", async () => {
        const chat = await context.newPage();
        await chat.goto(`${pages.url}/unsignalled`);
        const words = CHAT_REPLY.split(" ");
        // The reply grows a word every 300 ms, longer than the 2 s the extension waits for.
        for (let i = 2; i <= words.length; i += 2) {
          await chat.evaluate((text) => {
            document.querySelector("#reply p")!.textContent = text;
          }, words.slice(0, i).join(" "));
          await chat.waitForTimeout(300);
          assert.equal(
            detector.log.filter((s) => s.response !== CHAT_REPLY).length,
            0,
            "checked while growing",
          );
        }
        await chat.evaluate((text) => {
          document.querySelector("#reply p")!.textContent = text;
        }, CHAT_REPLY);
        await chat.locator("[data-hd-badge] .pill[data-p]").waitFor();
        await chat.waitForTimeout(500);
        // The first chat's text again (after the badge's and the key's calls): checked once
        // more, as a retry of the badge's id, which the usage step shows was not billed.
        assert.equal(detector.count(CHAT_REPLY), 3);
        assert.equal(detector.log.length, 3);
        await chat.close();
      });

      await t.step("popup: usage as the server counts it; revoke after confirming", async () => {
        const summary = await session.usage();
        assert.equal(summary.currentPeriod.units, 2);
        await popup.reload();
        assert.equal(await popup.getByTestId("usage-units").innerText(), "2");
        assert.equal(
          await popup.getByTestId("usage-pct").innerText(),
          `${summary.currentPeriod.pct}%`,
        );
        const row = popup.locator("ul.keys li", { hasText: key.slice(0, 7) });
        await row.getByRole("button", { name: "Revoke" }).click();
        await row.getByRole("button", { name: "Cancel" }).click();
        await row.getByRole("button", { name: "Revoke" }).click();
        await session.screenshot(popup, "popup");
        await row.getByRole("button", { name: "Yes, revoke" }).click();
        await row.waitFor({ state: "detached" });
        const afterRevoke = await fetch(`${api.url}/api/detect`, {
          method: "POST",
          headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
          body: JSON.stringify({ response: CHAT_REPLY }),
        });
        await afterRevoke.body?.cancel();
        assert.equal(afterRevoke.status, 401);
      });

      await t.step(
        "context menu: a selection on a plain page, flagged without sources",
        async () => {
          const article = await context.newPage();
          await article.goto(`${pages.url}/article`);
          await article.evaluate(() => {
            const range = document.createRange();
            range.selectNodeContents(document.getElementById("claim")!);
            getSelection()!.removeAllRanges();
            getSelection()!.addRange(range);
          });
          const before = detector.log.length;
          const worker = context.serviceWorkers()[0];
          // Chromium's own event object delivers the click to the worker's real listener.
          await worker.evaluate(async (text) => {
            const [tab] = await chrome.tabs.query({ url: "http://127.0.0.1/article*" });
            const onClicked = chrome.contextMenus.onClicked as unknown as {
              dispatch(info: unknown, tab: unknown): void;
            };
            onClicked.dispatch(
              { menuItemId: "hd-check-selection", selectionText: text, frameId: 0 },
              tab,
            );
          }, ARTICLE_TEXT);
          const panel = article.locator('#hd-selection-panel [role="dialog"]');
          await panel.locator(".title", { hasText: /%/ }).waitFor();
          const call = detector.log[before];
          assert.equal(detector.log.length, before + 1);
          assert.deepEqual({ response: call.response, prompt: call.prompt }, {
            response: ARTICLE_TEXT,
            prompt: undefined,
          });
          // Without a prompt nothing covers the claim: the server says `no_evidence`. The model
          // flags the claim anyway, and a flag is never hidden: the panel shows the score, not
          // "not verifiable", with the warning listed.
          assert.ok(call.warnings.includes("no_evidence"), call.warnings.join());
          assert.ok(call.flag, `the model no longer flags this claim (p ${call.p})`);
          const { bucket, percent } = shownRisk(call.p);
          assert.equal(await panel.getAttribute("data-state"), bucket);
          assert.equal(
            await panel.locator(".title").innerText(),
            `${bucket} ${percent}% · ${FLAG_EXPLANATION}`,
          );
          assert.doesNotMatch(await panel.innerText(), new RegExp(NOT_VERIFIABLE));
          assert.deepEqual(await panel.locator("li").allInnerTexts(), [
            ...call.regimes.slice(0, 3).map((s) =>
              `${regimeLabel(s.regime)}: ${Math.round(s.p * 100)}%`
            ),
            ...call.warnings.map(warningText),
            "1 call · 1 unit",
          ]);
          await session.screenshot(article, "selection-panel");
          await article.keyboard.press("Escape");
          await panel.waitFor({ state: "detached" });
          await article.close();
        },
      );

      await t.step("storage holds settings only: no key, no chat text", async () => {
        const stored = await context.serviceWorkers()[0].evaluate(async () =>
          JSON.stringify([await chrome.storage.local.get(), await chrome.storage.session.get()])
        );
        assert.ok(!stored.includes("sk_"), stored);
        for (const text of [CHAT_REPLY, CHAT_PROMPT, ARTICLE_TEXT, "Buzz Aldrin", "Great Wall"]) {
          assert.ok(!stored.includes(text), `${text} stored`);
        }
      });

      await t.step("popup: sign out", async () => {
        await popup.reload();
        await popup.getByRole("button", { name: "Sign out" }).click();
        await popup.getByTestId("signed-out").waitFor();
        assert.equal(
          (await context.cookies(api.url)).some((c) => c.name === "__session" && c.value),
          false,
        );
      });
      await page.close();
      await popup.close();
    } finally {
      await session.close();
      await pages.close();
      await detector.close();
    }
  },
}));
