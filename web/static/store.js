// Keeping the page's work: the scripts, the added files and the situation are saved in the
// browser's localStorage after every change and restored on the next visit; a Share link
// carries them in the address (JSON, deflate-raw compressed, base64url) and is restored
// when opened; an example replaces an edited script only after a confirmation.

const $ = (id) => document.getElementById(id);
const KEY = "hus-playground";
const SHARE = "#share=";

async function bytesThrough(bytes, transform) {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** `value` as JSON, compressed (deflate-raw) and written in base64url. */
export async function pack(value) {
  const bytes = await bytesThrough(new TextEncoder().encode(JSON.stringify(value)),
    new CompressionStream("deflate-raw"));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The value `pack` wrote; throws when the text is not one. */
export async function unpack(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const json = await bytesThrough(bytes, new DecompressionStream("deflate-raw"));
  return JSON.parse(new TextDecoder().decode(json));
}

const isText = (x) => typeof x === "string";

/**
 * Wires saving and sharing. `editor` is the code editor, `builder` the situation builder
 * (its `snapshot()` and `restore(s)`), `files()`/`setFiles(f)` the added files,
 * `loadExample(name)` loads an example or built-in, `sources()` the texts of all of them.
 * Returns `{save, restore}`: `restore()` (once, at start) takes the shared link or the saved
 * work, and tells whether there was any.
 */
export function setupStore({ editor, builder, files, setFiles, loadExample, sources }) {
  let ready = false;
  const work = () => ({ v: 1, script: editor.text(), second: $("second").value, files: files(), situation: builder.snapshot() });

  function save() {
    if (!ready) return;
    try {
      localStorage.setItem(KEY, JSON.stringify({ ...work(), example: $("example").value }));
      $("store-status").textContent = "";
    } catch (e) {
      $("store-status").textContent = `Your work is not saved in this browser: ${e.message}`;
    }
  }

  function apply(record) {
    if (!record || record.v !== 1 || !isText(record.script)) throw new Error("not a playground record");
    const f = {};
    for (const [name, text] of Object.entries(record.files ?? {})) if (isText(text)) f[name] = text;
    setFiles(f);
    if (isText(record.example) && [...$("example").options].some((o) => o.value === record.example)) {
      $("example").value = record.example;
    }
    editor.load(record.script);
    $("second").value = isText(record.second) ? record.second : "";
    // The builder keeps what it can read of the situation (an older page's is dropped).
    builder.restore(record.situation);
  }

  async function restore() {
    let restored = false;
    if (location.hash.startsWith(SHARE)) {
      try {
        apply(await unpack(location.hash.slice(SHARE.length)));
        restored = true;
      } catch (e) {
        $("store-status").textContent = `The shared link could not be read (${e.message}); your saved work is shown instead.`;
      }
      // From now on the work is saved here: a reload shows the latest, not the link's.
      history.replaceState(null, "", location.pathname + location.search);
    }
    if (!restored) {
      try {
        const saved = localStorage.getItem(KEY);
        if (saved) { apply(JSON.parse(saved)); restored = true; }
      } catch { /* unreadable saved work: start afresh */ }
    }
    shown = pick.value;
    ready = true;
    save();
    return restored;
  }

  async function share() {
    const link = `${location.origin}${location.pathname}${SHARE}${await pack(work())}`;
    $("share-link").value = link;
    $("share-link").hidden = false;
    $("share-link").select();
    let copied = false;
    try { await navigator.clipboard.writeText(link); copied = true; } catch { /* not allowed here */ }
    $("store-status").textContent = `A link to this script and situation (${link.length} characters)` +
      (copied ? " is copied." : " is below: copy it.");
  }

  // An example replaces the script only when it is not edited, or after a yes.
  const pick = $("example");
  let shown = pick.value;
  pick.addEventListener("focus", () => { shown = pick.value; });
  pick.addEventListener("change", () => {
    const text = editor.text();
    const edited = text.trim() !== "" && !sources().includes(text);
    if (edited && !confirm(`Replace your edited script with ${pick.value}? Your edits are lost.`)) {
      pick.value = shown;
      return;
    }
    shown = pick.value;
    loadExample(pick.value);
    save();
  });
  $("share").addEventListener("click", share);
  $("second").addEventListener("input", save);
  return { save, restore };
}
