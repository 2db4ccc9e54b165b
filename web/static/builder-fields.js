// The situation builder's number fields (blinds in chips; stacks and the raise in the unit
// chosen), checked where they are typed as web/static/fields.js checks the others: a bad
// value is said next to its field (linked by aria-describedby, the field aria-invalid) and
// is not taken. The rules of the betting itself (the smallest raise, all in) are the
// library's: the raise field is checked against the bounds it gave.

import { fieldNote } from "./fields.js";

const $ = (id) => document.getElementById(id);
/** The largest stack in chips (`hus match`'s limit). */
export const MAX_CHIPS = 2147483647;

/** A number as the page shows it: at most two decimals. */
export const show = (x) => String(Math.round(x * 100) / 100);

/** A positive decimal number written in digits (`10`, `2.5`), or `null`. */
const decimal = (text) => (/^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(text) ? Number(text) : null);

/**
 * Each field's rule: `(text, ctx)` gives `{value}` or `{error}`, where `ctx` is
 * `{sb, bb, unit, minTo, maxTo}` (the blinds in chips, `minTo`/`maxTo` the raise's bounds in
 * chips, `null` when no raise is offered). Stacks and the raise give big blinds.
 */
const RULES = {
  sb: (t, c) => {
    const n = decimal(t);
    if (n === null || n <= 0 || n > MAX_CHIPS) return { error: "Small blind: a number of chips above 0, such as 10." };
    if (c.bbTyped !== null && n > c.bbTyped) return { error: `Small blind: at most the big blind (${show(c.bbTyped)}).` };
    return { value: n };
  },
  bb: (t, c) => {
    const n = decimal(t);
    if (n === null || n <= 0 || n > MAX_CHIPS) return { error: "Big blind: a number of chips above 0, such as 20." };
    if (c.sbTyped !== null && n < c.sbTyped) return { error: `Big blind: at least the small blind (${show(c.sbTyped)}).` };
    return { value: n };
  },
  "button-stack": (t, c) => stackRule("Button's stack", t, c),
  "bb-stack": (t, c) => stackRule("Big blind's stack", t, c),
  "act-amount": (t, c) => {
    if (c.minTo === null) return { value: null };
    const n = decimal(t);
    const chips = n === null ? null : c.unit === "bb" ? n * c.bb : n;
    const [lo, hi] = [c.minTo, c.maxTo].map((x) => (c.unit === "bb" ? x / c.bb : x));
    const tol = 1e-6 * Math.max(1, c.maxTo);
    if (chips === null || chips < c.minTo - tol || chips > c.maxTo + tol) {
      return { error: `Raise to: from ${show(lo)} to ${show(hi)} ${c.unit === "bb" ? "bb" : "chips"} (the smallest raise to all in).` };
    }
    return { value: chips / c.bb };
  },
};

function stackRule(name, text, c) {
  const n = decimal(text);
  const bbs = n === null ? null : c.unit === "bb" ? n : n / c.bb;
  if (bbs === null || bbs <= 1 || bbs * c.bb > MAX_CHIPS) {
    return { error: `${name}: more than the big blind (1 bb, ${show(c.bb)} chips), at most ${MAX_CHIPS} chips.` };
  }
  return { value: bbs };
}

/** Checks field `id` against `ctx` and shows or clears its message: its value, or `undefined`. */
export function check(id, ctx) {
  const input = $(id);
  const r = RULES[id](input.value, ctx);
  $(`${id}-error`).textContent = r.error ?? "";
  input.setAttribute("aria-invalid", String(Boolean(r.error)));
  return r.error ? undefined : r.value;
}

/** Gives every builder field its message element, and calls `typed(id)` on each input. */
export function setupBuilderFields(typed) {
  for (const id of Object.keys(RULES)) fieldNote(id, typed);
}
