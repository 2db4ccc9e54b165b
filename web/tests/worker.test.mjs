// The long tasks run in a worker: during a 10,000-hand match against builtin:equity the
// editor takes a key at once and Cancel ends the match at once; the match tells its progress;
// a large text is checked off the page. Needs what playground.test.mjs needs: the page built
// (web/build.sh) and Chromium (CHROMIUM, default /usr/bin/chromium). The bounds asserted are
// the page's promises (200 ms), measured inside the page.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveSite, launchBrowser, openReady } from "./support.mjs";

let server, browser, page;

before(async () => {
  server = await serveSite();
  browser = await launchBrowser();
  page = await openReady(browser, server.url);
});

after(async () => {
  await browser?.close();
  server?.close();
});

const busy = () => page.evaluate(() => document.getElementById("match-panel").ariaBusy === "true");

// Starts a 10,000-hand match of examples/tag.hus against builtin:equity and waits until its
// first hands are played (the flop table loaded, the worker counting).
async function startMatch(seed) {
  await page.selectOption("#example", "tag.hus");
  await page.selectOption("#opponent", "builtin:equity");
  await page.fill("#hands", "10000");
  await page.fill("#match-seed", String(seed));
  await page.click("#play");
  await page.waitForFunction(() => /\d hands played/.test(document.getElementById("match-progress").textContent),
    null, { timeout: 60000, polling: 20 });
  assert.ok(await busy(), "the match is still running");
}

test("during a match against builtin:equity a key typed into the editor appears within 200 ms", async () => {
  await startMatch(5);
  await page.evaluate(() => window.husEditor().select(0, 0));
  await page.locator("#script .cm-content").focus();
  // The time from just before the key is sent to the frame that shows it, seen by the page.
  await page.evaluate(() => {
    const content = document.querySelector("#script .cm-content");
    window.keySeen = new Promise((ok) => {
      const seen = new MutationObserver(() => {
        if (!window.husEditor().text().startsWith("Q")) return;
        seen.disconnect();
        requestAnimationFrame(() => ok({ ms: performance.now() - window.keySent,
          during: document.getElementById("match-panel").ariaBusy === "true" }));
      });
      seen.observe(content, { childList: true, subtree: true, characterData: true });
      setTimeout(() => ok({ ms: Infinity, during: false }), 10000);
    });
    window.keySent = performance.now();
  });
  await page.keyboard.type("Q");
  const { ms, during } = await page.evaluate(() => window.keySeen);
  assert.ok(during, "the key was shown while the match ran");
  assert.ok(ms < 200, `the key appeared after ${ms.toFixed(0)} ms`);
  await page.keyboard.press("Backspace");
  await page.waitForSelector("#match-panel:not([aria-busy])", { timeout: 120000 });
  assert.match(await page.locator("#match-summary").textContent(), /A: bot\.hus {2}B: builtin:equity\. A's result/);
});

test("Cancel ends a match against builtin:equity within 200 ms", async () => {
  await startMatch(6);
  const played = await page.locator("#match-progress").textContent();
  const ms = await page.evaluate(() => new Promise((ok) => {
    const t0 = performance.now();
    document.getElementById("play-cancel").click();
    const ended = () => document.getElementById("match-panel").ariaBusy !== "true"
      ? ok(performance.now() - t0) : setTimeout(ended, 5);
    ended();
  }));
  assert.ok(ms < 200, `the match ended ${ms.toFixed(0)} ms after Cancel`);
  assert.match(await page.locator("#match-progress").textContent(), /^Cancelled after [\d.]+ s\. [\d,]+ of 10,000 hands played$/);
  assert.ok(played.length > 0);
  // Nothing more comes from the ended match, and the next one plays in a fresh worker.
  await page.waitForTimeout(300);
  assert.match(await page.locator("#match-progress").textContent(), /^Cancelled/);
  assert.equal(await page.locator("#match-json").textContent(), "");
  await page.fill("#hands", "100");
  await page.click("#play");
  await page.waitForSelector("#match-panel:not([aria-busy])", { timeout: 60000 });
  assert.equal(JSON.parse(await page.locator("#match-json").textContent()).hands, 100);
});

test("a large text is checked off the page, with hus check's diagnostics", async () => {
  const text = "not a script at all\n".repeat(10000);
  await page.evaluate((t) => window.husEditor().setText(t), text);
  await page.waitForFunction(() => / error\(s\)/.test(document.getElementById("status").textContent),
    null, { timeout: 60000 });
  const shown = await page.locator("#diagnostics li").first().textContent();
  const expected = await page.evaluate((t) => JSON.parse(window.hus.check(t, "{}")).diagnostics[0], text);
  assert.equal(shown.split(" (help:")[0],
    `${expected.line}:${expected.column}: ${expected.severity}[${expected.code}]: ${expected.message}`);
});
