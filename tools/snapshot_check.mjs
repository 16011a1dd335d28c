#!/usr/bin/env node
// Restore a snapshot made by tools/snapshot.mjs twice under Node, the way the page does
// (assets/pyodide-start.mjs's `restore`: reseeding included), and report what each
// restored interpreter holds, for tests/test_snapshot.py:
//
//   node tools/snapshot_check.mjs SNAPSHOT
//   node tools/snapshot_check.mjs --sandbox SNAPSHOT
//
// Prints "RESULT <json>": for each restore, a draw of `random`, whether parlor's modules
// were already imported, and its hash() of a string (fixed per snapshot: documented).
//
// --sandbox: a Lab sandbox's snapshot, started as assets/lab-sandbox.js's worker does,
// on its capped wasm (vendor/pyodide-sandbox/splices.json), once normally and twice from the
// snapshot (its RESTORED steps);
// prints what a student's code would find in each: sys.path, sys.modules, the
// environment, builtins, __main__'s names, the files of the Lab's folder, a draw.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

import { RESTORED } from "../assets/lab-snapshot.mjs";
import { HEADER_BYTES } from "../assets/snapshot-check.mjs";
import { sandboxWasm } from "./pyodide_sandbox.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const VENDOR = path.join(REPO, "vendor", "pyodide");

const sandbox = process.argv[2] === "--sandbox";
const file = process.argv[sandbox ? 3 : 2];
if (!file) {
  console.error("usage: node tools/snapshot_check.mjs [--sandbox] SNAPSHOT");
  process.exit(2);
}
const { loadPyodide } = await import(path.join(VENDOR, "pyodide.mjs"));
if (sandbox) {
  console.log(`RESULT ${JSON.stringify(await sandboxStarts())}`);
  process.exit(0);
}
const { restore } = await import(path.join(REPO, "assets", "pyodide-start.mjs"));
const bytes = new Uint8Array(fs.readFileSync(file));
const visits = [];
for (let i = 0; i < 2; i++) {
  const heap = bytes.slice(HEADER_BYTES); // a fresh copy: a restore may consume it
  const py = await restore(loadPyodide, heap, { indexURL: VENDOR + path.sep });
  visits.push(JSON.parse(py.runPython(`
import json, random, sys
json.dumps({"draw": random.random(), "rules": "parlor.games.kabaleo.rules" in sys.modules,
            "web": "parlor.web.app" in sys.modules})
`)));
}
console.log(`RESULT ${JSON.stringify(visits)}`);

/** What a student's code finds in a sandbox started normally, then in two restores. */
async function sandboxStarts() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parlor-check-"));
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  for (const name of fs.readdirSync(VENDOR)) {
    if (name !== "pyodide.asm.wasm") fs.symlinkSync(path.join(VENDOR, name), path.join(dir, name));
  }
  // The sandbox's wasm, the bytes tools/snapshot.mjs made the snapshot on.
  fs.writeFileSync(path.join(dir, "pyodide.asm.wasm"), sandboxWasm(REPO));
  const indexURL = dir + path.sep;
  const zip = new Uint8Array(fs.readFileSync(path.join(REPO, "py", "parlor.zip")));
  const probe = `
import builtins as _b, json as _j, os as _o, random as _r, sys as _s
_j.dumps({"path": _s.path, "modules": sorted(_s.modules), "cwd": _o.getcwd(),
          "environ": sorted(_o.environ), "hash_randomization": _s.flags.hash_randomization,
          "builtins": sorted(dir(_b)), "main": sorted(globals()),
          "files": sorted(_o.path.join(d, f) for d, _, fs in _o.walk("/home/pyodide")
                          for f in fs),
          "draw": _r.random()})`;
  const probed = (py) => {
    py.pyimport("parlor.app.lab.sandbox.sandbox").Sandbox(() => 0).destroy();
    const seen = JSON.parse(py.runPython(probe));
    // The probe's own names (and the module it imported for them) are not the start's.
    seen.main = seen.main.filter((n) => !n.startsWith("_") || n.startsWith("__"));
    return seen;
  };
  const normal = await loadPyodide({ indexURL });
  normal.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/lab" });
  normal.runPython("import sys; sys.path.insert(0, '/home/pyodide/lab')");
  const out = { normal: probed(normal), restores: [] };
  const bytes = new Uint8Array(fs.readFileSync(file));
  for (let i = 0; i < 2; i++) {
    const py = await loadPyodide({ indexURL, _loadSnapshot: bytes.slice(HEADER_BYTES) });
    py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/lab" });
    py.runPython(RESTORED);
    out.restores.push(probed(py));
  }
  return out;
}
