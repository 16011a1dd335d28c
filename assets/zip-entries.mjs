// The members of a zip, read from its central directory: the one reader of the two
// places that open Parlor's package: the page's start
// (assets/pyodide-start.mjs's unpack, which throws, so that the start fails saying why)
// and the Lab's snapshot finder (assets/lab-zip.mjs's unzip, which gives null, and the
// sandboxes then unzip with Pyodide as before). Each had a reader of its own, each with
// checks the other lacked; this one holds all of them, so what one refuses the other
// refuses too, and a check added here guards both.
//
// The zip is Parlor's own (py/parlor.zip, written by tools/site.py with Python's
// zipfile), but it is read as bytes that could be anything: only a plain zip is read,
// and a name that could leave the folder it is unpacked into is refused, before a byte
// is written. No CRC is checked: the page and the finder unpack the zip a snapshot was
// checked against by its SHA-256, or the host's own; the callers check each member's size
// once inflated.
//
// Plain data in, plain data out (no fetch, no DOM): imported by the page's module
// (pyodide-start.mjs), by a module worker (lab-zip.mjs, in lab-snapshot-worker.mjs), by
// assets/lab-sandbox.js for SAFE_PATH (a classic script: by import()), and under Node by
// the tests and tools/start_check.mjs, always by a relative path.

/** More than this unpacked (the members' sizes added up) is refused: a zip that says
 * it holds more is not Parlor's (py/parlor.zip holds ~2.6 MB), and the finder would
 * hold it all in memory. */
export const LIMIT = 64 * 1024 * 1024;

/** A relative path of plain names: no empty, "." or ".." part, nothing absolute, no
 * name that starts with a dot or a dash, nothing but ASCII letters, digits, "_", "."
 * and "-". Also what the Lab sandboxes' workers (assets/lab-sandbox/worker.mjs) check
 * each path against again before they write it (handed its source as text: their code
 * cannot import). */
export const SAFE_PATH = /^(?:[A-Za-z0-9_][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

const END = 0x06054b50; // the end of the central directory
const CENTRAL = 0x02014b50; // a member's record in the central directory
const LOCAL = 0x04034b50; // a member's own header, before its data
const ZIP64 = 0xffffffff; // a size or offset that ZIP64's extra field would hold

/** The members of `zip` (a Uint8Array, or an ArrayBuffer) in the central directory's
 * order: {name, method (0 stored, 8 deflate), size (unpacked), data (a view of `zip`:
 * the packed bytes)}. A folder ("name/", empty) is checked as a file is, and not
 * listed: a file's path makes its folders.
 *
 * Throws an Error whose message starts with `label` and names the cause for anything
 * but a plain zip: no end record, ZIP64, a record or member that runs past the central
 * directory (data must lie before it), a member name that is not UTF-8 or not
 * SAFE_PATH, encryption, a method other than stored or deflate, a stored member whose
 * two sizes differ, no local header where the record points, a name twice, a folder
 * with a size, more than LIMIT bytes unpacked. */
export function zipEntries(zip, label = "the zip") {
  const b = zip instanceof Uint8Array ? zip : new Uint8Array(zip);
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const fail = (why) => new Error(`${label}: ${why}`);
  let eocd = -1;
  // The end record is the last 22 bytes but for a comment of at most 0xffff.
  for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - 0xffff); at--) {
    if (v.getUint32(at, true) === END) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw fail("not a zip (no end of its central directory)");
  const count = v.getUint16(eocd + 10, true);
  const cdSize = v.getUint32(eocd + 12, true);
  const cdStart = v.getUint32(eocd + 16, true);
  const cdEnd = cdStart + cdSize;
  if (count === 0xffff || cdSize === ZIP64 || cdStart === ZIP64) throw fail("ZIP64 is not read");
  if (cdEnd > eocd) throw fail("a broken central directory (it runs past its end)");
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const entries = [];
  const seen = new Set();
  let total = 0;
  for (let i = 0, at = cdStart; i < count; i++) {
    if (at + 46 > cdEnd || v.getUint32(at, true) !== CENTRAL) {
      throw fail("a broken central directory");
    }
    const flags = v.getUint16(at + 8, true);
    const method = v.getUint16(at + 10, true);
    const packed = v.getUint32(at + 20, true);
    const size = v.getUint32(at + 24, true);
    const nameLength = v.getUint16(at + 28, true);
    const skip = nameLength + v.getUint16(at + 30, true) + v.getUint16(at + 32, true);
    const local = v.getUint32(at + 42, true);
    if (at + 46 + skip > cdEnd) throw fail("a broken central directory");
    let name;
    try {
      name = decoder.decode(b.subarray(at + 46, at + 46 + nameLength));
    } catch {
      throw fail("a member name that is not UTF-8");
    }
    at += 46 + skip;
    const folder = name.endsWith("/");
    if (!SAFE_PATH.test(folder ? name.slice(0, -1) : name)) {
      throw fail(`refused the member name ${JSON.stringify(name)}`);
    }
    if (flags & 1) throw fail(`${name} is encrypted`);
    if (method !== 0 && method !== 8) throw fail(`${name} is packed by method ${method}`);
    if (packed === ZIP64 || size === ZIP64 || local === ZIP64) throw fail(`${name}: ZIP64 is not read`);
    if (seen.has(name)) throw fail(`${name} is in it twice`);
    seen.add(name);
    if (local + 30 > cdStart || v.getUint32(local, true) !== LOCAL) {
      throw fail(`${name} is not a plain member`);
    }
    const start = local + 30 + v.getUint16(local + 26, true) + v.getUint16(local + 28, true);
    if (start + packed > cdStart) throw fail(`${name} is cut short`);
    if (folder) {
      if (size !== 0) throw fail(`the folder ${name} has a size`);
      continue;
    }
    if (method === 0 && packed !== size) throw fail(`${name} is stored with two sizes`);
    total += size;
    if (total > LIMIT) throw fail(`more than ${LIMIT / 2 ** 20} MiB unpacked`);
    entries.push({ name, method, size, data: b.subarray(start, start + packed) });
  }
  return entries;
}
