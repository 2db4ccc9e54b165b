// A clickable 13x13 range grid kept in sync with a range's text field, both ways: typing a
// range redraws the grid (the library reads it, `range_classes`), and choosing cells rewrites
// the text as the library writes a grid (`range_text`: `QQ+ | AK:0.5`). A chosen cell takes
// the weight of the grid's Weight field, or leaves the range when it already has it; Delete
// takes it out. One tab stop, the arrows move (roving.js). Each cell says its class and weight
// to a screen reader and shows the weight as its shade (and the number when below 1). A text
// the grid cannot show exactly (single holdings such as `AhKh`) is kept as typed: the grid
// shows each class's share of its combinations and cannot be clicked until the text is
// rewritten.
import { rovingGrid } from "./roving.js";

const RANKS = "AKQJT98765432";

/** The class at table index `i` (`row * 13 + column`; suited above the diagonal). */
export function classAt(i) {
  const [r, c] = [Math.floor(i / 13), i % 13];
  const [hi, lo] = [RANKS[Math.min(r, c)], RANKS[Math.max(r, c)]];
  return r === c ? hi + lo : hi + lo + (r < c ? "s" : "o");
}

const weightText = (w) => String(Math.round(w * 1000) / 1000);

const span = (className, text) => {
  const el = document.createElement("span");
  el.className = className;
  el.textContent = text;
  return el;
};

/**
 * Builds the grid of the range field `input` in `box` (an empty element): `name` names it
 * for screen readers, `filter` is the field of `WITH` words that narrow the range (its note
 * says the grid shows the range before them). `hus` is the library's bindings.
 */
export function rangeGrid(hus, { input, box, name, filter }) {
  const id = input.id;
  box.classList.add("range-picker");
  const cells = document.createElement("div");
  cells.className = "range-cells";
  cells.setAttribute("role", "group");
  cells.setAttribute("aria-label", `${name}: choose classes (Enter), Delete takes one out; the arrows move`);
  const buttons = [...Array(169).keys()].map((i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.class = classAt(i);
    b.addEventListener("click", () => choose(i));
    return b;
  });
  cells.append(...buttons);
  const weightLabel = document.createElement("label");
  weightLabel.textContent = "Weight of chosen classes ";
  const weight = document.createElement("input");
  Object.assign(weight, { id: `${id}-weight`, type: "number", min: "0", max: "1", step: "0.05", value: "1" });
  weight.className = "grid-weight";
  weightLabel.append(weight);
  const weightError = document.createElement("span");
  weightError.id = `${id}-weight-error`;
  weightError.className = "field-error";
  weightError.setAttribute("aria-live", "polite");
  weight.setAttribute("aria-describedby", weightError.id);
  const note = document.createElement("p");
  note.id = `${id}-grid-note`;
  note.className = "grid-note";
  note.setAttribute("role", "status");
  const row = document.createElement("div");
  row.className = "row";
  row.append(weightLabel, weightError);
  box.append(cells, row, note);
  rovingGrid(cells, 13);

  let weights = new Array(169).fill(0);
  let editable = true;
  let problem = "";

  const readWeight = () => {
    const w = Number(weight.value);
    const ok = weight.value.trim() !== "" && Number.isFinite(w) && w > 0 && w <= 1;
    weightError.textContent = ok ? "" : "Weight: a number above 0 and at most 1, such as 0.5.";
    weight.setAttribute("aria-invalid", String(!ok));
    return ok ? w : null;
  };

  const paint = () => {
    buttons.forEach((b, i) => {
      const w = weights[i];
      const cls = b.dataset.class;
      // Its name is its text: the class, then the weight (its number shown below 1).
      const said = span("sr-only", w >= 1 ? ", in the range" : w > 0 ? ", weight " : ", not in the range");
      b.replaceChildren(cls, said, ...(w > 0 && w < 1 ? [span("w", weightText(w))] : []));
      b.style.setProperty("--w", String(w));
      b.className = w > 0 ? "in" : "";
      b.setAttribute("aria-pressed", w >= 1 ? "true" : w > 0 ? "mixed" : "false");
      b.setAttribute("aria-disabled", String(!editable));
    });
    box.classList.toggle("read-only", !editable);
    const filtered = filter && filter.value.trim() !== ""
      ? " The WITH words narrow this range on the board: the grid shows it before them." : "";
    note.textContent = problem + filtered;
  };

  /** Reads the text into the grid (the text is never changed here). */
  const read = () => {
    const text = input.value.trim();
    if (text === "") {
      weights = new Array(169).fill(0);
      editable = true;
      problem = "";
    } else {
      const r = JSON.parse(hus.range_classes(text));
      if (r.error) {
        editable = false;
        problem = `The grid cannot read the text (${r.error}); it shows the last range read.`;
      } else {
        weights = r.weights;
        editable = r.exact;
        problem = r.exact ? "" : "This range names single holdings (such as AhKh): the grid shows " +
          "each class's share of its combinations, an approximation, and cannot be changed by " +
          "choosing cells; edit the text.";
      }
    }
    paint();
  };

  /** Sets class `i` to weight `w` and writes the range's text from the grid. */
  const set = (i, w) => {
    if (!editable) return;
    const next = weights.slice();
    next[i] = w;
    const r = JSON.parse(hus.range_text(Float64Array.from(next)));
    if (r.error) return;
    input.value = r.text;
    // As if typed: the grid redraws from the text, and the panel's results go stale.
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };

  function choose(i) {
    const w = readWeight();
    if (w === null) return;
    set(i, weights[i] === w ? 0 : w);
  }

  cells.addEventListener("keydown", (e) => {
    const i = buttons.indexOf(document.activeElement);
    if (i >= 0 && (e.key === "Delete" || e.key === "Backspace")) {
      e.preventDefault();
      set(i, 0);
    }
  });
  input.addEventListener("input", read);
  weight.addEventListener("input", readWeight);
  filter?.addEventListener("input", paint);
  read();
  return { read };
}
