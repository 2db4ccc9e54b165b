// The chart panel: `hus chart` for the editor's script in any spot, as the command takes it
// (the acts in its notation, `BTN 2.5bb, BB 3bet 9bb`, the board, the stacks, the hero's
// range), its answer exactly `hus chart --json`'s. A 13x13 grid coloured by the share of each
// action (red raise, green call or check, blue fold, grey no rule, pale a class the range
// never holds) and, after the flop, the table by hand category. A cell (click, or Enter on
// it; the arrows move between cells) shows that class's decision and its `--explain` trace,
// decided as `hus decide` would. A spot, board, stack or range the library refuses is said
// next to its field.
import { panelTask } from "./jobs.js";
import { rovingGrid } from "./roving.js";

const $ = (id) => document.getElementById(id);
const COLOURS = { raise: "#c9302c", call: "#3c8a3c", check: "#3c8a3c", fold: "#3465b8" };
const FIELDS = ["spot", "board", "stack", "range"];

const pct = (share) => `${Math.round(share * 1000) / 10}%`;
/** Actions in words, as `hus chart` names them: `raise to 2.5bb 75%, call 25%, no rule 5%`. */
export const describe = (actions, noRule) => [
  ...actions.map((a) => `${a.text} ${pct(a.share)}`),
  ...(noRule > 0 ? [`no rule ${pct(noRule)}`] : []),
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
  if (at < 99.95) stops.push(`#666 ${at}% 100%`);
  return `linear-gradient(to right, ${stops.join(", ")})`;
}

/** The spot as the library takes it (`hus chart`'s flags), or `null` when the stack is no number. */
function spot() {
  const stack = Number($("chart-stack").value);
  if ($("chart-stack").value.trim() === "" || !Number.isFinite(stack)) return null;
  return JSON.stringify({
    spot: $("chart-spot").value, board: $("chart-board").value.trim(), stack,
    range: $("chart-range").value, all_holdings: $("chart-all").checked,
  });
}

/** Shows `message` next to field `name` (or clears it), as fields.js does for numbers. */
function fieldNote(name, message) {
  const input = $(`chart-${name}`);
  let note = $(`chart-${name}-error`);
  if (!note) {
    note = document.createElement("span");
    note.id = `chart-${name}-error`;
    note.className = "field-error";
    note.setAttribute("aria-live", "polite");
    input.closest("label").after(note);
    input.setAttribute("aria-describedby", note.id);
  }
  note.textContent = message;
  input.setAttribute("aria-invalid", String(Boolean(message)));
}

/** The table of the rows by category (made hands, then draws), or nothing before the flop. */
function categories(r) {
  const box = $("chart-categories");
  box.replaceChildren();
  for (const [title, rows] of [["Made hands", r.made], ["Draws and shapes", r.draws]]) {
    const shown = (rows || []).filter((row) => row.weight > 0);
    if (!shown.length) continue;
    const table = document.createElement("table");
    table.className = "result";
    table.createCaption().textContent = title;
    const head = table.createTHead().insertRow();
    for (const h of ["Category", "Combos", "Share", "Actions"]) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = h;
      head.append(th);
    }
    const body = table.createTBody();
    for (const row of shown) {
      const tr = body.insertRow();
      for (const text of [row.words, String(Math.round(row.weight * 100) / 100), pct(row.share),
        describe(row.actions, row.no_rule)]) tr.insertCell().textContent = text;
    }
    const wrap = document.createElement("div");
    wrap.className = "table-wrap";
    wrap.append(table);
    box.append(wrap);
  }
}

/** Wires the panel: `hus` the bindings, `script()` the editor's text, `filesJson()` its files. */
export function setupChart(hus, script, filesJson) {
  const grid = $("chart-grid");
  rovingGrid(grid, 13);
  let shownSpot = null;
  const show = (cell) => {
    const hand = cell.dataset.hand;
    if (!hand) {
      $("chart-cell").textContent = `${cell.dataset.class}: the range never holds it here.`;
      $("chart-trace").textContent = "";
      return;
    }
    const g = JSON.parse(hus.chart_game(shownSpot, hand));
    const r = g.error ? g : JSON.parse(hus.decide(script(), g.xml, filesJson(), 0n));
    const d = r.decision;
    $("chart-cell").textContent = `${cell.dataset.class}: ${cell.dataset.says}` +
      (d ? `. With ${hand}, seed 0 decides ${d.action}${d.amount !== null ? " " + d.amount : ""} (rule at line ${d.rule.line}).` : "");
    $("chart-trace").textContent = r.trace || r.message || "";
  };
  const drawn = (r, asked) => {
    for (const f of FIELDS) fieldNote(f, r.field === f ? r.message : "");
    $("chart-error").textContent = !r.error || r.field ? ""
      : r.error === "script" ? "The script has errors: see the editor's list." : r.message;
    $("chart-cell").textContent = $("chart-trace").textContent = "";
    $("chart-json").textContent = r.error ? "" : JSON.stringify(r, null, 2);
    $("chart-heading").textContent = r.error ? "" : `${r.spot}` +
      (r.range ? `; over the ${Math.round(r.range.combos * 100) / 100} combos ${r.range.source}` : "");
    shownSpot = asked;
    const cells = (r.cells || []).map((c) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "chart-cell";
      b.textContent = c.class;
      b.dataset.class = c.class;
      b.dataset.hand = c.hand;
      const never = c.weight === 0;
      b.dataset.says = never ? "not in the range" : describe(c.actions, c.no_rule);
      b.setAttribute("aria-label", `${c.class}: ${b.dataset.says}`);
      if (never) b.classList.add("never");
      else b.style.background = background(c.actions);
      b.addEventListener("click", () => show(b));
      return b;
    });
    // The whole grid at once: never old cells beside new ones.
    cells.forEach((b, i) => { b.tabIndex = i === 0 ? 0 : -1; });
    grid.replaceChildren(...cells);
    categories(r.error ? {} : r);
  };
  // The chart is drawn in a worker (jobs.js), with a Cancel.
  let asked = null;
  const draw = panelTask({
    panel: $("chart-panel"), status: $("chart-progress"), cancelButton: $("chart-cancel"),
    start: () => {
      asked = spot();
      if (asked === null) {
        drawn({ error: "spot", field: "stack", message: "Stacks: a number of big blinds, at least 1." }, null);
        return null;
      }
      return ["chart", { script: script(), files: filesJson(), spot: asked }];
    },
    done: (r) => drawn(r, asked),
  });
  $("chart-form").addEventListener("submit", (e) => { e.preventDefault(); draw(); });
  return draw;
}
