// The page: the referee runs in a worker (worker.js); this thread only shows its answers.
// Everything from a record or a file is set as text (textContent, option.text, srcdoc of a
// sandboxed frame): nothing a record holds can become markup of this page.
"use strict";

const $ = (id) => document.getElementById(id);
const BIG = 1 << 20; // a record longer than this is kept aside, not put in the text box
let worker = null;
let ready = false;
let busy = null; // the id of the request being judged
let nextId = 1;
const waiting = new Map();
let held = null; // {name, bytes} of a big or dropped record
let variantNames = [];
let houseName = null;
const form = { rows: [], answer: null };

function size(bytes) {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.ceil(bytes / 1e3)} kB`;
}

function say(text) {
  $("status").textContent = text;
}

function startWorker() {
  ready = false;
  document.body.dataset.ready = "false";
  worker = new Worker("worker.js", { type: "module" });
  worker.onmessage = (event) => {
    const m = event.data;
    if (m.kind === "progress") {
      say(m.text);
      $("progress").value = m.percent;
    } else if (m.kind === "ready") {
      onReady(m);
    } else if (m.kind === "failed") {
      say(`The referee could not start: ${m.text}`);
    } else if (m.kind === "answer") {
      const resolve = waiting.get(m.id);
      waiting.delete(m.id);
      if (resolve) resolve(JSON.parse(m.answer));
    }
  };
}

function ask(request, record) {
  const id = nextId++;
  const message = { id, request: JSON.stringify(request) };
  const transfer = [];
  if (record) {
    message.bytes = record.bytes.buffer.slice(0);
    transfer.push(message.bytes);
  }
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker.postMessage(message, transfer);
  });
}

function fillSelect(select, values, keepFirst) {
  const first = keepFirst ? select.options[0] : null;
  select.replaceChildren();
  if (first) select.append(first);
  for (const [value, text] of values) select.append(new Option(text, value));
}

function fillVariants() {
  const pairs = variantNames.map((n) => [n, n]);
  const chosen = $("variant").value;
  const house = houseName ? [[`house:${houseName}`, `house rules: ${houseName}`]] : [];
  fillSelect($("variant"), [...pairs, ...house], true);
  $("variant").value = chosen;
  return pairs;
}

function onReady(m) {
  ready = true;
  variantNames = m.names;
  const pairs = fillVariants();
  if (!$("f-variant").options.length) {
    fillSelect($("f-variant"), pairs, false);
    $("f-variant").value = "ena";
    fillSelect($("h-base"), pairs, false);
    $("h-base").value = "ena";
  }
  for (const id of ["b-judge", "f-start", "h-check", "h-diff", "h-use"]) $(id).disabled = false;
  $("progress").hidden = true;
  say(`The referee is ready (ena_rules ${m.version}).`);
  document.body.dataset.ready = "true";
}

// -- 1. judging a record ---------------------------------------------------------------------

function recordToJudge() {
  if (held) return held;
  return { name: "pasted.jsonl", bytes: new TextEncoder().encode($("record").value) };
}

function hold(name, bytes) {
  held = { name, bytes };
  document.body.dataset.record = name;
  $("held").textContent = `Holding ${name} (${size(bytes.length)}): too long to show here; press Judge.`;
  $("held").hidden = false;
  $("record").value = "";
}

function showReport(box, text) {
  box.replaceChildren();
  for (const line of text.split("\n")) {
    if (!line) continue;
    const div = document.createElement("div");
    div.textContent = line;
    if (line.includes("first leaves the rules on this line")) {
      div.className = "first"; // flagged by app.css (::before), the text stays the report's
    } else if (line.includes("DISAGREES") || line.includes("-> rejected") || line.includes(": unusable")) {
      div.className = "wrong";
    }
    box.append(div);
  }
}

function downloadLink(link, text, type) {
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.hidden = false;
}

async function judge() {
  if (!ready || busy !== null) return;
  const record = recordToJudge();
  const id = nextId;
  busy = id;
  $("b-stop").hidden = false;
  $("b-judge").disabled = true;
  document.body.dataset.judging = "true";
  say(`Judging ${record.name} (${size(record.bytes.length)})…`);
  const request = { op: "validate", name: record.name, variant: $("variant").value, upload: true };
  const answer = await ask(request, record);
  if (busy !== id) return; // stopped meanwhile
  busy = null;
  $("b-stop").hidden = true;
  $("b-judge").disabled = false;
  document.body.dataset.judging = "false";
  $("result").hidden = false;
  if (answer.error) {
    $("summary").textContent = `The referee could not judge it: ${answer.error}`;
    return;
  }
  $("summary").textContent = answer.summary || answer.err.trim();
  showReport($("report"), answer.out + answer.err);
  downloadLink($("report-download"), answer.full || answer.out + answer.err, "text/plain");
  $("replay-note").textContent = answer.replay_note;
  $("replay-note").hidden = !answer.replay_note;
  $("replay").hidden = !answer.replay;
  $("replay").srcdoc = answer.replay || "";
  say(`Judged ${answer.name}: exit ${answer.code}.`);
  document.body.dataset.judged = String(Number(document.body.dataset.judged || 0) + 1);
}

function stop() {
  if (busy === null) return;
  busy = null;
  worker.terminate();
  waiting.clear();
  $("b-stop").hidden = true;
  document.body.dataset.judging = "false";
  document.body.dataset.stopped = String(Number(document.body.dataset.stopped || 0) + 1);
  say("Stopped. Restarting the referee…");
  $("progress").hidden = false;
  startWorker();
}

// -- 2. the record form ------------------------------------------------------------------------

function players() {
  return $("f-players").value.split(",").map((p) => p.trim()).filter((p) => p);
}

function setupDealer() {
  const chosen = $("f-dealer").value;
  fillSelect($("f-dealer"), players().map((p) => [p, p]), false);
  if (players().includes(chosen)) $("f-dealer").value = chosen;
}

function formRequest() {
  return {
    op: "form",
    variant: $("f-variant").value,
    players: players(),
    dealer: $("f-dealer").value,
    turned: $("f-turned").value,
    rows: form.rows,
  };
}

function moveOptions() {
  const who = $("f-who").value;
  const legal = (form.answer && form.answer.choices[who]) || [];
  const select = $("f-move");
  select.replaceChildren();
  legal.forEach((c, i) => select.append(new Option(`${c.label} (legal)`, String(i))));
  select.append(new Option("another move (off the rules, or not offered)…", "other"));
  $("f-other").hidden = select.value !== "other";
}

function showForm(answer) {
  form.answer = answer;
  const list = $("f-lines");
  list.replaceChildren();
  for (const v of answer.verdicts || []) {
    const item = document.createElement("li");
    const first = v.line === answer.first_wrong;
    item.className = first ? "first" : v.wrong ? "wrong" : "";
    item.textContent = (first ? "⚑ " : "") + v.text + (first ? " (the first line off the rules)" : "");
    list.append(item);
  }
  $("f-log").textContent = answer.log || "";
  showReport($("f-report"), (answer.out || "") + (answer.err || ""));
  $("f-summary").textContent = answer.error ? `Not usable: ${answer.error}` : answer.summary;
  if (answer.log) downloadLink($("f-download"), answer.log, "application/jsonl");
  const who = $("f-who").value;
  fillSelect($("f-who"), players().map((p) => [p, p]), false);
  fillSelect($("f-target"), [["", "nobody"], ...players().map((p) => [p, p])], false);
  $("f-who").value = players().includes(who) ? who : answer.due || players()[0];
  if (answer.due && form.rows.length) $("f-who").value = answer.due;
  $("f-next-h").textContent = `Line ${form.rows.length + 2}` + (answer.due ? ` (${answer.due} is due)` : "");
  moveOptions();
  document.body.dataset.formLines = String(form.rows.length + 1);
}

async function refreshForm() {
  showForm(await ask(formRequest()));
}

function chosenRow() {
  const who = $("f-who").value;
  const move = $("f-move").value;
  if (move !== "other") {
    const c = form.answer.choices[who][Number(move)];
    const row = { player: who, type: c.type };
    for (const key of ["card", "color", "target"]) if (c[key]) row[key] = c[key];
    return row;
  }
  const row = { player: who, type: $("f-type").value };
  if (["play", "overtake"].includes(row.type)) {
    row.card = $("f-card").value.trim();
    if ($("f-color").value) row.color = $("f-color").value;
  }
  if (row.type === "call_uno" && $("f-target").value) row.target = $("f-target").value;
  if (row.type === "claim_penalty") row.cards = Number($("f-cards").value);
  return row;
}

async function startForm() {
  if (!ready) return;
  form.rows = [];
  $("f-game").hidden = false;
  await refreshForm();
}

async function addRow() {
  if (!ready || !form.answer) return;
  form.rows.push(chosenRow());
  await refreshForm();
}

async function undoRow() {
  if (!ready || !form.rows.length) return;
  form.rows.pop();
  await refreshForm();
}

// -- 3. house rules ----------------------------------------------------------------------------

function house(op) {
  return { op, name: $("h-name").value, text: $("h-text").value, base: $("h-base").value };
}

async function houseAsk(op) {
  if (!ready) return;
  const answer = await ask(house(op));
  $("h-out").textContent = answer.error || answer.out + answer.err || "(nothing printed)";
  $("h-out").dataset.code = String(answer.code);
  return answer;
}

async function useHouse() {
  const answer = await houseAsk("check");
  if (!answer || answer.code !== 0) return;
  houseName = $("h-name").value;
  fillVariants();
  $("variant").value = $("variant").options[$("variant").options.length - 1].value;
  say(`Records are judged by ${houseName} now (see “Judge by”).`);
}

// -- wiring ------------------------------------------------------------------------------------

function readFile(input, then) {
  const file = input.files && input.files[0];
  if (!file) return;
  file.arrayBuffer().then((buffer) => then(file.name, new Uint8Array(buffer)));
  input.value = ""; // choosing the same file again reads it again
}

function onRecordBytes(name, bytes) {
  if (bytes.length > BIG) {
    hold(name, bytes);
  } else {
    held = null;
    $("held").hidden = true;
    $("record").value = new TextDecoder().decode(bytes);
    held = { name, bytes };
    document.body.dataset.record = name;
    $("record").addEventListener("input", () => { held = null; }, { once: true });
  }
}

function wire() {
  $("b-judge").addEventListener("click", judge);
  $("b-stop").addEventListener("click", stop);
  $("file").addEventListener("change", () => readFile($("file"), onRecordBytes));
  $("record").addEventListener("paste", (event) => {
    const text = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
    if (text.length > BIG) {
      event.preventDefault();
      hold("pasted.jsonl", new TextEncoder().encode(text));
    } else {
      held = null;
      $("held").hidden = true;
    }
  });
  $("record").addEventListener("dragover", (event) => event.preventDefault());
  $("record").addEventListener("drop", (event) => {
    const file = event.dataTransfer && event.dataTransfer.files[0];
    if (!file) return;
    event.preventDefault();
    file.arrayBuffer().then((buffer) => onRecordBytes(file.name, new Uint8Array(buffer)));
  });
  $("f-players").addEventListener("input", setupDealer);
  $("f-start").addEventListener("click", startForm);
  $("f-add").addEventListener("click", addRow);
  $("f-undo").addEventListener("click", undoRow);
  $("f-who").addEventListener("change", moveOptions);
  $("f-move").addEventListener("change", () => { $("f-other").hidden = $("f-move").value !== "other"; });
  $("h-file").addEventListener("change", () => readFile($("h-file"), (name, bytes) => {
    $("h-name").value = name;
    $("h-text").value = new TextDecoder().decode(bytes);
  }));
  $("h-check").addEventListener("click", () => houseAsk("check"));
  $("h-diff").addEventListener("click", () => houseAsk("diff"));
  $("h-use").addEventListener("click", useHouse);
}

document.addEventListener("DOMContentLoaded", () => {
  setupDealer();
  wire();
  startWorker();
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").then(() => navigator.serviceWorker.ready).then(() => {
      document.body.dataset.offline = "true";
    }).catch(() => {});
  }
});
