// The referee's worker: Pyodide and the ena_rules wheels, off the page's main thread.
// Messages in: {id, request (a JSON string for the bridge), bytes? (the record, kept as
// the file "upload" of the work folder, which the bridge moves to its safe name)}.
// Messages out: {kind: "progress", text, percent}, {kind: "ready", names, version},
// {kind: "answer", id, answer (a JSON string)}, {kind: "failed", text}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const FOLDER = "/home/pyodide/ena";
let call = null;

function progress(text, percent) {
  postMessage({ kind: "progress", text, percent });
}

async function start() {
  progress("Loading the referee: starting Python…", 5);
  const manifest = await (await fetch("manifest.json")).json();
  const py = await loadPyodide({
    indexURL: new URL("pyodide/", self.location.href).href,
    stdout: () => {},
    stderr: () => {},
  });
  progress("Loading the referee: installing ena_rules…", 70);
  const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  let done = 0;
  for (const wheel of manifest.wheels) {
    const response = await fetch(wheel);
    if (!response.ok) throw new Error(`${wheel}: ${response.status}`);
    py.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: site });
    done += 1;
    progress("Loading the referee: installing ena_rules…", 70 + (25 * done) / manifest.wheels.length);
  }
  py.runPython("import importlib; importlib.invalidate_caches()");
  py.FS.mkdirTree(FOLDER + "/records");
  py.FS.mkdirTree(FOLDER + "/house");
  const bridge = py.pyimport(manifest.bridge);
  call = (request) => bridge.call(request, FOLDER);
  const variants = JSON.parse(call(JSON.stringify({ op: "variants" })));
  self.writeRecord = (bytes) => py.FS.writeFile(`${FOLDER}/upload`, bytes);
  postMessage({ kind: "ready", names: variants.names, version: variants.version });
}

self.onmessage = (event) => {
  const { id, request, bytes } = event.data;
  if (call === null) return;
  let answer;
  try {
    if (bytes !== undefined) self.writeRecord(new Uint8Array(bytes)); // the bridge names it
    answer = call(request);
  } catch (err) {
    answer = JSON.stringify({ error: String(err && err.message ? err.message : err).slice(-400) });
  }
  postMessage({ kind: "answer", id, answer });
};

start().catch((err) => postMessage({ kind: "failed", text: String(err && err.message ? err.message : err).slice(-400) }));
