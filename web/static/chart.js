// The chart panel: the editor's script decided for all 169 starting classes in one preflop
// spot (`hus chart`'s, exact), as a 13x13 grid coloured by the share of each action (red
// raise, green call or check, blue fold, grey no rule). A cell (click, or Enter on it; the arrows move between cells) shows
// that class's decision and its `--explain` trace, decided as `hus decide` would.
import { panelTask } from "./jobs.js";

const $ = (id) => document.getElementById(id);
const COLOURS = { raise: "#d9534f", call: "#5cb85c", check: "#5cb85c", fold: "#4a7bd0" };

const pct = (share) => `${Math.round(share * 1000) / 10}%`;
/** A cell's actions in words: `raise 200 75%, call 25%` (and `no rule N%`). */
export const describe = (cell) => [
  ...cell.actions.map((a) => `${a.action}${a.amount !== null ? " " + a.amount : ""} ${pct(a.share)}`),
  ...(cell.no_rule > 0 ? [`no rule ${pct(cell.no_rule)}`] : []),
].join(", ");

/** The cell's background: bands of the action colours by share, raise first. */
function background(actions) {
  let at = 0;
  const stops = [];
  for (const a of [...actions].sort((x, y) => "rcf".indexOf(x.action[0]) - "rcf".indexOf(y.action[0]))) {
    const to = at + a.share * 100;
    stops.push(`${COLOURS[a.action]} ${at}% ${to}%`);
    at = to;
  }
  if (at < 99.95) stops.push(`#bbb ${at}% 100%`);
  return `linear-gradient(to right, ${stops.join(", ")})`;
}

const spot = () => JSON.stringify({
  spot: $("chart-spot").value, open: Number($("chart-open").value),
  threebet: Number($("chart-3bet").value), stack: Number($("chart-stack").value),
});

/** Wires the panel: `hus` the bindings, `script()` the editor's text, `filesJson()` its files. */
export function setupChart(hus, script, filesJson) {
  const grid = $("chart-grid");
  const show = (cell) => {
    const g = JSON.parse(hus.chart_game(spot(), cell.dataset.class));
    const r = g.error ? g : JSON.parse(hus.decide(script(), g.xml, filesJson(), 0n));
    const d = r.decision;
    $("chart-cell").textContent = `${cell.dataset.class}: ${cell.dataset.says}` +
      (d ? `. Seed 0 decides ${d.action}${d.amount !== null ? " " + d.amount : ""} (rule at line ${d.rule.line}).` : "");
    $("chart-trace").textContent = r.trace || r.message || "";
  };
  const drawn = (r) => {
    $("chart-error").textContent = r.error
      ? (r.message || "The script has errors: see the editor's list.") : "";
    grid.replaceChildren();
    for (const c of r.cells || []) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "chart-cell";
      b.textContent = c.class;
      b.dataset.class = c.class;
      b.dataset.says = describe(c);
      b.dataset.actions = JSON.stringify(c.actions);
      b.dataset.noRule = String(c.no_rule);
      b.setAttribute("aria-label", `${c.class}: ${b.dataset.says}`);
      b.style.background = background(c.actions);
      b.tabIndex = grid.children.length === 0 ? 0 : -1;
      b.addEventListener("click", () => show(b));
      grid.append(b);
    }
  };
  // One tab stop for the grid; the arrows move in it.
  grid.addEventListener("keydown", (e) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 13, ArrowUp: -13 }[e.key];
    const cells = [...grid.children];
    const i = cells.indexOf(document.activeElement);
    if (step === undefined || i < 0 || !cells[i + step]) return;
    e.preventDefault();
    cells[i].tabIndex = -1;
    cells[i + step].tabIndex = 0;
    cells[i + step].focus();
  });
  // The chart is drawn in a worker (jobs.js), with a Cancel.
  const draw = panelTask({
    panel: $("chart-panel"), status: $("chart-progress"), cancelButton: $("chart-cancel"),
    start: () => ["chart", { script: script(), files: filesJson(), spot: spot() }],
    done: drawn,
  });
  $("chart-form").addEventListener("submit", (e) => { e.preventDefault(); draw(); });
  return draw;
}
