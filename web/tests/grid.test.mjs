// The range grids of the Equity and Range panels in headless Chromium: the text and the grid
// kept in sync both ways with weights, from the mouse and the keyboard; ranges the grid
// cannot show kept as typed; the panels' results marked stale by an edit. Needs what
// playground.test.mjs needs: the page built (web/build.sh), the `hus` binary (cargo build)
// and Chromium (CHROMIUM, default /usr/bin/chromium).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { serveSite, launchBrowser, openReady, root, husBin as hus } from "./support.mjs";

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

const cell = (picker, cls) => page.locator(`#${picker}-picker .range-cells button[data-class="${cls}"]`);
// A cell's accessible name: its text (the class, then its weight in words).
const label = (picker, cls) => cell(picker, cls).textContent();
const note = (id) => page.locator(`#${id}-grid-note`).textContent();

test("a typed range with weights shows in the grid, each cell labelled with its weight", async () => {
  await page.fill("#equity-hero", "QQ+ | AK:0.5");
  assert.equal(await label("equity-hero", "AA"), "AA, in the range");
  assert.equal(await cell("equity-hero", "QQ").getAttribute("aria-pressed"), "true");
  assert.equal(await label("equity-hero", "AKs"), "AKs, weight 0.5");
  assert.equal(await cell("equity-hero", "AKo").getAttribute("aria-pressed"), "mixed");
  assert.equal(await cell("equity-hero", "AKs").locator(".w").textContent(), "0.5");
  assert.equal(await label("equity-hero", "JJ"), "JJ, not in the range");
  assert.equal(await page.locator("#equity-hero-picker .range-cells button.in").count(), 5);
  assert.equal(await note("equity-hero"), "");
});

test("clicking cells writes the range's compact text, at the weight field's weight", async () => {
  await page.fill("#equity-hero", "QQ+ | AK:0.5");
  await cell("equity-hero", "JJ").click();
  assert.equal(await page.inputValue("#equity-hero"), "JJ+ | AK:0.5");
  await page.fill("#equity-hero-weight", "0.25");
  await cell("equity-hero", "AKo").click();
  assert.equal(await page.inputValue("#equity-hero"), "JJ+ | AKs:0.5 | AKo:0.25");
  // A cell already at the weight leaves the range.
  await cell("equity-hero", "AKo").click();
  assert.equal(await page.inputValue("#equity-hero"), "JJ+ | AKs:0.5");
  assert.equal(await label("equity-hero", "AKo"), "AKo, not in the range");
  // A weight that is none is said next to its field, and a click changes nothing.
  await page.fill("#equity-hero-weight", "2");
  await cell("equity-hero", "72o").click();
  assert.equal(await page.inputValue("#equity-hero"), "JJ+ | AKs:0.5");
  assert.match(await page.locator("#equity-hero-weight-error").textContent(), /at most 1/);
  assert.equal(await page.getAttribute("#equity-hero-weight", "aria-invalid"), "true");
  await page.fill("#equity-hero-weight", "1");
  assert.equal(await page.locator("#equity-hero-weight-error").textContent(), "");
});

test("the grid is one tab stop: arrows move, Enter chooses, Delete takes out", async () => {
  await page.fill("#range-range", "AA");
  await cell("range-range", "AA").focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.class), "KK");
  await page.keyboard.press("Enter");
  assert.equal(await page.inputValue("#range-range"), "KK+");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Space");
  assert.equal(await page.inputValue("#range-range"), "KK+ | AKs");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Delete");
  assert.equal(await page.inputValue("#range-range"), "AA | AKs");
  assert.equal(await page.locator("#range-range-picker button[tabindex='0']").count(), 1);
  // Tab leaves the grid for the weight field.
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.id), "range-range-weight");
});

test("a range built on the grid is what hus range counts", async () => {
  await page.fill("#range-range", "");
  await page.fill("#range-board", "Kh8s4d");
  for (const cls of ["AA", "KK", "AKs"]) await cell("range-range", cls).click();
  await page.fill("#range-range-weight", "0.5");
  await cell("range-range", "AQo").click();
  const text = await page.inputValue("#range-range");
  assert.equal(text, "KK+ | AKs | AQo:0.5");
  await page.click("#range-run");
  await page.waitForSelector("#range-panel:not([aria-busy])");
  const printed = JSON.parse(spawnSync(hus, ["range", text, "--board", "Kh8s4d", "--json"], { encoding: "utf8" }).stdout);
  assert.deepEqual(JSON.parse(await page.locator("#range-json").textContent()), printed);
  await page.fill("#range-range-weight", "1");
});

test("single holdings keep the text as typed: the grid is an approximation and read-only", async () => {
  await page.fill("#equity-villain", "AhKh, QQ");
  assert.match(await note("equity-villain"), /approximation/);
  assert.equal(await label("equity-villain", "AKs"), "AKs, weight 0.25");
  assert.equal(await cell("equity-villain", "AKs").getAttribute("aria-disabled"), "true");
  // A click on the read-only grid (aria-disabled) changes nothing.
  await cell("equity-villain", "JJ").click({ force: true });
  assert.equal(await page.inputValue("#equity-villain"), "AhKh, QQ");
  // Text the grid cannot read yet is kept too, and said.
  await page.fill("#equity-villain", "QQ+ | AX");
  assert.match(await note("equity-villain"), /cannot read the text.*`AX`/);
  await cell("equity-villain", "JJ").click({ force: true });
  assert.equal(await page.inputValue("#equity-villain"), "QQ+ | AX");
  // Readable again: editable again.
  await page.fill("#equity-villain", "QQ+");
  assert.equal(await note("equity-villain"), "");
  await cell("equity-villain", "JJ").click();
  assert.equal(await page.inputValue("#equity-villain"), "JJ+");
  // WITH words narrow the range on the board: the note says what the grid shows.
  await page.fill("#equity-with", "topPair+");
  assert.match(await note("equity-villain"), /before them/);
  await page.fill("#equity-with", "");
  assert.equal(await note("equity-villain"), "");
});

test("an equity shown goes stale when a range changes on the grid, fresh when counted again", async () => {
  await page.fill("#equity-hero", "QQ+ | AK");
  await page.fill("#equity-villain", "22+");
  await page.fill("#equity-board", "");
  await page.click("#equity-run");
  await page.waitForSelector("#equity-panel:not([aria-busy])");
  assert.equal(await page.locator("#equity-table.stale").count(), 0);
  await cell("equity-villain", "AKs").click();
  assert.equal(await page.inputValue("#equity-villain"), "22+ | AKs");
  assert.equal(await page.locator("#equity-table.stale").count(), 1);
  assert.match(await page.locator("#equity-stale").textContent(), /^Out of date: the ranges or cards changed/);
  await page.click("#equity-run");
  await page.waitForSelector("#equity-panel:not([aria-busy])");
  assert.equal(await page.locator("#equity-table.stale").count(), 0);
  assert.equal(await page.locator("#equity-stale").textContent(), "");
  const printed = JSON.parse(spawnSync(hus, ["equity", "QQ+ | AK", "22+ | AKs", "--json"], { encoding: "utf8" }).stdout);
  assert.deepEqual(JSON.parse(await page.locator("#equity-json").textContent()), printed);
});

test("axe-core finds no violation with weighted, read-only and stale grids and results shown", async () => {
  await page.fill("#equity-hero", "QQ+ | AK:0.5 | 72o:0.25");
  await page.fill("#range-range", "AhKh, QQ");
  await page.click("#equity-run");
  await page.waitForSelector("#equity-panel:not([aria-busy])");
  await page.click("#chart-run");
  await page.waitForSelector("#chart-panel:not([aria-busy])");
  await page.click("#decide");
  await page.fill("#equity-hero", "QQ+ | AK:0.5");
  await page.evaluate(() => window.husEditor().setText(window.husEditor().text() + "\n"));
  assert.equal(await page.locator(".stale").count() > 0, true);
  await page.addScriptTag({ path: join(root, "web/node_modules/axe-core/axe.min.js") });
  const found = await page.evaluate(async () =>
    (await window.axe.run(document, { resultTypes: ["violations"] })).violations);
  assert.deepEqual(found.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`), []);
});
