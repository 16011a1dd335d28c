#!/usr/bin/env node
// Build the page's Pyodide memory snapshot: the wasm heap of an interpreter
// that has started and imported Parlor, so that a repeat visit restores it instead of
// starting Python and importing ~300 modules again.
//
//   node tools/snapshot.mjs OUT KEY [--heap-limit BYTES] [--kind page|sandbox]
//
// KEY (16 hex digits) is tools/site.py's hash of everything the snapshot is made from
// (the wasm, its glue, the standard library, py/parlor.zip and this builder); it goes in
// the file's name and header. --heap-limit is for the test that the limit is enforced.
//
// --kind sandbox: the Bot Lab's sandbox (assets/lab-sandbox.js),
// made exactly as its worker starts one, so that a restore is that start without its
// cost: parlor.zip unpacked in /home/pyodide/lab, which goes first on sys.path, and
// parlor.app.lab.sandbox.sandbox imported, nothing more (a student's code finds what a normal
// start has); on the sandbox's own wasm, the very bytes a sandbox runs (Pyodide's,
// its memory capped by the splice tools/pyodide_sandbox.mjs worked out at build time,
// vendor/pyodide-sandbox/splices.json). Pyodide's own glue loads it here: the
// sandbox's glue differs only in its module syntax and in how a restore copies the heap,
// neither of which runs while the snapshot is made. Never taken from
// a running sandbox: no student's code or state can be in it. Its hash secret is not
// pinned by PYTHONHASHSEED (which a student would see in os.environ and sys.flags, and a
// normal start does not have) but drawn, like any start's, from the pinned random bytes.
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
import os from "node:os";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

import { header as snapshotHeader } from "../assets/snapshot-check.mjs";
import { sandboxWasm } from "./pyodide_sandbox.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const VENDOR = path.join(REPO, "vendor", "pyodide");
/** What a restore can take: Pyodide's initial memory (see above). */
const HEAP_LIMIT = 30 * 1024 * 1024;

/** @returns {never} */
function usage() {
  console.error("usage: node tools/snapshot.mjs OUT KEY [--heap-limit BYTES] "
    + "[--kind page|sandbox]  (KEY: 16 hex)");
  process.exit(2);
}

const args = process.argv.slice(2);
function option(name) {
  const at = args.indexOf(name);
  if (at < 0) return null;
  const value = args[at + 1];
  args.splice(at, 2);
  return value ?? usage();
}
let heapLimit = HEAP_LIMIT;
const limitArg = option("--heap-limit");
if (limitArg !== null) {
  heapLimit = Number(limitArg);
  if (!Number.isInteger(heapLimit) || heapLimit <= 0) usage();
}
const kind = option("--kind") ?? "page";
if (!["page", "sandbox"].includes(kind)) usage();
if (args.length !== 2 || !/^[0-9a-f]{16}$/.test(args[1])) usage();
const [out, key] = [path.resolve(args[0]), args[1]];
/** Where the Lab's workers unpack parlor.zip (assets/lab-worker.js, lab-sandbox.js). */
const LAB_DIR = "/home/pyodide/lab";

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
// Emscripten names the program after Node's process.argv[1], this file's path, and
// puts it in the heap (C's argv[0], the `_` environment variable): the build's folder
// would then change the bytes but not the key, and ship to every browser, where a Lab
// bot could read it in os.environ. Without it, the name is the one a browser's start
// has ("./this.program").
process.argv.splice(1);
const EPOCH = Date.UTC(2026, 0, 1);
Date.now = () => EPOCH;
performance.now = () => 0;

/** Pyodide's folder for this kind: the vendored one, or (sandbox) a copy of it whose
 * wasm is the sandbox's (Pyodide's spliced as the page splices it). */
function indexFolder() {
  if (kind !== "sandbox") return VENDOR + path.sep;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parlor-snapshot-"));
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  for (const name of fs.readdirSync(VENDOR)) {
    if (name !== "pyodide.asm.wasm") fs.symlinkSync(path.join(VENDOR, name), path.join(dir, name));
  }
  fs.writeFileSync(path.join(dir, "pyodide.asm.wasm"), sandboxWasm(REPO));
  return dir + path.sep;
}

const { loadPyodide } = await import(path.join(VENDOR, "pyodide.mjs"));
const started = process.hrtime.bigint();
const pyodide = await loadPyodide({
  indexURL: indexFolder(),
  env: kind === "page" ? { PYTHONHASHSEED: "0" } : {},
  _makeSnapshot: true,
});

/** The sandbox: its worker's own calls (unpackArchive, the path, the import); the count
 * of sys.modules. */
function sandboxImports() {
  const zip = new Uint8Array(fs.readFileSync(path.join(REPO, "py", "parlor.zip")));
  pyodide.unpackArchive(zip, "zip", { extractDir: LAB_DIR });
  pyodide.runPython(`import sys; sys.path.insert(0, '${LAB_DIR}')`);
  pyodide.pyimport("parlor.app.lab.sandbox.sandbox").destroy(); // as the worker: no name in __main__
  return pyodide.runPython("len(sys.modules)");
}

/** The page: every parlor module outside parlor.web; the count of sys.modules. */
function pageImports() {
  // Where PyScript's `"./py/parlor.zip" = "./*"` puts it: the working directory.
  pyodide.FS.writeFile("/tmp/parlor.zip", new Uint8Array(fs.readFileSync(path.join(REPO, "py", "parlor.zip"))));
  const count = pyodide.runPython(`
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
  return count;
}

let modules;
try {
  modules = kind === "sandbox" ? sandboxImports() : pageImports();
} catch (err) {
  const lines = String(err?.message ?? err).trim().split("\n");
  console.error(`snapshot: importing parlor failed: ${lines.slice(-30).join("\n")}`);
  process.exit(1);
}
const heap = pyodide._module.HEAP8.length;
if (heap > heapLimit) {
  console.error(
    `snapshot: the heap grew to ${heap} bytes after importing parlor (${kind}: ${modules} modules), `
    + `over the ${heapLimit} bytes a restore can take (pyodide#6254: the restore ignores `
    + "INITIAL_MEMORY); import less at start, or lift the limit once Pyodide does");
  process.exit(1);
}
const snapshot = pyodide.makeMemorySnapshot();
// The header before the heap, from the module that checks it (the page and the Lab refuse
// a snapshot whose header is not the one they expect).
const header = new TextEncoder().encode(snapshotHeader(key));
const tmp = `${out}.tmp`;
fs.writeFileSync(tmp, Buffer.concat([header, snapshot]));
fs.renameSync(tmp, out);
console.log(`RESULT ${JSON.stringify({
  key, kind, bytes: header.length + snapshot.length, heap, modules,
  ms: Number(process.hrtime.bigint() - started) / 1e6,
})}`);
