// One tab stop for a grid of buttons (a "roving tabindex"): Tab enters and leaves the grid at
// the button last focused, the arrow keys move inside it, Home and End go to its row's ends.

/** Makes the buttons of `grid` (laid out `columns` wide) one stop of Tab. */
export function rovingGrid(grid, columns) {
  const buttons = () => [...grid.querySelectorAll("button")];
  buttons().forEach((b, i) => { b.tabIndex = i === 0 ? 0 : -1; });
  grid.addEventListener("focusin", (e) => {
    if (!(e.target instanceof HTMLButtonElement)) return;
    for (const b of buttons()) b.tabIndex = b === e.target ? 0 : -1;
  });
  grid.addEventListener("keydown", (e) => {
    const all = buttons();
    const i = all.indexOf(document.activeElement);
    if (i < 0) return;
    const row = i - (i % columns);
    const to = {
      ArrowRight: i + 1, ArrowLeft: i - 1, ArrowDown: i + columns, ArrowUp: i - columns,
      Home: row, End: Math.min(row + columns, all.length) - 1,
    }[e.key];
    if (to === undefined || !all[to]) return;
    e.preventDefault();
    all[to].focus();
  });
}
