// The page's number fields, read where they are typed: each is checked against what the
// command line accepts (seeds are whole numbers from 0 to 2^64-1, kept exactly as BigInt;
// hands as `hus match` plays them on this page), and a bad value is said next to its field
// (linked by aria-describedby) instead of being passed on. Also JSON that keeps integers
// past 2^53 exactly (a seed in a decision or a match result).

const $ = (id) => document.getElementById(id);
const U64_MAX = (1n << 64n) - 1n;
/** The most hands the page plays at once (the library's limit for the page). */
export const MAX_HANDS = 1000000n;
/** The largest stack in chips the dealer takes (`hus match`'s limit). */
const MAX_STACK_CHIPS = 2147483647n;

const whole = (text) => (/^\s*\d+\s*$/.test(text) ? BigInt(text.trim()) : null);

/** Each field's rule: its value (a BigInt, or `[sb, bb]` for blinds) or an error message. */
const RULES = {
  seed: (t) => seedRule(t),
  "match-seed": (t) => seedRule(t),
  hands: (t) => {
    const n = whole(t);
    if (n === null || n < 1n || n > MAX_HANDS) {
      return { error: "Hands: a whole number from 1 to 1,000,000." };
    }
    if ($("duplicate").checked && n % 2n === 1n) {
      return { error: "Hands: a duplicate match plays every deal twice, so give an even number." };
    }
    return { value: n };
  },
  "match-blinds": (t) => {
    const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(t);
    const [sb, bb] = m ? [BigInt(m[1]), BigInt(m[2])] : [0n, 0n];
    if (!m || sb < 1n || sb > bb || bb > MAX_STACK_CHIPS) {
      return { error: "Blinds: SB/BB in chips, such as 50/100, the small blind above 0 and at most the big blind." };
    }
    return { value: [sb, bb] };
  },
  "match-stack": (t) => {
    const n = whole(t);
    const bb = RULES["match-blinds"]($("match-blinds").value).value?.[1] ?? 1n;
    if (n === null || n < 1n || n * bb > MAX_STACK_CHIPS) {
      return { error: `Stack: a whole number of big blinds from 1 to ${MAX_STACK_CHIPS / bb} at these blinds (stacks are at most ${MAX_STACK_CHIPS} chips).` };
    }
    return { value: n };
  },
};

function seedRule(text) {
  const n = whole(text);
  if (n === null || n > U64_MAX) {
    return { error: `Seed: a whole number from 0 to ${U64_MAX}, written in digits.` };
  }
  return { value: n };
}

/** Checks field `id` and shows or clears its message; its value, or `null` when invalid. */
export function read(id) {
  const input = $(id);
  const r = RULES[id](input.value);
  const note = $(`${id}-error`);
  note.textContent = r.error ?? "";
  input.setAttribute("aria-invalid", String(Boolean(r.error)));
  return r.error ? null : r.value;
}

/** Reads all of `ids`: their values in order, or `null` when any is invalid (all are shown). */
export function readAll(ids) {
  const values = ids.map(read);
  return values.includes(null) ? null : values;
}

/** Gives field `id` its message element after its label (`id-error`, announced politely and
 * describing the field), and calls `typed(id)` as it is typed. */
export function fieldNote(id, typed) {
  const input = $(id);
  const note = document.createElement("span");
  note.id = `${id}-error`;
  note.className = "field-error";
  note.setAttribute("aria-live", "polite");
  input.closest("label").after(note);
  input.setAttribute("aria-describedby", note.id);
  input.addEventListener("input", () => typed(id));
}

/** Gives every checked field its message element and checks it as it is typed. */
export function setupFields() {
  for (const id of Object.keys(RULES)) fieldNote(id, read);
  $("duplicate").addEventListener("change", () => read("hands"));
  $("match-blinds").addEventListener("input", () => read("match-stack"));
}

/** JSON.parse, keeping integers past 2^53 exactly (as BigInt). */
export const parseExact = (text) => JSON.parse(text, (key, value, context) =>
  typeof value === "number" && !Number.isSafeInteger(value) && context?.source &&
    /^-?\d+$/.test(context.source) ? BigInt(context.source) : value);

/** JSON.stringify with two spaces, writing BigInt values as their exact digits. */
export const showJson = (value) => JSON.stringify(value,
  (key, v) => (typeof v === "bigint" ? JSON.rawJSON(v.toString()) : v), 2);
