// The editor's help with mistakes and files, and the page's states, in headless Chromium: a
// quick fix applied from the editor, completion of the added table and INCLUDE files, a
// re-check when a file is added or removed, a decision's warnings beside it, the loading
// state, the match fields' errors, and progress while an equity or range is counted. Needs
// what playground.test.mjs needs: the page built (web/build.sh), the `hus` binary (cargo
// build) and Chromium (CHROMIUM, default /usr/bin/chromium).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serveSite, launchBrowser, root, fieldError } from "./support.mjs";

let server, browser;

before(async () => {
  server = await serveSite();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** A page in a fresh browser context, with every uncaught error kept; ready unless `wait` is false. */
async function open({ wait = true, setup = () => {} } = {}) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 1000 } });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e));
  page.on("dialog", (d) => d.accept());
  await setup(page);
  await page.goto(server.url);
  if (wait) await page.waitForSelector("body[data-ready=true]");
  return page;
}

const text = (page) => page.evaluate(() => window.husEditor().text());
const setScript = (page, t) => page.evaluate((s) => window.husEditor().setText(s), t);
const status = (page) => page.locator("#status").textContent();
const TABLE = readFileSync(join(root, "examples/tag-open.tsv"));
const file = (name, body) => ({ name, mimeType: "text/plain", buffer: Buffer.from(body) });

test("a quick fix from the check is offered on the underline and applied to the text", async () => {
  const page = await open();
  await setScript(page, "PREFLOP\nRULE AK\n  THEN RAIS 3BB\nENDRULE\nENDPREFLOP\n");
  const mark = page.locator("#script .cm-lintRange-error").first();
  await mark.waitFor();
  await mark.hover();
  const fix = page.locator(".cm-tooltip-lint .cm-diagnosticAction");
  await fix.first().waitFor();
  assert.equal(await fix.count(), 1);
  assert.equal(await fix.first().textContent(), "Replace with `RAISE`");
  await fix.first().click();
  assert.equal(await text(page), "PREFLOP\nRULE AK\n  THEN RAISE 3BB\nENDRULE\nENDPREFLOP\n");
  await page.waitForFunction(() => document.getElementById("status").textContent === "No problems.");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** The labels the completion offers with the cursor at `offset`. */
async function completions(page, offset) {
  await page.evaluate((o) => window.husEditor().select(o, o), offset);
  await page.keyboard.press("Control+Space");
  const items = page.locator(".cm-tooltip-autocomplete li");
  await items.first().waitFor();
  const labels = await items.locator(".cm-completionLabel").allTextContents();
  await page.keyboard.press("Escape");
  return labels;
}

test("completion offers the added table files after USE TABLE and the added scripts after INCLUDE", async () => {
  const page = await open();
  await page.setInputFiles("#files", [file("mine.tsv", TABLE), file("defs.hus", "DEFINE big = 3BB\n"),
    file("notes.txt", "not a table")]);
  await page.locator("#file-list li", { hasText: "defs.hus" }).waitFor();
  const script = "INCLUDE \"\nPREFLOP\nRULE AK\n  THEN USE TABLE \nENDRULE\nENDPREFLOP\n";
  await setScript(page, script);
  assert.deepEqual(await completions(page, script.indexOf("\"") + 1), ["defs.hus"]);
  // The example's own table (tag.hus's, loaded with it) and the one added; not the text.
  assert.deepEqual(await completions(page, script.indexOf("TABLE ") + 6), ["mine.tsv", "tag-open.tsv"]);
  // In a text over 100,000 characters completion and the help at the cursor come from the
  // worker, with the same answers.
  const large = script + "// a long comment line that makes the script large\n".repeat(3000);
  await setScript(page, large);
  assert.deepEqual(await completions(page, large.indexOf("\"") + 1), ["defs.hus"]);
  await page.evaluate((o) => window.husEditor().select(o, o), large.indexOf("PREFLOP") + 2);
  await page.waitForFunction(() => /PREFLOP/.test(document.getElementById("help").textContent));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("adding a missing table checks again and its error goes; removing it brings it back", async () => {
  const page = await open();
  await setScript(page, "PREFLOP\nRULE AK\n  THEN USE TABLE missing.tsv\nENDRULE\nENDPREFLOP\n");
  await page.waitForFunction(() => /table-missing/.test(document.getElementById("diagnostics").textContent));
  assert.equal(await status(page), "1 error(s), 0 warning(s).");
  await page.setInputFiles("#files", [file("missing.tsv", TABLE)]);
  await page.waitForFunction(() => document.getElementById("status").textContent === "No problems.");
  assert.equal(await page.locator("#diagnostics li").count(), 0);
  await page.click("#file-list button[aria-label='Remove missing.tsv']");
  await page.waitForFunction(() => /table-missing/.test(document.getElementById("diagnostics").textContent));
  assert.equal(await page.locator("#file-list li", { hasText: "missing.tsv" }).count(), 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

const GAME = `<game><init><BB>20</BB><SB>10</SB><heroStack>1000</heroStack>
<villainStack>1000</villainStack><heroCards><card rank="A" color="Spades"/>
<card rank="K" color="Hearts"/></heroCards></init><posts>
<post player="Hero" amount="10">SB</post><post player="Villain" amount="20">BB</post>
</posts><preflop></preflop></game>
`;

test("a decision's warnings are listed beside it", async () => {
  const page = await open();
  await setScript(page, "PREFLOP\nRULE AK\n  THEN RAISE 3BB\nENDRULE\nRULE AK\n  THEN CALL\nENDRULE\nENDPREFLOP\n");
  await page.fill("#xml", GAME);
  await page.click("#xml-use");
  const shown = await page.locator("#decision-warnings li").allTextContents();
  const r = await page.evaluate((xml) =>
    JSON.parse(window.hus.decide(window.husEditor().text(), xml, "{}", 1n)), GAME);
  assert.ok(r.decision, JSON.stringify(r));
  assert.ok(r.warnings.length > 0);
  assert.deepEqual(shown, r.warnings.map((d) =>
    `${d.file}:${d.line}:${d.column}: warning[${d.code}]: ${d.message}`));
  assert.ok(r.warnings.some((d) => d.code === "several-rules-matched"));
  // A script without the second rule decides without a warning: the list is emptied.
  await setScript(page, "PREFLOP\nRULE AK\n  THEN RAISE 3BB\nENDRULE\nENDPREFLOP\n");
  await page.click("#decide");
  assert.equal(await page.locator("#decision-warnings li").count(), 0);
  await page.context().close();
});

test("the page says it is loading, with its controls disabled, until the library is ready", async () => {
  let release;
  const held = new Promise((ok) => { release = ok; });
  const page = await open({
    wait: false,
    setup: (p) => p.route("**/hus_web_bg.wasm", async (route) => { await held; await route.continue(); }),
  });
  await page.locator("#loading").waitFor();
  assert.match(await page.locator("#loading").textContent(), /^Loading the playground/);
  assert.equal(await page.getAttribute("main", "inert"), "");
  await page.waitForSelector("#play[disabled]", { state: "attached" });
  assert.equal(await page.locator("#example").isDisabled(), true);
  release();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await page.locator("#loading").count(), 0);
  assert.equal(await page.getAttribute("main", "inert"), null);
  for (const id of ["#play", "#example", "#format", "#decide", "#hands"]) {
    assert.equal(await page.locator(id).isEnabled(), true, id);
  }
  // Buttons that start disabled stay so.
  assert.equal(await page.locator("#play-cancel").isDisabled(), true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the match's blinds and stack say what is wrong next to them as they are typed", async () => {
  const page = await open();
  for (const bad of ["100/50", "abc", "0/100", "50/100/200", "1e3/2e3"]) {
    await page.fill("#match-blinds", bad);
    assert.match(await fieldError(page, "match-blinds"), /^Blinds: SB\/BB in chips/, bad);
    assert.equal(await page.getAttribute("#match-blinds", "aria-invalid"), "true");
  }
  await page.fill("#match-blinds", "50/100");
  assert.equal(await fieldError(page, "match-blinds"), "");
  for (const bad of ["1e3", "1.5", "-1", "0", "abc", "21474837"]) {
    await page.fill("#match-stack", bad);
    assert.match(await fieldError(page, "match-stack"), /^Stack: a whole number of big blinds from 1 to 21474836 /, bad);
  }
  await page.fill("#hands", "10");
  await page.click("#play");
  await page.waitForFunction(() => /^Not played/.test(document.getElementById("match-summary").textContent));
  // A larger big blind lowers the largest stack, said as the blinds are typed.
  await page.fill("#match-stack", "300000");
  assert.equal(await fieldError(page, "match-stack"), "");
  await page.fill("#match-blinds", "5000/10000");
  assert.match(await fieldError(page, "match-stack"), /from 1 to 214748 /);
  await page.fill("#match-blinds", "50/100");
  await page.fill("#match-stack", "100");
  assert.equal(await fieldError(page, "match-stack"), "");
  await page.click("#play");
  await page.waitForSelector("#match-panel:not([aria-busy])", { timeout: 60000 });
  assert.equal(JSON.parse(await page.locator("#match-json").textContent()).hands, 10);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Keeps every text the panel's progress line shows from now on. */
const watchProgress = (page, panel) => page.evaluate((p) => {
  const line = document.getElementById(`${p}-progress`);
  window.husSeen = [];
  new MutationObserver(() => window.husSeen.push(line.textContent))
    .observe(line, { childList: true, characterData: true, subtree: true });
}, panel);

test("an equity count shows the boards counted and can be cancelled; a range's next cards show too", async () => {
  const page = await open();
  await page.waitForSelector("#equity-panel:not([aria-busy])");
  await watchProgress(page, "equity");
  // Ace-king against every pair with a dead card: each board holding the 2c is counted.
  await page.fill("#equity-hero", "AK");
  await page.fill("#equity-villain", "22+");
  await page.fill("#equity-dead", "2c");
  await page.click("#equity-run");
  await page.waitForFunction(() => window.husSeen.some((t) => / of 249,900 boards counted/.test(t)),
    null, { timeout: 120000 });
  const counted = await page.evaluate(() => window.husSeen.find((t) => /boards counted/.test(t)));
  assert.match(counted, /^[\d,]+ of 249,900 boards counted \(\d+\.\d s\)$/);
  if (await page.locator("#equity-panel[aria-busy]").count()) {
    await page.click("#equity-cancel");
    assert.match(await page.locator("#equity-progress").textContent(), /^Cancelled after/);
  }
  await page.waitForSelector("#range-panel:not([aria-busy])");
  await watchProgress(page, "range");
  await page.fill("#range-range", "22+ | A2s+ | KTs+ | AJo+");
  await page.fill("#range-board", "Kh8s4d");
  await page.check("#range-next");
  await page.click("#range-run");
  await page.waitForSelector("#range-panel:not([aria-busy])", { timeout: 120000 });
  const seen = await page.evaluate(() => window.husSeen);
  assert.ok(seen.some((t) => /^\d+ of 50 boards counted/.test(t)), JSON.stringify(seen));
  assert.match(await page.locator("#range-table").textContent(), /^board Kh 8s 4d, dead -: 156 combos/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
