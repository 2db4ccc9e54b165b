// Help text as the glossary writes it (a small part of Markdown: paragraphs, **bold**,
// `code`, ``` fences, "- " lists and "#" headings; a table is kept as preformatted lines),
// rendered as DOM nodes. Every piece of text goes in as text, never as HTML, so a script's
// words can never become markup.

/** The inline part of a line: code spans and bold, the rest as text, appended to `parent`. */
function inline(parent, text) {
  const re = /`([^`]+)`|\*\*([^*]+)\*\*/g;
  let at = 0;
  for (let m; (m = re.exec(text)) !== null;) {
    if (m.index > at) parent.append(text.slice(at, m.index));
    const el = document.createElement(m[1] !== undefined ? "code" : "strong");
    if (m[1] !== undefined) el.textContent = m[1];
    else inline(el, m[2]);
    parent.append(el);
    at = re.lastIndex;
  }
  if (at < text.length) parent.append(text.slice(at));
  return parent;
}

const element = (tag, text) => inline(document.createElement(tag), text);

/** `markdown` as a `<div class="md">` of paragraphs, code blocks, lists and headings. */
export function renderHelp(markdown, className = "md") {
  const root = document.createElement("div");
  root.className = className;
  const lines = String(markdown).split("\n");
  let para = [];
  let list = null;
  const flush = () => {
    if (para.length) root.append(element("p", para.join(" ")));
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith("```")) {
      flush();
      list = null;
      const code = [];
      for (i++; i < lines.length && !lines[i].startsWith("```"); i++) code.push(lines[i]);
      const pre = document.createElement("pre");
      pre.append(document.createElement("code"));
      pre.firstChild.textContent = code.join("\n");
      root.append(pre);
    } else if (/^#{1,6} /.test(line)) {
      flush();
      list = null;
      const level = line.indexOf(" ");
      const h = element(`h${level}`, line.slice(line.indexOf(" ") + 1));
      h.id = h.textContent.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
      root.append(h);
    } else if (/^\s*[-*] /.test(line)) {
      flush();
      if (!list) root.append((list = document.createElement("ul")));
      list.append(element("li", line.replace(/^\s*[-*] /, "")));
    } else if (line.startsWith("|")) {
      flush();
      list = null;
      const rows = [];
      for (; i < lines.length && lines[i].startsWith("|"); i++) rows.push(lines[i]);
      i--;
      const pre = document.createElement("pre");
      pre.className = "md-table";
      pre.textContent = rows.join("\n");
      root.append(pre);
    } else if (line.trim() === "") {
      flush();
      list = null;
    } else if (list && /^\s+\S/.test(line)) {
      list.lastChild.append(" ");
      inline(list.lastChild, line.trim());
    } else {
      list = null;
      para.push(line.trim());
    }
  }
  flush();
  return root;
}
