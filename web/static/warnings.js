// A decision's warnings (the game state's and those the decision raised, such as several
// rules matching), listed beside the decision as `hus decide` prints them on its error
// stream, not only inside the JSON.

const $ = (id) => document.getElementById(id);

/** The list under the decision's line, made on first use. */
function list() {
  let ul = $("decision-warnings");
  if (!ul) {
    ul = document.createElement("ul");
    ul.id = "decision-warnings";
    ul.className = "decision-warnings";
    ul.setAttribute("aria-label", "Warnings of the decision");
    $("decision-text").after(ul);
  }
  return ul;
}

/** Shows the warnings of a decide answer `r` (none for an answer without). */
export function showDecisionWarnings(r) {
  list().replaceChildren(...(r?.warnings ?? []).map((d) => {
    const li = document.createElement("li");
    li.className = "warning";
    li.textContent = `${d.file}:${d.line}:${d.column}: warning[${d.code}]: ${d.message}`;
    return li;
  }));
}
