// Times the page's 10,000-hand match of examples/tag.hus against builtin:equity in headless
// Chromium and the binary's `hus match examples/tag.hus builtin:equity --hands 10000
// --threads 1` in the same run, and prints both and their ratio. A measurement, not a test:
//   web/build.sh && cargo build --release && node web/bench/match.mjs
// HUS_BIN names another binary (default target/release/hus); CHROMIUM another browser.
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { join, extname } from "node:path";
import { spawnSync } from "node:child_process";
import { chromium } from "playwright-core";

const root = new URL("../../", import.meta.url).pathname;
const site = join(root, "target/web");
const hus = process.env.HUS_BIN || join(root, "target/release/hus");
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css",
  ".wasm": "application/wasm", ".json": "application/json" };
const HANDS = 10000;

const server = createServer((req, res) => {
  const path = join(site, decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/\/$/, "/index.html"));
  let body;
  try { body = readFileSync(path); } catch { res.writeHead(404).end(); return; }
  res.writeHead(200, { "content-type": types[extname(path)] || "application/octet-stream" }).end(body);
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.waitForSelector("body[data-ready=true]");
await page.selectOption("#example", "tag.hus");
await page.selectOption("#opponent", "builtin:equity");
await page.fill("#hands", String(HANDS));

// One match from the click to the result shown; the first also loads the flop table.
async function pageMatch(seed) {
  await page.fill("#match-seed", String(seed));
  const t0 = Date.now();
  await page.click("#play");
  await page.waitForSelector("#match-json:not(:empty)", { state: "attached", timeout: 600000 });
  return (Date.now() - t0) / 1000;
}

function binaryMatch(seed) {
  const t0 = Date.now();
  const r = spawnSync(hus, ["match", "examples/tag.hus", "builtin:equity", "--hands", String(HANDS),
    "--seed", String(seed), "--threads", "1"], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${hus}: ${r.stderr}`);
  return (Date.now() - t0) / 1000;
}

const first = await pageMatch(1);
const page1 = Math.min(await pageMatch(1), await pageMatch(2));
const binary = Math.min(binaryMatch(1), binaryMatch(2));
console.log(JSON.stringify({
  hands: HANDS,
  page_first_s: first,
  page_s: page1,
  binary_s: binary,
  ratio: Math.round((page1 / binary) * 10) / 10,
}));
await browser.close();
server.close();
