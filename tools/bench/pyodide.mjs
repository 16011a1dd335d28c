#!/usr/bin/env node
// Evaluate a Python expression inside Pyodide under Node.js, in the namespace of a
// module of the repository (py/ and the root are on the path: parlor and tools.bench
// import), and print its value (JSON) on a line starting "RESULT ", with Pyodide's and
// Python's versions and the boot time.
//
//   node tools/bench/pyodide.mjs tools.bench.loops "pyodide_payload(300)"
//
// The bench's suites call it (tools/bench/harness.py, pyodide_eval) to run the very same
// loops in CPython and in Pyodide. Pyodide comes from node_modules/pyodide; nothing is
// fetched from the network.

import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { loadPyodide, version } from "pyodide";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const [module, expression] = process.argv.slice(2);
if (!module || !expression) {
  console.error("usage: node tools/bench/pyodide.mjs <module> <python expression>");
  process.exit(2);
}
const started = Date.now();
const pyodide = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } });
const bootS = (Date.now() - started) / 1000;
pyodide.FS.mkdirTree("/repo");
pyodide.mountNodeFS("/repo", REPO);
pyodide.globals.set("MODULE", module);
pyodide.globals.set("EXPRESSION", expression);
const out = await pyodide.runPythonAsync(`
import importlib, json, sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/repo/py", "/repo"]
json.dumps({"value": eval(EXPRESSION, vars(importlib.import_module(MODULE))),
            "python": sys.version.split()[0]})
`);
const data = JSON.parse(out);
data.pyodide = version;
data.boot_s = bootS;
console.log(`RESULT ${JSON.stringify(data)}`);
