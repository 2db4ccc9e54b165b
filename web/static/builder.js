// The situation builder: blinds, stacks, each seat's cards, and the hand street by street.
// The library's betting machine (`situation()` of the wasm) replays it after every change
// and says who is to act and what they may do; the page offers only that, and shows the
// game-state XML written for the player to act. Amounts are kept in big blinds (the blinds
// in chips), so a change of the blinds rescales the stacks and bets instead of leaving
// stale chips. An XML the user typed or pasted is theirs until they choose to rebuild it.
import { setupBuilderFields, check, show } from "./builder-fields.js";
import { buildDeck, render, STREETS, DEALT } from "./builder-view.js";

const $ = (id) => document.getElementById(id);
const SEATS = ["button", "bigBlind"];
const CARD = /^[AKQJT98765432][shdc]$/;
const ACTS = ["fold", "check", "call", "bet", "raise"];

const fresh = () => ({
  sb: 10, bb: 20, stacks: [100, 100], unit: "bb", hole: [[], []], streets: [{ cards: [], acts: [] }],
});

/**
 * Wires the Situation panel. `hus` is the wasm module, `save()` keeps the work, `setXml(text)`
 * shows a game state in the XML box. Returns `{snapshot, restore}` for saving and sharing:
 * `snapshot()` is the situation as JSON-able data, `restore(s)` takes one back (a malformed
 * or older one is dropped for the default situation).
 */
export function setupBuilder({ hus, save, setXml }) {
  let state = fresh();
  let pick = "button";
  let userXml = null;
  let answer = { legal: [], streets: [] };

  const current = () => state.streets.at(-1);
  const ctx = () => ({
    sb: state.sb, bb: state.bb, unit: state.unit, minTo: answer.minTo ?? null, maxTo: answer.maxTo ?? null,
    sbTyped: typedNumber("sb"), bbTyped: typedNumber("bb"),
  });

  function note(text) { $("builder-note").textContent = text; }

  /** Replays the situation, redraws it, and shows its XML unless the XML is the user's. */
  function refresh({ resetAmount = false } = {}) {
    const { unit, ...situation } = state;
    answer = JSON.parse(hus.situation(JSON.stringify(situation)));
    render(state, answer, userXml);
    if (resetAmount || $("act-amount").value === "") showAmount();
    checkAmount();
    if (userXml === null) setXml(answer.xml ?? "");
    save();
  }

  /** Checks the raise field: the raise button is offered only with an amount it may take. */
  function checkAmount() {
    const offered = answer.legal.includes("bet") || answer.legal.includes("raise");
    $("act-raise").disabled = !offered || check("act-amount", ctx()) === undefined;
  }

  /** The raise field at the smallest raise now, in the unit chosen. */
  function showAmount() {
    if (answer.minTo == null) return;
    $("act-amount").value = show(state.unit === "bb" ? answer.minTo / state.bb : answer.minTo);
  }

  /** The fields as the state holds them, in the unit chosen. */
  function showFields() {
    $("sb").value = show(state.sb);
    $("bb").value = show(state.bb);
    ["button-stack", "bb-stack"].forEach((id, i) => {
      $(id).value = show(state.unit === "bb" ? state.stacks[i] : state.stacks[i] * state.bb);
    });
    for (const u of document.querySelectorAll(".unit")) u.textContent = state.unit === "bb" ? "(bb)" : "(chips)";
    $(`unit-${state.unit}`).checked = true;
  }

  function typed(id) {
    if (id === "act-amount") return checkAmount();
    const v = check(id, ctx());
    if (v === undefined) return;
    if (id === "sb" || id === "bb") {
      state[id] = v;
      // The other blind may have become valid with this one.
      const other = id === "sb" ? "bb" : "sb";
      const w = check(other, ctx());
      if (w !== undefined) state[other] = w;
      if (state.unit === "chips") {
        // Stacks are kept in big blinds: shown in chips, they follow the big blind.
        ["button-stack", "bb-stack"].forEach((f, i) => {
          $(f).value = show(state.stacks[i] * state.bb);
          check(f, ctx());
        });
      }
    } else {
      state.stacks[id === "button-stack" ? 0 : 1] = v;
    }
    refresh();
  }

  function toggleCard(c) {
    note("");
    const seat = state.hole.find((h) => h.includes(c));
    if (seat) {
      seat.splice(seat.indexOf(c), 1);
      return refresh();
    }
    const k = state.streets.findIndex((s) => s.cards.includes(c));
    if (k === state.streets.length - 1) {
      current().cards.splice(current().cards.indexOf(c), 1);
      return refresh();
    }
    if (k >= 0) return note(`${c} was dealt on the ${STREETS[k]}: undo back to the ${STREETS[k]} to change it.`);
    if (pick === "board") {
      const street = state.streets.length - 1;
      if (street === 0) return note("The board comes street by street: close the preflop betting, then Deal the flop.");
      if (current().cards.length >= DEALT[street]) {
        return note(`The ${STREETS[street]} has its card${DEALT[street] > 1 ? "s" : ""}: pick one again to remove it first.`);
      }
      current().cards.push(c);
    } else {
      const i = SEATS.indexOf(pick);
      if (state.hole[i].length >= 2) return note(`${pick === "button" ? "The button" : "The big blind"} has two cards: pick one again to remove it first.`);
      state.hole[i].push(c);
      if (state.hole[i].length === 2) {
        const next = SEATS.find((s, j) => state.hole[j].length < 2) ??
          (answer.missing > 0 ? "board" : pick);
        setPick(next);
      }
    }
    refresh();
  }

  function setPick(to) {
    pick = to;
    $(`pick-${to}`).checked = true;
  }

  function act(name) {
    note("");
    let move = { act: name };
    if (name === "raise") {
      const to = check("act-amount", ctx());
      if (to === undefined || to === null) return;
      move = { act: answer.legal.includes("bet") ? "bet" : "raise", to };
    }
    current().acts.push(move);
    refresh({ resetAmount: true });
  }

  function deal() {
    if (!answer.deal) return;
    state.streets.push({ cards: [], acts: [] });
    setPick("board");
    refresh({ resetAmount: true });
  }

  function undo() {
    note("");
    if (current().acts.length > 0) current().acts.pop();
    else if (state.streets.length > 1) state.streets.pop();
    refresh({ resetAmount: true });
  }

  function clear() {
    note("");
    state = { ...state, hole: [[], []], streets: [{ cards: [], acts: [] }] };
    setPick("button");
    refresh({ resetAmount: true });
  }

  function rebuild() {
    if (!confirm("Replace your XML with the builder's situation? Your XML is lost.")) return;
    userXml = null;
    refresh();
  }

  buildDeck(toggleCard);
  setupBuilderFields(typed);
  for (const u of ["bb", "chips"]) {
    $(`unit-${u}`).addEventListener("change", () => {
      state.unit = u;
      showFields();
      refresh({ resetAmount: true });
    });
  }
  for (const p of [...SEATS, "board"]) $(`pick-${p}`).addEventListener("change", () => { pick = p; });
  for (const a of ["fold", "check", "call", "raise"]) $(`act-${a}`).addEventListener("click", () => act(a));
  $("deal").addEventListener("click", deal);
  $("act-undo").addEventListener("click", undo);
  $("clear").addEventListener("click", clear);
  $("xml").addEventListener("input", () => {
    userXml = $("xml").value;
    setXml(userXml);
    render(state, answer, userXml);
    save();
  });
  $("xml-rebuild").addEventListener("click", rebuild);
  showFields();

  return {
    /** Draws the panel again from the library's answer (after the loading state let go of
     * every control, the acts the rules do not allow are disabled again). */
    refresh: () => refresh({}),
    snapshot: () => ({ v: 2, ...structuredClone(state), userXml }),
    restore(s) {
      const kept = situationOf(s);
      state = kept?.state ?? fresh();
      userXml = kept?.userXml ?? null;
      if (userXml !== null) setXml(userXml);
      setPick(SEATS.find((_, j) => state.hole[j].length < 2) ?? (state.streets.length > 1 ? "board" : "button"));
      showFields();
      refresh({ resetAmount: true });
    },
  };
}

/** The number typed in a field, or `null`. */
function typedNumber(id) {
  const n = Number($(id).value);
  return $(id).value.trim() !== "" && Number.isFinite(n) ? n : null;
}

const isText = (x) => typeof x === "string";
const isAmount = (x) => typeof x === "number" && Number.isFinite(x) && x > 0;

/**
 * The builder's state in a saved or shared record, when it is one this page writes (`v: 2`):
 * `{state, userXml}`, or `null` (an older page's situation, or anything malformed, is dropped).
 * Cards and acts are checked for their shape here; the library checks what they mean.
 */
function situationOf(s) {
  if (!s || typeof s !== "object" || s.v !== 2) return null;
  const cards = (xs, most) => (Array.isArray(xs) ? xs.filter((c) => isText(c) && CARD.test(c)).slice(0, most) : []);
  if (![s.sb, s.bb].every(isAmount) || !Array.isArray(s.stacks) || !s.stacks.every(isAmount) ||
    s.stacks.length !== 2 || !Array.isArray(s.streets) || s.streets.length < 1 || s.streets.length > 4) return null;
  const state = {
    sb: s.sb, bb: s.bb, stacks: [...s.stacks], unit: s.unit === "chips" ? "chips" : "bb",
    hole: [0, 1].map((i) => cards(s.hole?.[i], 2)),
    streets: s.streets.map((st, k) => ({
      cards: cards(st?.cards, DEALT[k]),
      acts: (Array.isArray(st?.acts) ? st.acts : []).filter((a) => a && ACTS.includes(a.act) &&
        (a.to === undefined || isAmount(a.to))).map(({ act, to }) => (to === undefined ? { act } : { act, to })),
    })),
  };
  return { state, userXml: isText(s.userXml) ? s.userXml : null };
}
