// Keeping the page's work: the scripts, the added files and the situation are saved in the
// browser's localStorage after every change and restored on the next visit; a Share link
// carries them in the address (JSON, deflate-raw compressed, base64url) and is restored
// when opened; an example replaces an edited script only after a confirmation.

const $ = (id) => document.getElementById(id);
const KEY = "hus-playground";
const SHARE = "#share=";
const FIELDS = { sb: "sb", bb: "bb", heroStack: "hero-stack", villainStack: "villain-stack", heroSeat: "hero-seat" };
const CARD = /^[AKQJT98765432][shdc]$/;
const ACTS = ["fold", "check", "call", "raise"];

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
const isAmount = (x) => Number.isSafeInteger(x) && x >= 0;

/** The situation of a saved or shared record, kept only as far as it is well formed. */
function situationOf(s) {
  if (!s || typeof s !== "object") return null;
  const cards = Array.isArray(s.cards) ? s.cards.filter((c) => isText(c) && CARD.test(c)) : [];
  const acts = (Array.isArray(s.acts) ? s.acts : []).filter((a) => a && [0, 1, 2, 3].includes(a.round) &&
    ["Hero", "Villain"].includes(a.player) && ACTS.includes(a.act) && isAmount(a.amount) && isAmount(a.put))
    .map(({ round, player, act, amount, put }) => ({ round, player, act, amount, put }));
  const fields = {};
  for (const k of Object.keys(FIELDS)) if (isText(s[k])) fields[k] = s[k];
  return { cards: [...new Set(cards)].slice(0, 7), acts, fields };
}

/**
 * Wires saving and sharing. `editor` is the code editor, `state` the situation's cards and
 * acts, `refreshGame()` redraws the situation, `files()`/`setFiles(f)` the added files,
 * `loadExample(name)` loads an example or built-in, `sources()` the texts of all of them.
 * Returns `{save, restore}`: `restore()` (once, at start) takes the shared link or the saved
 * work, and tells whether there was any.
 */
export function setupStore({ editor, state, refreshGame, files, setFiles, loadExample, sources }) {
  let ready = false;
  const situation = () => ({
    ...Object.fromEntries(Object.entries(FIELDS).map(([k, id]) => [k, $(id).value])),
    cards: [...state.cards], acts: state.acts.map((a) => ({ ...a })),
  });
  const work = () => ({ v: 1, script: editor.text(), second: $("second").value, files: files(), situation: situation() });

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
    const s = situationOf(record.situation);
    if (s) {
      for (const [k, v] of Object.entries(s.fields)) $(FIELDS[k]).value = v;
      state.cards = s.cards;
      state.acts = s.acts;
    }
    refreshGame();
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
