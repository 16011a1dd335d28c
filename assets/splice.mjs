// Byte splices worked out at build time and applied where the bytes are: the Lab
// sandbox's glue and wasm are Pyodide's own files with a few bytes changed
// (tools/pyodide_sandbox.mjs finds and checks the places once, against the pinned
// Pyodide, and writes vendor/pyodide-sandbox/splices.json). Applying them is no search:
// each edit says where, what must be there, and what goes there instead. So a visitor
// downloads Pyodide's glue and wasm once, for the page and the sandbox alike, and the
// sandbox's changes weigh a kilobyte, not a second 10.8 MB copy; a file that is not the
// one the splices were made for is refused, never half-changed.
//
// Used by assets/lab-sandbox.js (the page, by import()) and by tools/snapshot.mjs and
// tools/snapshot_check.mjs (the sandbox's snapshot is made on the very wasm a sandbox
// runs).

/**
 * One file's changes: its length before, and its edits in ascending order of `at`
 * (offsets in the file before any edit), none overlapping another.
 * @typedef {{ size: number, edits: { at: number, before: number[], after: number[] }[] }} Splices
 */

/**
 * `bytes` with `splices` applied, as a new array (the input is left as it was).
 * Throws when `bytes` is not the file the splices were made for: another length, or
 * other bytes where an edit expects its `before`.
 * @param {Uint8Array} bytes
 * @param {Splices} splices
 * @returns {Uint8Array}
 */
export function spliced(bytes, splices) {
  if (bytes.length !== splices.size) {
    throw new Error(`splice: ${bytes.length} bytes, not the ${splices.size} expected`);
  }
  let grown = 0;
  let end = 0;
  for (const { at, before, after } of splices.edits) {
    if (!Number.isInteger(at) || at < end || at + before.length > bytes.length) {
      throw new Error(`splice: an edit at ${at} is out of order or out of the file`);
    }
    for (let k = 0; k < before.length; k++) {
      if (bytes[at + k] !== before[k]) {
        throw new Error(`splice: the bytes at ${at} are not the ones expected`);
      }
    }
    end = at + before.length;
    grown += after.length - before.length;
  }
  const out = new Uint8Array(bytes.length + grown);
  let from = 0;
  let to = 0;
  for (const { at, before, after } of splices.edits) {
    out.set(bytes.subarray(from, at), to);
    to += at - from;
    out.set(after, to);
    to += after.length;
    from = at + before.length;
  }
  out.set(bytes.subarray(from), to);
  return out;
}
