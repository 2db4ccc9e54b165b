// Results that no longer match their inputs: after the script, the files or a panel's fields
// change, the chart, decision, match, equity and range results already shown are marked
// stale (the class `stale` and a note read out by screen readers) until they are computed
// again, which rewrites them and clears the mark. Nothing here computes anything.

const $ = (id) => document.getElementById(id);

/**
 * Watches the results of one panel: `results` the elements that hold them (the first the one
 * whose rewriting means "computed again"), `again` what to press. Returns `mark(why)`, which
 * marks the shown results stale (nothing when none is shown).
 */
function watch(name, results, again) {
  const [main] = results;
  const note = document.createElement("p");
  note.id = `${name}-stale`;
  note.className = "stale-note";
  note.setAttribute("role", "status");
  main.before(note);
  const shown = () => results.some((r) => r.hasChildNodes());
  const fresh = () => {
    for (const r of results) {
      r.classList.remove("stale");
      r.removeAttribute("aria-describedby");
    }
    note.textContent = "";
  };
  // A new answer rewrites the main result: it is fresh again.
  new MutationObserver(fresh).observe(main, { childList: true, characterData: true, subtree: true });
  return (why) => {
    if (!shown()) return;
    for (const r of results) {
      r.classList.add("stale");
      r.setAttribute("aria-describedby", note.id);
    }
    note.textContent = `Out of date: ${why} since these results were computed. ${again}`;
  };
}

/** Marks each panel's results stale when what they were computed from changes; returns
 * `scriptChanged()`, which the editor calls on every edit of the script. */
export function setupStale() {
  const chart = watch("chart", [$("chart-grid"), $("chart-heading"), $("chart-categories"),
    $("chart-cell"), $("chart-trace"), $("chart-json")], "Press Chart to draw it again.");
  const decision = watch("decision", [$("decision-text"), $("decision"), $("trace")],
    "Press Decide to decide again.");
  const match = watch("match", [$("match-summary"), $("match-tables"), $("plot"), $("match-json")],
    "Press Play to play again.");
  const equity = watch("equity", [$("equity-table"), $("equity-json")], "Press Equity to count again.");
  const range = watch("range", [$("range-table"), $("range-grid"), $("range-json")],
    "Press Break down to count again.");
  const on = (el, events, f) => { for (const e of events) el.addEventListener(e, f); };
  on($("chart-form"), ["input", "change"], () => chart("the spot changed"));
  on($("equity-form"), ["input", "change"], () => equity("the ranges or cards changed"));
  on($("range-form"), ["input", "change"], () => range("the range or cards changed"));
  // The situation: any field, any card or act (the decision's own button excepted).
  on($("game-panel"), ["input", "change"], () => decision("the situation changed"));
  $("game-panel").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (b && b.id !== "xml-use") decision("the situation changed");
  });
  on($("seed"), ["input"], () => decision("the seed changed"));
  on($("match-panel"), ["input", "change"], () => match("the match's options changed"));
  const scriptChanged = (why = "the script changed") => {
    chart(why);
    decision(why);
    match(why);
  };
  $("files").addEventListener("change", () => scriptChanged("the files changed"));
  return scriptChanged;
}
