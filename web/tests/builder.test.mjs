// The situation builder in headless Chromium: only the acts the library's betting machine
// allows are offered, the streets are dealt explicitly, amounts follow the blinds, a
// decision for the seat to act (the big blind here) is the one `hus decide --json` gives on
// the same XML, and a pasted XML is kept until the user chooses to rebuild it. Needs the page
// built (web/build.sh), the `hus` binary (cargo build) and Chromium.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { serveSite, launchBrowser, root, husBin as hus } from "./support.mjs";

let server, browser;

before(async () => {
  server = await serveSite();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** A fresh page (its own storage) with every uncaught error and dialog kept. */
async function open() {
  const context = await browser.newContext({ viewport: { width: 1366, height: 1000 } });
  const page = await context.newPage();
  page.errors = [];
  page.dialogs = [];
  page.answer = "accept";
  page.on("pageerror", (e) => page.errors.push(e));
  page.on("dialog", (d) => { page.dialogs.push(d.message()); d[page.answer](); });
  await page.goto(server.url);
  await page.waitForSelector("body[data-ready=true]");
  return page;
}

/** axe-core's violations on the page as it is now: `id: target, ...` lines. */
async function violations(page) {
  await page.addScriptTag({ path: join(root, "web/node_modules/axe-core/axe.min.js") });
  const found = await page.evaluate(async () =>
    (await window.axe.run(document, { resultTypes: ["violations"] })).violations);
  return found.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}

const ACTS = ["fold", "check", "call", "raise"];
/** The act buttons that may be pressed now. */
const offered = (page) => page.evaluate((acts) =>
  acts.filter((a) => !document.getElementById(`act-${a}`).disabled), ACTS);
const acts = (page) => page.locator("#acts li").allTextContents();
const fieldError = (page, id) => page.textContent(`#${id}-error`);
const cards = async (page, list) => { for (const c of list) await page.click(`#card-${c}`); };

test("only the legal acts are offered: no check while owing, nothing after a fold, no raise past the stack", async () => {
  const page = await open();
  // The button owes the rest of the big blind: fold, call or raise, never check.
  assert.deepEqual(await offered(page), ["fold", "call", "raise"]);
  assert.equal(await page.textContent("#act-call"), "Call 10");
  assert.equal(await page.inputValue("#act-amount"), "2", "the smallest raise, in big blinds");
  // A raise past the stack is said next to its field and not played.
  await page.fill("#act-amount", "150");
  assert.equal(await fieldError(page, "act-amount"), "Raise to: from 2 to 100 bb (the smallest raise to all in).");
  assert.equal(await page.getAttribute("#act-amount", "aria-invalid"), "true");
  assert.equal(await page.isDisabled("#act-raise"), true);
  assert.deepEqual(await acts(page), []);
  await page.fill("#act-amount", "100");
  assert.equal(await page.isDisabled("#act-raise"), false);
  assert.equal(await fieldError(page, "act-amount"), "");
  // The big blind, after a call: check or raise; no fold and no call with nothing owed.
  await page.click("#act-call");
  assert.deepEqual(await offered(page), ["check", "raise"]);
  // All in, then the big blind may only call or fold; after the call nothing is offered.
  await page.click("#act-undo");
  await page.fill("#act-amount", "100");
  await page.click("#act-raise");
  assert.deepEqual(await offered(page), ["fold", "call"]);
  await page.click("#act-call");
  assert.deepEqual(await offered(page), []);
  assert.equal(await page.isDisabled("#deal"), true);
  assert.match(await page.textContent("#to-act"), /^The hand is over: the button is all in/);
  // After a fold nothing at all: no call, no deal.
  await page.click("#clear");
  await page.click("#act-fold");
  assert.deepEqual(await offered(page), []);
  assert.equal(await page.isDisabled("#deal"), true);
  assert.match(await page.textContent("#to-act"), /^The hand is over: the button folded/);
  // The library refuses what the page does not offer, with its reason.
  const refused = await page.evaluate(() => JSON.parse(window.hus.situation(JSON.stringify({
    sb: 10, bb: 20, stacks: [100, 100], hole: [[], []],
    streets: [{ cards: [], acts: [{ act: "fold" }, { act: "call" }] }] }))).error.message);
  assert.equal(refused, "the hand is over: the button folded");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the streets are dealt explicitly, only when the betting before them is closed", async () => {
  const page = await open();
  await cards(page, ["As", "Kc", "7h", "7d"]);
  // The board cannot be picked before the flop is dealt.
  await page.check("#pick-board");
  await page.click("#card-2c");
  assert.equal(await page.textContent("#board-cards"), "-");
  assert.match(await page.textContent("#builder-note"), /close the preflop betting, then Deal the flop/);
  assert.equal(await page.isDisabled("#deal"), true);
  await page.click("#act-call");
  assert.equal(await page.isDisabled("#deal"), true, "the big blind has not acted");
  await page.click("#act-check");
  assert.equal(await page.isDisabled("#deal"), false);
  assert.equal(await page.textContent("#deal"), "Deal the flop");
  assert.deepEqual(await offered(page), []);
  await page.click("#deal");
  // Dealt: its three cards are picked before anyone acts.
  await cards(page, ["Qh", "8s"]);
  assert.match(await page.textContent("#to-act"), /^Flop: pick its 3 cards \(1 more\)/);
  assert.deepEqual(await offered(page), []);
  await page.click("#card-2c");
  assert.match(await page.textContent("#to-act"), /^Flop: the big blind to act, owing nothing/);
  assert.deepEqual(await offered(page), ["check", "raise"]);
  assert.equal(await page.textContent("#act-raise"), "Bet");
  await page.click("#act-check");
  await page.click("#act-check");
  assert.equal(await page.textContent("#deal"), "Deal the turn");
  await page.click("#deal");
  await page.click("#card-3d");
  assert.match(await page.textContent("#to-act"), /^Turn: the big blind to act/);
  assert.match(await page.inputValue("#xml"), /<turn>\s*<cards>\s*<card rank="3" color="Diamonds"/);
  // Undo takes back the deal too.
  await page.click("#act-undo");
  assert.equal(await page.textContent("#deal"), "Deal the turn");
  assert.equal(await page.getAttribute("#card-3d", "aria-pressed"), "false");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("amounts are in big blinds and chips, and follow a change of the blinds", async () => {
  const page = await open();
  await cards(page, ["As", "Kc", "7h", "7d"]);
  await page.fill("#act-amount", "3");
  await page.click("#act-raise");
  assert.deepEqual(await acts(page), ["preflop: the button raises to 60 chips (3 bb)"]);
  await page.fill("#sb", "25");
  await page.fill("#bb", "50");
  assert.deepEqual(await acts(page), ["preflop: the button raises to 150 chips (3 bb)"]);
  const xml = await page.inputValue("#xml");
  assert.match(xml, /<BB>50<\/BB>/);
  assert.match(xml, /<heroStack>5000<\/heroStack>/);
  // The raise to 150 is 100 above the big blind's 50.
  assert.match(xml, /player="Villain" act="raise" amount="100"/);
  assert.equal(await page.textContent("#act-call"), "Call 100");
  // In chips: the stacks and the raise field are shown in chips.
  await page.check("#unit-chips");
  assert.equal(await page.inputValue("#button-stack"), "5000");
  assert.equal(await page.inputValue("#act-amount"), "250");
  await page.fill("#bb-stack", "2500");
  assert.match(await page.inputValue("#xml"), /<heroStack>2500<\/heroStack>/);
  // Bad numbers are said next to their fields and change nothing.
  for (const [id, bad, said] of [["sb", "60", /^Small blind: at most the big blind \(50\)/],
    ["button-stack", "40", /^Button's stack: more than the big blind/], ["bb", "abc", /^Big blind: a number of chips above 0/]]) {
    await page.fill(`#${id}`, bad);
    assert.match(await fieldError(page, id), said);
    assert.equal(await page.getAttribute(`#${id}`, "aria-invalid"), "true");
  }
  assert.deepEqual(await acts(page), ["preflop: the button raises to 150 chips (3 bb)"]);
  assert.deepEqual(await violations(page), [], "with the fields' messages shown");
  // A stack too short for a raise kept: the library refuses it, the page says so and keeps it.
  await page.fill("#bb", "50");
  await page.fill("#button-stack", "100");
  assert.deepEqual(await acts(page), ["preflop: raise to 3 bb (not played)"]);
  assert.equal(await page.textContent("#situation-error"),
    "Not played: a raise to 150 chips is not allowed: from 100 (the minimum raise) to 100 (all in).");
  // All in is the one raise left: the field kept says so, and the raise waits for it.
  assert.deepEqual(await offered(page), ["fold", "call"]);
  assert.equal(await fieldError(page, "act-amount"), "Raise to: from 100 to 100 chips (the smallest raise to all in).");
  await page.fill("#act-amount", "100");
  assert.deepEqual(await offered(page), ["fold", "call", "raise"]);
  await page.fill("#button-stack", "5000");
  assert.deepEqual(await acts(page), ["preflop: the button raises to 150 chips (3 bb)"]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("Decide answers for the big blind when it is to act, as hus decide --json does on the same XML", async () => {
  const page = await open();
  await page.selectOption("#example", "tag.hus");
  await cards(page, ["As", "Kc", "Jh", "Jd"]);
  await page.fill("#act-amount", "2.5");
  await page.click("#act-raise");
  assert.match(await page.textContent("#deciding"), /^Decide answers for the big blind, the player to act/);
  const xml = await page.inputValue("#xml");
  assert.match(xml, /<heroCards>\s*<card rank="J" color="Hearts"/);
  await page.fill("#seed", "7");
  await page.click("#decide");
  const shown = JSON.parse(await page.textContent("#decision"));
  const dir = mkdtempSync(join(tmpdir(), "hus-web-"));
  writeFileSync(join(dir, "bot.hus"), readFileSync(join(root, "examples/tag.hus")));
  writeFileSync(join(dir, "tag-open.tsv"), readFileSync(join(root, "examples/tag-open.tsv")));
  writeFileSync(join(dir, "game.xml"), xml);
  const cli = spawnSync(hus, ["decide", "--json", "--seed", "7", "bot.hus", "game.xml"], { cwd: dir, encoding: "utf8" });
  assert.deepEqual(shown, JSON.parse(cli.stdout));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a pasted XML is kept after card and act clicks, until Edit with the builder is confirmed", async () => {
  const page = await open();
  await cards(page, ["As", "Kc"]);
  const built = await page.inputValue("#xml");
  const pasted = built.replace("<BB>20</BB>", "<BB>20</BB>\n    <tournamentStage>2</tournamentStage>");
  await page.fill("#xml", pasted);
  assert.equal(await page.isVisible("#xml-owner"), true);
  assert.equal(await page.textContent("#deciding"), "Decide answers for the hero of your XML.");
  assert.deepEqual(await violations(page), [], "with the XML the user's");
  await cards(page, ["7h", "7d"]);
  await page.click("#act-call");
  assert.equal(await page.inputValue("#xml"), pasted);
  // Kept over a reload too.
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await page.inputValue("#xml"), pasted);
  // A no keeps it; a yes writes the builder's situation.
  page.answer = "dismiss";
  await page.click("#xml-rebuild");
  assert.equal(await page.inputValue("#xml"), pasted);
  page.answer = "accept";
  await page.click("#xml-rebuild");
  assert.deepEqual(page.dialogs.map((d) => d.slice(0, 36)), Array(2).fill("Replace your XML with the builder's "));
  const rebuilt = await page.inputValue("#xml");
  assert.notEqual(rebuilt, pasted);
  assert.match(rebuilt, /act="call"/);
  assert.equal(await page.isVisible("#xml-owner"), false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a situation saved in another form is dropped for the default one, the script kept", async () => {
  const page = await open();
  await page.evaluate(() => localStorage.setItem("hus-playground", JSON.stringify({
    v: 1, script: "// kept\n", second: "", files: {},
    situation: { sb: "25", bb: "50", heroSeat: "BB", cards: ["Th", "Td"], acts: [{ round: 0, player: "Hero", act: "call", amount: 25, put: 25 }] },
  })));
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await page.evaluate(() => window.husEditor().text()), "// kept\n");
  assert.equal(await page.inputValue("#bb"), "20");
  assert.deepEqual(await acts(page), []);
  assert.equal(await page.getAttribute("#card-Th", "aria-pressed"), "false");
  assert.deepEqual(await offered(page), ["fold", "call", "raise"]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
