// The playground page: the editor with diagnostics and help, the situation builder (builder.js), the
// decision and the match. Every answer comes from the HUS library built for the browser.
import init, * as hus from "./pkg/hus_web.js";
import { setupRanges } from "./ranges.js";
import { createEditor } from "./editor.js";
import { renderMatch } from "./match.js";
import { setupChart } from "./chart.js";
import { setupStore } from "./store.js";
import { setupFields, read, readAll, parseExact, showJson } from "./fields.js";
import { renderHelp } from "./help.js";
import { setupBuilder } from "./builder.js";
import { panelTask, run as runTask } from "./jobs.js";
import { setupStale } from "./stale.js";
import { showDecisionWarnings } from "./warnings.js";
import { markLoading, markLoaded, loadFailed } from "./loading.js";

const $ = (id) => document.getElementById(id);
const timings = { check: [], decide: [], play: [] };
window.husTimings = timings;
let files = {};
let examples = [];
let builtins = [];
let store = { save() {} };
let scriptChanged = () => {};

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

// ---- the situation: the builder (builder.js) writes the game-state XML ----

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
      scriptChanged("the files changed");
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
  const builder = setupBuilder({ hus, save: () => store.save(), setXml });
  editor = createEditor($("script"), {
    hus, filesJson, label: "The bot script",
    onCheck: checked,
    checkLarge: (text, listed) => runTask("check", { script: text, files: filesJson(), listed }),
    ask: runTask,
    onCursor: showHelp,
    onChange: () => { store.save(); scriptChanged(); },
    helpNode: (text, className) => renderHelp(text, `md ${className}`),
  });
  store = setupStore({
    editor, builder, loadExample,
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
  $("xml-use").addEventListener("click", () => { setXml($("xml").value); decideNow(); });
  $("decide").addEventListener("click", decideNow);
  $("play").addEventListener("click", matchTask());
  if (!(await store.restore())) {
    ex.value = "tag.hus";
    loadExample("tag.hus");
    builder.restore(null);
  }
  setupRanges(hus);
  setupChart(hus, () => editor.text(), filesJson)();
  scriptChanged = setupStale();
  markLoaded();
  builder.refresh();
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
