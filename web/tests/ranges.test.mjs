// The equity and range panels in headless Chromium, compared with `hus equity --json` and
// `hus range --json` on the same inputs, their errors, and the panels at phone width and from
// the keyboard. Needs what playground.test.mjs needs: the page built (web/build.sh), the `hus`
// binary (cargo build) and Chromium (CHROMIUM, default /usr/bin/chromium).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { serveSite, launchBrowser, openReady, husBin as hus } from "./support.mjs";

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

// Runs the hus binary: its exit code, stdout and stderr.
function husRun(args) {
  const r = spawnSync(hus, args, { encoding: "utf8" });
  return { code: r.status, out: r.stdout, err: r.stderr.trim() };
}

// Fills a panel's fields (id suffix -> text) and submits its form with the button.
async function submit(panel, fields) {
  for (const [id, text] of Object.entries(fields)) await page.fill(`#${panel}-${id}`, text);
  await page.click(`#${panel}-run`);
  await answered(panel);
}

// Waits for a panel's answer: it is counted in a worker, the panel busy meanwhile.
const answered = (panel) => page.waitForSelector(`#${panel}-panel:not([aria-busy])`);

const shownJson = async (panel) => JSON.parse(await page.locator(`#${panel}-json`).textContent());

const equityCases = [
  { hero: "QQ+ | AK", villain: "JJ | AQs", board: "", dead: "", with: "" },
  { hero: "AsKs", villain: "22+ | A2s+ | KTs+", board: "Kh8s4d", dead: "2c", with: "pair+ | flushDraw" },
];

for (const c of equityCases) {
  test(`the equity panel shows what hus equity prints: ${c.hero} against ${c.villain} on ${c.board || "no board"}`, async () => {
    await submit("equity", c);
    const args = ["equity", c.hero, c.villain, "--board", c.board, "--dead", c.dead];
    if (c.with) args.push("--villain-with", c.with);
    const json = husRun([...args, "--json"]);
    assert.equal(json.code, 0);
    assert.deepEqual(await shownJson("equity"), JSON.parse(json.out));
    assert.equal(await page.locator("#equity-table").textContent(), husRun(args).out);
    assert.equal(await page.locator("#equity-error").textContent(), "");
  });
}

const rangeCases = [
  { range: "22+ | A2s+ | KTs+ | AJo+", board: "Kh8s4d", dead: "", with: "" },
  { range: "QQ+ | AK | A5s-A2s | 76s:0.5", board: "Ah7h6c2d", dead: "5h", with: "topPair+ | flushDraw" },
];

for (const c of rangeCases) {
  test(`the range panel shows what hus range prints: ${c.range} on ${c.board}`, async () => {
    await submit("range", c);
    const args = ["range", c.range, "--board", c.board, "--dead", c.dead];
    if (c.with) args.push("--with", c.with);
    const json = husRun([...args, "--json"]);
    assert.equal(json.code, 0);
    assert.deepEqual(await shownJson("range"), JSON.parse(json.out));
    assert.equal(await page.locator("#range-table").textContent(), husRun(args).out);
    assert.equal(await page.locator("#range-grid svg").count(), 1);
    assert.equal(await page.locator("#range-error").textContent(), "");
  });
}

test("a range that cannot be read is shown as the error hus prints, and the old answer goes", async () => {
  await submit("equity", { hero: "QQ+", villain: "AX", board: "", dead: "", with: "" });
  const e = husRun(["equity", "QQ+", "AX"]);
  assert.equal(e.code, 2);
  assert.equal(await page.locator("#equity-error").textContent(), e.err);
  assert.equal(await page.locator("#equity-table").textContent(), "");
  assert.equal(await page.locator("#equity-json").textContent(), "");

  await submit("range", { range: "22+", board: "KhKh", dead: "", with: "" });
  const r = husRun(["range", "22+", "--board", "KhKh"]);
  assert.equal(r.code, 2);
  assert.equal(await page.locator("#range-error").textContent(), r.err);
  assert.equal(await page.locator("#range-grid svg").count(), 0);
});

test("the panels work from the keyboard and fit a phone's width", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.fill("#range-range", "AA");
    await page.fill("#range-board", "Kh8s4d");
    await page.fill("#range-with", "");
    await page.focus("#range-range");
    await page.keyboard.press("Enter");
    await answered("range");
    assert.equal((await shownJson("range")).combos, 6);
    for (const [id, text] of [["hero", "AKs"], ["villain", "QQ"], ["board", ""], ["dead", ""], ["with", ""]]) {
      await page.fill(`#equity-${id}`, text);
    }
    await page.focus("#equity-with");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.type("9c");
    await page.keyboard.press("Enter");
    await answered("equity");
    assert.equal((await shownJson("equity")).dead, "9c");
    for (const panel of ["#equity-panel", "#range-panel"]) {
      const box = await page.locator(panel).boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `${panel} fits: ${JSON.stringify(box)}`);
    }
  } finally {
    await page.setViewportSize({ width: 1200, height: 1800 });
  }
});
