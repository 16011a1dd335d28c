// The Bot Lab's worker: a Pyodide of its own, apart from the page, that runs a
// student's bot in matches (py/parlor/app/lab/runner.py). A worker has no DOM and no
// local storage, so an endless loop, a crash or a huge allocation in the student's
// code cannot freeze the page or touch the saves; the page (assets/lab.js) stops this
// worker when a call of the bot stays open past its time limit, and starts a new one.
// The interpreter, the standard library and the parlor package are the page's own
// files, from this folder (and from the service worker's cache offline).
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const started = performance.now();
const here = (path) => new URL(path, import.meta.url).href;

const runner = (async () => {
  const py = await loadPyodide({ indexURL: here("../vendor/pyodide/") });
  const zip = await (await fetch(here("../py/parlor.zip"))).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/lab" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/lab')");
  return py.pyimport("parlor.app.lab.runner");
})();

runner.then(
  () => self.postMessage(JSON.stringify({ kind: "ready", ms: performance.now() - started })),
  (err) => self.postMessage(JSON.stringify({ kind: "failed", detail: String(err) })),
);

self.onmessage = async (event) => {
  const lab = await runner;
  try {
    lab.run(event.data, (text) => self.postMessage(text), () => performance.now());
  } catch (err) {
    // A fault of Parlor's, not of the student's bot (runner reports those itself).
    self.postMessage(JSON.stringify({ kind: "failed", detail: String(err) }));
  }
};
