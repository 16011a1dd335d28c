// The package zip unpacked once per frame for the Lab's restored sandboxes (issue 36,
// item 4). Each restored sandbox used to unpack py/parlor.zip with Pyodide's
// unpackArchive (Python's zipfile, inflate in wasm, ~35-75 ms of its ~250 ms start);
// the snapshot's finder (assets/lab-snapshot-worker.mjs, off the page's thread) unpacks
// it here once, and each sandbox writes the files with Pyodide's file system in one
// pass of plain copies (assets/lab-sandbox.js's writePackage).
//
// The zip is the one the snapshot was checked against (its SHA-256 is in the
// snapshot's manifest), so no CRC is checked here; still, anything this reader does not
// expect (a path that could leave the folder, encryption, ZIP64, an entry that runs
// past the file, sizes that do not match, duplicates, more than LIMIT bytes) gives
// null, and the sandboxes unpack the zip as before.

const LIMIT = 64 * 1024 * 1024;
/** A relative path of plain names: no empty, "." or ".." part, nothing absolute. */
export const SAFE_PATH = /^(?:[A-Za-z0-9_][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** The files of `zip` (an ArrayBuffer or a view): {paths, ends, data} (data: a Blob of
 * their bytes one after the other, file i from ends[i-1] (0 for the first) to ends[i]),
 * or null. Directories are not listed: a file's path makes its folders. */
export async function unzip(zip) {
  const b = zip instanceof Uint8Array ? zip : new Uint8Array(zip);
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let eocd = -1;
  for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - 0xffff); at--) {
    if (v.getUint32(at, true) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = v.getUint16(eocd + 10, true);
  const cdSize = v.getUint32(eocd + 12, true);
  const cdStart = v.getUint32(eocd + 16, true);
  if (count === 0xffff || cdStart + cdSize > eocd) return null;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const paths = [];
  const parts = [];
  const seen = new Set();
  let total = 0;
  for (let i = 0, at = cdStart; i < count; i++) {
    if (at + 46 > cdStart + cdSize || v.getUint32(at, true) !== 0x02014b50) return null;
    const flags = v.getUint16(at + 8, true);
    const method = v.getUint16(at + 10, true);
    const packed = v.getUint32(at + 20, true);
    const size = v.getUint32(at + 24, true);
    const nameLength = v.getUint16(at + 28, true);
    const skip = nameLength + v.getUint16(at + 30, true) + v.getUint16(at + 32, true);
    const local = v.getUint32(at + 42, true);
    if (at + 46 + skip > cdStart + cdSize) return null;
    let name;
    try {
      name = decoder.decode(b.subarray(at + 46, at + 46 + nameLength));
    } catch {
      return null;
    }
    at += 46 + skip;
    if (flags & 1 || (method !== 0 && method !== 8)) return null;
    if (name.endsWith("/") && size === 0) continue; // a folder
    if (!SAFE_PATH.test(name) || seen.has(name)) return null;
    seen.add(name);
    if (local + 30 > cdStart || v.getUint32(local, true) !== 0x04034b50) return null;
    const from = local + 30 + v.getUint16(local + 26, true) + v.getUint16(local + 28, true);
    total += size;
    if (from + packed > cdStart || total > LIMIT || (method === 0 && packed !== size)) return null;
    paths.push(name);
    parts.push({ method, bytes: b.subarray(from, from + packed), size });
  }
  let files;
  try {
    files = await Promise.all(parts.map(async ({ method, bytes, size }) => {
      if (method === 0) return bytes.slice();
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      const out = new Uint8Array(await new Response(stream).arrayBuffer());
      if (out.length !== size) throw new Error("an entry of the zip is not its size");
      return out;
    }));
  } catch {
    return null; // not deflate, or not the size it said
  }
  const ends = [];
  let end = 0;
  for (const file of files) ends.push((end += file.length));
  return { paths, ends, data: new Blob(files) };
}
