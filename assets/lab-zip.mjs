// The package zip unpacked once per frame for the Lab's restored sandboxes.
// Each restored sandbox used to unpack py/parlor.zip with Pyodide's
// unpackArchive (Python's zipfile, inflate in wasm, ~35-75 ms of its ~250 ms start);
// the snapshot's finder (assets/lab-snapshot-worker.mjs, off the page's thread) unpacks
// it here once, and each sandbox writes the files with Pyodide's file system in one
// pass of plain copies (assets/lab-sandbox/worker.mjs's writePackage).
//
// The zip is the one the snapshot was checked against (its SHA-256 is in the
// snapshot's manifest), so no CRC is checked here; still, anything the zip's reader
// (assets/zip-entries.mjs, the page's start's too) refuses, or an entry that does not
// inflate to its size, gives null, and the sandboxes unpack the zip as before.
import { zipEntries } from "./zip-entries.mjs";

/** The files of `zip` (an ArrayBuffer or a view): {paths, ends, data} (data: a Blob of
 * their bytes one after the other, file i from ends[i-1] (0 for the first) to ends[i]),
 * or null. Directories are not listed: a file's path makes its folders. */
export async function unzip(zip) {
  let entries;
  try {
    entries = zipEntries(zip, "the package zip");
  } catch {
    return null; // the sandboxes unzip it with Pyodide, which says why if it cannot
  }
  let files;
  try {
    files = await Promise.all(entries.map(async ({ method, data, size }) => {
      if (method === 0) return data.slice();
      const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
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
  return { paths: entries.map((entry) => entry.name), ends, data: new Blob(files) };
}
