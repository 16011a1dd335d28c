#!/usr/bin/env node
// The page's start after Pyodide is ready, under Node, the way assets/pyodide-start.mjs
// does it, for tests/test_start_unpack.py:
//
//   node tools/start_check.mjs restore SNAPSHOT ZIP   a restored interpreter's unpack
//   node tools/start_check.mjs normal ZIP             a normal start's unpack
//   node tools/start_check.mjs entries ZIP            only read the zip's directory, as
//                                                     unpack reads it (assets/zip-entries.mjs)
//
// Prints "RESULT <json>": what was written and is on disk, whether parlor.web imports and
// the data files load, and what `import pyscript` finds (the placeholder until a name of
// the package is used, then the package itself); for `entries`, the members' names, or
// the error that refused the zip.
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

import { HEADER_BYTES } from "../assets/snapshot-check.mjs";
import { zipEntries } from "../assets/zip-entries.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const VENDOR = path.join(REPO, "vendor", "pyodide");

const [mode, ...files] = process.argv.slice(2);
if (!["restore", "normal", "entries"].includes(mode) || files.length !== (mode === "restore" ? 2 : 1)) {
  console.error("usage: node tools/start_check.mjs restore SNAPSHOT ZIP | normal ZIP | entries ZIP");
  process.exit(2);
}
const start = await import(path.join(REPO, "assets", "pyodide-start.mjs"));
const zip = new Uint8Array(fs.readFileSync(files.at(-1)));
if (mode === "entries") {
  let result;
  try {
    result = { names: zipEntries(zip, "py/parlor.zip").map((entry) => entry.name) };
  } catch (err) {
    result = { error: String(err.message) };
  }
  console.log(`RESULT ${JSON.stringify(result)}`);
  process.exit(0);
}
const { loadPyodide } = await import(path.join(VENDOR, "pyodide.mjs"));
const options = { indexURL: VENDOR + path.sep };
const py = mode === "restore"
  ? await start.restore(loadPyodide, new Uint8Array(fs.readFileSync(files[0])).slice(HEADER_BYTES), options)
  : await loadPyodide(options);
const written = start.unpack(py, zip);
const namespace = py.toPy({});
py.runPython(start.PYSCRIPT_LATER, { globals: namespace });
namespace.get("later")();
namespace.destroy();
const result = py.runPython(`
def _check():
    import json
    import os
    import sys

    on_disk = sorted(os.path.join(d, f) for d, _, fs in os.walk("parlor") for f in fs)
    import pyscript
    placeholder = type(pyscript).__name__
    # PyScript writes its package before the page's script: a stand-in here.
    os.makedirs("pyscript", exist_ok=True)
    with open("pyscript/__init__.py", "w") as f:
        f.write("WHO = 'the package'\\n")
    sys.path_importer_cache.clear()
    from pyscript import WHO
    import parlor.web.app
    from parlor.games.ciao.cards import DECK_FILE
    from parlor.i18n.catalog import load

    return json.dumps({
        "cwd": os.getcwd(), "on_disk": on_disk, "placeholder": placeholder, "who": WHO,
        "now": type(sys.modules["pyscript"]).__name__, "web": "parlor.web.app" in sys.modules,
        "words": len(load("fa")), "deck": DECK_FILE.exists(),
        "zip_left": os.path.exists("/tmp/parlor-package.zip")})


_check()
`);
console.log(`RESULT ${JSON.stringify({ written, ...JSON.parse(result) })}`);
