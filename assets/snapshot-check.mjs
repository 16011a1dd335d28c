// The checks a Python snapshot passes before it is trusted, in one place for
// everything that reads or writes one: the page's start (assets/pyodide-start.mjs), the
// Lab's finder (assets/lab-snapshot.mjs, for its sandboxes) and the builder
// (tools/snapshot.mjs writes the header checked here). The service worker hashes the
// precache's files with this sha16 too: its source (sw.mjs) imports it, and esbuild
// bundles it into the classic sw.js (a module service worker is not what every browser
// Parlor serves registers), so the one definition here is the only one in JavaScript.
//
// A snapshot file is a 32-byte header "PARLORSNAP1 <key>" (padded with spaces and a
// newline; 32: Pyodide reads the heap through a Uint32Array, so it must stay aligned),
// then Pyodide's heap. Its manifest (py/snapshot.json, py/lab-snapshot.json, written by
// tools/site.py) names the file by the key, a hash of everything it was made from, and
// gives the SHA-256 of the package zip and standard library it was made with. Anything
// that does not match is refused, with the reason the caller says and records.

/** The header's size: the heap starts here. */
export const HEADER_BYTES = 32;

/** The header a snapshot of `key` starts with. */
export function header(key) {
  return `PARLORSNAP1 ${key}`.padEnd(HEADER_BYTES - 1) + "\n";
}

/** The first 16 hex digits of the SHA-256 of `bytes` (tools/site.py's `_sha16`). */
export async function sha16(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @typedef {{key: string, zip: string, stdlib: string, file: string}} Manifest */

/** A manifest as tools/site.py writes it: a key and two hashes of 16 hex digits, and a
 * file `<prefix>-<key>.bin` (callers may ask for their own prefix).
 * @param {any} data
 * @returns {data is Manifest} */
export function validManifest(data) {
  const hex = /^[0-9a-f]{16}$/;
  return data !== null && typeof data === "object" && hex.test(data.key) && hex.test(data.zip)
    && hex.test(data.stdlib) && typeof data.file === "string"
    && /^[a-z-]+-[0-9a-f]{16}\.bin$/.test(data.file) && data.file.endsWith(`-${data.key}.bin`);
}

/** Why the snapshot `bytes` (the whole file, an ArrayBuffer or a view) named by a
 * valid `manifest` must not be used with `zip` and `stdlib` (the bytes the interpreter
 * will run); "" when it may. */
export async function mismatch(manifest, bytes, zip, stdlib) {
  const view = ArrayBuffer.isView(bytes)
    ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes);
  if (view.byteLength <= HEADER_BYTES || view.byteLength % 4) {
    return `snapshot mismatch: ${manifest.file} is not a snapshot`;
  }
  if (new TextDecoder().decode(view.subarray(0, HEADER_BYTES)) !== header(manifest.key)) {
    return `snapshot mismatch: the header of ${manifest.file} is not its key's`;
  }
  const [zipHash, stdlibHash] = await Promise.all([sha16(zip), sha16(stdlib)]);
  if (zipHash !== manifest.zip) return "snapshot mismatch: it was made from another parlor.zip";
  if (stdlibHash !== manifest.stdlib) {
    return "snapshot mismatch: it was made from another standard library";
  }
  return "";
}
