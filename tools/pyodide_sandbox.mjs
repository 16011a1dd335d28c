#!/usr/bin/env node
// The Bot Lab sandbox's changes to Pyodide's glue and wasm, worked out once at build time
// (`make setup-core`) instead of searched for in the page on every Lab start:
//
//   node tools/pyodide_sandbox.mjs [FROM OUT]    (default: vendor/pyodide vendor/pyodide-sandbox)
//
// Writes OUT/splices.json (git-ignored, precached like every vendored file), only when
// its bytes change, so its time (which the snapshot's stamp reads) stays put: for each
// of the two files, its length and each edit's place, the bytes there and the bytes that
// replace them (assets/splice.mjs applies them, refusing a file they were not made for).
// The page (assets/lab-sandbox.js) splices the glue and wasm it already downloaded for
// its own Python, so the sandbox costs a visitor a kilobyte, not a second 10.8 MB copy;
// tools/snapshot.mjs makes the sandbox's snapshot on the spliced wasm, and its key
// hashes the splices (tools/site_snapshots.py).
//
// Two changes, each required to apply exactly as expected: a glue or a wasm that does
// not look as this Pyodide's does stops the build (exit 1, saying which), so an upgrade
// that changes them fails here, not silently in a classroom:
// - the glue, an ES module, made a classic script the sandbox's worker runs inside its
//   own (WebKit loads no module and no importScripts from a blob of an opaque origin):
//   `import.meta.url` (its own address, used only under Node or without locateFile)
//   becomes a fixed name, and its one trailing `export default _createPyodideModule`
//   a global. And its restore's one dense copy of a snapshot into the heap,
//   `return Module.HEAP8.set(<snapshot>),<result>}`, calls the sandbox's restoreHeap
//   instead (assets/lab-sandbox/heap-restore.mjs, put before the glue in the worker's
//   script by assets/lab-sandbox.js),
//   which copies only the pages that are not zero: a restored sandbox then holds what a
//   normal start does, not the whole 30 MiB heap.
// - the wasm's memory maximum, rewritten to MAX_MEMORY_MB in place (the same number of
//   LEB128 bytes, so no offset moves): a bot that allocates without end meets
//   MemoryError there, long before the tab runs short.
// The glue's edits are checked twice: applied as splices, they must give what the same
// rewrites done on the text give.
//
// Prints "RESULT <json>": where each change was made (tests/test_sandbox_build.py).

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

import { spliced } from "../assets/splice.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** A sandbox's heap cap, in MiB (64 KiB wasm pages: 16 to a MiB). */
export const MAX_MEMORY_MB = 256;
/** The address the glue's `import.meta.url` becomes: never fetched (the worker's files
 * come as bytes), only a name for its `new URL(...)`. */
export const GLUE_NAME = "https://sandbox.invalid/pyodide.asm.mjs";
const EXPORTED = /export default (_createPyodideModule);?\s*$/;
const DENSE = /return Module\.HEAP8\.set\((\w+)\),(\w+)\}/g;

/** Thrown for an input that is not what this build expects. */
export class UnexpectedInput extends Error {}

/** The sandbox's glue from Pyodide's, and where each change was made (offsets in the
 * input). Throws UnexpectedInput when any change does not apply exactly once.
 * @param {string} text */
export function patchGlue(text) {
  const metas = text.split("import.meta").length - 1;
  const urls = text.split("import.meta.url").length - 1;
  if (urls === 0 || metas !== urls) {
    throw new UnexpectedInput(`the glue has ${urls} import.meta.url of ${metas} import.meta`);
  }
  const exported = text.match(EXPORTED);
  if (!exported || exported.index === undefined) {
    throw new UnexpectedInput("the glue does not end with `export default _createPyodideModule`");
  }
  const dense = [...text.matchAll(DENSE)];
  if (dense.length !== 1 || dense[0].index === undefined) {
    throw new UnexpectedInput(`the glue's restore has ${dense.length} dense copies, not 1`);
  }
  let out = text.split("import.meta.url").join(JSON.stringify(GLUE_NAME));
  out = out.replace(EXPORTED, ";self.$1 = $1;\n");
  out = out.replace(DENSE, "return restoreHeap(Module.HEAP8,$1),$2}");
  if (out.includes("import.meta") || /\bexport\s+default\b/.test(out)) {
    throw new UnexpectedInput("the glue still has module syntax after the rewrite");
  }
  return { text: out, where: { importMetaUrl: urls, exported: exported.index,
                               dense: dense[0].index } };
}

/** The wasm `bytes` with its one memory's maximum set to `pages`, and where: the offset
 * of the maximum's LEB128 bytes, their length, the maximum before. Throws
 * UnexpectedInput when there is no memory section, no maximum, or one not above `pages`.
 * @param {Uint8Array} bytes
 * @param {number} pages */
export function capMemory(bytes, pages) {
  const b = Uint8Array.from(bytes);
  if (b.length < 8 || b[0] !== 0 || b[1] !== 0x61 || b[2] !== 0x73 || b[3] !== 0x6d) {
    throw new UnexpectedInput("not a wasm module");
  }
  let i = 8;
  const leb = () => {
    let value = 0, shift = 0, byte;
    do {
      if (i >= b.length) throw new UnexpectedInput("the wasm ends inside a number");
      byte = b[i++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  while (i < b.length) {
    const id = b[i++];
    const size = leb();
    const end = i + size;
    if (id === 5) {
      const count = leb();
      if (count !== 1) throw new UnexpectedInput(`the wasm has ${count} memories, not 1`);
      const flags = b[i++];
      leb(); // its minimum
      if (!(flags & 1)) throw new UnexpectedInput("the wasm's memory has no maximum");
      const start = i;
      const before = leb();
      if (before <= pages) {
        throw new UnexpectedInput(`the wasm's memory maximum (${before} pages) is not above ${pages}`);
      }
      const length = i - start;
      if (pages >= 2 ** (7 * length)) throw new UnexpectedInput("the cap does not fit in place");
      let v = pages;
      for (let k = 0; k < length; k++) {
        b[start + k] = (v & 0x7f) | (k < length - 1 ? 0x80 : 0);
        v = Math.floor(v / 128);
      }
      return { bytes: b, where: { offset: start, length, before } };
    }
    i = end;
  }
  throw new UnexpectedInput("the wasm has no memory section");
}

/** Write `data` to `file` unless it holds it already; true if written (renamed into
 * place, so a reader never sees half a file).
 * @param {string} file
 * @param {Uint8Array} data */
function writeIfChanged(file, data) {
  if (fs.existsSync(file) && Buffer.compare(fs.readFileSync(file), data) === 0) return false;
  fs.writeFileSync(`${file}.tmp`, data);
  fs.renameSync(`${file}.tmp`, file);
  return true;
}

/** Every place `needle` starts in `bytes`.
 * @param {Buffer} bytes
 * @param {string} needle */
function placesOf(bytes, needle) {
  const out = [];
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) {
    out.push(at);
  }
  return out;
}

/** The glue's changes as splices of its UTF-8 bytes, checked against patchGlue's
 * rewrite of its text: both must give the same glue.
 * @param {Buffer} bytes */
export function glueSplices(bytes) {
  const text = bytes.toString("utf8");
  const { text: expected, where } = patchGlue(text);
  const at = (/** @type {number} */ index) => Buffer.byteLength(text.slice(0, index));
  const edit = (/** @type {number} */ offset, /** @type {string} */ before,
                /** @type {string} */ after) => ({
    at: offset, before: [...Buffer.from(before)], after: [...Buffer.from(after)] });
  const edits = placesOf(bytes, "import.meta.url").map(
    (offset) => edit(offset, "import.meta.url", JSON.stringify(GLUE_NAME)));
  const exported = /** @type {RegExpMatchArray} */ (text.match(EXPORTED));
  edits.push(edit(at(where.exported), exported[0], `;self.${exported[1]} = ${exported[1]};\n`));
  const dense = [...text.matchAll(DENSE)][0];
  edits.push(edit(at(where.dense), dense[0],
                  `return restoreHeap(Module.HEAP8,${dense[1]}),${dense[2]}}`));
  edits.sort((a, b) => a.at - b.at);
  const splices = { size: bytes.length, edits };
  if (Buffer.compare(Buffer.from(spliced(bytes, splices)), Buffer.from(expected)) !== 0) {
    throw new UnexpectedInput("the glue's splices do not give its rewrite");
  }
  return { splices, where };
}

/** The wasm's one change, its memory's maximum, as a splice.
 * @param {Uint8Array} bytes */
export function wasmSplices(bytes) {
  const { bytes: capped, where } = capMemory(bytes, MAX_MEMORY_MB * 16);
  const { offset, length } = where;
  const edits = [{ at: offset, before: [...bytes.subarray(offset, offset + length)],
                   after: [...capped.subarray(offset, offset + length)] }];
  return { splices: { size: bytes.length, edits }, where };
}

/** The wasm a sandbox runs, as the page makes it: Pyodide's in `repo`'s vendor/,
 * spliced by the splices built there (tools/snapshot.mjs and snapshot_check.mjs make
 * and check the sandbox's snapshot on it). Throws when they are not built.
 * @param {string} repo */
export function sandboxWasm(repo) {
  const file = path.join(repo, "vendor", "pyodide-sandbox", "splices.json");
  if (!fs.existsSync(file)) throw new Error(`${file} is missing (run \`make setup-core\`)`);
  const splices = JSON.parse(fs.readFileSync(file, "utf8"));
  return spliced(new Uint8Array(fs.readFileSync(path.join(repo, "vendor", "pyodide",
                                                          "pyodide.asm.wasm"))), splices.wasm);
}

/** Build OUT's splices from FROM; the RESULT's fields. */
export function build(from, out) {
  const glue = glueSplices(fs.readFileSync(path.join(from, "pyodide.asm.mjs")));
  const wasm = wasmSplices(new Uint8Array(fs.readFileSync(path.join(from, "pyodide.asm.wasm"))));
  fs.mkdirSync(out, { recursive: true });
  const json = `${JSON.stringify({ glue: glue.splices, wasm: wasm.splices })}\n`;
  const written = writeIfChanged(path.join(out, "splices.json"), new TextEncoder().encode(json))
    ? ["splices.json"] : [];
  return { glue: glue.where, wasm: wasm.where, pages: MAX_MEMORY_MB * 16, written };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.length !== 0 && args.length !== 2) {
    console.error("usage: node tools/pyodide_sandbox.mjs [FROM OUT]");
    process.exit(2);
  }
  const [from, out] = args.length ? args.map((a) => path.resolve(a))
    : [path.join(REPO, "vendor", "pyodide"), path.join(REPO, "vendor", "pyodide-sandbox")];
  try {
    console.log(`RESULT ${JSON.stringify(build(from, out))}`);
  } catch (err) {
    const why = err instanceof UnexpectedInput ? err.message : String(err);
    console.error(`pyodide_sandbox: ${from}: ${why}; the Lab's sandbox cannot be built `
      + "from this Pyodide (read tools/pyodide_sandbox.mjs)");
    process.exit(1);
  }
}
