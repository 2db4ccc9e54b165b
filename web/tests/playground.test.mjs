// The playground page in headless Chromium: diagnostics as you type, a situation clicked
// together and decided exactly as `hus decide --json`, and a match exactly as `hus match`.
// Needs the page built (web/build.sh), the `hus` binary (cargo build) and Chromium
// (CHROMIUM, default /usr/bin/chromium). Timings are measured and written to
// target/web-bench.json, never asserted.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, readdirSync, statSync, mkdtempSync, copyFileSync } from "node:fs";
import { join, extname } from "node:path";
import { tmpdir } from "node:os";
import { execFileSync, spawnSync } from "node:child_process";
import { gzipSync, brotliCompressSync } from "node:zlib";
import { serveSite, launchBrowser, openReady, root, site, husBin as hus } from "./support.mjs";

const bench = {};
let server, browser, page, url;

before(async () => {
  server = await serveSite();
  url = server.url;
  browser = await launchBrowser();
  // The tests load examples over their own edits: yes to "replace your edited script?".
  page = await openReady(browser, url, (p) => p.on("dialog", (d) => d.accept()));
});

after(async () => {
  writeFileSync(join(root, "target/web-bench.json"), JSON.stringify(bench, null, 2) + "\n");
  console.log("playground figures:", JSON.stringify(bench));
  await browser?.close();
  server?.close();
});

// Runs the hus binary in a fresh directory holding `files`; its JSON output.
function husJson(args, files, dir = mkdtempSync(join(tmpdir(), "hus-web-"))) {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const r = spawnSync(hus, args, { cwd: dir, encoding: "utf8" });
  return r.stdout.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The editor's text, set as a paste would; the lint source runs after its short delay.
const setScript = (text) => page.evaluate((t) => window.husEditor().setText(t), text);
const script = () => page.evaluate(() => window.husEditor().text());
const content = () => page.locator("#script .cm-content");

// Puts the cursor at `offset` of the editor's text, focused.
async function cursorAt(offset) {
  await page.evaluate((o) => {
    const e = window.husEditor();
    e.select(o, o);
  }, offset);
}

test("a mistake in the editor is underlined and listed as hus check reports it, and goes when fixed", async () => {
  await setScript("PREFLOP\nRULE AK\n  THEN RAIS 3BB\nENDRULE\nENDPREFLOP\n");
  await page.waitForSelector("#script .cm-lintRange-error");
  const underlined = await page.locator("#script .cm-lintRange-error").first().textContent();
  const shown = await page.locator("#diagnostics li.error").first().textContent();
  const text = await script();
  const [expected] = husJson(["check", "--format", "json", "bot.hus"], { "bot.hus": text })
    .filter((d) => d.severity === "error");
  assert.equal(shown.split(" (help:")[0],
    `${expected.line}:${expected.column}: error[${expected.code}]: ${expected.message}`);
  const line = text.split("\n")[expected.line - 1];
  assert.equal(line.slice(expected.column - 1).startsWith(underlined), true, underlined);
  // Typing the missing letter fixes it.
  const at = text.indexOf("RAIS ") + 4;
  await cursorAt(at);
  await page.keyboard.type("E");
  await page.waitForFunction(() => document.getElementById("status").textContent === "No problems.");
  assert.equal(await page.locator("#script .cm-lintRange-error").count(), 0);
  assert.equal(await page.locator("#diagnostics li.error").count(), 0);
  await page.keyboard.press("Control+Home");
  assert.match(await page.locator("#help").textContent(), /PREFLOP/);
});

test("diagnostics follow a keystroke on examples/tag.hus", async () => {
  await page.selectOption("#example", "tag.hus");
  await page.waitForFunction(() => document.getElementById("status").textContent === "No problems.");
  await cursorAt((await script()).length);
  const before = await page.evaluate(() => window.husTimings.check.length);
  await page.keyboard.type("RULE");
  await page.waitForSelector("#diagnostics li.error");
  for (let i = 0; i < 4; i++) await page.keyboard.press("Backspace");
  await page.waitForFunction(() => document.getElementById("status").textContent === "No problems.");
  const times = await page.evaluate((n) => window.husTimings.check.slice(n), before);
  assert.ok(times.length >= 2);
  bench.diagnostics_ms_median_tag = await page.evaluate(() => {
    const t = window.husEditor().text();
    const times = [];
    for (let i = 0; i < 21; i++) {
      const t0 = performance.now();
      window.hus.check(t, window.husFilesJson());
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b)[10];
  });
});

test("the mouse over a word shows its help, as hus lsp's hover", async () => {
  await page.selectOption("#example", "first.hus");
  await page.locator("#script .cm-line", { hasText: /^\s*PREFLOP/ }).first().evaluate((l) => l.scrollIntoView());
  const word = page.locator("#script .cm-line span", { hasText: /^PREFLOP$/ }).first();
  await word.hover();
  const tip = page.locator(".cm-tooltip-hover .hus-hover");
  await tip.waitFor();
  assert.equal(await tip.locator("strong").first().textContent(), "PREFLOP");
  assert.doesNotMatch(await tip.textContent(), /\*\*/);
  const text = await script();
  const offset = text.indexOf("PREFLOP") + 1;
  // The hover text of `hus lsp`, rendered (bold, code) by the page's help renderer.
  const expected = await page.evaluate(async (o) => (await import("./help.js")).renderHelp(
    JSON.parse(window.hus.hover(window.husEditor().text(), window.husFilesJson(), o)).text).textContent, offset);
  assert.equal(await tip.textContent(), expected);
  await page.mouse.move(0, 0);
});

test("completion offers the glossary's words where they fit, and Enter takes one", async () => {
  await setScript("PREFLOP\nRULE AK, facingB\n  THEN CALL\nENDRULE\nENDPREFLOP\n");
  await cursorAt("PREFLOP\nRULE AK, facingB".length);
  await page.keyboard.press("Control+Space");
  const list = page.locator(".cm-tooltip-autocomplete");
  await list.waitFor();
  const labels = await list.locator("li .cm-completionLabel").allTextContents();
  assert.ok(labels.includes("facingBet"), labels.join(","));
  const info = await list.locator("li[aria-selected=true] .cm-completionDetail").textContent();
  assert.ok(info.length > 0);
  while ((await list.locator("li[aria-selected=true] .cm-completionLabel").textContent()) !== "facingBet") {
    await page.keyboard.press("ArrowDown");
  }
  // CodeMirror takes a completion by keyboard only once its list has been open for its
  // interaction delay (75 ms), so that an Enter typed as the list appears is a line break.
  await page.waitForTimeout(200);
  await page.keyboard.press("Enter");
  assert.match(await script(), /RULE AK, facingBet\n/);
});

test("the editor is coloured with the language's words", async () => {
  await setScript("PREFLOP\nRULE AK, facingBet, potOdds < 0.3 // note\n  THEN RAISE 3 bb\nENDRULE\nENDPREFLOP\n");
  const colour = (word) => page.locator("#script .cm-line span", { hasText: new RegExp(`^${word}$`) })
    .first().evaluate((e) => getComputedStyle(e).color);
  const [block, predicate, constant, action] =
    await Promise.all(["PREFLOP", "facingBet", "potOdds", "RAISE"].map(colour));
  assert.equal(new Set([block, predicate, constant, action]).size, 4);
});

test("Tab indents in the editor, and Escape then Tab leaves it", async () => {
  await setScript("PREFLOP\nENDPREFLOP\n");
  await cursorAt(8);
  await page.keyboard.press("Tab");
  assert.equal(await script(), "PREFLOP\n  ENDPREFLOP\n");
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains("cm-content")), true);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => !!document.activeElement.closest(".cm-editor")), false);
  await page.keyboard.press("Shift+Tab");
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains("cm-content")), true);
});

test("a situation clicked together is decided as hus decide --json decides it", async () => {
  await page.selectOption("#example", "tag.hus");
  await page.click("#clear");
  for (const c of ["As", "Kc"]) await page.click(`#card-${c}`);
  await page.fill("#act-amount", "3");
  await page.click("#act-raise");
  await page.click("#act-call");
  await page.click("#deal");
  for (const c of ["9h", "5s", "2d"]) await page.click(`#card-${c}`);
  await page.click("#act-check");
  assert.match(await page.locator("#to-act").textContent(), /^Flop: the button to act/);
  await page.fill("#seed", "7");
  await page.click("#decide");
  const shown = JSON.parse(await page.locator("#decision").textContent());
  const xml = await page.locator("#xml").inputValue();
  const [expected] = husJson(["decide", "--json", "--seed", "7", "bot.hus", "game.xml"], {
    "bot.hus": readFileSync(join(root, "examples/tag.hus"), "utf8"),
    "tag-open.tsv": readFileSync(join(root, "examples/tag-open.tsv"), "utf8"),
    "game.xml": xml,
  });
  assert.deepEqual(shown, expected);
  assert.match(await page.locator("#trace").textContent(), /line \d+/);
  bench.decision_ms_median = await page.evaluate(() => {
    const s = window.husEditor().text();
    const x = document.getElementById("xml").value;
    const times = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      window.hus.decide(s, x, window.husFilesJson(), 7n);
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b)[100];
  });
});

test("a 10,000-hand match gives the result hus match gives with the same seed", async () => {
  await page.selectOption("#example", "tag.hus");
  await page.selectOption("#opponent", "builtin:caller");
  await page.fill("#hands", "10000");
  await page.fill("#match-seed", "3");
  await page.click("#play");
  await page.waitForSelector("#match-json:not(:empty)", { state: "attached", timeout: 60000 });
  const shown = JSON.parse(await page.locator("#match-json").textContent());
  const matchDir = mkdtempSync(join(tmpdir(), "hus-web-"));
  const [expected] = husJson(["match", "tag.hus", "builtin:caller", "--hands", "10000", "--seed", "3", "--json", "--threads", "1"], {
    "tag.hus": readFileSync(join(root, "examples/tag.hus"), "utf8"),
    "tag-open.tsv": readFileSync(join(root, "examples/tag-open.tsv"), "utf8"),
  }, matchDir);
  delete expected.timing;
  expected.bots.A.name = "bot.hus";
  assert.deepEqual(shown, expected);
  assert.match(await page.locator("#match-summary").textContent(), /A's result: [+-]\d+\.\d mbb\/hand, 95% CI/);
  assert.equal(await page.locator("#plot svg").count(), 1);
  // The tables say what `hus match` prints for the same match.
  const printed = spawnSync(hus, ["match", "tag.hus", "builtin:caller", "--hands", "10000", "--seed", "3",
    "--threads", "1"], { cwd: matchDir, encoding: "utf8" }).stdout;
  const [, mbb, lo, hi, verdict] = printed.match(/A's result: (\S+) mbb\/hand, 95% CI \[(\S+), (\S+)\]: (.*)/);
  const result = Object.fromEntries(await page.locator("table.match-result tbody tr").evaluateAll((rows) =>
    rows.map((r) => [r.cells[0].textContent, r.cells[1].textContent])));
  assert.equal(result["mbb/hand"], mbb);
  assert.equal(result["95% interval (mbb/hand)"], `[${lo}, ${hi}]`);
  assert.equal(result.verdict, verdict);
  assert.equal(result.chips, String(expected.net_chips));
  for (const seat of ["A", "B"]) {
    const part = printed.split(/^B \(/m)[seat === "A" ? 0 : 1];
    const rounds = [...part.matchAll(/^ +(preflop|flop|turn|river) +(\S+) +(\S+) +(\S+) +(\S+) +(\d+)$/gm)]
      .map((m) => m.slice(1));
    const hud = [...part.split("HUD of the opponent")[1].matchAll(/(\w+) (\S+) \((\d+)\)/g)]
      .map((m) => m.slice(1));
    const rows = (cls) => page.locator(`.bot-${seat} table.${cls} tbody tr`).evaluateAll((rs) =>
      rs.map((r) => [...r.cells].map((c) => c.textContent)));
    assert.deepEqual(await rows("actions"), rounds);
    assert.deepEqual(await rows("hud"), hud);
  }
  bench.match_10000_hands_ms = await page.evaluate(() => window.husTimings.play.at(-1));
  await page.screenshot({ path: join(root, "target/web-playground.png"), fullPage: true });
  // The opponent's selector stays inside its panel.
  const [select, panel] = await Promise.all(["#opponent", "#match-panel"].map((s) => page.locator(s).boundingBox()));
  assert.ok(select.x + select.width <= panel.x + panel.width, JSON.stringify({ select, panel }));
});

test("at a phone's width nothing overflows the page sideways", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.screenshot({ path: join(root, "target/web-playground-phone.png"), fullPage: true });
    const wide = await page.evaluate(() => {
      const limit = document.documentElement.clientWidth;
      const out = [...document.querySelectorAll("main *")].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.right > limit + 0.5 && !e.closest(".table-wrap, .cm-scroller");
      }).map((e) => e.id || e.className || e.tagName);
      return { scroll: document.documentElement.scrollWidth, limit, out: out.slice(0, 5) };
    });
    assert.equal(wide.scroll, wide.limit, JSON.stringify(wide));
    assert.deepEqual(wide.out, []);
  } finally {
    await page.setViewportSize({ width: 1200, height: 1800 });
  }
});

test("every control is reached with Tab, the editor left with Escape then Tab", async () => {
  await page.locator("#example").focus();
  const reached = new Set();
  for (let i = 0; i < 400; i++) {
    const here = await page.evaluate(() => {
      const e = document.activeElement;
      // The deck is one stop, at the card last used (a roving tabindex).
      return e.closest(".cm-editor") ? "editor" : e.closest("#chart-grid") ? "chart cell"
        : e.closest(".range-cells") ? `${e.closest(".range-picker").id} cell`
        : e.id.startsWith("card-") ? "card" : e.id || e.getAttribute("aria-label") || e.tagName;
    });
    reached.add(here);
    if (here === "editor") await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    if (here === "range-range-weight") break;
  }
  for (const id of ["example", "editor", "format", "files", "card", "act-raise", "xml", "decide",
    "opponent", "play", "second", "chart-spot", "chart-run", "chart cell", "equity-hero-picker cell", "equity-villain-picker cell",
    "equity-run", "range-range-picker cell", "range-run"]) {
    assert.ok(reached.has(id), `${id} is not reached: ${[...reached].join(" ")}`);
  }
});

test("the page's download size is measured", () => {
  const all = [];
  const walk = (d) => readdirSync(d).forEach((f) => {
    const p = join(d, f);
    if (statSync(p).isDirectory()) walk(p);
    else if (extname(p) === ".bin") bench.tables_bytes = (bench.tables_bytes || 0) + statSync(p).size;
    else all.push(readFileSync(p));
  });
  // The tables are fetched on first use (a match), not with the page: counted apart.
  walk(site);
  bench.bytes = all.reduce((n, b) => n + b.length, 0);
  bench.gzip_bytes = all.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
  bench.brotli_bytes = all.reduce((n, b) => n + brotliCompressSync(b).length, 0);
  assert.ok(bench.gzip_bytes > 0);
});

test("the page's transfer size and start-up are measured, and the time at 10 Mbit/s", async () => {
  // A fresh context (an empty cache): every file the page fetches until it is ready.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  const bodies = [];
  fresh.on("response", (r) => bodies.push(r.body().catch(() => Buffer.alloc(0))));
  await fresh.goto(url);
  const ready = await fresh.waitForFunction(() => document.body.dataset.ready && performance.now());
  bench.startup_ms = Math.round(await ready.jsonValue());
  const got = await Promise.all(bodies);
  bench.load_files = got.length;
  bench.load_bytes = got.reduce((n, b) => n + b.length, 0);
  bench.load_gzip_bytes = got.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
  // 10 Mbit/s is 1.25 MB/s: the gzipped transfer at that rate plus the start-up measured here.
  bench.load_10mbit_s = Math.round((bench.load_gzip_bytes / 1.25e6 + bench.startup_ms / 1000) * 10) / 10;
  assert.ok(bench.load_gzip_bytes > 0 && got.length > 3);
  await context.close();
});
