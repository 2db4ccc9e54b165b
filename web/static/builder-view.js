// The situation builder drawn from the library's answer (`situation()` of the wasm): the
// deck, whose cards are where, who is to act and for how much, the acts (in chips and big
// blinds), which buttons may be pressed, and for whom Decide answers. Nothing here decides
// what is legal: the answer says it.
import { rovingGrid } from "./roving.js";
import { show } from "./builder-fields.js";

const $ = (id) => document.getElementById(id);
const RANKS = "AKQJT98765432";
const SUITS = [["s", "Spades", "♠"], ["h", "Hearts", "♥"], ["d", "Diamonds", "♦"], ["c", "Clubs", "♣"]];
export const STREETS = ["preflop", "flop", "turn", "river"];
/** The board cards each street deals. */
export const DEALT = [0, 3, 1, 1];
const SEAT_WORDS = { button: "the button", bigBlind: "the big blind" };
const VERBS = { fold: "folds", check: "checks", call: "calls", bet: "bets", raise: "raises" };

const cardName = (c) => c[0] + SUITS.find((s) => s[0] === c[1])[2];
const title = (s) => s[0].toUpperCase() + s.slice(1);

/** The 52 card buttons, one tab stop; `click(card)` on each. */
export function buildDeck(click) {
  const deck = $("deck");
  for (const [s, suit, symbol] of SUITS) {
    for (const r of RANKS) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = s;
      b.id = `card-${r}${s}`;
      b.textContent = `${r}${symbol}`;
      b.setAttribute("aria-label", `${r === "T" ? "T (ten)" : r} of ${suit}`);
      b.setAttribute("aria-pressed", "false");
      b.addEventListener("click", () => click(r + s));
      deck.append(b);
    }
  }
  rovingGrid(deck, 13);
}

/** An amount in chips with its big blinds: `60 chips (3 bb)`. */
export const both = (chips, bb) => `${show(chips)} chips (${show(chips / bb)} bb)`;

/** Draws `state` (the builder's) with `answer` (the library's) and `userXml` (or null). */
export function render(state, answer, userXml) {
  const used = [...state.hole.flat(), ...state.streets.flatMap((s) => s.cards)];
  for (const b of $("deck").querySelectorAll("button")) {
    b.setAttribute("aria-pressed", String(used.includes(b.id.slice(5))));
  }
  const line = (cards) => cards.map(cardName).join(" ") || "-";
  $("button-cards").textContent = line(state.hole[0]);
  $("bb-cards").textContent = line(state.hole[1]);
  $("board-cards").textContent = line(state.streets.flatMap((s) => s.cards));
  $("to-act").textContent = status(state, answer);
  renderActs(state, answer);
  const legal = new Set(answer.legal);
  for (const act of ["fold", "check", "call"]) $(`act-${act}`).disabled = !legal.has(act);
  const aggressive = legal.has("bet") ? "bet" : "raise";
  $("act-raise").disabled = !legal.has("bet") && !legal.has("raise");
  $("act-raise").textContent = aggressive === "bet" ? "Bet" : "Raise";
  $("act-amount-label").textContent = aggressive === "bet" ? "Bet to" : "Raise to";
  $("act-call").textContent = answer.toCall > 0 ? `Call ${show(answer.toCall)}` : "Call";
  const next = answer.deal ?? STREETS[STREETS.indexOf(answer.street ?? "preflop") + 1];
  $("deal").textContent = next ? `Deal the ${next}` : "Deal";
  $("deal").disabled = !answer.deal;
  $("act-undo").disabled = state.streets.length === 1 && state.streets[0].acts.length === 0;
  $("situation-error").textContent = answer.error ? `Not played: ${answer.error.message}.` : "";
  $("deciding").textContent = deciding(answer, userXml);
  $("xml-owner").hidden = userXml === null;
}

/** Where the hand stands: the street, who is to act and what they owe, the pot. */
function status(state, answer) {
  if (answer.error?.field) return "Nothing is played until the problem below is fixed.";
  const bb = state.bb;
  const street = title(answer.street);
  const pot = `Pot ${both(answer.pot, bb)}.`;
  const behind = `Behind: the button ${both(answer.stacks[0], bb)}, the big blind ${both(answer.stacks[1], bb)}.`;
  let where;
  if (answer.missing > 0) {
    where = `${street}: pick its ${DEALT[STREETS.indexOf(answer.street)]} cards (${answer.missing} more), with "Cards go to" on the board.`;
  } else if (answer.toAct) {
    where = `${street}: ${SEAT_WORDS[answer.toAct]} to act` +
      (answer.toCall > 0 ? `, owing ${both(answer.toCall, bb)}.` : ", owing nothing.");
  } else if (answer.handOver) {
    where = `${title(answer.over)}.`;
  } else {
    where = `${street}: the betting is closed${answer.deal ? `; deal the ${answer.deal}` : ""}.`;
  }
  return `${where} ${pot} ${behind}`;
}

/** The acts as stored, each with what it put in; those after a refused one are marked. */
function renderActs(state, answer) {
  const items = [];
  state.streets.forEach((street, k) => {
    const played = answer.streets?.[k]?.acts ?? [];
    if (k > 0) {
      const li = document.createElement("li");
      li.textContent = `${title(STREETS[k])} dealt: ${street.cards.map(cardName).join(" ") || "(cards to pick)"}`;
      items.push(li);
    }
    street.acts.forEach((act, j) => {
      const li = document.createElement("li");
      const p = played[j];
      if (p) {
        const amount = p.to !== null ? ` to ${both(p.to, state.bb)}` : p.adds > 0 ? ` ${both(p.adds, state.bb)}` : "";
        li.textContent = `${STREETS[k]}: ${SEAT_WORDS[p.seat]} ${VERBS[p.act]}${amount}`;
      } else {
        li.className = "ignored";
        li.textContent = `${STREETS[k]}: ${act.act}${act.to !== undefined ? ` to ${show(act.to)} bb` : ""} (not played)`;
      }
      items.push(li);
    });
  });
  $("acts").replaceChildren(...items);
}

/** For whom Decide answers. */
function deciding(answer, userXml) {
  if (userXml !== null) return "Decide answers for the hero of your XML.";
  if (answer.error?.field) return "";
  if (answer.toAct && answer.xml) {
    return `Decide answers for ${SEAT_WORDS[answer.toAct]}, the player to act: the XML below is written from its seat (it is the hero).`;
  }
  if (answer.toAct) return `Decide will answer for ${SEAT_WORDS[answer.toAct]}: ${answer.note}.`;
  if (answer.missing > 0) return `No game state yet: ${answer.note}.`;
  return "Nobody is to act, so Decide has no turn to answer for (the XML below is the hand so far" +
    (answer.hero ? `, written for ${SEAT_WORDS[answer.hero]}` : "") + ").";
}
