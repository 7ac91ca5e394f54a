"use strict";
// The settings shown as controls, by the settings table's names (the rest stay at their defaults or come from the URL).
const shown = ["platform", "style", "textAppearance", "size", "weight", "width", "maxLines", "category", "fontScale", "truncation",
               "ellipsize", "strategy", "lineHeight", "markdown"];
// Each control shows only on the platform the settings table gives it (`platform`; none for both).
const platformOf = (key) => table.label.find((s) => s.key === key)?.platform;
const isAndroid = () => ($("setting-platform")?.value ?? "") === "android";
const unit = () => isAndroid() ? "dp" : "pt";
function showPlatformControls() {
  for (const input of settingInputs()) {
    const key = input.dataset.key;
    const only = platformOf(key);
    const hide = only !== undefined && only !== (isAndroid() ? "android" : "ios");
    input.parentElement.hidden = hide;
    if (hide) input.value = "";
  }
  $("sizes").options[0].text = isAndroid() ? "this font scale" : "this category";
  $("sizes").options[1].text = isAndroid() ? "all 7 font scales" : "all 12";
}
let table = null, catalog = null, sequence = 0;
// Settings the URL names that have no control (tracking, emphasized, fonts, …): kept and sent as they are, so that a
// link opens the same label whatever it sets.
const hidden = {};
const edits = {}, editedStatus = {};
const $ = (id) => document.getElementById(id);
const escapeHTML = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const json = await response.json();
  if (!response.ok) throw new Error(json.error ? json.error.code + ": " + json.error.message : response.statusText);
  return json;
}

function control(setting) {
  const label = document.createElement("label");
  label.title = setting.help + " (default: " + setting.default + ")";
  label.append(setting.key);
  let input;
  if (setting.kind === "choice" || setting.kind === "bool") {
    input = document.createElement("select");
    const values = setting.kind === "bool" ? ["false", "true"] : setting.values;
    input.append(new Option("default", ""));
    for (const value of values) input.append(new Option(value, value));
  } else {
    input = document.createElement("input");
    if (setting.kind === "number" || setting.kind === "integer") {
      input.type = "number"; input.min = setting.minimum; input.max = setting.maximum;
      input.step = setting.kind === "integer" ? 1 : "any";
    }
    if (setting.values) { input.setAttribute("list", "values-" + setting.key); const list = document.createElement("datalist"); list.id = "values-" + setting.key; for (const v of setting.values) list.append(new Option(v)); label.append(list); }
    input.placeholder = setting.default.length > 24 ? "" : setting.default;
  }
  input.id = "setting-" + setting.key;
  input.dataset.key = setting.key;
  input.dataset.kind = setting.kind;
  label.append(input);
  return label;
}

function settingInputs() { return [...document.querySelectorAll("#controls [data-key]")]; }

// The request: the text, the language and every control that is set, in the settings table's names and types.
function request() {
  const body = { text: $("text").value };
  if ($("lang").value) body.lang = $("lang").value;
  for (const input of settingInputs()) {
    const value = input.value;
    if (value === "") continue;
    const kind = input.dataset.kind;
    if (kind === "number" || kind === "integer") body[input.dataset.key] = Number(value);
    else if (kind === "bool") body[input.dataset.key] = value === "true";
    else if (kind === "choiceOrNumber" && /^-?[0-9.]+$/.test(value)) body[input.dataset.key] = Number(value);
    else body[input.dataset.key] = value;
  }
  for (const [key, value] of Object.entries(hidden)) if (body[key] === undefined) body[key] = value;
  if (body.width === undefined) body.width = 320;
  if ($("imageWidth").value !== "") body.imageWidth = Number($("imageWidth").value);
  if ($("spacing").value !== "") body.spacing = Number($("spacing").value);
  if ($("candidates").value.trim() !== "") {
    try { body.candidates = JSON.parse($("candidates").value); } catch (error) { body.candidates = $("candidates").value; }
  }
  return body;
}

// The page's state in its URL: the same names as the request's, so a link opens the same label.
function writeURL() {
  const body = request();
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) query.set(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  if ($("sizes").value === "all") query.set("categories", "all");
  history.replaceState(null, "", "?" + query.toString());
}

function readURL() {
  const query = new URLSearchParams(location.search);
  $("text").value = query.get("text") ?? "Check for updates";
  $("lang").value = query.get("lang") ?? "";
  $("sizes").value = query.get("categories") === "all" ? "all" : "one";
  for (const input of settingInputs()) input.value = query.get(input.dataset.key) ?? (input.dataset.key === "width" ? "320" : "");
  $("imageWidth").value = query.get("imageWidth") ?? "";
  $("spacing").value = query.get("spacing") ?? "";
  // The table's other settings, typed as the table says (a number, a bool, a list), kept as they are.
  const controlled = new Set(settingInputs().map((input) => input.dataset.key));
  for (const setting of table.label.concat(table.policy)) {
    const value = query.get(setting.key);
    if (value === null || controlled.has(setting.key)) continue;
    if (setting.kind === "number" || setting.kind === "integer") hidden[setting.key] = Number(value);
    else if (setting.kind === "bool") hidden[setting.key] = value === "true";
    else if (setting.kind === "list") { try { hidden[setting.key] = JSON.parse(value); } catch (error) { hidden[setting.key] = value.split(","); } }
    else if (setting.kind === "choiceOrNumber" && /^-?[0-9.]+$/.test(value)) hidden[setting.key] = Number(value);
    else hidden[setting.key] = value;
  }
  $("candidates").value = query.get("candidates") ?? "";
}

function linesTable(answer) {
  const rows = answer.lines.map((line, index) =>
    `<tr><td>${index + 1}</td><td>${line.width.toFixed(2)} ${unit()}</td><td class="text overset-text" dir="auto">│${escapeHTML(line.text)}│</td></tr>`);
  return `<table class="lines" id="lines">${rows.join("")}</table>`;
}

function renderResult(result, warnings) {
  const answer = result.answer;
  const problems = answer.problems.map((p) => `<li><span class="status ${p.status}">${p.status}</span> ${escapeHTML(p.kind)}: ${escapeHTML(p.message)}</li>`);
  $("result").innerHTML =
    `<p><span class="status ${answer.status}" id="verdict">${answer.status}</span> ` +
    `<span id="summary">${answer.lineCount} of ${answer.linesNeeded} lines` + (answer.truncated ? (answer.truncation === "clip" ? ", cut off" : ", truncated") : "") +
    ` · ${answer.width.toFixed(2)} × ${answer.height.toFixed(2)} ${unit()} · ${result.category}</span></p>` +
    (result.layout ? `<p id="layout">layout: <b>${escapeHTML(result.layout)}</b>${result.reason ? " (" + escapeHTML(result.reason) + ")" : ""}</p>` : "") +
    linesTable(answer) + `<ul class="problems">${problems.join("")}</ul>` +
    warnings.map((w) => `<p class="meta">warning: ${escapeHTML(w)}</p>`).join("") +
    `<div class="picture">${result.svg ?? ""}</div>`;
  // The picture at twice its size in points: a label of 150 pt is small on a desktop screen.
  const svg = document.querySelector("#result .picture svg");
  if (svg) for (const name of ["width", "height"]) { const v = parseFloat(svg.getAttribute(name)); if (v) svg.setAttribute(name, String(v * 2)); }
}

async function update() {
  writeURL();
  const body = request();
  const mine = ++sequence;
  const started = performance.now();
  try {
    // One request: at the label's category, or at all 12 (the label's own shown above the strip).
    const all = $("sizes").value === "all";
    const answer = await api("/v1/preview", all ? Object.assign({}, body, { categories: "all" }) : body);
    if (mine !== sequence) return;
    renderResult(answer.results.find((r) => r.category === answer.category) ?? answer.results[0], answer.warnings);
    let strip = "";
    if (all) {
      strip = answer.results.map((r) => `<figure data-category="${r.category}"><figcaption><b>${r.category}</b>` +
        (r.layout ? `<i>${escapeHTML(r.layout)}</i>` : "") +
        `<span class="status ${r.answer.status}">${r.answer.status}</span></figcaption>${r.svg}</figure>`).join("");
    }
    $("strip").innerHTML = strip;
    $("timing").textContent = "answered in " + (performance.now() - started).toFixed(1) + " ms";
    $("timing").dataset.ms = String(performance.now() - started);
  } catch (error) {
    if (mine !== sequence) return;
    $("result").innerHTML = `<p class="error" id="error">${escapeHTML(error.message)}</p>`;
    $("strip").innerHTML = "";
  }
}

// Catalog mode: the grid of keys × languages, failures first; a cell opens the string at every category, editable.
function renderGrid() {
  const language = $("filter-language").value, status = $("filter-status").value, text = $("filter-text").value.toLowerCase();
  const languages = language ? [language] : catalog.languages;
  const head = "<tr><th>key</th><th>rule</th>" + languages.map((l) => `<th>${escapeHTML(l)}</th>`).join("") + "</tr>";
  const rows = catalog.keys.filter((row) => (!text || row.key.toLowerCase().includes(text) || (row.rule ?? "").toLowerCase().includes(text)) &&
      (!status || languages.some((l) => row.cells[l] && (editedStatus[row.key + "\u0000" + l] ?? row.cells[l].status) === status)))
    .map((row) => `<tr><td>${escapeHTML(row.key)}</td><td class="meta">${escapeHTML(row.rule ?? "")}${row.site ? "<br>shown at " + escapeHTML(row.site) : ""}</td>` + languages.map((l) => {
      const cell = row.cells[l];
      if (!cell) return "<td></td>";
      const status = editedStatus[row.key + "\u0000" + l] ?? cell.status;
      return `<td class="cell ${status}${cell.known ? " known" : ""}${status !== cell.status ? " edited" : ""}" data-key="${escapeHTML(row.key)}" data-language="${escapeHTML(l)}" title="${escapeHTML(cell.text)}">` +
        `<span class="status ${status}">${status}</span> ${escapeHTML(edits[row.key + "\u0000" + l] ?? cell.text)}</td>`;
    }).join("") + "</tr>");
  $("grid").innerHTML = head + rows.join("");
}

// A cell opened: its text in an editable box (made once), and its verdict at every category (redrawn as it changes).
async function openCell(key, language, text) {
  const current = text ?? catalog.keys.find((r) => r.key === key).cells[language].text;
  $("catalog-detail").innerHTML = `<h3>${escapeHTML(key)} · ${escapeHTML(language)} · <span class="status" id="detail-status"></span></h3>` +
    `<p class="meta">The catalog on disk is never written: edits are kept in this page, and downloaded as XLIFF.</p>` +
    `<textarea id="edit" class="overset-text" dir="auto"></textarea><div id="detail-body"></div>`;
  $("edit").value = current;
  $("edit").addEventListener("input", (event) => {
    edits[key + "\u0000" + language] = event.target.value;
    judgeCell(key, language, event.target.value);
  });
  await judgeCell(key, language, text);
}

let cellSequence = 0;
async function judgeCell(key, language, text) {
  const mine = ++cellSequence;
  const body = { key, language };
  if (text !== undefined) body.text = text;
  try {
    const answer = await api("/v1/catalog/check", body);
    if (mine !== cellSequence) return;
    const result = answer.result, status = statusOf(result);
    const findings = result.outcomes.filter((o) => o.problems.length).map((o) => `<li>${o.category}: ` +
      o.problems.map((p) => `<span class="status ${p.status}">${p.status}</span> ${escapeHTML(p.message)}`).join("; ") + "</li>");
    if (text !== undefined) { editedStatus[key + "\u0000" + language] = status; renderGrid(); }
    $("detail-status").className = "status " + status;
    $("detail-status").textContent = status;
    $("detail-body").innerHTML = `<p class="meta">rule ${escapeHTML(result.rule)}</p><ul class="problems">${findings.join("")}</ul>` +
      `<div class="strip">${answer.pictures.map((p) => `<figure><figcaption><b>${p.category}</b></figcaption>${p.svg ?? ""}</figure>`).join("")}</div>`;
  } catch (error) {
    if (mine === cellSequence) $("detail-body").innerHTML = `<p class="error">${escapeHTML(error.message)}</p>`;
  }
}

function statusOf(result) {
  const order = ["pass", "warn", "unknown", "fail"];
  return result.outcomes.map((o) => o.status).reduce((a, b) => order.indexOf(a) >= order.indexOf(b) ? a : b, "pass");
}

async function downloadEdits() {
  const list = Object.entries(edits).map(([id, text]) => { const [key, language] = id.split("\u0000"); return { key, language, text }; });
  const response = await fetch("/v1/catalog/xliff", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ edits: list }) });
  if (!response.ok) {
    const json = await response.json().catch(() => ({}));
    $("catalog-meta").textContent = "cannot download the edits: " + (json.error ? json.error.message : response.statusText);
    return;
  }
  const blob = new Blob([await response.text()], { type: "application/xml" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob); link.download = "overset-edits.xliff"; link.click();
}

function showTab(name) {
  $("preview").hidden = name !== "preview"; $("catalog").hidden = name !== "catalog";
  $("tab-preview").setAttribute("aria-selected", String(name === "preview"));
  $("tab-catalog").setAttribute("aria-selected", String(name === "catalog"));
}

async function start() {
  const view = new URLSearchParams(location.search).get("view");
  const [health, settings] = await Promise.all([api("/health"), api("/v1/settings")]);
  table = settings;
  $("version").textContent = "Overset " + health.version;
  const controls = $("controls");
  for (const key of shown) {
    const setting = settings.label.concat(settings.policy).find((s) => s.key === key);
    if (setting) controls.append(control(setting));
  }
  readURL();
  showPlatformControls();
  $("setting-platform").addEventListener("input", showPlatformControls);
  for (const element of [$("text"), $("lang"), $("sizes"), $("imageWidth"), $("spacing"), $("candidates"), ...settingInputs()]) element.addEventListener("input", update);
  $("tab-preview").addEventListener("click", () => showTab("preview"));
  await update();
  if (health.catalog) {
    $("tab-catalog").hidden = false;
    $("tab-catalog").addEventListener("click", () => showTab("catalog"));
    catalog = await api("/v1/catalog");
    for (const language of catalog.languages) $("filter-language").append(new Option(language, language));
    $("catalog-meta").textContent = catalog.keys.length + " keys × " + catalog.languages.length + " languages, failures first" +
      (catalog.diagnostics.length ? "; " + catalog.diagnostics.join("; ") : "");
    for (const id of ["filter-language", "filter-status", "filter-text"]) $(id).addEventListener("input", renderGrid);
    $("grid").addEventListener("click", (event) => { const cell = event.target.closest("td.cell"); if (cell) openCell(cell.dataset.key, cell.dataset.language, edits[cell.dataset.key + "\u0000" + cell.dataset.language]); });
    $("download").addEventListener("click", downloadEdits);
    renderGrid();
    if (view === "catalog") showTab("catalog");
  }
  document.body.dataset.ready = "true";
}
start().catch((error) => { $("result").innerHTML = `<p class="error">${escapeHTML(error.message)}</p>`; });
