// The playground as a page one keeps open, in headless Chromium: work survives a reload and
// travels in a Share link, an example asks before it replaces an edited script, number
// fields say what is wrong next to them, help is rendered (never raw Markdown), and axe-core
// finds no accessibility violation. Needs the page built (web/build.sh), the `hus` binary
// (cargo build) and Chromium (CHROMIUM, default /usr/bin/chromium).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { serveSite, launchBrowser, root, husBin as hus, fieldError } from "./support.mjs";

const axe = join(root, "web/node_modules/axe-core/axe.min.js");
let server, browser, url;

before(async () => {
  server = await serveSite();
  url = server.url;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** A page in a fresh browser context (its own storage), with every uncaught error kept. */
async function open(address = url, width = 1366) {
  const context = await browser.newContext({ viewport: { width, height: 1000 } });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e));
  await page.goto(address);
  await page.waitForSelector("body[data-ready=true]");
  return page;
}

const text = (page) => page.evaluate(() => window.husEditor().text());
const setScript = (page, t) => page.evaluate((s) => window.husEditor().setText(s), t);
const saved = (page) => page.evaluate(() => JSON.parse(localStorage.getItem("hus-playground")));
const SCRIPT = "// mine: a bot kept with its situation\nPREFLOP\n  RULE AK\n    THEN RAISE 3BB\n  ENDRULE\nENDPREFLOP\n";

/** A situation: blinds changed, both seats' cards, acts, the flop dealt and acted on. */
async function situation(page) {
  await page.fill("#sb", "25");
  await page.fill("#bb", "50");
  for (const c of ["Th", "Td", "9c", "8c"]) await page.click(`#card-${c}`);
  await page.click("#act-call");
  await page.click("#act-check");
  await page.click("#deal");
  for (const c of ["2s", "3s", "4s"]) await page.click(`#card-${c}`);
  await page.click("#act-check");
}

test("a Share link restores the script and the situation exactly in a fresh browser", async () => {
  const page = await open();
  await setScript(page, SCRIPT);
  await page.fill("#second", "// the second script\n");
  await page.dispatchEvent("#second", "input");
  await situation(page);
  const xml = await page.inputValue("#xml");
  await page.click("#share");
  await page.waitForFunction(() => document.getElementById("share-link").value.includes("#share="));
  const link = await page.inputValue("#share-link");
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#share=[A-Za-z0-9_-]+$/);
  const other = await open(link);
  assert.equal(await text(other), SCRIPT);
  assert.equal(await other.inputValue("#xml"), xml);
  assert.equal(await other.inputValue("#second"), "// the second script\n");
  assert.equal(await other.locator("#card-Th").getAttribute("aria-pressed"), "true");
  assert.equal(await other.evaluate(() => location.hash), "", "the link is taken, then the work is kept here");
  assert.deepEqual([...page.errors, ...other.errors], []);
  await page.context().close();
  await other.context().close();
});

test("a reload keeps the script, the second script, the files and the situation", async () => {
  const page = await open();
  await setScript(page, SCRIPT);
  await situation(page);
  const xml = await page.inputValue("#xml");
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await text(page), SCRIPT);
  assert.equal(await page.inputValue("#xml"), xml);
  assert.ok("tag-open.tsv" in (await saved(page)).files);
  assert.match(await page.locator("#file-list").textContent(), /tag-open\.tsv/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("an example asks before it replaces an edited script, and is not an undo step", async () => {
  const page = await open();
  const dialogs = [];
  let answer = "dismiss";
  page.on("dialog", (d) => { dialogs.push(d.message()); d[answer](); });
  // An unedited example is replaced without a question.
  await page.selectOption("#example", "first.hus");
  assert.equal(dialogs.length, 0);
  const first = await text(page);
  // Undo right after loading changes nothing (loading is not an edit).
  await page.locator("#script .cm-content").click();
  await page.keyboard.press("Control+z");
  assert.equal(await text(page), first);
  await page.keyboard.type("// edited\n");
  const edited = await text(page);
  await page.keyboard.press("Escape");
  await page.locator("#example").focus();
  await page.keyboard.press("ArrowDown");
  await page.evaluate(() => 0); // the change event, and its question, are over
  assert.equal(dialogs.length, 1);
  assert.match(dialogs[0], /^Replace your edited script with /);
  assert.equal(await text(page), edited, "a no keeps the edits");
  assert.equal(await page.inputValue("#example"), "first.hus");
  answer = "accept";
  await page.selectOption("#example", "tag.hus");
  assert.equal(dialogs.length, 2);
  assert.equal(await text(page), readFileSync(join(root, "examples/tag.hus"), "utf8"));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("number fields say what is wrong next to them, and seeds are kept exactly", async () => {
  const page = await open();
  for (const c of ["As", "Kc"]) await page.click(`#card-${c}`);
  await page.click("#decide");
  const good = await page.textContent("#decision-text");
  assert.notEqual(good, "");
  for (const bad of ["1e3", "1.5", "-1", "18446744073709551616", ""]) {
    await page.fill("#seed", bad);
    await page.click("#decide");
    assert.match(await fieldError(page, "seed"), /^Seed: a whole number from 0 to 18446744073709551615/, bad);
    assert.equal(await page.getAttribute("#seed", "aria-invalid"), "true");
    assert.match(await page.textContent("#decision-text"), /^Not decided/);
    assert.equal(await page.textContent("#decision"), "");
  }
  // The largest seed is used as it is written and shown with all its digits.
  const big = "18446744073709551615";
  await page.fill("#seed", big);
  await page.click("#decide");
  assert.equal(await fieldError(page, "seed"), "");
  const shown = await page.textContent("#decision");
  assert.match(shown, new RegExp(`"seed": ${big}\\b`));
  const dir = mkdtempSync(join(tmpdir(), "hus-web-"));
  writeFileSync(join(dir, "bot.hus"), await text(page));
  writeFileSync(join(dir, "tag-open.tsv"), readFileSync(join(root, "examples/tag-open.tsv")));
  writeFileSync(join(dir, "game.xml"), await page.inputValue("#xml"));
  const cli = spawnSync(hus, ["decide", "--json", "--seed", big, "bot.hus", "game.xml"], { cwd: dir, encoding: "utf8" });
  assert.match(cli.stdout, new RegExp(`"seed":\\s*${big}\\b`));
  // Hands past what the page plays, or not whole, are said next to the field; nothing plays.
  for (const [bad, said] of [["1e3", /^Hands: a whole number from 1 to 1,000,000/], ["1000001", /^Hands:/],
    ["0", /^Hands:/]]) {
    await page.fill("#hands", bad);
    await page.click("#play");
    await page.waitForFunction(() => /^Not played/.test(document.getElementById("match-summary").textContent));
    assert.match(await fieldError(page, "hands"), said);
  }
  await page.fill("#hands", "11");
  await page.check("#duplicate");
  assert.match(await fieldError(page, "hands"), /even number/);
  await page.uncheck("#duplicate");
  assert.equal(await fieldError(page, "hands"), "");
  await page.fill("#match-seed", "-1");
  await page.click("#play");
  await page.waitForFunction(() => /^Not played/.test(document.getElementById("match-summary").textContent));
  assert.match(await fieldError(page, "match-seed"), /^Seed:/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("help is rendered, every name has it, and the reference is one link away", async () => {
  const page = await open();
  await setScript(page, "FLOP\n  RULE equityVs(QQ+) > potOdds\n    THEN CALL\n  ENDRULE\nENDFLOP\n");
  const word = page.locator("#script .cm-line span", { hasText: /^equityVs$/ }).first();
  await word.hover();
  const tip = page.locator(".cm-tooltip-hover .hus-hover");
  await tip.waitFor();
  assert.equal(await tip.locator("strong").first().textContent(), "equityVs");
  assert.equal(await tip.locator("code").first().textContent(), "equityVs(QQ+ | AK)");
  assert.doesNotMatch(await tip.textContent(), /\*\*|`/);
  await page.evaluate(() => window.husEditor().select(14, 14));
  await page.waitForFunction(() => document.querySelector("#help strong")?.textContent === "equityVs");
  assert.doesNotMatch(await page.textContent("#help"), /\*\*|`/);
  // Completion's help is rendered too.
  await page.evaluate(() => window.husEditor().select(12, 12));
  await page.keyboard.press("Control+Space");
  const info = page.locator(".cm-completionInfo .hus-info");
  await info.waitFor();
  assert.doesNotMatch(await info.textContent(), /\*\*/);
  const ref = await page.getAttribute("a[href='reference.html']", "href");
  const reference = await page.context().newPage();
  await reference.goto(url + ref);
  await reference.waitForSelector("body[data-ready=true]");
  assert.ok(await reference.locator("h1, h2").count() > 10);
  assert.match(await reference.locator("li", { hasText: /^equityVs: the chance of winning/ }).first().textContent(), /^equityVs/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the equity and range tables scroll in their box at a phone's width, from the keyboard too", async () => {
  const page = await open(url, 390);
  await page.fill("#equity-hero", "AA | KK | QQ | JJ | TT | 99 | AKs | AQs");
  await page.click("#equity-run");
  for (const id of ["equity-table", "range-table"]) {
    const box = await page.evaluate((i) => {
      const e = document.getElementById(i);
      return { scroll: e.scrollWidth, client: e.clientWidth, overflow: getComputedStyle(e).overflowX,
        tab: e.tabIndex, page: document.documentElement.scrollWidth };
    }, id);
    assert.ok(box.scroll > box.client, `${id} is wider than its box: ${JSON.stringify(box)}`);
    assert.equal(box.overflow, "auto");
    assert.equal(box.tab, 0, `${id} is reached with Tab to scroll it`);
    assert.equal(box.page, 390);
  }
  await page.context().close();
});

test("the 52 cards are one tab stop, the arrow keys move in them", async () => {
  const page = await open();
  await page.locator("#pick-button").focus();
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.id), "card-As");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  assert.equal(await page.evaluate(() => document.activeElement.id), "card-Kh");
  await page.keyboard.press("Enter");
  assert.equal(await page.getAttribute("#card-Kh", "aria-pressed"), "true");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.id), "act-fold");
  await page.keyboard.press("Shift+Tab");
  assert.equal(await page.evaluate(() => document.activeElement.id), "card-Kh", "back to the card last used");
  assert.equal(await page.locator("#deck button[tabindex='0']").count(), 1);
  await page.context().close();
});

/** axe-core's violations on the page as it is now: `id: target, ...` lines. */
async function violations(page) {
  await page.addScriptTag({ path: axe });
  const found = await page.evaluate(async () =>
    (await window.axe.run(document, { resultTypes: ["violations"] })).violations);
  return found.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}

for (const width of [1366, 390]) {
  test(`axe-core finds no violation at ${width} px: at first, after a match, a chart and an equity query`, async () => {
    const page = await open(url, width);
    assert.deepEqual(await violations(page), [], "the page at first");
    await page.fill("#hands", "200");
    await page.click("#play");
    await page.waitForSelector("#match-tables table");
    await page.click("#chart-run");
    await page.locator("#chart-grid .chart-cell").first().click();
    await page.fill("#equity-board", "Kh8s4d");
    await page.click("#equity-run");
    await page.click("#decide");
    assert.deepEqual(await violations(page), [], "after a match, a chart and an equity query");
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
