// Times the check of 2 MB of text that is not a script in headless Chromium: from the text
// set in the editor to its diagnostics shown (the status line's count, the list and the
// editor's marks painted), and, apart, the library's check alone in the page's wasm. A
// measurement, not a test:
//   web/build.sh && node web/bench/check.mjs
// CHROMIUM names another browser.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serveSite, launchBrowser, openReady, root } from "../tests/support.mjs";

// Text that is not a script: the language reference (Markdown) repeated to 2 MB.
const BYTES = 2_000_000;
const reference = readFileSync(join(root, "docs/language.md"), "utf8");
const text = reference.repeat(Math.ceil(BYTES / reference.length)).slice(0, BYTES);

const server = await serveSite();
const browser = await launchBrowser();
const page = await openReady(browser, server.url, (p) => p.on("dialog", (d) => d.accept()));

// From setText to the status line saying the count, then one painted frame.
async function shown(t) {
  return page.evaluate((t) => new Promise((done) => {
    const status = document.getElementById("status");
    status.textContent = "";
    const t0 = performance.now();
    const seen = new MutationObserver(() => {
      if (!/error\(s\)/.test(status.textContent)) return;
      seen.disconnect();
      requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0)));
    });
    seen.observe(status, { childList: true, characterData: true, subtree: true });
    window.husEditor().setText(t);
  }), t);
}

// The library's check alone, on the page's thread (the worker runs the same wasm), as the
// editor asks it (the first 1,000 written out), and every diagnostic written out.
const wasm = () => page.evaluate((t) => {
  let t0 = performance.now();
  const first = window.hus.check_first(t, "{}", 1000);
  const ms = performance.now() - t0;
  t0 = performance.now();
  const all = window.hus.check(t, "{}");
  const allMs = performance.now() - t0;
  return { ms, allMs, json_bytes: first.length, all_json_bytes: all.length, diagnostics: JSON.parse(first).total };
}, text);

const runs = [];
for (let i = 0; i < 3; i++) {
  await page.evaluate(() => window.husEditor().setText("PREFLOP\nENDPREFLOP\n"));
  await page.waitForFunction(() => /^(No problems|0 error)/.test(document.getElementById("status").textContent));
  runs.push(await shown(text));
}
const w = await wasm();
console.log(JSON.stringify({
  bytes: BYTES,
  diagnostics: w.diagnostics,
  check_json_bytes: w.json_bytes,
  all_json_bytes: w.all_json_bytes,
  wasm_check_s: Math.round(w.ms) / 1000,
  wasm_check_all_written_s: Math.round(w.allMs) / 1000,
  shown_s: runs.map((ms) => Math.round(ms) / 1000),
  shown_best_s: Math.round(Math.min(...runs)) / 1000,
}));
await browser.close();
server.close();
