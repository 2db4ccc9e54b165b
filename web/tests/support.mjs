// What every browser test of the page needs: the built page served on a free local port and
// headless Chromium (CHROMIUM, default /usr/bin/chromium). Not a test file itself.
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { join, extname } from "node:path";
import { chromium } from "playwright-core";

export const root = new URL("../../", import.meta.url).pathname;
export const site = join(root, "target/web");
/** The `hus` binary the page's answers are compared with. */
export const husBin = process.env.HUS_BIN || join(root, "target/debug/hus");

const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css",
  ".wasm": "application/wasm", ".json": "application/json", ".md": "text/markdown" };

/** Serves `target/web` on 127.0.0.1; resolves with `{ url, close() }`. */
export async function serveSite() {
  const server = createServer((req, res) => {
    const path = join(site, decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/\/$/, "/index.html"));
    if (!path.startsWith(site)) { res.writeHead(403).end(); return; }
    let body;
    try { body = readFileSync(path); } catch { res.writeHead(404).end(); return; }
    res.writeHead(200, { "content-type": types[extname(path)] || "application/octet-stream" }).end(body);
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/** Headless Chromium without the network traffic of a fresh profile. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-quic", "--no-first-run", "--disable-sync"],
  });
}

/** A tall page at `url`, failing the test on an uncaught error, once the page is ready. */
export async function openReady(browser, url, setup = () => {}) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 1800 } });
  page.on("pageerror", (e) => { throw e; });
  setup(page);
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  return page;
}

/** The message shown for field `id` (its aria-describedby element). */
export const fieldError = (page, id) => page.evaluate((i) => {
  const e = document.getElementById(i);
  return document.getElementById(e.getAttribute("aria-describedby")).textContent;
}, id);
