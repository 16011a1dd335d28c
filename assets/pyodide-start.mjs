// The page's Pyodide, started from a memory snapshot when one is at hand (issue 36).
//
// pyscript.toml's `interpreter =` names this module instead of vendor/pyodide/pyodide.mjs:
// PyScript imports it, reads `version` and calls `loadPyodide(options)` as it would
// Pyodide's own, and keeps all of its wiring (its `pyscript` package, the [files], the
// page's script). The snapshot (tools/snapshot.mjs, built by tools/site.py) is an
// interpreter that has already started and imported Parlor: restoring it skips Python's
// start and some 400 imports.
//
// Used only when the service worker already holds it: a first visit never waits for
// its ~31 MB (5.5 MB on the wire) before Python starts; it starts normally while the
// worker precaches the snapshot for the next visit. Any doubt gives a normal start,
// never a stale one, and says why in the console and in globalThis.parlorStart:
//   - py/snapshot.json (written with the snapshot) names the file and the key, a hash of
//     everything it was made from; the file's header must carry that key;
//   - the package zip and standard library the page is about to use must be the ones it
//     was made from (their SHA-256, in py/snapshot.json);
//   - Pyodide itself refuses a snapshot of another wasm or glue ("build id mismatch");
//   - a restore that throws for any other reason falls back too.
// After a restore, `random` is reseeded: the snapshot holds the state it had when it was
// made, which every visit would otherwise replay.
import * as pyodide from "../vendor/pyodide/pyodide.mjs";

export const version = pyodide.version;

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const MANIFEST_URL = new URL("../py/snapshot.json", import.meta.url).href;
const HEADER_BYTES = 32; // tools/snapshot.mjs: "PARLORSNAP1 <key>", padded
/** Reseed what import time seeded (see above); Parlor seeds its games' own generators. */
export const RESEED = "import random as _r\n_r.seed()\ndel _r";

function record(start) {
  performance.mark("parlor:pyodide-loaded");
  globalThis.parlorStart = start;
  if (start.mode === "snapshot") {
    console.info(`Parlor: Python restored from its snapshot ${start.key} in ${Math.round(start.ms)} ms`);
  } else {
    console.info(`Parlor: a normal Python start (${start.reason})`);
  }
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

async function cachedBytes(url) {
  const hit = await caches.match(url);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

function validManifest(data) {
  const hex = /^[0-9a-f]{16}$/;
  return data && typeof data === "object" && hex.test(data.key) && hex.test(data.zip)
    && hex.test(data.stdlib) && data.file === `snapshot-${data.key}.bin`;
}

/** The snapshot's heap if it is in the service worker's cache and matches what the page
 * runs; otherwise {reason}. Reads only the cache: never the network. */
async function findSnapshot() {
  if (!globalThis.navigator?.serviceWorker?.controller || !globalThis.caches) {
    return { reason: "no service worker yet (a first visit): the snapshot is cached for the next" };
  }
  if (!globalThis.crypto?.subtle) return { reason: "no crypto.subtle to check the snapshot" };
  const manifestBytes = await cachedBytes(MANIFEST_URL);
  if (!manifestBytes) return { reason: "no snapshot in the cache" };
  let manifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(manifestBytes));
  } catch {
    manifest = null;
  }
  if (!validManifest(manifest)) return { reason: "py/snapshot.json is malformed" };
  const url = new URL(`../py/${manifest.file}`, import.meta.url).href;
  const [bytes, zip, stdlib] = await Promise.all([
    cachedBytes(url),
    cachedBytes(new URL("../py/parlor.zip", import.meta.url).href),
    cachedBytes(new URL("python_stdlib.zip", INDEX_URL).href),
  ]);
  if (!bytes) return { reason: `${manifest.file} is not in the cache` };
  if (!zip || !stdlib) return { reason: "the package zip or standard library is not in the cache" };
  const header = new TextDecoder().decode(bytes.subarray(0, HEADER_BYTES));
  if (header !== `PARLORSNAP1 ${manifest.key}`.padEnd(HEADER_BYTES - 1) + "\n") {
    return { reason: `snapshot mismatch: the header of ${manifest.file} is not its key's` };
  }
  const [zipHash, stdlibHash] = await Promise.all([sha256(zip), sha256(stdlib)]);
  if (zipHash !== manifest.zip) return { reason: "snapshot mismatch: it was made from another parlor.zip" };
  if (stdlibHash !== manifest.stdlib) {
    return { reason: "snapshot mismatch: it was made from another standard library" };
  }
  return { key: manifest.key, heap: bytes.subarray(HEADER_BYTES) };
}

/** Restore an interpreter from `heap` (a snapshot without its header) and reseed it.
 * Exported for tools/snapshot_check.mjs, which restores twice under Node. */
export async function restore(load, heap, options) {
  const py = await load({ ...options, _loadSnapshot: heap });
  py.runPython(RESEED);
  return py;
}

/** PyScript's entry: Pyodide's loadPyodide, from the snapshot when it can be. */
export async function loadPyodide(options = {}) {
  // For `make bench` (tools/bench_startup.py): the steps of a start, as marks on the
  // page's timeline: parlor:pyodide-called here, parlor:pyodide-loaded at the return,
  // parlor:main (PyScript has unpacked the files and run py/main.py's import),
  // parlor:ready (main() has drawn the first screen).
  performance.mark("parlor:pyodide-called");
  const started = performance.now();
  const settings = { ...options, indexURL: INDEX_URL };
  // A first visit where Python's files were not preloaded (WebKit): wait (bounded) for
  // the service worker the page has just registered, so they are downloaded once
  // (index.html, sw.js).
  if (globalThis.parlorWorkerControls) await globalThis.parlorWorkerControls;
  let found;
  try {
    found = await findSnapshot();
  } catch (err) {
    found = { reason: `the cache could not be read: ${err}` };
  }
  if (found.heap) {
    try {
      const py = await restore(pyodide.loadPyodide, found.heap, settings);
      record({ mode: "snapshot", key: found.key, ms: performance.now() - started });
      return py;
    } catch (err) {
      const why = String(err?.message ?? err).split("\n")[0];
      console.warn(`Parlor: the snapshot was refused (${why}); starting Python normally`);
      found = { reason: `snapshot refused: ${why}` };
    }
  }
  const py = await pyodide.loadPyodide(settings);
  record({ mode: "normal", reason: found.reason, ms: performance.now() - started });
  return py;
}
