// The playground's code editor: CodeMirror 6 with the HUS words coloured, the checker's
// diagnostics as underlines, and hover help and completion from the glossary `hus lsp`
// uses. Every answer comes from the library's bindings (`hus`), given at creation.
// Bundled by web/build.sh (esbuild) into target/web/editor.js.
import { EditorState, StateEffect } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, drawSelection, highlightActiveLine, hoverTooltip,
} from "@codemirror/view";
import {
  StreamLanguage, syntaxHighlighting, HighlightStyle, indentUnit,
} from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { linter, lintGutter, forceLinting } from "@codemirror/lint";
import { autocompletion, completionKeymap } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";

/** The HUS tokenizer: the groups of `words()` (keywords case-sensitive, names not). */
function husLanguage(words) {
  const exact = new Map();
  for (const [group, style] of [["blocks", "keyword"], ["keywords", "keyword"],
    ["definitions", "definitionKeyword"], ["actions", "atom"]]) {
    for (const w of words[group]) exact.set(w, style);
  }
  const names = new Map();
  for (const w of words.predicates) names.set(w.toLowerCase(), "propertyName");
  for (const w of words.constants) names.set(w.toLowerCase(), "variableName.special");
  return StreamLanguage.define({
    name: "hus",
    token(stream) {
      if (stream.eatSpace()) return null;
      if (stream.match("//")) { stream.skipToEnd(); return "comment"; }
      if (stream.match(/^"([^"\\]|\\.)*"?/)) return "string";
      if (stream.match(/^[0-9]+(\.[0-9]+)?([A-Za-z_][A-Za-z0-9_]*)?/)) return "number";
      const word = stream.match(/^[A-Za-z_][A-Za-z0-9_]*/);
      if (word) return exact.get(word[0]) ?? names.get(word[0].toLowerCase()) ?? null;
      stream.next();
      return /[<>=!|,+\-*\/:()]/.test(stream.current()) ? "operator" : null;
    },
    languageData: { commentTokens: { line: "//" } },
  });
}

const husColours = HighlightStyle.define([
  { tag: tags.keyword, color: "#7a1fa2", fontWeight: "bold" },
  { tag: tags.definitionKeyword, color: "#7a1fa2", fontWeight: "bold" },
  { tag: tags.atom, color: "#0b5cad", fontWeight: "bold" },
  { tag: tags.propertyName, color: "#116329" },
  { tag: tags.special(tags.variableName), color: "#8a4b00" },
  { tag: tags.number, color: "#a31515" },
  { tag: tags.string, color: "#a31515" },
  { tag: tags.comment, color: "#6a737d", fontStyle: "italic" },
]);

/** Told to the editor when the supplied files change (`relint`), so the lint runs again. */
const filesChanged = StateEffect.define();

/** Characters above which the script is checked off the page (`checkLarge`). */
const LARGE = 100_000;
/** The most diagnostics marked in the text: a text that is not a script can have a hundred
 * thousand, and marking them all would hold the page for seconds. */
const MARKED = 1000;

const COMPLETION_TYPES = { keyword: "keyword", action: "keyword", predicate: "property",
  constant: "constant", define: "variable", file: "text" };

/**
 * A diagnostic's fixes (`edits`, by UTF-16 offsets into the text it was checked on) as the
 * lint's actions: each replaces its text, placed from where the diagnostic is now (CodeMirror
 * moves a diagnostic with the edits made since the check).
 */
function quickFixes(d) {
  return (d.edits ?? []).map((e) => ({
    name: e.title,
    apply(view, from) {
      const at = from + (e.from - d.from);
      view.dispatch({ changes: { from: at, to: at + (e.to - e.from), insert: e.insert } });
    },
  }));
}

/** A text element for a tooltip or completion info: the help as plain text, unless the page
 * gives its renderer of the glossary's Markdown. */
function plainHelp(text, className) {
  const div = document.createElement("div");
  div.className = className;
  div.textContent = text;
  return div;
}

/**
 * An editor in `parent`. `hus` is the bindings, `filesJson()` the script's files as JSON,
 * `onCheck(result, ms)` receives each check (`hus.check`'s object and the milliseconds it
 * took) as the lint source runs it (the first `MARKED` diagnostics and the count of all; a text
 * over `LARGE` characters through `checkLarge(text, MARKED)`, a promise of the same object,
 * when given), `ask(kind, {script, files, offset})` answers `hover` and `complete` for such a
 * text off the page (a promise of the library's answer), `onCursor(offset)` the cursor after
 * each move,
 * `onChange(text)` the text after each edit, `helpNode(markdown, className)` renders help.
 * Returns `{view, text(), setText(t), load(t), select(from, to), relint()}`: `setText` is
 * an edit (undone by Ctrl+Z), `load` starts a new document with an empty undo history,
 * `relint` checks the text again at once (after the files it reads changed).
 */
export function createEditor(parent, {
  hus, filesJson, onCheck, onCursor, label, checkLarge, ask, onChange = () => {}, helpNode = plainHelp,
}) {
  const words = JSON.parse(hus.words());
  const lint = linter((view) => {
    const t0 = performance.now();
    const text = view.state.doc.toString();
    const marks = (result) => {
      onCheck(result, performance.now() - t0);
      const end = view.state.doc.length;
      return result.diagnostics
        .filter((d) => d.from !== null)
        .slice(0, MARKED)
        .map((d) => ({
          from: Math.min(d.from, end),
          to: Math.min(Math.max(d.to, d.from), end),
          severity: d.severity === "error" ? "error" : d.severity === "warning" ? "warning" : "info",
          source: d.code,
          message: d.message + (d.help ? `\nhelp: ${d.help}` : ""),
          actions: quickFixes(d),
        }));
    };
    // A large text is checked in the page's worker, so typing never waits on it; a check
    // a newer one replaced comes back cancelled and is dropped.
    if (checkLarge && text.length > LARGE) {
      return checkLarge(text, MARKED).then((r) => (r.cancelled ? [] : marks(r)));
    }
    return marks(JSON.parse(hus.check_first(text, filesJson(), MARKED)));
  }, {
    delay: 100,
    // The files a script reads changed: check again though the text did not.
    needsRefresh: (u) => u.transactions.some((tr) => tr.effects.some((e) => e.is(filesChanged))),
  });
  // A question about a text over `LARGE` characters goes to the worker (`ask`), when given:
  // reading a pasted document takes half a second, which typing must not wait on.
  const answer = (kind, text, offset, use) => {
    if (ask && text.length > LARGE) {
      return ask(kind, { script: text, files: filesJson(), offset })
        .then((r) => (r && !r.cancelled ? use(r) : null));
    }
    return use(JSON.parse(hus[kind](text, filesJson(), offset)));
  };
  const hover = hoverTooltip((view, pos) => answer("hover", view.state.doc.toString(), pos, (h) => h && {
    pos: h.from, end: h.to, above: true,
    create: () => ({ dom: helpNode(h.text, "hus-hover") }),
  }));
  const complete = (context) => answer("complete", context.state.doc.toString(), context.pos, (r) => {
    if (r.items.length === 0 || (r.from === r.to && !context.explicit)) return null;
    return {
      from: r.from,
      to: r.to,
      options: r.items.map((i) => ({
        label: i.label, type: COMPLETION_TYPES[i.kind] ?? "text", detail: i.detail,
        info: i.info ? () => helpNode(i.info, "hus-info") : undefined,
      })),
      validFor: /^[A-Za-z0-9_]*$/,
    };
  });
  const extensions = [
    lineNumbers(), history(), drawSelection(), highlightActiveLine(),
    indentUnit.of("  "), EditorState.tabSize.of(8),
    husLanguage(words), syntaxHighlighting(husColours),
    lint, lintGutter(), hover,
    autocompletion({ override: [complete], icons: true }),
    // Tab indents; Escape then Tab leaves the editor (CodeMirror's tab-focus rule).
    keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
    // The text is reached with Tab as it always is; the explicit tabindex says so to
    // checkers (axe-core) that count only it as focusable content of the scrolled box.
    EditorView.contentAttributes.of({ "aria-label": label, "aria-describedby": "status", tabindex: "0" }),
    EditorView.updateListener.of((u) => {
      if (u.selectionSet || u.docChanged) onCursor(u.state.selection.main.head);
      if (u.docChanged) onChange(u.state.doc.toString());
    }),
  ];
  const view = new EditorView({ parent, state: EditorState.create({ extensions }) });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    load(text) {
      view.setState(EditorState.create({ doc: text, extensions }));
      onChange(text);
    },
    relint() {
      view.dispatch({ effects: filesChanged.of(null) });
      forceLinting(view);
    },
    select(from, to) {
      view.focus();
      view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
    },
  };
}
