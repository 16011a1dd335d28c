#!/usr/bin/env node
// Restore a snapshot made by tools/snapshot.mjs twice under Node, the way the page does
// (assets/pyodide-start.mjs's `restore`: reseeding included), and report what each
// restored interpreter holds, for tests/test_snapshot.py:
//
//   node tools/snapshot_check.mjs SNAPSHOT
//
// Prints "RESULT <json>": for each restore, a draw of `random`, whether parlor's modules
// were already imported, and its hash() of a string (fixed per snapshot: documented).
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const VENDOR = path.join(REPO, "vendor", "pyodide");
const HEADER_BYTES = 32;

const file = process.argv[2];
if (!file) {
  console.error("usage: node tools/snapshot_check.mjs SNAPSHOT");
  process.exit(2);
}
const { loadPyodide } = await import(path.join(VENDOR, "pyodide.mjs"));
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
