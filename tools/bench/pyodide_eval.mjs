#!/usr/bin/env node
// Evaluate one Python expression inside Pyodide under Node.js, with the repository's
// py/ (parlor) and its root (tools.bench) importable, and print its value (JSON) on a
// line starting "RESULT ".
//
//   node tools/bench/pyodide_eval.mjs "__import__('importlib').import_module('tools.bench.games').pyodide_payload()"
//
// Used by the benchmarks to run the very same loops in CPython and in Pyodide.
// Pyodide comes from node_modules/pyodide; nothing is fetched from the network.

import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { loadPyodide, version } from "pyodide";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const expression = process.argv[2];
if (!expression) {
  console.error("usage: node tools/bench/pyodide_eval.mjs <python expression>");
  process.exit(2);
}
const started = Date.now();
const pyodide = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } });
const bootS = (Date.now() - started) / 1000;
pyodide.FS.mkdirTree("/repo");
pyodide.mountNodeFS("/repo", REPO);
pyodide.globals.set("EXPRESSION", expression);
const out = await pyodide.runPythonAsync(`
import json, sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/repo/py", "/repo"]
json.dumps({"value": eval(EXPRESSION), "python": sys.version.split()[0]})
`);
const data = JSON.parse(out);
data.pyodide = version;
data.boot_s = bootS;
console.log(`RESULT ${JSON.stringify(data)}`);
