#!/usr/bin/env node
// Drive tools/stdlib_pyodide.py inside real Pyodide under Node.js: the cut standard
// library is measured, compiled and checked by the very Python the browser
// runs, so the .pyc magic number and the module set are Pyodide's own.
//
//   node tools/stdlib_build.mjs measure              what boot + parlor + pyscript import
//   node tools/stdlib_build.mjs build KEEP OUT       write the cut, byte-compiled zip OUT
//   node tools/stdlib_build.mjs check ZIP            boot on ZIP, import everything needed
//   node tools/stdlib_build.mjs time ZIP             boot on ZIP + import all of parlor
//
// The repository is mounted at /repo (py/ and tools/ importable). PyScript's Python
// package is not a file in its npm package but strings in dist/core-*.js; it is pulled
// out here (JavaScript reads JavaScript best) and handed to Python as a dict.
// Prints one line "RESULT <json>"; exits 1 with the reason on stderr when check fails.

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { loadPyodide, version } from "pyodide";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PYSCRIPT_DIST = path.join(REPO, "node_modules", "@pyscript", "core", "dist");

/** The `pyscript` package PyScript writes into the file system at start: {path: source}. */
function pyscriptSources() {
  const core = fs.readdirSync(PYSCRIPT_DIST).find((f) => /^core-.*\.js$/.test(f));
  if (!core) throw new Error(`no core-*.js in ${PYSCRIPT_DIST}`);
  const text = fs.readFileSync(path.join(PYSCRIPT_DIST, core), "utf8");
  const at = text.search(/\{pyscript:\{"__init__\.py":/);
  if (at < 0) throw new Error(`${core}: the embedded pyscript package was not found`);
  // The object literal ends at its matching brace; skip braces inside string literals.
  let depth = 0;
  let end = at;
  for (let i = at, quote = null; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) {
      end = i + 1;
      break;
    }
  }
  const tree = Function(`"use strict"; return (${text.slice(at, end)});`)();
  const out = {};
  const walk = (prefix, node) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === "string") out[`${prefix}${name}`] = value;
      else walk(`${prefix}${name}/`, value);
    }
  };
  walk("", tree);
  return out;
}

const [mode, ...args] = process.argv.slice(2);
const usage = "usage: node tools/stdlib_build.mjs measure | build KEEP OUT | check ZIP | time ZIP"
  + " | compile IN OUT";
if (!["measure", "build", "check", "time", "compile"].includes(mode)) {
  console.error(usage);
  process.exit(2);
}
const stdlib = ["check", "time"].includes(mode) ? path.resolve(args[0] ?? "") : null;
if (stdlib && !fs.existsSync(stdlib)) {
  console.error(`stdlib_build: ${stdlib} does not exist`);
  process.exit(2);
}
if (["build", "compile"].includes(mode) && args.length !== 2) {
  console.error(usage);
  process.exit(2);
}

const started = performance.now();
const pyodide = await loadPyodide({
  // No column ranges in compiled code (build, compile): line numbers stay in
  // tracebacks, the ^^^ markers go, and the .pyc files are about a quarter smaller.
  env: { PYTHONDONTWRITEBYTECODE: "1", PYTHONNODEBUGRANGES: "1" },
  ...(stdlib ? { stdLibURL: stdlib } : {}),
});
const bootMs = performance.now() - started;
// What Pyodide's own boot imported, before this script imports anything.
const bootModules = pyodide.runPython("import sys\nlist(sys.modules)").toJs();
pyodide.FS.mkdirTree("/repo");
pyodide.mountNodeFS("/repo", REPO);
pyodide.globals.set("BOOT_MODULES", pyodide.toPy(bootModules));
pyodide.globals.set("PYSCRIPT", pyodide.toPy(pyscriptSources()));
// build: the keep list goes in as text and the zip comes out of Pyodide's in-memory file
// system, so neither needs to live under the mounted repository.
const keepText = mode === "build" ? fs.readFileSync(args[0], "utf8") : "";
const OUT_IN_PYODIDE = "/tmp/python_stdlib.zip";
// compile: the package zip (sources) in, the same zip with each module as .pyc out.
const IN_IN_PYODIDE = "/tmp/package-src.zip";
if (mode === "compile") pyodide.FS.writeFile(IN_IN_PYODIDE, fs.readFileSync(args[0]));
pyodide.globals.set("ARGS", pyodide.toPy(
  mode === "build" ? [keepText, OUT_IN_PYODIDE]
    : mode === "compile" ? [IN_IN_PYODIDE, OUT_IN_PYODIDE] : []));
pyodide.globals.set("MODE", mode);

let result;
try {
  result = pyodide.runPython(`
import sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/repo/py", "/repo/tools"]
import stdlib_pyodide
_result = stdlib_pyodide.run(MODE, list(ARGS), list(BOOT_MODULES), dict(PYSCRIPT))
import json  # only now: "measure" must see nothing this script alone imports
json.dumps(_result)
`);
  if (mode === "build" || mode === "compile") {
    const out = path.resolve(args[1]);
    const tmp = `${out}.tmp`;
    fs.writeFileSync(tmp, pyodide.FS.readFile(OUT_IN_PYODIDE));
    fs.renameSync(tmp, out); // never a half-written zip under the real name
  }
} catch (err) {
  const message = String(err?.message ?? err);
  const last = message.trim().split("\n").pop();
  console.error(`stdlib_build ${mode}: ${last}`);
  if (!last.startsWith("stdlib_pyodide.")) console.error(message);
  process.exit(1);
}
const data = JSON.parse(result);
data.pyodide = version;
data.boot_ms = bootMs;
data.total_ms = performance.now() - started;
console.log(`RESULT ${JSON.stringify(data)}`);
