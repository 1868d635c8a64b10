/**
 * The extension on every supported site and layout, in real Chromium with the built extension,
 * against the real API and detector, the fixture pages served at the sites' own URLs: the answer
 * finished at load and the streamed one (after it finishes, never before) each get exactly one
 * check, one unit, and a badge with the server's score; reopening bills nothing; SPA navigation
 * and the "new answers only" setting; a three-paragraph answer in one call; a long answer in
 * ceil(length / 2,048) calls, its claims underlined from those calls; a flagged claim underlined
 * whatever its warnings, with an exact check's reason, and the toolbar's badge; the "not
 * verifiable" state without the regimes that need sources; the breakdown's placement, focus and
 * Escape; screenshots.
 */
import assert from "node:assert/strict";
// @ts-types="@types/webextension-polyfill"
import type extensionApi from "webextension-polyfill";
import type { Page } from "playwright-core";
import { shownRisk } from "../../shared/regimes.ts";
import { codePointLength, MAX_FIELD_CHARS, unitsFor } from "../../shared/text.ts";
import { needing } from "../support/env.ts";
import { standInAnswer, standInWithClaims, startDetector } from "./support/backend.ts";
import { startSession } from "./support/browser.ts";
import { finishStreaming, LAYOUTS } from "./support/layouts.ts";

/** The extension API in the service worker, where `worker.evaluate` code runs. */
declare const chrome: typeof extensionApi;

const FIXTURES = new URL("./fixtures/", import.meta.url);
const fixture = (name: string) => Deno.readTextFileSync(new URL(`${name}.html`, FIXTURES));

/** Marks the paragraph the stand-in backend scores as HIGH, and the text it finds no evidence for. */
const RISKY = "the Treaty of Lisbon was signed on the Moon";
const NO_SOURCES = "according to the unpublished 1887 survey";
/** A flagged claim the backend also finds no evidence for, with an exact check against it. */
const FLAGGED_UNSOURCED = "the first store opened in 1995 in Seattle";
const FINDING_REASON =
  "The notes say the first store opened in 1987 in Denver, not 1995 in Seattle";

const PILL = "[data-hd-badge] .pill[data-p]";

/**
 * The user's notes the long answer is drawn from: the evidence its parts are checked against (a
 * question alone would leave every part `no_evidence`, none underlined).
 */
const TREATY_NOTES =
  "Summarise my notes on the history of European treaties, one paragraph each. Notes: " +
  "The Peace of Westphalia of 1648, negotiated in Osnabrück and Münster, ended the Thirty Years' " +
  "War and the Eighty Years' War, and recognised the independence of the Dutch Republic and of " +
  "the Swiss Confederation. The Treaty of Utrecht of 1713 ended the War of the Spanish " +
  "Succession: Philip V kept the Spanish throne but renounced the French one, and Britain gained " +
  "Gibraltar and Minorca. The Treaty of Paris of 1951 founded the European Coal and Steel " +
  "Community of six members: Belgium, France, West Germany, Italy, Luxembourg and the " +
  "Netherlands. The Treaties of Rome of 1957 created the European Economic Community and " +
  "Euratom. The Treaty of Lisbon was signed in Lisbon on 13 December 2007 and came into force on " +
  "1 December 2009; it gave the European Parliament more powers and created the post of " +
  "President of the European Council. The Maastricht Treaty of 1992 created the European Union, " +
  "European citizenship and the path to the euro. The Schengen Agreement of 1985 abolished " +
  "border checks between its members.";

/** The answer to TREATY_NOTES: six paragraphs, longer together than one detect field. */
const TREATY_ANSWER = [
  "The Peace of Westphalia of 1648 was negotiated in the cities of Osnabrück and Münster. It " +
  "ended the Thirty Years' War and the Eighty Years' War. It also recognised the independence " +
  "of the Dutch Republic and of the Swiss Confederation, and historians often date the modern " +
  "system of sovereign states from it. The negotiations in Osnabrück and Münster lasted several " +
  "years before the peace was signed in 1648.",
  "The Treaty of Utrecht of 1713 ended the War of the Spanish Succession. Under its terms " +
  "Philip V kept the throne of Spain but renounced his claim to the French throne, so that the " +
  "two crowns would never be united. Britain gained Gibraltar and Minorca from Spain. The " +
  "settlement of Utrecht shaped the balance of power in Europe for the rest of the century.",
  "The Treaty of Paris of 1951 founded the European Coal and Steel Community. Its six founding " +
  "members were Belgium, France, West Germany, Italy, Luxembourg and the Netherlands. The same " +
  "six countries signed the Treaties of Rome in 1957, which created the European Economic " +
  "Community and Euratom. These communities were the first steps of European integration " +
  "after the war.",
  `In a little-known episode ${RISKY}. The Treaty of Lisbon came into force on 1 December ` +
  "2009. It gave the European Parliament more powers and created the post of President of the " +
  "European Council. It amended the treaties of Maastricht and Rome that the European Union " +
  "rests on.",
  "The Maastricht Treaty of 1992 created the European Union. It introduced European " +
  "citizenship for the nationals of its members and set out the path to a single currency, the " +
  "euro, which was introduced later in the decade. The Maastricht Treaty also added cooperation " +
  "on foreign policy and on justice to the economic community created by the Treaties of Rome.",
  "The Schengen Agreement of 1985 abolished border checks between its members. Taken " +
  "together, these treaties show how Europe moved from ending wars between its states, as at " +
  "Westphalia and Utrecht, to building common institutions, a common market and, for many of " +
  "its members, a common currency. Each treaty built on the ones signed before it.",
];

/** ChatGPT's current layout with one long answer (a fixed composer over the page's bottom). */
function longAnswerPage(
  paragraphs: string[],
  { dark = false, prompt = "Tell me about the history of European treaties." } = {},
): string {
  const answer = paragraphs.map((p) => `<p>${p}</p>`).join("");
  return `<!doctype html><html lang="en" class="${
    dark ? "dark" : "light"
  }"><head><meta charset="utf-8">
<style>body { margin: 0; font: 16px/1.6 sans-serif; background: ${dark ? "#212121" : "#fff"};
color: ${
    dark ? "#ececec" : "#0d0d0d"
  }; } #thread { max-width: 720px; margin: 0 auto; padding: 16px 16px 200px; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0,0,0,0); }
form.composer { position: fixed; left: 0; right: 0; bottom: 0; height: 150px; background: ${
    dark ? "#303030" : "#f4f4f4"
  }; }</style>
</head><body><main><div id="thread">
<article data-turn="user"><h5 class="sr-only">You said:</h5><div class="whitespace-pre-wrap">${prompt}</div></article>
<article data-turn="assistant"><h6 class="sr-only">ChatGPT said:</h6><div class="text-message"><div class="markdown prose">${answer}</div></div>
<div role="group"><button aria-label="Copy" data-testid="copy-turn-action-button">Copy</button></div></article>
</div></main><form class="composer"><div contenteditable="true"></div></form></body></html>`;
}

/** Waits until `ready()` holds (the extension works asynchronously), for at most 20 s. */
async function until(ready: () => boolean): Promise<void> {
  for (let waited = 0; !ready(); waited += 100) {
    if (waited > 20_000) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function shownPs(page: Page): Promise<number[]> {
  return await page.locator(PILL).evaluateAll((els) =>
    els.map((el) => Number(el.getAttribute("data-p")))
  );
}

Deno.test(needing("chromium", {
  name:
    "extension on six sites: one check and one unit per finished answer, claim highlights, no rebilling",
  async fn(t) {
    const detector = startDetector(({ response }) =>
      response.includes(RISKY)
        ? standInWithClaims(response, { risky: RISKY, p: 0.92 })
        : response.includes(FLAGGED_UNSOURCED)
        ? standInWithClaims(response, {
          risky: FLAGGED_UNSOURCED,
          p: 0.85,
          warnings: ["no_evidence"],
          reason: FINDING_REASON,
        })
        : response.includes(NO_SOURCES)
        ? {
          ...standInAnswer(0.3, ["no_evidence"]),
          regime_scores: [
            { regime: "NORMAL", p: 0.55 },
            { regime: "FABRICATED", p: 0.3 },
            { regime: "CF_AUTH", p: 0.1 },
            { regime: "FALSE_REFUSAL", p: 0.05 },
          ],
        }
        : undefined
    );
    const session = await startSession(detector);
    try {
      await session.signIn("sites@example.com", "Site Tester");
      for (const layout of LAYOUTS) await session.serve(layout.url, fixture(layout.fixture));

      for (const layout of LAYOUTS) {
        await t.step(`${layout.fixture}: finished at load, then the streamed answer`, async () => {
          const unitsBefore = (await session.usage()).currentPeriod.units;
          const page = await session.context.newPage();
          await page.goto(layout.url);
          await page.locator(PILL).first().waitFor();
          await page.locator('[data-hd-badge] [data-state="waiting"]').waitFor();
          assert.equal(detector.count(layout.finished.response), 1);
          assert.equal(detector.count(layout.streaming.partial), 0, "checked while streaming");
          const first = detector.log.find((s) => s.response === layout.finished.response)!;
          assert.equal(first.prompt, layout.finished.prompt);
          assert.deepEqual(await shownPs(page), [first.p]);

          await page.evaluate(finishStreaming, layout.finish);
          await page.locator(PILL).nth(1).waitFor();
          const streamed = detector.log.find((s) => s.response === layout.finish.text)!;
          assert.equal(streamed.prompt, layout.streaming.prompt);
          assert.deepEqual(await shownPs(page), [first.p, streamed.p]);
          // One unit for each answer: each fits one call.
          assert.equal((await session.usage()).currentPeriod.units - unitsBefore, 2);
          await page.close();
        });
      }
      const checks = LAYOUTS.length * 2;
      await t.step("each answer was checked exactly once and billed one unit", async () => {
        for (const layout of LAYOUTS) {
          assert.equal(detector.count(layout.finished.response), 1, layout.fixture);
          assert.equal(detector.count(layout.finish.text), 1, layout.fixture);
        }
        assert.equal(detector.log.length, checks);
        assert.equal((await session.usage()).currentPeriod.units, checks);
        // The extension called the configured server only; the pages were the sites' own.
        const origins = new Set(
          session.requests.filter((url) => /^https?:/.test(url)).map((url) => new URL(url).origin),
        );
        const allowed = new Set([session.api.url, ...LAYOUTS.map((l) => new URL(l.url).origin)]);
        assert.deepEqual([...origins].filter((o) => !allowed.has(o)), []);
        const detects = session.requests.filter((url) =>
          url === `${session.api.url}/api/web/detect`
        );
        assert.equal(detects.length, checks);
      });

      await t.step(
        "reopening a conversation shows its scores again and bills nothing",
        async () => {
          const layout = LAYOUTS[2];
          const page = await session.context.newPage();
          await page.goto(layout.url);
          await page.locator(PILL).first().waitFor();
          assert.deepEqual(await shownPs(page), [
            detector.log.find((s) => s.response === layout.finished.response)!.p,
          ]);
          assert.equal((await session.usage()).currentPeriod.units, checks);
          await page.close();
        },
      );

      await t.step(
        "a selection in a chat answer is checked with that turn's question",
        async () => {
          const layout = LAYOUTS[0];
          const page = await session.context.newPage();
          await page.goto(layout.url);
          await page.locator(PILL).first().waitFor();
          const selected = "It was first published in 1965 by Chilton Books.";
          await page.evaluate((text) => {
            const p = [...document.querySelectorAll(".markdown p")].find((el) =>
              el.textContent === text
            )!;
            const range = document.createRange();
            range.selectNodeContents(p);
            getSelection()!.removeAllRanges();
            getSelection()!.addRange(range);
          }, selected);
          await session.context.serviceWorkers()[0].evaluate(async (text) => {
            const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
            const onClicked = chrome.contextMenus.onClicked as unknown as {
              dispatch(info: unknown, tab: unknown): void;
            };
            onClicked.dispatch({
              menuItemId: "hd-check-selection",
              selectionText: text,
              frameId: 0,
            }, tab);
          }, selected);
          const panel = page.locator('#hd-selection-panel [role="dialog"]');
          await panel.locator(".title", { hasText: /%/ }).waitFor();
          const call = detector.log.find((s) => s.response === selected)!;
          assert.equal(call.prompt, layout.finished.prompt);
          // The turn's question quotes its source: the selection is scored against evidence, and
          // the panel shows the server's score.
          assert.deepEqual(call.warnings, []);
          const { bucket, percent } = shownRisk(call.p);
          assert.equal(await panel.getAttribute("data-state"), bucket);
          assert.match(
            await panel.locator(".title").innerText(),
            new RegExp(`^${bucket} ${percent}%`),
          );
          await page.close();
        },
      );

      await t.step("SPA navigation: the swapped-in conversation is checked once", async () => {
        const page = await session.context.newPage();
        await page.goto(LAYOUTS[0].url);
        await page.locator(PILL).first().waitFor();
        const swapped = "Ursula K. Le Guin wrote A Wizard of Earthsea in 1968.";
        await page.evaluate((text) => {
          history.pushState({}, "", "/c/7f000000-0000-4000-8000-000000000001");
          const reply = document.querySelector('article[data-turn="assistant"] .markdown')!;
          reply.innerHTML = `<p>${text}</p>`;
        }, swapped);
        await until(() => detector.count(swapped) > 0);
        await page.locator(`${PILL}[data-p="${detector.log.at(-1)!.p}"]`).waitFor();
        await page.waitForTimeout(1000);
        assert.equal(detector.count(swapped), 1);
        await page.close();
      });

      await t.step("'new answers only': a conversation rendered late is not billed", async () => {
        const popup = await session.popup();
        await popup.getByLabel("New answers only").check();
        await popup.getByTestId("settings-message").waitFor();
        await popup.close();
        const url = "https://chatgpt.com/c/7f000000-0000-4000-8000-000000000002";
        await session.serve(url, longAnswerPage([]));
        const page = await session.context.newPage();
        await page.goto(url);
        await page.waitForTimeout(1500);
        const late = "Mary Shelley published Frankenstein in 1818.";
        await page.evaluate((text) => {
          document.querySelector(".markdown")!.innerHTML = `<p>${text}</p>`;
        }, late);
        const idle = page.locator('[data-hd-badge] [data-state="idle"]');
        await idle.waitFor();
        assert.equal(detector.count(late), 0);
        await idle.click();
        await page.locator(PILL).waitFor();
        assert.equal(detector.count(late), 1);
        await page.close();
        const back = await session.popup();
        await back.getByLabel(/Every finished answer/).check();
        await back.getByTestId("settings-message").waitFor();
        await back.close();
      });

      await t.step("a site turned off in the popup gets no badge and no check", async () => {
        const popup = await session.popup();
        await popup.getByLabel("Gemini").uncheck();
        await popup.getByTestId("settings-message").waitFor();
        const gemini = LAYOUTS.find((l) => l.adapter === "gemini")!;
        const before = detector.log.length;
        const page = await session.context.newPage();
        await page.goto(gemini.url);
        await page.waitForTimeout(1500);
        assert.equal(await page.locator("[data-hd-badge]").count(), 0);
        assert.equal(detector.log.length, before);
        await page.close();
        await popup.getByLabel("Gemini").check();
        await popup.close();
      });

      await t.step(
        "a long answer in ceil(length / 2,048) calls, its risky claims underlined",
        async () => {
          const paragraphs = TREATY_ANSWER;
          assert.ok(codePointLength(paragraphs.join("\n")) > MAX_FIELD_CHARS, "not long");
          const url = "https://chatgpt.com/c/7f000000-0000-4000-8000-000000000003";
          const html = longAnswerPage(paragraphs, { prompt: TREATY_NOTES });
          await session.serve(url, html);
          const before = detector.log.length;
          const unitsBefore = (await session.usage()).currentPeriod.units;
          const page = await session.context.newPage();
          await page.goto(url);
          const pill = page.locator(PILL);
          await pill.waitFor();
          const markdownBefore = await page.locator(".markdown").innerHTML();
          await pill.evaluate((el) => el.scrollIntoView({ block: "center" }));
          await session.screenshot(page, "badge");

          const calls = detector.log.slice(before);
          // The fewest calls the answer's length allows, cut between sentences, nothing cut off.
          const answer = paragraphs.join("\n");
          assert.equal(calls.length, Math.ceil(codePointLength(answer) / MAX_FIELD_CHARS));
          for (const call of calls) {
            assert.ok(Array.from(call.response).length <= MAX_FIELD_CHARS);
            assert.match(call.response, /\.$/);
          }
          const squash = (text: string) => text.replace(/\s+/g, "");
          assert.equal(
            squash(
              calls.map((c) => c.response).sort((a, b) => answer.indexOf(a) - answer.indexOf(b))
                .join(""),
            ),
            squash(answer),
          );
          // Each with the notes, which cover its claims: every call is scored against evidence.
          for (const call of calls) {
            assert.equal(call.prompt, TREATY_NOTES);
            assert.deepEqual(call.warnings, [], call.response);
          }
          assert.equal(Number(await pill.getAttribute("data-p")), 0.92);
          assert.match(await pill.innerText(), /HIGH\s*92%/);

          // The risky claim (a sentence) is underlined from the call's claims, not its paragraph.
          const underlined = await page.evaluate(() =>
            Array.from(CSS.highlights.get("hd-risk-high") ?? [], (r) => (r as Range).toString())
          );
          // HIGH ones: the stand-in's risky claim, and any the real model scores HIGH in the
          // other call; each underlined as its own sentence.
          const highClaims = calls.flatMap((call) =>
            call.claims.filter((c) => shownRisk(c.p_hallucination).bucket === "HIGH")
              .map((c) => call.response.slice(c.start, c.end).trim())
          );
          assert.ok(highClaims.includes(`In a little-known episode ${RISKY}.`));
          const normal = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, " ")).sort();
          assert.deepEqual(normal(underlined), normal(highClaims));
          // Highlights paint over the page: its DOM (and so its copy button) is untouched.
          assert.equal(await page.locator(".markdown").innerHTML(), markdownBefore);

          // Hovering the underlined part shows its own score.
          const box = await page.evaluate(() => {
            const range = [...CSS.highlights.get("hd-risk-high")!][0] as Range;
            range.startContainer.parentElement!.scrollIntoView({ block: "center" });
            const rect = range.getClientRects()[0];
            return { x: rect.left + 5, y: rect.top + rect.height / 2 };
          });
          await page.mouse.move(box.x, box.y);
          await page.mouse.move(box.x + 2, box.y);
          const tooltip = page.locator("[data-hd-tooltip]");
          await tooltip.waitFor();
          assert.match(await tooltip.innerText(), /HIGH 92% · Invented facts · flagged/);
          await session.screenshot(page, "highlights");

          // The breakdown: calls and units, the flag explained; opens above when the composer
          // covers the space below; focus moves into it and Escape closes it.
          await pill.evaluate((el) => el.scrollIntoView({ block: "end" }));
          await page.evaluate(() => scrollBy(0, 140));
          await pill.click();
          const details = page.locator('[data-hd-badge] [role="dialog"]');
          await details.waitFor();
          assert.equal(await details.getAttribute("data-placement"), "above");
          // Every claim above LOW or flagged is underlined: the stand-in's risky one, and those
          // the real model scores MODERATE or higher in the other call.
          const claims = calls.flatMap((c) => c.claims);
          const shown = claims.filter((c) =>
            c.flag || shownRisk(c.p_hallucination).bucket !== "LOW"
          );
          // The units shown are the units billed: each call bills its prompt and its text.
          const units = calls.reduce((sum, c) => sum + unitsFor(c.prompt, c.response), 0);
          assert.equal((await session.usage()).currentPeriod.units - unitsBefore, units);
          assert.match(
            await details.getByTestId("usage-line").innerText(),
            new RegExp(
              `${calls.length} calls · ${units} units billed · ${shown.length} of ${claims.length} claims underlined`,
            ),
          );
          assert.match(await details.innerText(), /above this model's threshold/);
          // Focus moves in an effect, after the dialog is painted: wait for it, not for a frame.
          await page.waitForFunction(
            () =>
              document.activeElement?.shadowRoot?.activeElement?.getAttribute("role") === "dialog",
            undefined,
            { timeout: 5000 },
          );
          await session.screenshot(page, "breakdown-light");
          await page.keyboard.press("Escape");
          await details.waitFor({ state: "detached" });
          await page.close();

          // Dark: the site's own dark theme and the system's colour scheme.
          const darkUrl = "https://chatgpt.com/c/7f000000-0000-4000-8000-000000000004";
          await session.serve(
            darkUrl,
            longAnswerPage(paragraphs, { dark: true, prompt: TREATY_NOTES }),
          );
          const dark = await session.context.newPage();
          await dark.emulateMedia({ colorScheme: "dark" });
          await dark.goto(darkUrl);
          await dark.locator(PILL).waitFor();
          assert.equal(
            await dark.locator(PILL).evaluate((el) =>
              (el.getRootNode() as ShadowRoot).host.getAttribute("data-theme")
            ),
            "dark",
          );
          await dark.locator(PILL).evaluate((el) => el.scrollIntoView({ block: "end" }));
          await dark.evaluate(() => scrollBy(0, 140));
          await dark.locator(PILL).click();
          await dark.locator('[data-hd-badge] [role="dialog"]').waitFor();
          await session.screenshot(dark, "breakdown-dark");
          await dark.close();
        },
      );

      await t.step(
        "no evidence: 'not verifiable', only what is measured without sources",
        async () => {
          const url = "https://chatgpt.com/c/7f000000-0000-4000-8000-000000000005";
          await session.serve(
            url,
            longAnswerPage([`The village had 312 inhabitants ${NO_SOURCES}.`]),
          );
          const page = await session.context.newPage();
          await page.goto(url);
          const pill = page.locator('[data-hd-badge] .pill[data-state="not-verifiable"]');
          await pill.waitFor();
          assert.match(await pill.innerText(), /Not verifiable: no sources/);
          assert.equal(await pill.getAttribute("data-bucket"), null);
          await pill.click();
          const details = page.locator('[data-hd-badge] [role="dialog"]');
          // Citation form and refusal are measured without sources; invented facts are not.
          assert.deepEqual(
            await details.locator("[data-regime]").evaluateAll((els) =>
              els.map((el) => el.getAttribute("data-regime"))
            ),
            ["CF_AUTH", "FALSE_REFUSAL"],
          );
          assert.match(await details.innerText(), /Measured without sources/);
          assert.doesNotMatch(
            await details.innerText(),
            /Invented facts|above this model's threshold/,
          );
          assert.equal(await details.getByTestId("not-measured").count(), 1);
          assert.equal(await details.locator('[data-warning="no_evidence"]').count(), 1);
          await page.close();
        },
      );

      await t.step(
        "three paragraphs, one call: a flagged claim with no_evidence underlined with its finding",
        async () => {
          const paragraphs = [
            "Redstone Outfitters is an outdoor equipment retailer based in the western United " +
            "States. It sells tents, climbing gear and clothing, and it runs a repair service " +
            "for boots and jackets in most of its stores.",
            `According to the company's history page, ${FLAGGED_UNSOURCED} by John Carter, a ` +
            "former ski instructor. The chain expanded across the region during the following " +
            "decade, opening stores in several mountain towns.",
            "Today the company runs 42 stores and an online shop. It is known for its rental " +
            "programme, which lets customers try equipment before buying it, and for free " +
            "weekend workshops on navigation, map reading and first aid.",
          ];
          const length = codePointLength(paragraphs.join("\n"));
          assert.ok(length >= 650 && length <= 810, `${length} characters`);
          const url = "https://chatgpt.com/c/7f000000-0000-4000-8000-000000000006";
          await session.serve(
            url,
            longAnswerPage(paragraphs, { prompt: "Tell me about Redstone Outfitters." }),
          );
          const unitsBefore = (await session.usage()).currentPeriod.units;
          const before = detector.log.length;
          const page = await session.context.newPage();
          await page.goto(url);
          const pill = page.locator(PILL);
          await pill.waitFor();
          // One call and one unit for the whole answer.
          assert.equal(detector.log.length - before, 1);
          assert.equal((await session.usage()).currentPeriod.units - unitsBefore, 1);
          // Flagged despite no_evidence: a score, never "not verifiable".
          assert.equal(await pill.getAttribute("data-state"), "result");
          assert.match(await pill.innerText(), /HIGH\s*85%\s*flagged/);
          const underlined = await page.evaluate(() =>
            Array.from(CSS.highlights.get("hd-risk-high") ?? [], (r) => (r as Range).toString())
          );
          assert.deepEqual(underlined, [
            `According to the company's history page, ${FLAGGED_UNSOURCED} by John Carter, a ` +
            "former ski instructor.",
          ]);
          // The finding's reason shows with the underline and in the breakdown.
          const box = await page.evaluate(() => {
            const range = [...CSS.highlights.get("hd-risk-high")!][0] as Range;
            const rect = range.getClientRects()[0];
            return { x: rect.left + 5, y: rect.top + rect.height / 2 };
          });
          await page.mouse.move(box.x, box.y);
          await page.mouse.move(box.x + 2, box.y);
          const tooltip = page.locator("[data-hd-tooltip]");
          await tooltip.waitFor();
          assert.match(
            await tooltip.innerText(),
            new RegExp(`HIGH 85%.*flagged\n${FINDING_REASON}`),
          );
          await session.screenshot(page, "finding");
          await pill.click();
          const details = page.locator('[data-hd-badge] [role="dialog"]');
          assert.equal(await details.getByTestId("findings").innerText(), FINDING_REASON);
          assert.match(
            await details.getByTestId("usage-line").innerText(),
            /^1 call · 1 unit billed · 1 of 6 claims underlined$/,
          );
          assert.equal(await details.locator('[data-warning="no_evidence"]').count(), 1);
          // The toolbar's badge: this tab has one flagged answer.
          const badge = await session.context.serviceWorkers()[0].evaluate(async () => {
            const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
            return {
              text: await chrome.action.getBadgeText({ tabId: tab.id }),
              title: await chrome.action.getTitle({ tabId: tab.id }),
            };
          });
          assert.deepEqual(badge, {
            text: "1",
            title: "Hallucination check: 1 flagged answer on this page",
          });
          await page.close();
        },
      );
    } finally {
      await session.close();
      await detector.close();
    }
  },
}));
