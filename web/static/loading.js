// The page's loading state: until the library (wasm) and the editor are ready the page says
// it is loading (the note is in index.html, so it shows from the first paint) and its
// controls are disabled; `<main>` is inert from the HTML until then, before any script runs.

const $ = (id) => document.getElementById(id);
/** The controls this module disabled, to enable again (others stay as their panels set them). */
let held = [];

/** Disables every enabled control of the page while it loads. */
export function markLoading() {
  held = [...document.querySelectorAll("button, input, select, textarea")].filter((c) => !c.disabled);
  for (const c of held) c.disabled = true;
  document.body.setAttribute("aria-busy", "true");
}

/** The page is ready: the note goes and the controls come back. */
export function markLoaded() {
  for (const c of held) c.disabled = false;
  held = [];
  document.querySelector("main")?.removeAttribute("inert");
  document.body.removeAttribute("aria-busy");
  $("loading")?.remove();
}

/** The page could not start (the library did not load): said where the loading note was. */
export function loadFailed(error) {
  const note = $("loading");
  if (note) note.textContent = `The playground could not start: ${error?.message ?? error}. Reload to try again.`;
  document.body.removeAttribute("aria-busy");
}
