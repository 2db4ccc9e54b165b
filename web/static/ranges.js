// The equity and range panels: each form's fields go to the library's `equity` / `range`
// (as `hus equity` / `hus range` take them) and its answer is shown as those commands print
// it. Self-contained: it needs only the initialised bindings.
const $ = (id) => document.getElementById(id);
const value = (id) => $(id).value;

/** Shows an answer `{text, report, svg?}` or `{error}` in the panel named `name`. */
function show(name, r) {
  $(`${name}-error`).textContent = r.error ? `hus ${name}: ${r.error}` : "";
  $(`${name}-table`).textContent = r.text || "";
  $(`${name}-json`).textContent = r.report ? JSON.stringify(r.report) : "";
  if (name === "range") $("range-grid").innerHTML = r.svg || "";
}

/** Wires both panels to the bindings `hus` (already initialised) and fills them once. */
export function setupRanges(hus) {
  const equity = () => show("equity", JSON.parse(hus.equity(value("equity-hero"),
    value("equity-villain"), value("equity-board"), value("equity-dead"), value("equity-with"))));
  const range = () => show("range", JSON.parse(hus.range(value("range-range"),
    value("range-board"), value("range-dead"), value("range-with"))));
  for (const [form, run] of [["equity-form", equity], ["range-form", range]]) {
    $(form).addEventListener("submit", (e) => { e.preventDefault(); run(); });
  }
  equity();
  range();
}
