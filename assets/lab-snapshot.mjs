// The Bot Lab's interpreters from snapshots: finding one, checked.
//
// Imported by assets/lab-snapshot-worker.mjs, which finds the sandboxes' snapshot for
// the page (assets/lab-sandbox.js; py/lab-snapshot.json names a snapshot made on the
// sandbox's wasm by tools/snapshot.mjs at setup and dist time, never from a running
// interpreter), and by assets/lab-worker.js, whose referee restores the page's own
// snapshot (py/snapshot.json) from the service worker's cache; what both run after a
// restore (RESTORED) is defined here too, and import()ed by lab-sandbox.js for its
// workers. Written for any worker or page of the origin.
//
// Where from: the service worker keeps a snapshot unpacked under its name (sw.js), the
// Lab's once the Lab has been opened. A page the service worker controls takes it from
// there only (`cacheOnly`): until it is cached its sandboxes start normally, rather than
// download 4.9 MB beside the service worker's own download of it. With no service worker
// (as in most browser tests) the gzipped file is fetched from the host and unpacked here. Anything in doubt is no snapshot, and says
// why (the caller starts normally, as before snapshots, and records the reason):
//   - the manifest must be well formed and name the file by its key;
//   - the file's 32-byte header must carry that key ("PARLORSNAP1 <key>");
//   - the package zip and standard library the interpreter is about to use must be the
//     ones it was made from (their SHA-256 in the manifest).
// Pyodide itself then refuses a snapshot of another loader ("build id mismatch"), and
// a restore that throws for any reason falls back to a normal start (the callers).

// The checks themselves are the page's too (assets/snapshot-check.mjs).
import { mismatch, validManifest } from "./snapshot-check.mjs";

/** Python a restored Lab interpreter runs before anything else: the referee's
 * (assets/lab-worker.js, from the page's snapshot) and each sandbox's
 * (assets/lab-sandbox.js, from the Lab's). A restore's start puts "" on sys.path once
 * more (a normal start has it once), and `random` holds the state the snapshot was made
 * with, which every start would replay (the referee's games take their seeds from the
 * request; a student's bot may draw). Its own names are deleted: __main__ is then as a
 * normal start leaves it. Defined once, here, where both sides already look for their
 * snapshot: the referee imports it; lab-sandbox.js, a classic script, import()s this
 * module and writes the text into its workers' code, which cannot import. */
export const RESTORED = 'import random as _r, sys as _s\n_s.path.remove("")\n_r.seed()\ndel _r, _s';

/** A Blob's bytes, read in slices into memory this worker allocates itself: the
 * buffer of a Response's or a Blob's own arrayBuffer() stays resident as long as the
 * JS object is reachable, even once detached (measured in the Lab's sandboxes: 30 MiB
 * each), and Pyodide keeps what `_loadSnapshot` gave it for the interpreter's life. */
async function ownBytes(blob) {
  const into = new Uint8Array(blob.size);
  for (let at = 0; at < blob.size; at += SLICE) {
    into.set(new Uint8Array(await blob.slice(at, at + SLICE).arrayBuffer()), at);
  }
  return into.buffer;
}
const SLICE = 4 * 1024 * 1024; // each slice's buffer is let go at once: 4 MiB at a time

/** The snapshot's bytes: the service worker's unpacked copy, else the host's gzipped
 * file unpacked here; null if neither. `own`: see findSnapshot. */
async function snapshotBytes(url, cacheOnly, own) {
  if (globalThis.caches) {
    try {
      const hit = await globalThis.caches.match(url);
      if (hit) return own ? await ownBytes(await hit.blob()) : await hit.arrayBuffer();
    } catch { /* no Cache Storage here: the host's file, then */ }
  }
  if (cacheOnly) return null;
  const response = await fetch(`${url}.gz`);
  if (!response.ok) return null;
  let bytes = await response.arrayBuffer();
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  if (head[0] === 0x1f && head[1] === 0x8b) { // else the host unpacked it on the way
    if (typeof DecompressionStream !== "function") return null;
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = await new Response(stream).arrayBuffer();
  }
  return bytes;
}

/** The snapshot named by `manifestUrl`, if it matches `zip` and `stdlib` (the bytes the
 * interpreter will run): {key, bytes} (bytes: the whole file, header included), or
 * {reason} ({reason, uncached: true}: `cacheOnly` and not in the cache yet).
 * `own`: the cached bytes read into memory of this worker's own (ownBytes), for a
 * caller whose interpreter lives on with them (the referee: 28 MB less resident, ~70-130
 * ms more to read, docs/decisions/referee-snapshot.md); the sandboxes' finder, a worker that ends once
 * it has packed them, reads them at once. */
export async function findSnapshot(manifestUrl, zip, stdlib, cacheOnly = false, own = false) {
  if (!globalThis.crypto?.subtle) return { reason: "no crypto.subtle to check the snapshot" };
  let manifest = null;
  try {
    const response = await fetch(manifestUrl);
    if (response.ok) manifest = await response.json();
  } catch {
    manifest = null;
  }
  if (manifest === null) return { reason: "no snapshot here (its manifest could not be read)" };
  if (!validManifest(manifest)) return { reason: "the snapshot's manifest is malformed" };
  const bytes = await snapshotBytes(new URL(manifest.file, manifestUrl).href, cacheOnly, own);
  if (!bytes && cacheOnly) return { reason: `${manifest.file} is not in the service worker's cache yet`,
                                     uncached: true };
  if (!bytes) return { reason: `${manifest.file} could not be read` };
  const reason = await mismatch(manifest, bytes, zip, stdlib);
  if (reason) return { reason };
  return { key: manifest.key, bytes };
}
