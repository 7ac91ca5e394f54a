"use strict";
// Overset's page: a preview of one string as you type, and in catalog mode a grid of keys × languages a
// translator works through. Every sentence about a verdict comes from the server (OversetReports): the problems'
// messages and each size's `room` sentence. The page's own words are its controls and headings, and one place,
// `suggestedMaximum`, derives a sentence from the numbers an answer carries.

const $ = (id) => document.getElementById(id);
const escapeHTML = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
const graphemes = (text) => typeof Intl.Segmenter === "function"
  ? [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].length : [...text].length;

// ---- Words a translator and a designer use, for the settings table's keys (the URL and the API keep the keys).
const words = {
  platform: "Platform", style: "Text style", textAppearance: "Text style", size: "Text size (pt)", weight: "Weight",
  width: "Width (pt)", maxLines: "Lines (0: any number)", category: "Text size setting", fontScale: "Font size setting",
  truncation: "When too long", ellipsize: "When too long", strategy: "Line breaking", lineHeight: "Line height",
  markdown: "Markdown (**bold**, _italic_)",
};
const help = {
  width: "How wide the label is, in points.", maxLines: "How many lines the label shows; 0 shows as many as the text needs.",
  category: "The text size the user chose in Settings (Large is the default).", fontScale: "The font size the user chose in Android's Settings.",
  size: "A fixed text size in points instead of a text style.", truncation: "What the label shows when the text needs more lines than it has.",
  ellipsize: "What the label shows when the text needs more lines than it has.", strategy: "How lines are broken: as the platform's label does, or evenly.",
  lineHeight: "The distance between lines.",
};
const valueWords = {
  truncation: { tail: "… at the end", head: "… at the start", middle: "… in the middle", clip: "cut off" },
  ellipsize: { end: "… at the end", start: "… at the start", middle: "… in the middle", none: "cut off", marquee: "scrolls" },
  strategy: { pushOut: "as a label", greedy: "fill each line", balanced: "even lines", highQuality: "as a text view" },
  lineHeight: { automatic: "the style's", leading: "the style's leading", natural: "the font's" },
  platform: { ios: "iOS", android: "Android" },
};
// Problem kinds a translator acts on by changing the words; the others are the developer's (layout, colours).
const translatorKinds = new Set(["truncated", "tooWide", "missingGlyphs", "tight", "noLayoutFits"]);

// ---- Server calls.
async function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  const json = await response.json();
  if (!response.ok) throw new Error(json.error ? json.error.message : response.statusText);
  return json;
}

// ---- One place that words a number an answer carries: the suggested maximum from a room's numbers.
function suggestedMaximum(room, language) {
  if (room.maximumCharacters === undefined) return "";
  return `Suggested maximum${language ? " in " + escapeHTML(language) : ""} at this size: about ${room.maximumCharacters} characters (this text has ${room.characters}).`;
}

// Problems as the server words them: those a translator fixes by changing the words first, the others (marks
// past the line, colours, a component's layout) folded under "For the developer".
function problemList(problems) {
  const item = (p) => `<li><span class="status ${p.problem.status}">${p.problem.status}</span> ` +
    (p.category ? escapeHTML(p.category) + ": " : "") + escapeHTML(p.problem.message) + "</li>";
  const mine = problems.filter((p) => translatorKinds.has(p.problem.kind));
  const theirs = problems.filter((p) => !translatorKinds.has(p.problem.kind));
  return `<ul class="problems" id="problems">${mine.map(item).join("")}</ul>` + (theirs.length
    ? `<details class="dev"><summary class="meta">For the developer (${theirs.length})</summary><ul class="problems">${theirs.map(item).join("")}</ul></details>` : "");
}

// ===================================================================== Preview
const shown = ["platform", "style", "textAppearance", "size", "weight", "width", "maxLines", "category", "fontScale", "truncation",
               "ellipsize", "strategy", "lineHeight", "markdown"];
let table = null, sequence = 0;
const hiddenSettings = {};  // settings the URL names with no control (tracking, fonts, …): kept and sent as they are
const platformOf = (key) => table.label.find((s) => s.key === key)?.platform;
const isAndroid = () => ($("setting-platform")?.value ?? "") === "android";
const unit = () => isAndroid() ? "dp" : "pt";
const settingInputs = () => [...document.querySelectorAll("#controls [data-key]")];

function control(setting) {
  const label = document.createElement("label");
  label.title = (help[setting.key] ?? setting.help) + " (default: " + setting.default + "; in links and the API: " + setting.key + ")";
  label.append(words[setting.key] ?? setting.key);
  let input;
  if (setting.kind === "choice" || setting.kind === "bool") {
    input = document.createElement("select");
    const values = setting.kind === "bool" ? ["false", "true"] : setting.values;
    input.append(new Option("default", ""));
    for (const value of values) input.append(new Option(valueWords[setting.key]?.[value] ?? (value === "true" ? "on" : value === "false" ? "off" : value), value));
  } else {
    input = document.createElement("input");
    if (setting.kind === "number" || setting.kind === "integer") {
      input.type = "number"; input.min = setting.minimum; input.max = setting.maximum; input.step = setting.kind === "integer" ? 1 : "any";
    }
    if (setting.values) {
      const list = document.createElement("datalist"); list.id = "values-" + setting.key;
      for (const v of setting.values) list.append(new Option(valueWords[setting.key]?.[v] ?? v, v));
      input.setAttribute("list", list.id); label.append(list);
    }
    input.placeholder = setting.default.length > 24 ? "" : setting.default;
  }
  input.id = "setting-" + setting.key;
  input.dataset.key = setting.key;
  input.dataset.kind = setting.kind;
  label.append(input);
  return label;
}

function showPlatformControls() {
  for (const input of settingInputs()) {
    const only = platformOf(input.dataset.key);
    const hide = only !== undefined && only !== (isAndroid() ? "android" : "ios");
    input.parentElement.hidden = hide;
    if (hide) input.value = "";
  }
  $("sizes").options[0].text = isAndroid() ? "this font size" : "this size";
  $("sizes").options[1].text = isAndroid() ? "all 7 font sizes" : "all 12 sizes";
}

// The request: the text, the language and every control that is set, in the settings table's names and types.
function request() {
  const body = { text: $("text").value };
  if ($("lang").value) body.lang = $("lang").value;
  for (const input of settingInputs()) {
    const value = input.value, kind = input.dataset.kind, key = input.dataset.key;
    if (value === "") continue;
    if (kind === "number" || kind === "integer") body[key] = Number(value);
    else if (kind === "bool") body[key] = value === "true";
    else if (kind === "choiceOrNumber" && /^-?[0-9.]+$/.test(value)) body[key] = Number(value);
    else body[key] = value;
  }
  for (const [key, value] of Object.entries(hiddenSettings)) if (body[key] === undefined) body[key] = value;
  if (body.width === undefined) body.width = 320;
  if ($("imageWidth").value !== "") body.imageWidth = Number($("imageWidth").value);
  if ($("spacing").value !== "") body.spacing = Number($("spacing").value);
  if ($("candidates").value.trim() !== "") {
    try { body.candidates = JSON.parse($("candidates").value); } catch (error) { body.candidates = $("candidates").value; }
  }
  return body;
}

// The preview's state in the URL, in the request's names; written when the user changes something, never on load.
function writePreviewURL() {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request())) query.set(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  if ($("sizes").value === "all") query.set("categories", "all");
  history.replaceState(null, "", "?" + query.toString());
}

function readPreviewURL(query) {
  $("text").value = query.get("text") ?? "Check for updates";
  $("lang").value = query.get("lang") ?? "";
  $("sizes").value = query.get("categories") === "all" ? "all" : "one";
  for (const input of settingInputs()) input.value = query.get(input.dataset.key) ?? (input.dataset.key === "width" ? "320" : "");
  $("imageWidth").value = query.get("imageWidth") ?? "";
  $("spacing").value = query.get("spacing") ?? "";
  $("candidates").value = query.get("candidates") ?? "";
  const controlled = new Set(settingInputs().map((input) => input.dataset.key));
  for (const setting of table.label.concat(table.policy)) {
    const value = query.get(setting.key);
    if (value === null || controlled.has(setting.key)) continue;
    if (setting.kind === "number" || setting.kind === "integer") hiddenSettings[setting.key] = Number(value);
    else if (setting.kind === "bool") hiddenSettings[setting.key] = value === "true";
    else if (setting.kind === "list") { try { hiddenSettings[setting.key] = JSON.parse(value); } catch (error) { hiddenSettings[setting.key] = value.split(","); } }
    else if (setting.kind === "choiceOrNumber" && /^-?[0-9.]+$/.test(value)) hiddenSettings[setting.key] = Number(value);
    else hiddenSettings[setting.key] = value;
  }
}

function linesTable(answer) {
  const rows = answer.lines.map((line, index) =>
    `<tr><td>${index + 1}</td><td>${line.width.toFixed(1)} ${unit()}</td><td class="text" dir="auto">│${escapeHTML(line.text)}│</td></tr>`);
  return `<table class="lines" id="lines">${rows.join("")}</table>`;
}

function renderResult(result, warnings) {
  const answer = result.answer, room = result.room;
  const lines = answer.maxLines > 0 ? `${answer.lineCount} of ${answer.maxLines} lines` : `${answer.lineCount} lines`;
  $("result").innerHTML =
    `<p><span class="status ${answer.status}" id="verdict">${answer.status}</span> ` +
    `<span id="summary">${lines} (needs ${answer.linesNeeded})` + (answer.truncated ? (answer.truncation === "clip" ? ", cut off" : ", truncated") : "") +
    ` · ${answer.width.toFixed(1)} × ${answer.height.toFixed(1)} ${unit()} · ${escapeHTML(result.category)}</span></p>` +
    `<p class="room" id="room"><b>${escapeHTML(room.sentence)}</b></p><p class="meta" id="maximum">${suggestedMaximum(room, $("lang").value)}</p>` +
    (result.layout ? `<p id="layout">layout: <b>${escapeHTML(result.layout)}</b>${result.reason ? " (" + escapeHTML(result.reason) + ")" : ""}</p>` : "") +
    linesTable(answer) + problemList(answer.problems.map((problem) => ({ problem }))) +
    warnings.map((w) => `<p class="meta">warning: ${escapeHTML(w)}</p>`).join("") +
    `<div class="picture">${result.svg ?? ""}</div>`;
  const svg = document.querySelector("#result .picture svg");
  if (svg) for (const name of ["width", "height"]) { const v = parseFloat(svg.getAttribute(name)); if (v) svg.setAttribute(name, String(v * 2)); }
}

async function updatePreview(byUser) {
  if (byUser) writePreviewURL();
  $("characters").textContent = graphemes($("text").value) + " characters";
  const body = request(), mine = ++sequence, started = performance.now();
  try {
    const all = $("sizes").value === "all";
    const answer = await api("/v1/preview", all ? Object.assign({}, body, { categories: "all" }) : body);
    if (mine !== sequence) return;
    renderResult(answer.results.find((r) => r.category === answer.category) ?? answer.results[0], answer.warnings);
    $("strip").innerHTML = all ? answer.results.map((r) => `<figure data-category="${escapeHTML(r.category)}"><figcaption><b>${escapeHTML(r.category)}</b>` +
      (r.layout ? `<i>${escapeHTML(r.layout)}</i>` : "") + `<span class="status ${r.answer.status}">${r.answer.status}</span></figcaption>${r.svg ?? ""}` +
      `<p class="meta">${escapeHTML(r.room.sentence)}</p></figure>`).join("") : "";
    const ms = performance.now() - started;
    $("timing").textContent = "answered in " + ms.toFixed(1) + " ms";
    $("timing").dataset.ms = String(ms);
  } catch (error) {
    if (mine !== sequence) return;
    $("result").innerHTML = `<p class="error" id="error">${escapeHTML(error.message)}</p>`;
    $("strip").innerHTML = "";
  }
}

// ===================================================================== Catalog
let catalog = null;
const cellID = (key, language) => key + "\u0000" + language;
const edits = new Map();          // cellID → edited text, kept in localStorage until downloaded or discarded
const editedStatus = new Map();   // cellID → status of the edited text
const pinned = new Set();         // rows opened in this visit: kept in the grid whatever the status filter says
let saved = true;                 // whether every edit has been downloaded
let open = null;                  // { key, language } of the editor
let focused = null;               // { key, language } of the cell that takes Tab
const storageKey = () => "overset-edits:" + location.host + ":" + (catalog?.languages.join(",") ?? "");

function loadEdits() {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey()) ?? "null");
    if (!stored) return;
    for (const [id, text] of stored.edits ?? []) edits.set(id, text);
    for (const [id, status] of stored.statuses ?? []) editedStatus.set(id, status);
    saved = stored.saved ?? edits.size === 0;
  } catch (error) { /* a store another version wrote: start without it */ }
}

function storeEdits() {
  if (edits.size === 0) localStorage.removeItem(storageKey());
  else localStorage.setItem(storageKey(), JSON.stringify({ edits: [...edits], statuses: [...editedStatus], saved }));
  showEditsState();
}

function showEditsState() {
  $("download").disabled = edits.size === 0;
  $("discard").disabled = edits.size === 0;
  $("edits-meta").textContent = edits.size === 0 ? "No edits yet: open a string and change it; your edits stay in this browser until you download or discard them."
    : `${edits.size} ${edits.size === 1 ? "edit" : "edits"} kept in this browser` + (saved ? " (downloaded)." : ", not downloaded yet.");
}

function statusOfCell(row, language) {
  return editedStatus.get(cellID(row.key, language)) ?? row.cells[language].status;
}

function visibleRows() {
  const language = $("filter-language").value, status = $("filter-status").value, text = $("filter-text").value.toLowerCase();
  const languages = language ? [language] : catalog.languages;
  const rows = catalog.keys.filter((row) => (!text || row.key.toLowerCase().includes(text) || (row.rule ?? "").toLowerCase().includes(text)) &&
    (!status || pinned.has(row.key) || languages.some((l) => row.cells[l] && statusOfCell(row, l) === status)));
  return { rows, languages };
}

function renderGrid() {
  const { rows, languages } = visibleRows();
  const head = `<tr><th scope="col">key</th><th scope="col" class="rule">rule</th>` + languages.map((l) => `<th scope="col">${escapeHTML(l)}</th>`).join("") + "</tr>";
  const body = rows.map((row) => `<tr data-key="${escapeHTML(row.key)}"><td class="key">${escapeHTML(row.key)}</td><td class="meta rule">${escapeHTML(row.rule ?? "")}` +
    `${row.site ? "<br>shown at " + escapeHTML(row.site) : ""}</td>` + languages.map((l) => {
      const cell = row.cells[l];
      if (!cell) return "<td></td>";
      const id = cellID(row.key, l), status = statusOfCell(row, l);
      return `<td class="cell ${status}${cell.known ? " known" : ""}${edits.has(id) ? " edited" : ""}" role="gridcell" tabindex="-1" ` +
        `data-key="${escapeHTML(row.key)}" data-language="${escapeHTML(l)}" title="${escapeHTML(edits.get(id) ?? cell.text)}">` +
        `<span class="status ${status}">${status}</span> ${escapeHTML(edits.get(id) ?? cell.text)}</td>`;
    }).join("") + "</tr>");
  $("grid").innerHTML = head + body.join("");
  const failing = rows.filter((row) => languages.some((l) => row.cells[l] && statusOfCell(row, l) === "fail")).length;
  $("catalog-meta").textContent = `${rows.length} of ${catalog.keys.length} keys shown × ${languages.length} of ${catalog.languages.length} languages` +
    ` (${failing} failing), failures first`;
  // The catalogs' problems folded under one line, so that the grid stays at the top however many there are.
  const notes = catalog.diagnostics;
  $("catalog-notes").hidden = notes.length === 0;
  $("catalog-notes-summary").textContent = `${notes.length} ${notes.length === 1 ? "note" : "notes"} on the catalogs (entries skipped, duplicates, rules matching nothing)`;
  $("catalog-notes-list").innerHTML = notes.map((note) => `<li>${escapeHTML(note)}</li>`).join("");
  const target = (focused && cellElement(focused.key, focused.language)) || document.querySelector("#grid td.cell");
  if (target) target.tabIndex = 0;
  if (open) placeEditor();
}

function cellElement(key, language) {
  return [...document.querySelectorAll("#grid td.cell")].find((td) => td.dataset.key === key && td.dataset.language === language);
}

// Roving focus (WAI-ARIA grid pattern): one cell takes Tab; arrows move; Enter opens; Escape closes the editor.
function moveFocus(from, rowStep, columnStep) {
  const rows = [...document.querySelectorAll("#grid tr[data-key]")];
  const row = rows.indexOf(from.parentElement);
  const cells = (tr) => [...tr.querySelectorAll("td.cell")];
  const column = cells(from.parentElement).indexOf(from);
  const nextRow = rows[Math.max(0, Math.min(rows.length - 1, row + rowStep))];
  const list = cells(nextRow);
  const next = list[Math.max(0, Math.min(list.length - 1, column + columnStep))];
  if (next) focusCell(next);
}

function focusCell(td) {
  for (const cell of document.querySelectorAll("#grid td.cell[tabindex='0']")) cell.tabIndex = -1;
  td.tabIndex = 0;
  td.focus();
  focused = { key: td.dataset.key, language: td.dataset.language };
}

function onGridKey(event) {
  const td = event.target.closest("td.cell");
  if (!td) return;
  const moves = { ArrowDown: [1, 0], ArrowUp: [-1, 0], ArrowRight: [0, 1], ArrowLeft: [0, -1] };
  if (moves[event.key]) { event.preventDefault(); moveFocus(td, ...moves[event.key]); }
  else if (event.key === "Enter" || event.key === " ") { event.preventDefault(); openEditor(td.dataset.key, td.dataset.language, true); }
}

// The editor: a row inserted under the string's row, so that it opens where the translator is.
function placeEditor() {
  document.querySelector("#grid tr.editor")?.remove();
  const rowElement = [...document.querySelectorAll("#grid tr[data-key]")].find((tr) => tr.dataset.key === open.key);
  if (!rowElement) return;
  const tr = document.createElement("tr");
  tr.className = "editor";
  const td = document.createElement("td");
  td.colSpan = rowElement.children.length;
  td.append($("editor-template") ?? editorBody());
  tr.append(td);
  rowElement.after(tr);
}

function editorBody() {
  const div = document.createElement("div");
  div.className = "editor-body";
  div.id = "editor-template";
  return div;
}

function openEditor(key, language, byUser) {
  const row = catalog.keys.find((r) => r.key === key);
  if (!row || !row.cells[language]) {
    $("catalog-meta").textContent = `No string "${key}" in ${language} in the loaded catalogs.`;
    return;
  }
  open = { key, language };
  focused = { key, language };
  pinned.add(key);
  if (byUser) writeCatalogURL();
  renderGrid();
  const body = $("editor-template");
  const id = cellID(key, language), text = edits.get(id) ?? row.cells[language].text;
  body.innerHTML = `<h3>${escapeHTML(key)} · ${escapeHTML(language)} · <span class="status" id="detail-status"></span></h3>` +
    `<div class="side"><div><p class="meta">Source${row.source !== undefined ? "" : " (none in the catalogs: the key)"}</p>` +
    `<div class="source" dir="auto" id="source">${escapeHTML(row.source ?? key)}</div>` +
    (row.note ? `<p class="meta">Note for translators</p><div class="source" id="note">${escapeHTML(row.note)}</div>` : "") +
    `</div><div><label class="meta" for="edit">Translation (${escapeHTML(language)})</label>` +
    `<textarea id="edit" dir="auto" spellcheck="true"></textarea><p class="meta" id="edit-count"></p>` +
    `<p class="room" id="detail-room"></p><p class="meta" id="detail-maximum"></p><div class="samples" id="samples"></div></div></div>` +
    `<div id="detail-body"></div><p class="meta">The catalog on disk is never written: edits stay in this browser until you download them ` +
    `(Download edits as XLIFF) or discard them. Escape closes.</p>`;
  $("edit").value = text;
  $("edit").addEventListener("input", (event) => {
    edits.set(id, event.target.value);
    saved = false;
    storeEdits();
    judgeCell(key, language);
  });
  $("edit").addEventListener("keydown", (event) => { if (event.key === "Escape") closeEditor(); });
  body.addEventListener("keydown", (event) => { if (event.key === "Escape") closeEditor(); });
  document.querySelector("#grid tr.editor").scrollIntoView({ block: "nearest" });
  judgeCell(key, language);
  if (byUser) $("edit").focus();
}

function closeEditor() {
  if (!open) return;
  const { key, language } = open;
  open = null;
  document.querySelector("#grid tr.editor")?.remove();
  writeCatalogURL();
  const td = cellElement(key, language);
  if (td) focusCell(td);
}

let cellSequence = 0;
const chosenSamples = new Map();  // placeholder → value the translator typed, for the open string
async function judgeCell(key, language) {
  const mine = ++cellSequence, id = cellID(key, language);
  const body = { key, language };
  if (edits.has(id)) body.text = edits.get(id);
  if (chosenSamples.size) body.samples = Object.fromEntries(chosenSamples);
  $("edit-count").textContent = graphemes($("edit").value) + " characters";
  try {
    const answer = await api("/v1/catalog/check", body);
    if (mine !== cellSequence || !open) return;
    const status = worstStatus(answer.result.outcomes.map((o) => o.status));
    if (edits.has(id)) { editedStatus.set(id, status); storeEdits(); renderGridKeepingEditor(); }
    $("detail-status").className = "status " + status;
    $("detail-status").textContent = status;
    // The size with the least room: the most characters over, else the smallest maximum.
    const tightest = [...answer.rooms].sort((a, b) => (b.room.charactersOver - a.room.charactersOver) ||
      ((a.room.maximumCharacters ?? Infinity) - (b.room.maximumCharacters ?? Infinity)))[0];
    $("detail-room").innerHTML = tightest ? `At ${escapeHTML(tightest.category)}: <b>${escapeHTML(tightest.room.sentence)}</b>` : "";
    $("detail-maximum").innerHTML = tightest ? suggestedMaximum(tightest.room, language) : "";
    renderSamples(answer.samples, key, language);
    const problems = answer.result.outcomes.flatMap((o) => o.problems.map((problem) => ({ problem, category: o.category })));
    $("detail-body").innerHTML = problemList(problems) + answer.warnings.map((w) => `<p class="meta">${escapeHTML(w)}</p>`).join("") +
      `<div class="strip">${answer.pictures.map((p) => `<figure><figcaption><b>${escapeHTML(p.category)}</b></figcaption>${p.svg ?? ""}</figure>`).join("")}</div>`;
  } catch (error) {
    if (mine === cellSequence && $("detail-body")) $("detail-body").innerHTML = `<p class="error">${escapeHTML(error.message)}</p>`;
  }
}

// The grid redrawn under an open editor without losing the editor's text box (or its focus).
function renderGridKeepingEditor() {
  const active = document.activeElement, body = $("editor-template");
  const selection = active?.id === "edit" ? [active.selectionStart, active.selectionEnd] : null;
  body?.remove();
  renderGrid();
  if (body) { document.querySelector("#grid tr.editor td")?.replaceChildren(body); }
  if (selection && $("edit")) { $("edit").focus(); $("edit").setSelectionRange(...selection); }
}

function renderSamples(samples, key, language) {
  const box = $("samples");
  if (!samples.length) { box.innerHTML = ""; return; }
  if (box.dataset.for !== cellID(key, language)) {
    box.dataset.for = cellID(key, language);
    box.innerHTML = `<p class="meta">Placeholders are measured with these sample values; change one to see another:</p>` +
      samples.map((s, index) => `<label>${escapeHTML(s.placeholder)} <input data-placeholder="${escapeHTML(s.placeholder)}" id="sample-${index}" dir="auto"></label>`).join("");
    for (const input of box.querySelectorAll("input")) {
      input.value = samples.find((s) => s.placeholder === input.dataset.placeholder)?.value ?? "";
      input.addEventListener("input", () => { chosenSamples.set(input.dataset.placeholder, input.value); judgeCell(key, language); });
    }
  }
}

function worstStatus(statuses) {
  const order = ["pass", "warn", "unknown", "fail"];
  return statuses.reduce((a, b) => order.indexOf(a) >= order.indexOf(b) ? a : b, "pass");
}

async function downloadEdits() {
  if (edits.size === 0) { showEditsState(); return; }
  const list = [...edits].map(([id, text]) => { const [key, language] = id.split("\u0000"); return { key, language, text }; });
  const response = await fetch("/v1/catalog/xliff", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ edits: list }) });
  if (!response.ok) {
    const json = await response.json().catch(() => ({}));
    $("edits-meta").textContent = "Cannot download the edits: " + (json.error ? json.error.message : response.statusText);
    return;
  }
  const blob = new Blob([await response.text()], { type: "application/xml" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob); link.download = "overset-edits.xliff"; link.click();
  saved = true;
  storeEdits();
}

function discardEdits() {
  if (edits.size === 0 || !confirm(`Discard ${edits.size} ${edits.size === 1 ? "edit" : "edits"}? They are not in any file yet unless you downloaded them.`)) return;
  edits.clear(); editedStatus.clear(); saved = true;
  storeEdits();
  if (open) openEditor(open.key, open.language, false); else renderGrid();
}

// The catalog's state in the URL: the view, the filters and the open string (`?view=catalog&key=…&lang=de`).
function writeCatalogURL() {
  const query = new URLSearchParams({ view: "catalog" });
  if (open) { query.set("key", open.key); query.set("lang", open.language); }
  if ($("filter-language").value) query.set("language", $("filter-language").value);
  if ($("filter-status").value) query.set("status", $("filter-status").value);
  if ($("filter-text").value) query.set("q", $("filter-text").value);
  history.replaceState(null, "", "?" + query.toString());
}

async function startCatalog(query) {
  $("tab-catalog").hidden = false;
  catalog = await api("/v1/catalog");
  for (const language of catalog.languages) $("filter-language").append(new Option(language, language));
  $("filter-language").value = query.get("language") ?? "";
  $("filter-status").value = query.get("status") ?? "";
  $("filter-text").value = query.get("q") ?? "";
  loadEdits();
  for (const id of ["filter-language", "filter-status", "filter-text"]) $(id).addEventListener("input", () => { writeCatalogURL(); renderGridKeepingEditor(); });
  $("grid").addEventListener("click", (event) => { const td = event.target.closest("td.cell"); if (td) openEditor(td.dataset.key, td.dataset.language, true); });
  $("grid").addEventListener("keydown", onGridKey);
  $("grid").addEventListener("focusin", (event) => { const td = event.target.closest("td.cell"); if (td) focused = { key: td.dataset.key, language: td.dataset.language }; });
  $("download").addEventListener("click", downloadEdits);
  $("discard").addEventListener("click", discardEdits);
  window.addEventListener("beforeunload", (event) => { if (edits.size > 0 && !saved) { event.preventDefault(); event.returnValue = ""; } });
  renderGrid();
  showEditsState();
  if (query.get("view") === "catalog" && query.get("key") && query.get("lang")) openEditor(query.get("key"), query.get("lang"), false);
}

// ===================================================================== Start
function showTab(name, byUser) {
  $("preview").hidden = name !== "preview"; $("catalog").hidden = name !== "catalog";
  $("tab-preview").setAttribute("aria-selected", String(name === "preview"));
  $("tab-catalog").setAttribute("aria-selected", String(name === "catalog"));
  if (byUser) { if (name === "catalog") writeCatalogURL(); else writePreviewURL(); }
}

async function start() {
  const query = new URLSearchParams(location.search);
  const [health, settings] = await Promise.all([api("/health"), api("/v1/settings")]);
  table = settings;
  $("version").textContent = "Overset " + health.version;
  for (const key of shown) {
    const setting = settings.label.concat(settings.policy).find((s) => s.key === key);
    if (setting) $("controls").append(control(setting));
  }
  readPreviewURL(query.get("view") === "catalog" ? new URLSearchParams() : query);
  showPlatformControls();
  $("setting-platform").addEventListener("input", showPlatformControls);
  for (const element of [$("text"), $("lang"), $("sizes"), $("imageWidth"), $("spacing"), $("candidates"), ...settingInputs()]) {
    element.addEventListener("input", () => updatePreview(true));
  }
  $("tab-preview").addEventListener("click", () => showTab("preview", true));
  $("tab-catalog").addEventListener("click", () => showTab("catalog", true));
  await updatePreview(false);
  if (health.catalog) {
    await startCatalog(query);
    if (query.get("view") === "catalog") showTab("catalog", false);
  }
  document.body.dataset.ready = "true";
}
start().catch((error) => { $("result").innerHTML = `<p class="error">${escapeHTML(error.message)}</p>`; });
