// The equity and range panels: each form's fields go to the library's `equity` / `range`
// (as `hus equity` / `hus range` take them) and its answer is shown as those commands print
// it. The work is done in a worker, so a long count never holds the page.
import { panelTask } from "./jobs.js";
import { rangeGrid } from "./grid.js";

const $ = (id) => document.getElementById(id);
const value = (id) => $(id).value;

/** Shows an answer `{text, report, svg?}` or `{error}` in the panel named `name`. */
function show(name, r) {
  $(`${name}-error`).textContent = r.error ? `hus ${name}: ${r.error}` : "";
  $(`${name}-table`).textContent = r.text || "";
  $(`${name}-json`).textContent = r.report ? JSON.stringify(r.report) : "";
  if (name === "range") $("range-grid").innerHTML = r.svg || "";
}

/** A count's progress in words: `12,288 of 249,900 boards counted`. */
export const countedText = ({ done, all, unit }) =>
  `${done.toLocaleString("en")} of ${all.toLocaleString("en")} ${unit} ${unit === "deals" ? "drawn" : "counted"}`;

/** Wires both panels, each running in its worker (jobs.js) with a Cancel, and fills them once;
 * each range field gets its grid (grid.js). */
export function setupRanges(hus) {
  for (const [id, name, filter] of [["equity-hero", "Hero's range grid", null],
    ["equity-villain", "Villain's range grid", "equity-with"], ["range-range", "Range grid", "range-with"]]) {
    rangeGrid(hus, { input: $(id), box: $(`${id}-picker`), name, filter: filter && $(filter) });
  }
  const fields = (name, ids) => Object.fromEntries(ids.map((id) => [id, value(`${name}-${id}`)]));
  const task = (name, ids) => panelTask({
    panel: $(`${name}-panel`), status: $(`${name}-progress`), cancelButton: $(`${name}-cancel`),
    say: (m) => m.note ?? countedText(m.progress),
    start: () => [name, { ...fields(name, ids), nextCard: $("range-next")?.checked }],
    done: (r) => show(name, r),
  });
  const equity = task("equity", ["hero", "villain", "board", "dead", "with"]);
  const range = task("range", ["range", "board", "dead", "with"]);
  for (const [form, run] of [["equity-form", equity], ["range-form", range]]) {
    $(form).addEventListener("submit", (e) => { e.preventDefault(); run(); });
  }
  equity();
  range();
}
