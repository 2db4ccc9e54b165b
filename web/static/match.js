// The match panel's result: the tables `hus match` prints (A's result with its 95% interval;
// each bot's actions by round, showdowns and the HUD it kept of its opponent), built from
// the `hus match --json` object the library returns.

const ROUNDS = ["preflop", "flop", "turn", "river"];
const ACTS = ["fold", "check", "call", "raise"];

/** `+12.3` / `-4.0`: a signed number with one decimal, as `hus match` prints it. */
export const signed = (x) => (x >= 0 ? "+" : "") + x.toFixed(1);
/** A share as a percentage with one decimal, `-` for none. */
export const percent = (n, of) => (of > 0 ? `${((100 * n) / of).toFixed(1)}%` : "-");
/** A HUD statistic's value: the aggressions as ratios, the others as percentages. */
export const hudValue = (name, v) =>
  v === null ? "-" : /Aggression/.test(name) ? v.toFixed(2) : `${v.toFixed(1)}%`;
/** The HUD's statistics in the order `hus match` prints them. */
export const HUD = ["VPIP", "PFR", "Limp", "ThreeBet", "FoldToThreeBet", "CBet", "FoldToCBet",
  "CheckRaise", "FoldToTurnBet", "FoldToRiverBet", "WTSD", "WonAtShowdown", "WWSF",
  "Aggression", "FlopAggression", "TurnAggression", "RiverAggression"];

/** A's result in words, as `hus match` says it. */
export function verdict(r) {
  if (!r.ci95) return "too few hands for an interval";
  const [lo, hi] = r.ci95;
  return lo > 0 ? "A wins (95% confidence)" : hi < 0 ? "B wins (95% confidence)" : "no significant difference";
}

function table(caption, head, rows, className) {
  const t = document.createElement("table");
  t.className = `result ${className}`;
  t.createCaption().textContent = caption;
  const tr = t.createTHead().insertRow();
  for (const h of head) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = h;
    tr.append(th);
  }
  const body = t.createTBody();
  for (const row of rows) {
    const r = body.insertRow();
    row.forEach((cell, i) => {
      const c = i === 0 ? document.createElement("th") : document.createElement("td");
      if (i === 0) c.scope = "row";
      c.textContent = cell;
      r.append(c);
    });
  }
  const wrap = document.createElement("div");
  wrap.className = "table-wrap";
  wrap.tabIndex = 0; // a wide table scrolls in its box, from the keyboard too
  wrap.append(t);
  return wrap;
}

function resultTable(r) {
  const bb = r.blinds[1];
  const ci = r.ci95 ? `[${signed(r.ci95[0])}, ${signed(r.ci95[1])}]` : "-";
  const bbs = r.net_chips / bb;
  return table("Result", ["measure", "A"], [
    ["mbb/hand", signed(r.mbb_per_hand)],
    ["95% interval (mbb/hand)", ci],
    ["verdict", verdict(r)],
    ["chips", String(r.net_chips)],
    ["big blinds", (bbs >= 0 ? "+" : "") + (Number.isInteger(bbs) ? String(bbs) : bbs.toFixed(2))],
    ["hands", String(r.hands)],
    ["seed", String(r.seed)],
    ["blinds", `${r.blinds[0]}/${r.blinds[1]}`],
    ["stacks (big blinds)", String(r.stack / bb)],
  ], "match-result");
}

function botTables(seat, bot) {
  const box = document.createElement("div");
  box.className = `bot bot-${seat}`;
  const rows = ROUNDS.map((round) => {
    const a = bot.actions[round];
    const n = ACTS.reduce((s, k) => s + a[k], 0);
    return [round, ...ACTS.map((k) => percent(a[k], n)), String(n)];
  });
  box.append(table(`${seat} (${bot.name}): ${bot.decisions} decisions`,
    ["round", ...ACTS, "decisions"], rows, "actions"));
  const hud = HUD.filter((name) => bot.hud[name]).map((name) =>
    [name, hudValue(name, bot.hud[name].value), String(bot.hud[name].hands)]);
  box.append(table(`${seat}'s HUD of its opponent (${bot.hud.hands} hands)`,
    ["statistic", "value", "hands"], hud, "hud"));
  const p = document.createElement("p");
  p.textContent = `showdowns: ${bot.showdowns_won} won of ${bot.showdowns} (${bot.showdowns_split} split); ` +
    `no rule matched: ${bot.no_rule_matched}; actions made legal: ${bot.actions_made_legal}; ` +
    `random tie-breaks: ${bot.random_ties}`;
  box.append(p);
  return box;
}

/** Fills `el` with the tables of a match result `r` (`hus match --json`'s object). */
export function renderMatch(el, r) {
  el.replaceChildren(resultTable(r), botTables("A", r.bots.A), botTables("B", r.bots.B));
}
