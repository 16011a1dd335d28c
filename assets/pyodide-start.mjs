// The page's Pyodide, started from a memory snapshot when one is at hand.
//
// pyscript.toml's `interpreter =` names this module instead of vendor/pyodide/pyodide.mjs:
// PyScript imports it, reads `version` and calls `loadPyodide(options)` as it would
// Pyodide's own, and keeps its wiring (its `pyscript` package, the page's script). The
// snapshot (tools/snapshot.mjs, built by tools/site.py) is an interpreter that has
// already started and imported Parlor: restoring it skips Python's start and some 400
// imports.
//
// The package (py/parlor.zip) is unpacked here, not by PyScript's [files]: a restored
// interpreter has already imported every module but parlor.web, so it writes only what
// is still read from disk (parlor.web's modules and the data files); a normal start
// unpacks all of it, as PyScript did.
//
// The app's entry, py/main.py, is run here too, once the package is on disk: the first
// screen is drawn before PyScript's own Python (its package written and imported, its
// script runner), which the app does not use; the page's own script (index.html, the same
// start, run by PyScript) then only reports a failure of this one (parlor.web.start).
//
// The snapshot is used only when the service worker already holds it: a first visit
// never waits for its ~31 MB (6 MB on the wire) before Python starts; it starts normally
// while the worker precaches the snapshot for the next visit. Any doubt gives a normal
// start, never a stale one, and says why in the console and in globalThis.parlorStart:
//   - py/snapshot.json (written with the snapshot) names the file and the key, a hash of
//     everything it was made from; the file's header must carry that key;
//   - the package zip and standard library the page is about to use must be the ones it
//     was made from (their SHA-256, in py/snapshot.json); the zip it unpacks is that one;
//   - Pyodide itself refuses a snapshot of another wasm or glue ("build id mismatch");
//   - a restore (or its unpack) that throws for any other reason falls back too.
// After a restore, `random` is reseeded: the snapshot holds the state it had when it was
// made, which every visit would otherwise replay.
import * as pyodide from "../vendor/pyodide/pyodide.mjs";
import { HEADER_BYTES, mismatch, validManifest } from "./snapshot-check.mjs";
import { zipEntries } from "./zip-entries.mjs";

export const version = pyodide.version;

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const MANIFEST_URL = new URL("../py/snapshot.json", import.meta.url).href;
const ZIP_URL = new URL("../py/parlor.zip", import.meta.url).href;
const MAIN_URL = new URL("../py/main.py", import.meta.url).href;
/** parlor.web.start's RAN: py/main.py has run here and drawn the first screen. */
const RAN = "ran";
/** Reseed what import time seeded (see above); Parlor seeds its games' own generators. */
export const RESEED = "import random as _r\n_r.seed()\ndel _r";

/** The modules the interpreter has imported (after a restore: all of Parlor's but
 * parlor.web's), whose .pyc need not be on disk. */
const IMPORTED = `
def imported():
    import sys

    return list(sys.modules)
`;

/** Write members of the zip at `path` (name, where its data starts, its length, how
 * it is stored, its size; see unpack) under the working directory, then remove the
 * zip. Inflated by zlib in the interpreter: in the page at 4x CPU, the 18 members a
 * restore needs took ~45 ms this way, ~70 ms through the browser's DecompressionStream
 * and ~85 ms through zipfile (which reads all 222 entries of the directory in Python). */
const WRITE = `
def write(path, members):
    import os
    import zlib

    with open(path, "rb") as archive:
        data = archive.read()
    os.remove(path)
    for name, start, length, method, size in members:
        body = data[start:start + length]
        if method == 8:
            body = zlib.decompress(body, -15)
        if len(body) != size:
            raise ValueError(f"py/parlor.zip: {name} has the wrong size")
        os.makedirs(os.path.dirname(name) or ".", exist_ok=True)
        with open(name, "wb") as out:
            out.write(body)
`;

/** PyScript's own Python package, imported for real when first used. PyScript writes it
 * to disk and imports it before the page's script runs (~15 modules compiled from source
 * on every start); Parlor never uses it (only parlor.web touches the browser, through
 * `js` and `pyodide.ffi`), so the import PyScript runs finds this placeholder, and the
 * first use of any of its names (`from pyscript import display`, say) imports the
 * package PyScript wrote and answers from it. */
export const PYSCRIPT_LATER = `
def later():
    import importlib
    import sys
    import types

    class Later(types.ModuleType):
        def __getattr__(self, name):
            if sys.modules.get(self.__name__) is self:
                del sys.modules[self.__name__]
            return getattr(importlib.import_module(self.__name__), name)

    sys.modules["pyscript"] = Later("pyscript", "PyScript's package, imported on first use")
`;

function mark(name) {
  performance.mark(`parlor:${name}`);
}

/** Python is up (restored or started): the page's progress line says so
 * (assets/loading.js). PyScript's own "Loaded interpreter" comes only once this module
 * has returned, which is after the first screen now that py/main.py runs here. */
function pythonUp() {
  mark("pyodide-loaded");
  if (typeof globalThis.dispatchEvent === "function") {
    globalThis.dispatchEvent(new Event("parlor:python-up"));
  }
}

function record(start) {
  globalThis.parlorStart = start;
  if (start.mode === "snapshot") {
    console.info(`Parlor: Python restored from its snapshot ${start.key} in ${Math.round(start.ms)} ms`);
  } else {
    console.info(`Parlor: a normal Python start (${start.reason})`);
  }
}

async function cachedBytes(url) {
  const hit = await caches.match(url);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

/** Why the snapshot is not used when that is no fault of the snapshot (not cached yet,
 * or made from other files): said in globalThis.parlorStart, not warned about. */
class NoSnapshot extends Error {}

/** The snapshot the service worker's cache names (py/snapshot.json), if any: {key,
 * checked}, where `checked` is a promise of its heap and of the package zip it was made
 * from, rejected with a NoSnapshot unless both are in the cache and match what the page
 * runs; otherwise {reason}. A promise, so that the 31.5 MB read and its checks go on
 * while Pyodide loads its own module (which awaits the heap only before it makes the
 * wasm instance). Reads only the cache: never the network. */
async function findSnapshot() {
  if (!globalThis.navigator?.serviceWorker?.controller || !globalThis.caches) {
    return { reason: "no service worker yet (a first visit): the snapshot is cached for the next" };
  }
  if (!globalThis.crypto?.subtle) return { reason: "no crypto.subtle to check the snapshot" };
  const manifestBytes = await cachedBytes(MANIFEST_URL);
  if (!manifestBytes) return { reason: "no snapshot in the cache" };
  let manifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(manifestBytes));
  } catch {
    manifest = null;
  }
  if (!validManifest(manifest) || manifest.file !== `snapshot-${manifest.key}.bin`) {
    return { reason: "py/snapshot.json is malformed" };
  }
  const url = new URL(`../py/${manifest.file}`, import.meta.url).href;
  const checked = (async () => {
    const [bytes, zip, stdlib] = await Promise.all([
      cachedBytes(url),
      cachedBytes(ZIP_URL),
      cachedBytes(new URL("python_stdlib.zip", INDEX_URL).href),
    ]).catch((err) => { throw new NoSnapshot(`the cache could not be read: ${err}`); });
    if (!bytes) throw new NoSnapshot(`${manifest.file} is not in the cache`);
    if (!zip || !stdlib) {
      throw new NoSnapshot("the package zip or standard library is not in the cache");
    }
    const reason = await mismatch(manifest, bytes, zip, stdlib);
    if (reason) throw new NoSnapshot(reason);
    return { heap: bytes.subarray(HEADER_BYTES), zip };
  })();
  return { key: manifest.key, checked };
}

/** Restore an interpreter from `heap` (a snapshot without its header, or a promise of
 * one) and reseed it. Exported for tools/snapshot_check.mjs, which restores twice under
 * Node. */
export async function restore(load, heap, options) {
  const py = await load({ ...options, _loadSnapshot: heap });
  py.runPython(RESEED);
  return py;
}

/** Run `source`, which defines `name`, in a namespace of its own; call it with `args`. */
function call(py, source, name, ...args) {
  const namespace = py.toPy({});
  try {
    py.runPython(source, { globals: namespace });
    const fn = namespace.get(name);
    try {
      return fn(...args);
    } finally {
      fn.destroy();
    }
  } finally {
    namespace.destroy();
  }
}

/** Put on the file system, in the working directory (where PyScript's `"./*"` put it),
 * the package zip's members still to be read from disk: the data files, and the modules
 * the interpreter has not imported (after a restore, parlor.web's; after a normal start,
 * all of them). The number written. */
export function unpack(py, zip) {
  const listed = call(py, IMPORTED, "imported");
  const imported = new Set(listed.toJs());
  listed.destroy();
  const module = (name) => name.slice(0, -4).replaceAll("/", ".").replace(/\.__init__$/, "");
  // The zip's one reader (assets/zip-entries.mjs, the Lab's finder's too): it throws,
  // saying why, on anything but a plain zip of safe names, and lists no folder.
  const wanted = zipEntries(zip, "py/parlor.zip")
    .filter((entry) => !(entry.name.endsWith(".pyc") && imported.has(module(entry.name))))
    .map((entry) => [entry.name, entry.data.byteOffset - zip.byteOffset, entry.data.length,
      entry.method, entry.size]);
  const path = "/tmp/parlor-package.zip";
  py.FS.writeFile(path, zip);
  const members = py.toPy(wanted);
  try {
    call(py, WRITE, "write", path, members);
  } finally {
    members.destroy();
  }
  return wanted.length;
}

/** py/main.py's source, or null (then the page's script, run by PyScript, is the start). */
async function fetchMain() {
  try {
    const response = await fetch(MAIN_URL);
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}

/** Run py/main.py (the app's start) in a namespace of its own, before PyScript runs its
 * own Python: the first screen does not wait for PyScript's package and script runner,
 * which the app does not use. PyScript then runs the page's script (the same start), which
 * does nothing more (parlor.web.start); a failure here is recorded, not raised, in
 * globalThis.parlorStart.main, and raised by that second run, so that PyScript shows it
 * as it shows any error of the page's script. */
function runMain(py, source) {
  const namespace = py.toPy({ __name__: "__main__" });
  try {
    py.runPython(source, { globals: namespace, filename: "py/main.py" });
    return RAN;
  } catch (err) {
    return String(err?.message ?? err);
  } finally {
    namespace.destroy();
  }
}

async function fetchZip() {
  const response = await fetch(ZIP_URL);
  if (!response.ok) throw new Error(`py/parlor.zip: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** An interpreter with the package on disk, restored when it can be; how, said in
 * globalThis.parlorStart. */
async function start(options) {
  const started = performance.now();
  const settings = { ...options, indexURL: INDEX_URL };
  // (WebKit's first visit is held until its service worker controls the page, so these
  // downloads pass through it: index.html's first script.)
  const main = fetchMain(); // beside the restore or start
  let found;
  try {
    found = await findSnapshot();
  } catch (err) {
    found = { reason: `the cache could not be read: ${err}` };
  }
  let py = null;
  if (found.checked) {
    const heap = found.checked.then((it) => it.heap);
    heap.catch(() => {}); // awaited by Pyodide; refused below, not as unhandled
    try {
      py = await restore(pyodide.loadPyodide, heap, settings);
      pythonUp();
      unpack(py, (await found.checked).zip);
      record({ mode: "snapshot", key: found.key, ms: performance.now() - started });
    } catch (err) {
      const why = String(err?.message ?? err).split("\n")[0];
      if (!(err instanceof NoSnapshot)) {
        console.warn(`Parlor: the snapshot was refused (${why}); starting Python normally`);
      }
      found = { reason: err instanceof NoSnapshot ? why : `snapshot refused: ${why}` };
      py = null;
    }
  }
  if (!py) {
    const zip = fetchZip();
    zip.catch(() => {}); // awaited below; a failure is reported there, not as unhandled
    py = await pyodide.loadPyodide(settings);
    pythonUp();
    unpack(py, await zip);
    record({ mode: "normal", reason: found.reason, ms: performance.now() - started });
  }
  mark("unpacked");
  const source = await main;
  if (source !== null) globalThis.parlorStart.main = runMain(py, source);
  // Only PyScript's use of the interpreter needs it, which comes after the first screen
  // (~25 ms at 1x, ~90 ms at 4x CPU, once before main() in the restored interpreter).
  call(py, PYSCRIPT_LATER, "later");
  return py;
}

/** PyScript's entry: Pyodide's loadPyodide, from the snapshot when it can be. */
export async function loadPyodide(options = {}) {
  // For `make bench` (tools/bench/startup.py): the steps of a start, as marks on the
  // page's timeline: parlor:pyodide-called (PyScript asked), parlor:pyodide-loaded
  // (restored or started), parlor:unpacked (the package on disk), parlor:main-py
  // (py/main.py begun, run by this module), parlor:main (parlor.web imported),
  // parlor:ready (main() has drawn the first screen), parlor:pyscript-ran (PyScript has
  // run its own Python and py/main.py again, after ready: parlor.web.start).
  mark("pyodide-called");
  return start(options);
}
