// The page's worker: the long tasks (a match, equity, a range, a chart, the check of a large
// script, and help and completion in one) run here, on the same library built for wasm, so
// the page never waits on them.
// A message `{id, kind, args}` is answered with `{id, progress}` or `{id, note}` while the
// task runs and `{id, result}` (the library's JSON, parsed) at its end. The page cancels a
// task by ending the worker and starting a fresh one.
import init, * as hus from "./pkg/hus_web.js";

const ready = init();
let flopTable;

// The flop equity table (3.9 MB, `tables/flop-equity.bin`), fetched once on first use and kept
// in the browser's cache: with it flop `equity` is read, not enumerated. `""` or a message.
function loadFlopTable(post) {
  flopTable ??= (async () => {
    post({ note: "Loading the flop equity table (3.9 MB, once)…" });
    try {
      const cache = self.caches ? await caches.open("hus-tables") : null;
      let response = await cache?.match("flop-equity.bin");
      if (!response) {
        response = await fetch("flop-equity.bin");
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        await cache?.put("flop-equity.bin", response.clone());
      }
      return hus.install_flop_table(new Uint8Array(await response.arrayBuffer()));
    } catch (e) {
      return `cannot load the flop equity table (${e.message}): flop equity is enumerated`;
    }
  })();
  return flopTable;
}

// A count's progress (`done` of `all` boards, or deals when sampled) as the page hears it.
const counted = (post) => (done, all, unit) => post({ progress: { done, all, unit } });

const tasks = {
  play: (a, post) => hus.play_progress(a.aName, a.aScript, a.bName, a.bScript, a.files,
    BigInt(a.hands), BigInt(a.seed), BigInt64Array.from(a.blinds.map(BigInt)), BigInt(a.stack),
    a.duplicate, (n) => post({ progress: n })),
  equity: (a, post) => hus.equity_progress(a.hero, a.villain, a.board, a.dead, a.with, counted(post)),
  range: (a, post) => hus.range_progress(a.range, a.board, a.dead, a.with, Boolean(a.nextCard),
    counted(post)),
  chart: (a) => hus.chart(a.script, a.files, a.spot),
  check: (a) => hus.check_first(a.script, a.files, a.listed),
  hover: (a) => hus.hover(a.script, a.files, a.offset),
  complete: (a) => hus.complete(a.script, a.files, a.offset),
};

onmessage = async ({ data: { id, kind, args } }) => {
  const post = (m) => postMessage({ id, ...m });
  await ready;
  if (kind === "play") {
    const problem = await loadFlopTable(post);
    if (problem) post({ note: problem });
  }
  try {
    const text = tasks[kind](args, post);
    // A match's text goes to the page as written, which reads it keeping big seeds exact.
    post({ result: kind === "play" ? { raw: text } : JSON.parse(text) });
  } catch (e) {
    // A failure in the library (a bug) is told as the task's error, never a silent stop.
    post({ result: { error: `the ${kind} failed: ${e.message}` } });
  }
};
