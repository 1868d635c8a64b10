/**
 * The states a user can act on, in real Chromium against the real API (small quotas and rate
 * limits from PLANS_FILE) and detector: 402 with the quota, reset date and upgrade link, 403 with
 * the reason and appeal link (neither with a Retry that cannot succeed), 429 counted down and
 * waited out, the popup at 100% and when suspended, a server that cannot be reached, and a
 * hardened server that does not trust the extension's origin, named with its setting.
 */
import assert from "node:assert/strict";
import { runAdmin } from "../../server/admin.ts";
import { loadPlans } from "../../server/features/billing/plans.ts";
import { needing } from "../support/env.ts";
import { startApi } from "../support/http.ts";
import { startDetector } from "./support/backend.ts";
import { startSession } from "./support/browser.ts";
import { finishedChat, servePages } from "./support/chat_page.ts";

const turn = (i: number) => ({
  prompt: `Question ${i}: when was the Eiffel Tower finished?`,
  reply: `Answer ${i}: the Eiffel Tower was finished in 1889 for the World's Fair in Paris.`,
});

Deno.test(needing("chromium", {
  name: "extension states: quota used up, suspended, rate limited, server unreachable",
  async fn(t) {
    const work = await Deno.makeTempDir({ prefix: "states_test_" });
    const plansFile = `${work}/plans.json`;
    await Deno.writeTextFile(
      plansFile,
      JSON.stringify({ api_free: { monthly: 2 }, web_free: { perMinute: 2 } }),
    );
    const detector = startDetector();
    const pages = servePages({
      "/quota": finishedChat([turn(1), turn(2), turn(3)]),
      "/suspended": finishedChat([turn(4)]),
      "/rate": finishedChat([turn(5), turn(6), turn(7)]),
      "/origin": finishedChat([turn(8)]),
    });
    const session = await startSession(detector, { PLANS_FILE: plansFile });
    const { context, api } = session;
    const admin = (...argv: string[]) => runAdmin(api.kv, loadPlans(plansFile), argv);
    try {
      await session.signIn("quota@example.com", "Quota Tester");

      await t.step("402: quota type, reset date and upgrade link; no Retry", async () => {
        const page = await context.newPage();
        await page.goto(`${pages.url}/quota`);
        const refused = page.locator('[data-hd-badge] [data-failure="quota_exceeded"]');
        await refused.waitFor();
        await page.locator("[data-hd-badge] .pill[data-p]").nth(1).waitFor();
        const text = await refused.innerText();
        const now = new Date();
        const reset = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
          .toLocaleDateString("en-GB", {
            day: "numeric",
            month: "short",
            year: "numeric",
            timeZone: "UTC",
          });
        assert.match(text, new RegExp(`Monthly quota of plan api_free used up \\(2 of 2 units\\)`));
        assert.match(text, new RegExp(`resets on ${reset}`));
        assert.equal(
          await refused.getByRole("link", { name: "Upgrade" }).getAttribute("href"),
          "https://example.com/billing",
        );
        assert.equal(await refused.getByRole("button", { name: "Retry" }).count(), 0);
        assert.equal((await session.usage()).currentPeriod.units, 2);
        await session.screenshot(page, "quota-badge", "[data-hd-badge] >> nth=3");
        await page.close();

        const popup = await session.popup();
        await popup.getByTestId("quota-full").waitFor();
        assert.equal(
          await popup.getByTestId("account-notice").getAttribute("data-kind"),
          "quota_exceeded",
        );
        await popup.close();
      });

      await t.step("403: the reason and the appeal link, in the badge and the popup", async () => {
        await admin("suspend", "quota@example.com", "Automated scraping");
        const page = await context.newPage();
        await page.goto(`${pages.url}/suspended`);
        const refused = page.locator('[data-hd-badge] [data-failure="suspended"]');
        await refused.waitFor();
        assert.match(await refused.innerText(), /This account is suspended: Automated scraping/);
        assert.equal(
          await refused.getByRole("link", { name: "Appeal" }).getAttribute("href"),
          "https://example.com/appeal",
        );
        assert.equal(await refused.getByRole("button", { name: "Retry" }).count(), 0);
        await page.close();

        const popup = await session.popup();
        const notice = popup.getByTestId("account-notice");
        await notice.waitFor();
        assert.equal(await notice.getAttribute("data-kind"), "suspended");
        assert.match(await notice.innerText(), /Automated scraping/);
        assert.equal(
          await notice.getByRole("link", { name: "Appeal" }).getAttribute("href"),
          "https://example.com/appeal",
        );
        await popup.close();
      });

      await t.step(
        "429: a countdown to the automatic retry instead of a Retry button",
        async () => {
          await session.signIn("rate@example.com", "Rate Tester");
          await admin("plan", "rate@example.com", "web_free");
          const page = await context.newPage();
          await page.goto(`${pages.url}/rate`);
          const waiting = page.locator('[data-hd-badge] [data-failure="rate_limited"]');
          await waiting.waitFor();
          const secondsLeft = async () =>
            Number((await waiting.innerText()).match(/trying again in (\d+) s\./)![1]);
          const first = await secondsLeft();
          assert.ok(first >= 1 && first <= 60, `${first} s`);
          // The window is the server's minute: when enough of it is left, watch the count go down.
          if (first >= 4) {
            await page.waitForTimeout(2100);
            assert.ok(await secondsLeft() < first);
          }
          assert.equal(await waiting.getByRole("button").count(), 0);
          assert.equal(await page.locator("[data-hd-badge] .pill[data-p]").count(), 2);
          await page.close();
        },
      );

      await t.step("popup: an unreachable server is named with a hint", async () => {
        const popup = await session.popup();
        await popup.getByLabel("Server address").fill("http://127.0.0.1:9");
        await popup.getByRole("button", { name: "Save" }).click();
        const error = popup.getByTestId("server-error");
        await error.waitFor();
        assert.match(
          await error.innerText(),
          /127\.0\.0\.1:9 cannot be reached\. .*deno task serve/,
        );
        await popup.getByLabel("Server address").fill(api.url);
        await popup.getByRole("button", { name: "Save" }).click();
        await popup.getByTestId("signed-in").waitFor();
        await popup.close();
      });

      await t.step(
        "a server that does not trust the extension: the badge and the popup name the setting",
        async () => {
          const hardened = await startApi({
            env: { ...detector.env, TRUST_BUILT_EXTENSION: "false" },
          });
          try {
            const setting = new RegExp(
              `Add ${session.extensionOrigin} to the server's EXTENSION_ORIGINS setting`,
            );
            const popup = await session.popup();
            await popup.getByLabel("Server address").fill(hardened.url);
            await popup.getByRole("button", { name: "Save" }).click();
            await popup.getByTestId("settings-message").waitFor();
            await popup.close();
            const signin = await context.newPage();
            await signin.goto(`${hardened.url}/auth/signin`);
            await signin.getByLabel("Email").fill("hardened@example.com");
            await signin.getByLabel("Name").fill("Hardened Tester");
            await Promise.all([
              signin.waitForURL(`${hardened.url}/`),
              signin.getByRole("button", { name: /Sign in/ }).click(),
            ]);
            await signin.close();

            const page = await context.newPage();
            await page.goto(`${pages.url}/origin`);
            const refused = page.locator('[data-hd-badge] [data-failure="origin_refused"]');
            await refused.waitFor();
            assert.match(await refused.innerText(), setting);
            await page.close();

            const panel = await session.popup();
            const notice = panel.getByTestId("account-notice");
            await notice.waitFor();
            assert.equal(await notice.getAttribute("data-kind"), "origin_refused");
            assert.match(await notice.innerText(), setting);
            await panel.getByRole("button", { name: "Create key" }).click();
            assert.match(await panel.getByTestId("keys-error").innerText(), setting);
            await session.screenshot(panel, "popup-origin-refused");
            // Nothing was billed: the refusal comes before any check.
            const cookies = await context.cookies(hardened.url);
            const usage = await fetch(`${hardened.url}/api/usage/summary`, {
              headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
            });
            assert.equal((await usage.json()).currentPeriod.units, 0);
            await panel.close();
          } finally {
            await hardened.close();
          }
        },
      );
    } finally {
      await session.close();
      await pages.close();
      await detector.close();
      await Deno.remove(work, { recursive: true });
    }
  },
}));
