/**
 * The structural fallback in real Chromium with the built extension, against the real API and
 * detector: on the pages written with markups no adapter knows (served at each site's own URL, so
 * the site's adapter runs first and finds nothing), and on every saved site fixture with its
 * site's adapter switched off (served on a loopback address, whose adapter knows only the
 * extension's own markup). Each finished answer is checked once for one unit; the streaming one
 * is not checked while it streams, even when its text stops changing for longer than the settling
 * time, and is checked once, for one unit, after it ends.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { needing } from "../support/env.ts";
import { startDetector } from "./support/backend.ts";
import { startSession } from "./support/browser.ts";
import { finishStreaming, type Layout, LAYOUTS } from "./support/layouts.ts";
import { UNSEEN_LAYOUTS } from "./support/unseen_layouts.ts";

const FIXTURES = new URL("./fixtures/", import.meta.url);
const fixture = (name: string) => Deno.readTextFileSync(new URL(`${name}.html`, FIXTURES));
const PILL = "[data-hd-badge] .pill[data-p]";
/** Longer than the tracker's two seconds of settling: a pause in a stream. */
const STREAM_PAUSE_MS = 3_000;

/** The site fixtures at a loopback address: the site's adapter is not the one that runs there. */
const ADAPTER_OFF: readonly Layout[] = LAYOUTS.map((layout, i) => ({
  ...layout,
  url: `http://127.0.0.1:9/adapter-off/${i}/${layout.fixture}`,
}));

Deno.test(needing("chromium", {
  name: "structural fallback: unseen layouts and adapters switched off, one unit per answer",
  async fn(t) {
    const detector = startDetector();
    const session = await startSession(detector);
    let handled = 0;
    try {
      await session.signIn("fallback@example.com", "Fallback Tester");
      const all = [...UNSEEN_LAYOUTS, ...ADAPTER_OFF];
      for (const layout of all) await session.serve(layout.url, fixture(layout.fixture));
      for (const layout of all) {
        await t.step(
          `${layout.url.startsWith("http://127.") ? "adapter off" : "unseen"}: ${layout.fixture}`,
          async () => {
            const unitsBefore = (await session.usage()).currentPeriod.units;
            const page: Page = await session.context.newPage();
            await page.goto(layout.url);
            await page.locator(PILL).first().waitFor();
            assert.equal(detector.count(layout.finished.response), 1);
            const checked = detector.log.findLast((s) => s.response === layout.finished.response)!;
            assert.equal(checked.prompt, layout.finished.prompt);
            // The streaming answer: still not checked after a pause longer than the settling time.
            await page.waitForTimeout(STREAM_PAUSE_MS);
            assert.equal(detector.count(layout.streaming.partial), 0, "checked while streaming");
            assert.equal(await page.locator(PILL).count(), 1);
            await page.evaluate(finishStreaming, layout.finish);
            await page.locator(PILL).nth(1).waitFor();
            assert.equal(detector.count(layout.finish.text), 1);
            const streamed = detector.log.findLast((s) => s.response === layout.finish.text)!;
            assert.equal(streamed.prompt, layout.streaming.prompt);
            // Nothing else was sent, and the two answers cost one unit each.
            assert.equal(detector.count(layout.streaming.partial), 0);
            const units = (await session.usage()).currentPeriod.units - unitsBefore;
            assert.equal(units, 2, `${units} units for two short answers`);
            await page.close();
            handled++;
          },
        );
      }
      console.log(`fallback alone: ${handled} of ${all.length} layouts`);
      assert.equal(handled, all.length);
    } finally {
      await session.close();
      await detector.close();
    }
  },
}));
