// The playground page: the editor with diagnostics and help, the situation builder, the
// decision and the match. Every answer comes from the HUS library built for the browser.
import init, * as hus from "./pkg/hus_web.js";
import { setupRanges } from "./ranges.js";
import { createEditor } from "./editor.js";
import { renderMatch } from "./match.js";
import { setupChart } from "./chart.js";
import { setupStore } from "./store.js";
import { setupFields, read, readAll, parseExact, showJson } from "./fields.js";
import { renderHelp } from "./help.js";
import { rovingGrid } from "./roving.js";
import { panelTask, run as runTask } from "./jobs.js";
import { showDecisionWarnings } from "./warnings.js";
import { markLoading, markLoaded, loadFailed } from "./loading.js";

const $ = (id) => document.getElementById(id);
const timings = { check: [], decide: [], play: [] };
window.husTimings = timings;
let files = {};
let examples = [];
let builtins = [];
let store = { save() {} };

const escapeHtml = (s) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const filesJson = () => JSON.stringify(files);

// ---- editor: the checker's diagnostics (underlined in the editor, listed below it), help
// at the cursor, formatting ----

let editor;

function renderDiagnostics(result) {
  const list = $("diagnostics");
  list.replaceChildren();
  // The first LISTED; the status line counts them all.
  const LISTED = 1000;
  for (const d of result.diagnostics.slice(0, LISTED)) {
    const li = document.createElement("li");
    li.className = d.severity;
    const b = document.createElement("button");
    b.type = "button";
    const where = d.file === "bot.hus" ? "" : `${d.file}:`;
    b.textContent = `${where}${d.line}:${d.column}: ${d.severity}[${d.code}]: ${d.message}` +
      (d.help ? ` (help: ${d.help})` : "");
    if (d.from !== null) b.addEventListener("click", () => editor.select(d.from, d.to));
    li.append(b);
    list.append(li);
  }
  // The check writes out the first diagnostics only and counts them all (`total`).
  const more = (result.total ?? result.diagnostics.length) - LISTED;
  if (more > 0) {
    const li = document.createElement("li");
    li.textContent = `… and ${more.toLocaleString("en")} more (hus check lists them all).`;
    list.append(li);
  }
  $("status").textContent = result.errors === 0 && result.warnings === 0
    ? "No problems."
    : `${result.errors} error(s), ${result.warnings} warning(s).`;
}

// Each check the editor's lint source makes, with its time.
function checked(result, ms) {
  renderDiagnostics(result);
  timings.check.push(ms);
}

// Characters above which the help at the cursor is found in a worker, once the cursor has
// rested for `HELP_REST` ms: reading a pasted document of megabytes takes half a second,
// which neither the editor nor the check of the paste should wait on.
const LARGE_HELP = 100_000;
const HELP_REST = 300;
let helpLater;

function showHelp(offset) {
  const text = editor.text();
  const show = (h) => $("help").replaceChildren(h ? renderHelp(h.text) : "");
  clearTimeout(helpLater);
  if (text.length > LARGE_HELP) {
    helpLater = setTimeout(() => runTask("hover", { script: editor.text(), files: filesJson(), offset })
      .then((h) => h?.cancelled || show(h)), HELP_REST);
    return;
  }
  show(JSON.parse(hus.hover(text, filesJson(), offset)));
}

function formatScript() {
  const r = JSON.parse(hus.format(editor.text()));
  if (r.text !== undefined) {
    editor.setText(r.text);
  } else {
    renderDiagnostics({ diagnostics: r.diagnostics, errors: r.diagnostics.length, warnings: 0 });
  }
}

// ---- the situation: blinds, stacks, cards and acts, as the game-state XML ----

const RANKS = "AKQJT98765432";
const SUITS = [["s", "Spades", "♠"], ["h", "Hearts", "♥"], ["d", "Diamonds", "♦"], ["c", "Clubs", "♣"]];
const state = { cards: [], acts: [] };
const ROUNDS = ["preflop", "flop", "turn", "river"];
const cardName = (c) => c[0] + SUITS.find((s) => s[0] === c[1])[2];

function buildDeck() {
  const deck = $("deck");
  for (const [s, suit] of SUITS) {
    for (const r of RANKS) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = s;
      b.id = `card-${r}${s}`;
      b.textContent = `${r}${SUITS.find((x) => x[0] === s)[2]}`;
      b.setAttribute("aria-label", `${r === "T" ? "T (ten)" : r} of ${suit}`);
      b.setAttribute("aria-pressed", "false");
      b.addEventListener("click", () => toggleCard(r + s));
      deck.append(b);
    }
  }
  rovingGrid(deck, 13);
}

function toggleCard(c) {
  const i = state.cards.indexOf(c);
  if (i >= 0) state.cards.splice(i, 1);
  else if (state.cards.length < 7) state.cards.push(c);
  refreshGame();
}

const round = () => {
  const board = Math.max(0, state.cards.length - 2);
  return board >= 5 ? 3 : board >= 4 ? 2 : board >= 3 ? 1 : 0;
};

// Who acts next and what they owe, from the posts and the acts of the round so far.
function betting() {
  const heroSb = $("hero-seat").value === "SB";
  const sbPlayer = heroSb ? "Hero" : "Villain";
  const bbPlayer = heroSb ? "Villain" : "Hero";
  const r = round();
  const put = { Hero: 0, Villain: 0 };
  if (r === 0) {
    put[sbPlayer] = Number($("sb").value);
    put[bbPlayer] = Number($("bb").value);
  }
  let next = r === 0 ? sbPlayer : bbPlayer;
  for (const a of state.acts.filter((a) => a.round === r)) {
    put[a.player] += a.put;
    next = a.player === "Hero" ? "Villain" : "Hero";
  }
  const other = next === "Hero" ? "Villain" : "Hero";
  return { next, owed: Math.max(0, put[other] - put[next]), sbPlayer, bbPlayer };
}

function addAct(act) {
  const b = betting();
  // `amount` is what the XML says (a raise counts the increment above the call); `put` is
  // what the player adds to the pot.
  const by = Number($("act-amount").value);
  const amount = act === "call" ? b.owed : act === "raise" ? by : 0;
  const put = act === "raise" ? b.owed + by : amount;
  state.acts.push({ round: round(), player: b.next, act, amount, put });
  refreshGame();
}

function cardXml(c) {
  const suit = SUITS.find((s) => s[0] === c[1])[1];
  const rank = c[0];
  return `<card rank="${rank}" color="${suit}"/>`;
}

function gameXml() {
  const b = betting();
  const hero = state.cards.slice(0, 2);
  const board = state.cards.slice(2);
  const lines = [
    "<game>",
    "  <init>",
    `    <BB>${$("bb").value}</BB>`,
    `    <SB>${$("sb").value}</SB>`,
    `    <heroStack>${$("hero-stack").value}</heroStack>`,
    `    <villainStack>${$("villain-stack").value}</villainStack>`,
    `    <heroCards>${hero.map(cardXml).join("")}</heroCards>`,
    "  </init>",
    "  <posts>",
    `    <post player="${b.sbPlayer}" amount="${$("sb").value}">SB</post>`,
    `    <post player="${b.bbPlayer}" amount="${$("bb").value}">BB</post>`,
    "  </posts>",
  ];
  const dealt = [0, 3, 4, 5];
  for (let r = 0; r <= round(); r++) {
    lines.push(`  <${ROUNDS[r]}>`);
    if (r > 0) lines.push(`    <cards>${board.slice(dealt[r - 1], dealt[r]).map(cardXml).join("")}</cards>`);
    state.acts
      .filter((a) => a.round === r)
      .forEach((a, no) =>
        lines.push(`    <action no="${no}" player="${a.player}" act="${a.act}" amount="${a.amount}"/>`));
    lines.push(`  </${ROUNDS[r]}>`);
  }
  lines.push("</game>");
  return lines.join("\n") + "\n";
}

function refreshGame() {
  for (const b of $("deck").querySelectorAll("button")) {
    b.setAttribute("aria-pressed", String(state.cards.includes(b.id.slice(5))));
  }
  $("hero-cards").textContent = state.cards.slice(0, 2).map(cardName).join(" ") || "-";
  $("board-cards").textContent = state.cards.slice(2).map(cardName).join(" ") || "-";
  const b = betting();
  $("to-act").textContent = `${ROUNDS[round()]}, ${b.next} to act` + (b.owed ? `, owes ${b.owed}` : "");
  const list = $("acts");
  list.replaceChildren(...state.acts.map((a) => {
    const li = document.createElement("li");
    li.textContent = `${ROUNDS[a.round]}: ${a.player} ${a.act}${a.amount ? " " + a.amount : ""}`;
    return li;
  }));
  setXml(gameXml());
  store.save();
}

function setXml(xml) {
  $("xml").value = xml;
  $("xml-download").href = URL.createObjectURL(new Blob([xml], { type: "application/xml" }));
}

// ---- the decision ----

function decideNow() {
  const seed = read("seed");
  if (seed === null) {
    $("decision-text").textContent = "Not decided: the seed is not a valid one (see the field).";
    showDecisionWarnings(null);
    $("decision").textContent = $("trace").textContent = "";
    return null;
  }
  const t0 = performance.now();
  const r = parseExact(hus.decide(editor.text(), $("xml").value, filesJson(), seed));
  timings.decide.push(performance.now() - t0);
  showDecisionWarnings(r);
  $("trace").textContent = r.trace || "";
  if (r.decision) {
    const d = r.decision;
    $("decision-text").textContent =
      `${d.action}${d.amount !== null ? " " + d.amount : ""} (rule at line ${d.rule.line})`;
    $("decision").textContent = showJson(d);
  } else {
    const where = { game: "The game state is invalid", script: "The script has errors", decide: "No decision" }[r.error];
    $("decision-text").textContent = `${where}: ` +
      r.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`).join("; ");
    $("decision").textContent = "";
  }
  return r;
}

// ---- the match ----

// The match runs in a worker (jobs.js): the page shows the hands played and can cancel it.
// Its options are checked on the page first (fields.js), the seed kept exact as a BigInt.
function matchTask() {
  return panelTask({
    panel: $("match-panel"), status: $("match-progress"), cancelButton: $("play-cancel"),
    say: (m) => m.note ?? `${m.progress.toLocaleString("en")} of ${Number($("hands").value).toLocaleString("en")} hands played`,
    start: () => {
      const opponent = $("opponent").value;
      const options = readAll(["hands", "match-seed", "match-blinds", "match-stack"]);
      for (const id of ["plot", "match-tables"]) $(id).replaceChildren();
      $("match-json").textContent = "";
      if (options === null) {
        $("match-summary").textContent = "Not played: an option is not valid (see its field).";
        return null;
      }
      const [hands, seed, blinds, stack] = options;
      const bName = opponent === "second" ? "second.hus" : opponent;
      $("match-summary").textContent = "Playing…";
      return ["play", {
        aName: "bot.hus", aScript: editor.text(), bName, bScript: $("second").value, files: filesJson(),
        hands, seed, blinds: Array.from(blinds), stack, duplicate: $("duplicate").checked,
      }];
    },
    done: (r, ms) => {
      timings.play.push(ms);
      // The worker hands back the library's text, read here so seeds above 2^53 stay exact.
      const answer = r.raw !== undefined ? parseExact(r.raw) : r;
      showMatch(answer, $("opponent").value === "second" ? "second.hus" : $("opponent").value);
    },
  });
}

function showMatch(r, bName) {
  if (r.error) {
    $("match-summary").textContent = r.error + (r.diagnostics
      ? ": " + r.diagnostics.map((d) => `${d.file ?? ""}:${d.line ?? ""}: ${d.message}`).join("; ") : "");
    $("plot").replaceChildren();
    $("match-tables").replaceChildren();
    $("match-json").textContent = "";
    return;
  }
  const { summary, plot, ...json } = r;
  $("match-summary").textContent = `A: bot.hus  B: ${bName}. ${summary.split("\n")[0]}`;
  renderMatch($("match-tables"), json);
  $("plot").innerHTML = plot;
  $("match-json").textContent = showJson(json);
  return r;
}

// ---- loading ----

function loadExample(name) {
  const ex = examples.find((e) => e.name === name);
  if (ex) {
    files = { ...files, ...ex.files };
    editor.load(ex.source);
  } else {
    const b = builtins.find((x) => x.name === name);
    if (b) editor.load(b.source);
  }
  showFiles();
}

// The added files, each with a Remove button; adding or removing one checks the script again
// (a missing table's error goes when its file is added).
function showFiles() {
  $("file-list").replaceChildren(...Object.keys(files).map((f) => {
    const li = document.createElement("li");
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = "Remove";
    remove.setAttribute("aria-label", `Remove ${f}`);
    remove.addEventListener("click", () => {
      delete files[f];
      filesChanged();
    });
    li.append(`${f} `, remove);
    return li;
  }));
}

function filesChanged() {
  showFiles();
  store.save();
  editor.relint();
}

async function main() {
  await init();
  builtins = JSON.parse(hus.builtins());
  examples = await (await fetch("examples.json")).json();
  const ex = $("example");
  for (const e of examples) ex.add(new Option(e.name, e.name));
  for (const b of builtins) ex.add(new Option(`${b.name} (${b.about})`, b.name));
  const opp = $("opponent");
  for (const b of builtins) opp.add(new Option(`${b.name}: ${b.about}`, b.name));
  opp.add(new Option("second script (below)", "second"));
  opp.value = "builtin:caller";
  buildDeck();
  editor = createEditor($("script"), {
    hus, filesJson, label: "The bot script",
    onCheck: checked,
    checkLarge: (text, listed) => runTask("check", { script: text, files: filesJson(), listed }),
    ask: runTask,
    onCursor: showHelp,
    onChange: () => store.save(),
    helpNode: (text, className) => renderHelp(text, `md ${className}`),
  });
  store = setupStore({
    editor, state, refreshGame, loadExample,
    files: () => files,
    setFiles: (f) => { files = f; showFiles(); },
    sources: () => [...examples, ...builtins].map((e) => e.source),
  });
  setupFields();
  $("format").addEventListener("click", formatScript);
  $("files").addEventListener("change", async (e) => {
    for (const f of e.target.files) files[f.name] = await f.text();
    filesChanged();
  });
  for (const id of ["sb", "bb", "hero-stack", "villain-stack", "hero-seat"]) {
    $(id).addEventListener("change", refreshGame);
  }
  for (const act of ["fold", "check", "call", "raise"]) {
    $(`act-${act}`).addEventListener("click", () => addAct(act));
  }
  $("act-undo").addEventListener("click", () => { state.acts.pop(); refreshGame(); });
  $("clear").addEventListener("click", () => { state.cards = []; state.acts = []; refreshGame(); });
  $("xml-use").addEventListener("click", () => { setXml($("xml").value); decideNow(); });
  $("decide").addEventListener("click", decideNow);
  $("play").addEventListener("click", matchTask());
  if (!(await store.restore())) {
    ex.value = "tag.hus";
    loadExample("tag.hus");
    refreshGame();
  }
  setupRanges(hus);
  setupChart(hus, () => editor.text(), filesJson)();
  markLoaded();
  document.body.dataset.ready = "true";
  // The worker that checks large texts is started now, so the first paste does not wait for
  // it to load the library.
  runTask("check", { script: "", files: "{}", listed: 0 });
}

// For measurements from outside the page (the browser tests).
window.hus = hus;
window.husFilesJson = filesJson;
window.husEditor = () => editor;
markLoading();
main().catch(loadFailed);
