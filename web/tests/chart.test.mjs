// The chart panel in headless Chromium: any spot and board in `hus chart`'s notation, its
// answer exactly `hus chart --json`'s for the same flags (before and after the flop), each
// cell what `hus decide` decides for its hand, errors next to their fields, and results
// marked stale after an edit until drawn again. Needs what playground.test.mjs needs: the
// page built (web/build.sh), the `hus` binary (cargo build) and Chromium.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { serveSite, launchBrowser, openReady, root, husBin as hus } from "./support.mjs";

let server, browser, page, dir;

before(async () => {
  server = await serveSite();
  browser = await launchBrowser();
  page = await openReady(browser, server.url, (p) => p.on("dialog", (d) => d.accept()));
  await page.selectOption("#example", "tag.hus");
  // The binary reads the same script under the page's name for it, with its table.
  dir = mkdtempSync(join(tmpdir(), "hus-chart-"));
  writeFileSync(join(dir, "bot.hus"), readFileSync(join(root, "examples/tag.hus"), "utf8"));
  writeFileSync(join(dir, "tag-open.tsv"), readFileSync(join(root, "examples/tag-open.tsv"), "utf8"));
});

after(async () => {
  await browser?.close();
  server?.close();
});

// Fills the chart's fields and draws it; the panel is busy while the worker charts.
async function chart({ spot = "", board = "", stack = "100", range = "", all = false }) {
  await page.fill("#chart-spot", spot);
  await page.fill("#chart-board", board);
  await page.fill("#chart-stack", stack);
  await page.fill("#chart-range", range);
  await page.setChecked("#chart-all", all);
  await page.click("#chart-run");
  await page.waitForSelector("#chart-panel:not([aria-busy])");
}

// `hus chart bot.hus` with the flags the page's fields stand for: its JSON object.
function husChart(args) {
  const r = spawnSync(hus, ["chart", "bot.hus", ...args, "--json"], { cwd: dir, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

const shown = async () => JSON.parse(await page.locator("#chart-json").textContent());

test("a chart before the flop is hus chart's, and each cell is what hus decide decides for its hand", async () => {
  const spot = "BTN 2.5bb, BB 3bet 9bb";
  await chart({ spot });
  const answer = await shown();
  assert.deepEqual(answer, husChart(["--spot", spot]));
  assert.equal(await page.locator("#chart-grid .chart-cell").count(), 169);
  const request = JSON.stringify({ spot, board: "", stack: 100, range: "", all_holdings: false });
  const xmls = await page.evaluate(([s, hands]) => hands.map((h) => JSON.parse(window.hus.chart_game(s, h)).xml),
    [request, answer.cells.map((c) => c.hand)]);
  answer.cells.forEach((cell, i) => {
    writeFileSync(join(dir, "game.xml"), xmls[i]);
    const r = spawnSync(hus, ["decide", "--json", "--seed", "0", "bot.hus", "game.xml"], { cwd: dir, encoding: "utf8" });
    const d = JSON.parse(r.stdout);
    assert.ok(cell.actions.some((a) => a.action === d.action && a.by === d.amount),
      `${cell.class}: hus decide says ${d.action} ${d.amount}, the cell ${JSON.stringify(cell.actions)}`);
  });
  // From the keyboard: the grid's one tab stop, an arrow to AKs, Enter explains it.
  await page.locator("#chart-grid .chart-cell").first().focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  assert.match(await page.locator("#chart-cell").textContent(), /^AKs: .*With AsKs, seed 0 decides .*rule at line \d+/);
  assert.match(await page.locator("#chart-trace").textContent(), /line \d+/);
  assert.equal(await page.locator("#chart-grid button[tabindex='0']").count(), 1);
});

test("a chart after the flop is hus chart's, over the range brought there, with its rows by category", async () => {
  const spot = "BTN 4bb, BB call, BB check";
  await chart({ spot, board: "Kh8s4d" });
  const answer = await shown();
  assert.deepEqual(answer, husChart(["--spot", spot, "--board", "Kh8s4d"]));
  assert.equal(answer.range.source, "bot.hus brings here");
  assert.match(await page.locator("#chart-heading").textContent(), /over the [\d.]+ combos bot\.hus brings here/);
  const rows = await page.locator("#chart-categories tbody tr").count();
  assert.equal(rows, answer.made.filter((r) => r.weight > 0).length + answer.draws.filter((r) => r.weight > 0).length);
  assert.ok(rows > 0);
  // A class the range never holds says so; a written range and every holding alike too.
  assert.ok(await page.locator("#chart-grid .chart-cell.never").count() > 0);
  await chart({ spot, board: "Kh8s4d", range: "QQ+, AK, KQs:0.5" });
  assert.deepEqual(await shown(), husChart(["--spot", spot, "--board", "Kh8s4d", "--range", "QQ+, AK, KQs:0.5"]));
  await chart({ spot: "BTN 4bb, BB call, BB check, BTN check", board: "Kh8s4dQc", all: true });
  assert.deepEqual(await shown(),
    husChart(["--spot", "BTN 4bb, BB call, BB check, BTN check", "--board", "Kh8s4dQc", "--all-holdings"]));
});

test("a spot, board, stack or range the library refuses is said next to its field, never thrown", async () => {
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const cases = [
    [{ spot: "BTN 2.5bb, BB dance" }, "spot", /dance/],
    [{ spot: "BTN 4bb, BB call", board: "Kh8s" }, "board", /3, 4 or 5 cards/],
    [{ board: "Kh8sXx" }, "board", /board `Kh8sXx`/],
    [{ stack: "0.5" }, "stack", /stack/],
    [{ stack: "" }, "stack", /big blinds/],
    [{ spot: "BTN 4bb, BB call, BB check", board: "Kh8s4d", range: "QQ+ | AX" }, "range", /AX/],
    [{ spot: "BTN 4bb, BB call, BB check", board: "Kh8s4d", range: "QQ+", all: true }, "range", /not both/],
  ];
  for (const [fields, field, message] of cases) {
    await chart(fields);
    assert.match(await page.locator(`#chart-${field}-error`).textContent(), message, JSON.stringify(fields));
    assert.equal(await page.getAttribute(`#chart-${field}`, "aria-invalid"), "true");
    assert.equal(await page.locator("#chart-grid .chart-cell").count(), 0, "no old cells stay");
    assert.equal(await page.locator("#chart-json").textContent(), "");
  }
  await chart({});
  assert.equal(await page.locator("#chart-grid .chart-cell").count(), 169);
  for (const field of ["spot", "board", "stack", "range"]) {
    assert.equal(await page.locator(`#chart-${field}-error`).textContent(), "", field);
  }
  assert.deepEqual(errors, []);
});

test("after the script changes, the chart, the decision and the match are marked stale until computed again", async () => {
  await chart({});
  await page.click("#decide");
  await page.fill("#hands", "200");
  await page.click("#play");
  await page.waitForSelector("#match-tables table");
  for (const id of ["chart-grid", "decision-text", "match-summary"]) {
    assert.equal(await page.locator(`#${id}.stale`).count(), 0, id);
  }
  await page.evaluate(() => {
    const e = window.husEditor();
    e.setText(e.text() + "\n// an edit\n");
  });
  for (const [id, note] of [["chart-grid", "chart-stale"], ["decision-text", "decision-stale"],
    ["match-summary", "match-stale"]]) {
    assert.equal(await page.locator(`#${id}.stale`).count(), 1, id);
    assert.match(await page.locator(`#${note}`).textContent(), /^Out of date: the script changed/);
    assert.equal(await page.getAttribute(`#${id}`, "aria-describedby"), note);
  }
  assert.equal(await page.getAttribute("#chart-stale", "role"), "status");
  // Drawn again: fresh, the note gone, every cell new.
  await page.click("#chart-run");
  await page.waitForSelector("#chart-panel:not([aria-busy])");
  assert.equal(await page.locator("#chart-grid.stale").count(), 0);
  assert.equal(await page.locator("#chart-stale").textContent(), "");
  assert.equal(await page.locator("#decision-text.stale").count(), 1, "the decision is still stale");
  await page.click("#decide");
  assert.equal(await page.locator("#decision-text.stale").count(), 0);
  // A field of the chart marks it stale too.
  await page.fill("#chart-board", "Kh8s4d");
  assert.equal(await page.locator("#chart-grid.stale").count(), 1);
  assert.match(await page.locator("#chart-stale").textContent(), /the spot changed/);
  // The range panel's fields mark its answer; the equity panel's answer is not touched.
  await page.fill("#range-board", "Ah7h6c");
  assert.equal(await page.locator("#range-table.stale").count(), 1);
  assert.equal(await page.locator("#equity-table.stale").count(), 0);
});
