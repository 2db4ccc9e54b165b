// The playground page in headless Chromium: diagnostics as you type, a situation clicked
// together and decided exactly as `hus decide --json`, and a match exactly as `hus match`.
// Needs the page built (web/build.sh), the `hus` binary (cargo build) and Chromium
// (CHROMIUM, default /usr/bin/chromium). Timings are measured and written to
// target/web-bench.json, never asserted.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFileSync, writeFileSync, readdirSync, statSync, mkdtempSync, copyFileSync } from "node:fs";
import { join, extname } from "node:path";
import { tmpdir } from "node:os";
import { execFileSync, spawnSync } from "node:child_process";
import { gzipSync, brotliCompressSync } from "node:zlib";
import { chromium } from "playwright-core";

const root = new URL("../../", import.meta.url).pathname;
const site = join(root, "target/web");
const hus = process.env.HUS_BIN || join(root, "target/debug/hus");
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css",
  ".wasm": "application/wasm", ".json": "application/json" };
const bench = {};
let server, browser, page, url;

before(async () => {
  server = createServer((req, res) => {
    const path = join(site, decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/\/$/, "/index.html"));
    if (!path.startsWith(site)) { res.writeHead(403).end(); return; }
    try {
      const body = readFileSync(path);
      res.writeHead(200, { "content-type": types[extname(path)] || "application/octet-stream" }).end(body);
    } catch { res.writeHead(404).end(); }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  url = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-quic", "--no-first-run", "--disable-sync"],
  });
  page = await browser.newPage({ viewport: { width: 1200, height: 1800 } });
  page.on("pageerror", (e) => { throw e; });
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
});

after(async () => {
  writeFileSync(join(root, "target/web-bench.json"), JSON.stringify(bench, null, 2) + "\n");
  console.log("playground figures:", JSON.stringify(bench));
  await browser?.close();
  server?.close();
});

// Runs the hus binary in a fresh directory holding `files`; its JSON output.
function husJson(args, files) {
  const dir = mkdtempSync(join(tmpdir(), "hus-web-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const r = spawnSync(hus, args, { cwd: dir, encoding: "utf8" });
  return r.stdout.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test("a mistake typed in the editor is shown as hus check reports it, and goes when fixed", async () => {
  const editor = page.locator("#script");
  await editor.fill("");
  await editor.pressSequentially("PREFLOP\nRULE AK\n  THEN RAIS 3BB\nENDRULE\nENDPREFLOP\n");
  const shown = await page.locator("#diagnostics li.error").first().textContent();
  const script = await editor.inputValue();
  const [expected] = husJson(["check", "--format", "json", "bot.hus"], { "bot.hus": script })
    .filter((d) => d.severity === "error");
  assert.equal(shown.split(" (help:")[0],
    `${expected.line}:${expected.column}: error[${expected.code}]: ${expected.message}`);
  assert.equal(await page.locator("#marks mark.error").count() > 0, true);
  await editor.fill(script.replace("RAIS ", "RAISE "));
  await editor.press("End");
  assert.equal(await page.locator("#diagnostics li.error").count(), 0);
  assert.equal(await page.locator("#status").textContent(), "No problems.");
  await editor.press("Control+Home");
  assert.match(await page.locator("#help").textContent(), /PREFLOP/);
});

test("diagnostics follow a keystroke on examples/tag.hus", async () => {
  await page.selectOption("#example", "tag.hus");
  const editor = page.locator("#script");
  await editor.focus();
  await page.keyboard.press("Control+End");
  const before = await page.evaluate(() => window.husTimings.check.length);
  for (let i = 0; i < 20; i++) await page.keyboard.type(i % 2 ? "\n" : "/");
  const times = await page.evaluate((n) => window.husTimings.check.slice(n), before);
  assert.equal(times.length, 20);
  bench.diagnostics_ms_median_tag = median(times);
  await page.selectOption("#example", "tag.hus");
  assert.equal(await page.locator("#diagnostics li.error").count(), 0);
});

test("a situation clicked together is decided as hus decide --json decides it", async () => {
  await page.selectOption("#example", "tag.hus");
  await page.click("#clear");
  await page.selectOption("#hero-seat", "SB");
  for (const c of ["As", "Kc"]) await page.click(`#card-${c}`);
  await page.fill("#act-amount", "40");
  await page.click("#act-raise");
  await page.click("#act-call");
  for (const c of ["9h", "5s", "2d"]) await page.click(`#card-${c}`);
  await page.click("#act-check");
  assert.match(await page.locator("#to-act").textContent(), /flop, Hero to act/);
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
    const s = document.getElementById("script").value;
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
  const [expected] = husJson(["match", "tag.hus", "builtin:caller", "--hands", "10000", "--seed", "3", "--json", "--threads", "1"], {
    "tag.hus": readFileSync(join(root, "examples/tag.hus"), "utf8"),
    "tag-open.tsv": readFileSync(join(root, "examples/tag-open.tsv"), "utf8"),
  });
  delete expected.timing;
  expected.bots.A.name = "bot.hus";
  assert.deepEqual(shown, expected);
  assert.match(await page.locator("#match-summary").textContent(), /A's result: [+-]\d+\.\d mbb\/hand, 95% CI/);
  assert.equal(await page.locator("#plot svg").count(), 1);
  bench.match_10000_hands_ms = await page.evaluate(() => window.husTimings.play.at(-1));
  await page.screenshot({ path: join(root, "target/web-playground.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(root, "target/web-playground-phone.png") });
  await page.setViewportSize({ width: 1200, height: 1800 });
});

test("the page's download size is measured", () => {
  const all = [];
  const walk = (d) => readdirSync(d).forEach((f) => {
    const p = join(d, f);
    if (statSync(p).isDirectory()) walk(p); else all.push(readFileSync(p));
  });
  walk(site);
  bench.bytes = all.reduce((n, b) => n + b.length, 0);
  bench.gzip_bytes = all.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
  bench.brotli_bytes = all.reduce((n, b) => n + brotliCompressSync(b).length, 0);
  assert.ok(bench.gzip_bytes > 0);
});

test("the mouse over a word shows its help", async () => {
  await page.selectOption("#example", "first.hus");
  const text = await page.locator("#script").inputValue();
  const box = await page.locator("#script").boundingBox();
  await page.locator("#script").evaluate((t) => { t.scrollTop = 0; t.scrollLeft = 0; });
  const line = text.split("\n").findIndex((l) => /^\s*PREFLOP/.test(l));
  const col = text.split("\n")[line].indexOf("PREFLOP") + 2;
  const metrics = await page.evaluate(() => {
    const s = getComputedStyle(document.getElementById("script"));
    const c = document.createElement("canvas").getContext("2d");
    c.font = `${s.fontSize} ${s.fontFamily}`;
    return { w: c.measureText("M").width, h: parseFloat(s.lineHeight), pad: parseFloat(s.paddingLeft) + 1 };
  });
  await page.mouse.move(box.x + metrics.pad + (col + 0.5) * metrics.w, box.y + metrics.pad + (line + 0.5) * metrics.h);
  assert.match(await page.locator("#script").getAttribute("title"), /^\*\*PREFLOP\*\*/);
});
