#!/usr/bin/env node
// Build the page's Pyodide memory snapshot (issue 36): the wasm heap of an interpreter
// that has started and imported Parlor, so that a repeat visit restores it instead of
// starting Python and importing ~300 modules again.
//
//   node tools/snapshot.mjs OUT KEY [--heap-limit BYTES]
//
// KEY (16 hex digits) is tools/site.py's hash of everything the snapshot is made from
// (the wasm, its glue, the standard library, py/parlor.zip and this builder); it goes in
// the file's name and header. --heap-limit is for the test that the limit is enforced.
//
// Runs the very files the browser loads (vendor/pyodide: wasm, glue, the cut standard
// library) and py/parlor.zip, unpacked where PyScript unpacks it (Pyodide's home
// folder, the working directory). It imports every module of the parlor package except
// parlor.web (the only layer that touches `js` and `pyscript`: a JS object held at
// import time cannot be snapshotted, and PyScript's own `pyscript` package must be the
// page's, not a copy from Node).
//
// Deterministic: the same inputs give the same bytes (a test checks), because every
// source of difference is pinned while the snapshot is made: crypto's random bytes come
// from a fixed sequence, the clocks stand still, and PYTHONHASHSEED=0. The page reseeds
// `random` after a restore (assets/pyodide-start.mjs).
//
// Refuses (exit 1, saying why) when the heap outgrew what a restore can take: Pyodide
// 314 restores into its initial memory whatever INITIAL_MEMORY says (pyodide#6254), and
// a bigger snapshot fails in the browser with "RangeError: offset is out of bounds".
//
// OUT is written whole or not at all (a .tmp file renamed). Prints "RESULT <json>".

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const VENDOR = path.join(REPO, "vendor", "pyodide");
/** What a restore can take: Pyodide's initial memory (see above). */
const HEAP_LIMIT = 30 * 1024 * 1024;
/** The header before the heap: 32 bytes, "PARLORSNAP1 <key>" padded with spaces and a
 * newline (32: Pyodide reads the heap through a Uint32Array, so it must stay aligned).
 * assets/pyodide-start.mjs refuses a snapshot whose header is not the one it expects. */
const HEADER_BYTES = 32;

function usage() {
  console.error("usage: node tools/snapshot.mjs OUT KEY [--heap-limit BYTES]  (KEY: 16 hex)");
  process.exit(2);
}

const args = process.argv.slice(2);
let heapLimit = HEAP_LIMIT;
const at = args.indexOf("--heap-limit");
if (at >= 0) {
  heapLimit = Number(args[at + 1]);
  if (!Number.isInteger(heapLimit) || heapLimit <= 0) usage();
  args.splice(at, 2);
}
if (args.length !== 2 || !/^[0-9a-f]{16}$/.test(args[1])) usage();
const [out, key] = [path.resolve(args[0]), args[1]];

// --- pin every source of difference between two builds ---
let counter = 0;
const fixedBytes = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (counter++ * 131 + 7) & 0xff;
  return view;
};
crypto.randomFillSync = (view) => fixedBytes(view);
// Web Crypto's getRandomValues is a read-only property: the whole global is replaced.
Object.defineProperty(globalThis, "crypto", {
  value: { getRandomValues: fixedBytes, subtle: crypto.webcrypto.subtle },
  configurable: true,
});
const EPOCH = Date.UTC(2026, 0, 1);
Date.now = () => EPOCH;
performance.now = () => 0;

const { loadPyodide } = await import(path.join(VENDOR, "pyodide.mjs"));
const started = process.hrtime.bigint();
const pyodide = await loadPyodide({
  indexURL: VENDOR + path.sep,
  env: { PYTHONHASHSEED: "0" },
  _makeSnapshot: true,
});
// Where PyScript's `"./py/parlor.zip" = "./*"` puts it: the working directory.
pyodide.FS.writeFile("/tmp/parlor.zip", new Uint8Array(fs.readFileSync(path.join(REPO, "py", "parlor.zip"))));
let modules;
try {
  modules = pyodide.runPython(`
def _parlor_imports():
    """Unpack parlor.zip, import every parlor module outside parlor.web; the count of
    sys.modules. (The cut standard library has no pkgutil: the zip lists the modules.)"""
    import importlib
    import os
    import sys
    import zipfile

    with zipfile.ZipFile("/tmp/parlor.zip") as archive:
        archive.extractall(".")
        names = sorted(archive.namelist())
    os.remove("/tmp/parlor.zip")
    sys.path_importer_cache.clear()  # (importlib.invalidate_caches needs email: cut)
    for name in names:
        stem, dot, suffix = name.rpartition(".")
        if not dot or suffix not in ("py", "pyc"):
            continue
        module = stem.replace("/", ".").removesuffix(".__init__")
        if module == "parlor.web" or module.startswith("parlor.web."):
            continue
        try:
            importlib.import_module(module)
        except ImportError as err:
            raise ImportError(f"{module}: {err}") from err
    # No finder with a listing of the build's folders: the page's folders are its own.
    sys.path_importer_cache.clear()
    # What is imported now lives as long as the page: out of the cyclic collector's way
    # (gc.freeze), or each full collection in the page's start walks these ~36,000
    # objects again (~150 ms at 4x CPU each). Collected first, so no garbage is kept.
    import gc

    gc.collect()
    gc.freeze()
    return len(sys.modules)


_parlor_count = _parlor_imports()
del _parlor_imports
_parlor_count
`);
  pyodide.runPython("del _parlor_count");
} catch (err) {
  const lines = String(err?.message ?? err).trim().split("\n");
  console.error(`snapshot: importing parlor failed: ${lines.slice(-30).join("\n")}`);
  process.exit(1);
}
const heap = pyodide._module.HEAP8.length;
if (heap > heapLimit) {
  console.error(
    `snapshot: the heap grew to ${heap} bytes after importing parlor (${modules} modules), `
    + `over the ${heapLimit} bytes a restore can take (pyodide#6254: the restore ignores `
    + "INITIAL_MEMORY); import less at start, or lift the limit once Pyodide does");
  process.exit(1);
}
const snapshot = pyodide.makeMemorySnapshot();
const header = new TextEncoder().encode(`PARLORSNAP1 ${key}`.padEnd(HEADER_BYTES - 1) + "\n");
const tmp = `${out}.tmp`;
fs.writeFileSync(tmp, Buffer.concat([header, snapshot]));
fs.renameSync(tmp, out);
console.log(`RESULT ${JSON.stringify({
  key, bytes: header.length + snapshot.length, heap, modules,
  ms: Number(process.hrtime.bigint() - started) / 1e6,
})}`);
