/**
 * The web dashboard walked in real Chromium as a person would, by visible labels, against the real
 * API (its own build of the dashboard, `deno task build:dashboard`) and the real detector: sign-in
 * through the dev stub form, the overview's numbers equal `GET /api/usage/summary` after detect
 * calls, a key created (its plaintext shown once, gone after a reload) and revoked after a
 * confirmation, a "Try it" check counted once, the 403 and daily-cap states, phone width, no
 * CSP violation, nothing stored in the browser; and the security headers of every HTML page and
 * of the answers that carry account data.
 */
import assert from "node:assert/strict";
import { chromium, type Page } from "playwright-core";
import { ApiKeyList, UsageSummary } from "../../shared/contract.ts";
import { runAdmin } from "../../server/admin.ts";
import { loadPlans } from "../../server/features/billing/plans.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, needing } from "../support/env.ts";
import { startApi } from "../support/http.ts";
import { viteBuild } from "../support/vite_build.ts";
import { startDetector } from "../extension/support/backend.ts";

const ARTIFACTS = new URL("../artifacts/", import.meta.url).pathname;
const EMAIL = "ada@example.com";

Deno.test(needing("chromium", {
  name: "dashboard: sign-in, overview = usage summary, keys, try it, states, headers",
  async fn(t) {
    const work = await Deno.makeTempDir({ prefix: "dashboard_test_" });
    await viteBuild("build:dashboard", `${work}/dist`);
    const detector = startDetector();
    const api = await startApi({ env: { ...detector.env, DASHBOARD_DIR: `${work}/dist` } });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    // Nothing leaves the machine.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });
    const cookie = async () =>
      (await context.cookies(api.url)).map((c) => `${c.name}=${c.value}`).join("; ");
    const get = async (path: string) =>
      await fetch(`${api.url}${path}`, { headers: { Cookie: await cookie() } });
    const summary = async () => UsageSummary.parse(await (await get("/api/usage/summary")).json());
    const keyNames = async (query = "") =>
      ApiKeyList.parse(await (await get(`/api/keys${query}`)).json()).keys.map((k) => k.name);
    const shot = async (p: Page, name: string) => {
      await Deno.mkdir(ARTIFACTS, { recursive: true });
      await p.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
    };
    try {
      await t.step("signed out: a dashboard page sends to sign-in, which comes back", async () => {
        await page.goto(`${api.url}/keys`);
        await page.getByLabel("Email").fill(EMAIL);
        await page.getByLabel("Name").fill("Ada Lovelace");
        await Promise.all([
          page.waitForURL(`${api.url}/keys`),
          page.getByRole("button", { name: /Sign in/ }).click(),
        ]);
        await page.getByRole("heading", { name: "API keys" }).waitFor();
      });

      let key = "";
      await t.step("keys: created with a name, the plaintext shown once, listed", async () => {
        await page.getByLabel("Key name").fill("ci server");
        await page.getByRole("button", { name: "Create key" }).click();
        await page.getByText("it is shown only this once").waitFor();
        key = (await page.getByTestId("new-key").textContent()) ?? "";
        assert.match(key, /^sk_[A-Za-z0-9_-]{43}$/);
        assert.match(
          (await page.getByTestId("curl-example").textContent()) ?? "",
          new RegExp(`${api.url}/api/detect[\\s\\S]*Bearer ${key}`),
        );
        await page.getByRole("button", { name: "Copy the key" }).waitFor();
        await page.getByRole("row", { name: /ci server/ }).waitFor();
        assert.deepEqual(await keyNames(), ["ci server"]);
        await shot(page, "dashboard-keys");
        await page.reload();
        await page.getByRole("row", { name: /ci server/ }).waitFor();
        assert.ok(!(await page.content()).includes(key), "the plaintext is shown once only");
      });

      const N = 3;
      await t.step(`overview: after ${N} detect calls, the numbers are the summary's`, async () => {
        for (let i = 0; i < N; i++) {
          const res = await fetch(`${api.url}/api/detect`, {
            method: "POST",
            headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
            body: JSON.stringify({ response: `The Eiffel Tower is ${300 + i} metres tall.` }),
          });
          assert.equal(res.status, 200, await res.text());
        }
        const usage = await summary();
        assert.equal(usage.currentPeriod.units, N);
        await page.getByRole("link", { name: "Overview" }).click();
        await page.getByRole("heading", { name: `Plan: ${usage.plan.name}` }).waitFor();
        const quota = usage.currentPeriod.quota.toLocaleString("en");
        await page.getByText(`${N} of ${quota} units`).waitFor();
        assert.equal(await page.getByTestId("requests").textContent(), String(N));
        await page.getByText(`resets on ${usage.currentPeriod.periodEndLabel}`).waitFor();
        await page.getByRole("img", { name: new RegExp(`${N} units in all`) }).waitFor();
        await page.getByRole("row", { name: new RegExp(usage.history[0].period) }).waitFor();
        await shot(page, "dashboard-overview");
      });

      await t.step("keys: revoked after a confirmation, then shown on demand", async () => {
        await page.getByRole("link", { name: "API keys" }).click();
        await page.getByRole("button", { name: "Revoke ci server" }).click();
        const dialog = page.getByRole("dialog", { name: "Revoke key ci server?" });
        await dialog.getByRole("button", { name: "Cancel" }).click();
        assert.deepEqual(await keyNames(), ["ci server"]);
        await page.getByRole("button", { name: "Revoke ci server" }).click();
        await dialog.getByRole("button", { name: "Revoke key" }).click();
        await page.getByText("No keys yet.").waitFor();
        assert.deepEqual(await keyNames(), []);
        await page.getByLabel("Show revoked keys").check();
        await page.getByRole("row", { name: /ci server/ }).waitFor();
        assert.deepEqual(await keyNames("?include_revoked=true"), ["ci server"]);
      });

      await t.step("try it: one check, the shared breakdown, one call counted", async () => {
        const before = await summary();
        await page.getByRole("link", { name: "Try it" }).click();
        await page.getByText("it counts against your plan").waitFor();
        await page.getByLabel("Prompt (optional)").fill(
          "The Eiffel Tower, completed in 1889, is 330 metres tall. How tall is it?",
        );
        await page.getByLabel("Response to check").fill("The Eiffel Tower is 450 metres tall.");
        await page.getByRole("button", { name: "Check" }).click();
        await page.getByText("Units billed: 1").waitFor();
        await page.getByRole("heading", { name: /Regime (breakdown|cues)/ }).waitFor();
        await page.getByText(/Hallucination risk: (LOW|MODERATE|HIGH) \d+%|Not verifiable/)
          .waitFor();
        // The breakdown's shared CSS applies under the page's CSP (a constructed stylesheet).
        const barHeight = await page.locator(".breakdown .bar").first().evaluate((el) =>
          getComputedStyle(el).height
        );
        assert.equal(barHeight, "4px");
        const after = await summary();
        assert.equal(after.currentPeriod.requests, before.currentPeriod.requests + 1);
        assert.equal(after.currentPeriod.units, before.currentPeriod.units + 1);
        await shot(page, "dashboard-try");
        const stored = await page.evaluate(() => localStorage.length + sessionStorage.length);
        assert.equal(stored, 0, "nothing typed is kept in the browser");
      });

      await t.step(
        "headers: every HTML page's CSP and framing, no-store on account data",
        async () => {
          const anonymous = (path: string) => fetch(`${api.url}${path}`);
          for (
            const res of [
              await anonymous("/auth/signin"),
              await anonymous("/"),
              await anonymous("/api/docs"),
              await get("/"),
              await get("/keys"),
              await get("/try"),
            ]
          ) {
            await res.body?.cancel();
            const csp = res.headers.get("Content-Security-Policy") ?? "";
            assert.match(csp, /script-src 'self'(;|$)/, res.url);
            assert.match(csp, /frame-ancestors 'none'/, res.url);
            assert.doesNotMatch(csp, /unsafe-inline/, res.url);
            assert.equal(res.headers.get("X-Frame-Options"), "DENY", res.url);
            assert.equal(res.headers.get("X-Content-Type-Options"), "nosniff", res.url);
            assert.equal(res.headers.get("Referrer-Policy"), "same-origin", res.url);
          }
          const created = await fetch(`${api.url}/api/keys`, {
            method: "POST",
            headers: {
              Cookie: await cookie(),
              Origin: api.url,
              "Content-Type": "application/json",
            },
            body: JSON.stringify({ name: "headers" }),
          });
          assert.equal(created.status, 201);
          for (
            const res of [
              created,
              await get("/api/keys"),
              await get("/api/usage/summary"),
              await get("/api/usage/daily"),
              await get("/"),
              await get("/keys"),
            ]
          ) {
            await res.body?.cancel();
            assert.equal(res.headers.get("Cache-Control"), "no-store", res.url);
          }
        },
      );

      await t.step(
        "phone width: one column, no sideways scroll, keyboard reaches the nav",
        async () => {
          await page.setViewportSize({ width: 375, height: 800 });
          for (const path of ["/", "/keys", "/try"]) {
            await page.goto(`${api.url}${path}`);
            await page.locator("main h1").waitFor();
            // Measured once the page's data has arrived and rendered.
            await page.waitForLoadState("networkidle");
            await page.locator('[aria-busy="true"]').waitFor({ state: "detached" });
            const wide = await page.evaluate(() =>
              document.documentElement.scrollWidth > innerWidth
            );
            assert.equal(wide, false, `${path} scrolls sideways at phone width`);
          }
          await shot(page, "dashboard-phone");
          await page.keyboard.press("Tab");
          assert.equal(
            await page.evaluate(() => document.activeElement?.textContent),
            "Skip to content",
          );
          await page.setViewportSize({ width: 1100, height: 900 });
        },
      );

      await t.step("states: a daily cap shown, a suspension with its appeal link", async () => {
        const plans = loadPlans();
        await runAdmin(api.kv, plans, ["plan", EMAIL, "web_pro"]);
        await page.goto(`${api.url}/`);
        await page.getByText(/of 200 units/).waitFor();
        await runAdmin(api.kv, plans, ["suspend", EMAIL, "manual_admin"]);
        await page.reload();
        const alert = page.getByRole("alert");
        await alert.getByText("This account is suspended (manual_admin)").waitFor();
        assert.equal(
          await alert.getByRole("link", { name: "Appeal the suspension" }).getAttribute("href"),
          api.deps.config.appealUrl,
        );
      });

      await t.step("sign out: a plain form, back to the signed-out home", async () => {
        await page.getByRole("button", { name: "Sign out" }).click();
        await page.getByRole("link", { name: "Sign in" }).waitFor();
        assert.equal((await get("/api/usage/summary")).status, 401);
      });

      assert.deepEqual(cspViolations, []);
    } finally {
      await context.close();
      await browser.close();
      await api.close();
      await detector.close();
      await Deno.remove(work, { recursive: true });
    }
  },
}));
